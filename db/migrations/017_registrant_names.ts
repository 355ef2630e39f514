import { sql, type Kysely } from "kysely";
import { engine } from "../../app/lib/db.server";

/**
 * The professionals register (part 2 §2.2, §3 Registrant): a professional's own name and e-mail
 * address, and its full name for the list's search and sort. A professional without an account
 * keeps them itself; one linked to an account shows the account's, kept equal by a trigger on
 * every change of the account's name or address, whichever code makes it. The pass export needs
 * the parts apart (first name, prefix, last name).
 */
const NAME_COLUMNS = "given_name, name_preposition, family_name, email";
/** The full name of the name parts of `row`: 'Jan van Dijk', without doubled spaces. */
const fullNameOf = (row: string) =>
  `trim(replace(replace(trim(${row}.given_name) || ' ' || trim(${row}.name_preposition) || ' ' || trim(${row}.family_name), '  ', ' '), '  ', ' '))`;
const copyFromAccount = (user: string) =>
  `given_name = ${user}.given_name, name_preposition = ${user}.name_preposition, family_name = ${user}.family_name,
   email = ${user}.email, full_name = ${fullNameOf(user)}`;

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ["given_name", "name_preposition", "family_name", "email", "full_name"]) {
    await db.schema.alterTable("registrants").addColumn(column, "text", (c) => c.notNull().defaultTo("")).execute();
  }
  // Professionals that have an account take its name now.
  await sql.raw(`update registrants set
      given_name = (select u.given_name from users u where u.id = registrants.user_id),
      name_preposition = (select u.name_preposition from users u where u.id = registrants.user_id),
      family_name = (select u.family_name from users u where u.id = registrants.user_id),
      email = (select u.email from users u where u.id = registrants.user_id)
    where user_id is not null`).execute(db);
  await sql.raw(`update registrants set full_name = ${fullNameOf("registrants")}`).execute(db);

  // The list's default order (full name) and its searches by number read indexes.
  await sql`create index registrants_list_name on registrants (lower(full_name), id)`.execute(db);
  await sql`create index registrants_pending on registrants (approved, created)`.execute(db);

  if (engine() === "postgres") {
    await sql.raw(`
      create function registrants_account_name() returns trigger language plpgsql as $$
      begin
        update registrants set ${copyFromAccount("new")} where user_id = new.id;
        return null;
      end $$`).execute(db);
    await sql.raw(`create trigger registrants_account_name after update of ${NAME_COLUMNS} on users
      for each row execute function registrants_account_name()`).execute(db);
  } else {
    await sql.raw(`create trigger registrants_account_name after update of ${NAME_COLUMNS} on users
      begin update registrants set ${copyFromAccount("new")} where user_id = new.id; end`).execute(db);
  }
}
