import { sql, type Kysely } from "kysely";
import { engine } from "../../app/lib/db.server";

/**
 * Indexes for the admin establishment list at 25,000 establishments (app/enterprises/list.server.ts).
 * Ordering by lower(name) reads the index instead of sorting; the new-establishments page reads the
 * pending ones from their own index.
 *
 * Two tables derived from the others, kept current by triggers on every write, whichever code
 * makes it (as migration 007 does for memberships):
 * - `enterprise_search`: one search text per establishment: its name, street and house number,
 *   postcode and town, phone and the names of its contact persons, lower case, a line each.
 *   SQLite answers a search from an FTS5 table with the trigram tokenizer, PostgreSQL from a
 *   pg_trgm index on the text (where the extension is there; without it searches still work, by
 *   scanning the texts).
 * - `enterprise_first_contact`: the alphabetically first contact person of each establishment
 *   that has one, so sorting by the Contactpersoon column reads an index instead of working out
 *   every establishment's contact persons.
 */
const CONTACT_NAME = (u: string) =>
  `coalesce(nullif(trim(lower(replace(${u}.given_name || ' ' || ${u}.name_preposition || ' ' || ${u}.family_name, '  ', ' '))), ''),
            lower(coalesce(nullif(trim(${u}.username), ''), ${u}.email)))`;

/** The search text of establishment `e` (an alias in the surrounding query). */
export function documentOf(e: string, aggregate: (expr: string) => string, newline: string): string {
  return `lower(${e}.name) || ${newline} ||
    lower(${e}.address_street || ' ' || ${e}.address_house_nr) || ${newline} ||
    lower(${e}.address_postal_code || ' ' || ${e}.address_town) || ${newline} ||
    ${e}.phone || ${newline} ||
    coalesce((select ${aggregate(CONTACT_NAME("u"))} from enterprise_contacts c join users u on u.id = c.user_id
              where c.enterprise_id = ${e}.id), '')`;
}

/**
 * Inserts the first contact person of the establishments `c.enterprise_id` meets, of those that
 * (still) exist and have one: an establishment being deleted is gone by the time the deletion of
 * its contact links reaches the triggers.
 */
const insertFirstContacts = (condition: string) => `
  insert into enterprise_first_contact (enterprise_id, name)
  select c.enterprise_id, min(${CONTACT_NAME("u")}) from enterprise_contacts c
    join users u on u.id = c.user_id join enterprises e on e.id = c.enterprise_id
  where ${condition} group by c.enterprise_id`;

/** The columns the search text is made of; an update of any other column leaves it as it is. */
const SEARCHED_COLUMNS = "name, address_street, address_house_nr, address_postal_code, address_town, phone";
const NAME_COLUMNS = "given_name, name_preposition, family_name, username, email";

export async function up(db: Kysely<any>): Promise<void> {
  // PostgreSQL reads an expression index without the table only when it holds the column too:
  // a late page (offset 20,000) then walks the index alone instead of sorting the whole table.
  if (engine() === "postgres") await sql`create index enterprises_list_name on enterprises (lower(name), id) include (name)`.execute(db);
  else await sql`create index enterprises_list_name on enterprises (lower(name), id)`.execute(db);
  await sql`create index enterprises_pending on enterprises (approved, created)`.execute(db);
  await sql`create table enterprise_first_contact (
    enterprise_id integer primary key references enterprises (id) on delete cascade,
    name text not null)`.execute(db);
  await sql`create index enterprise_first_contact_name on enterprise_first_contact (name, enterprise_id)`.execute(db);
  if (engine() === "postgres") await upPostgres(db);
  else await upSqlite(db);
}

async function upSqlite(db: Kysely<any>) {
  await sql`create virtual table enterprise_search using fts5(doc, tokenize = 'trigram')`.execute(db);
  const document = (e: string) => documentOf(e, (x) => `group_concat(${x}, char(10))`, "char(10)");
  const refresh = (id: string) => `
    delete from enterprise_search where rowid = ${id};
    insert into enterprise_search (rowid, doc) select e.id, ${document("e")} from enterprises e where e.id = ${id};`;
  const refreshContacts = (id: string) => `
    ${refresh(id)}
    delete from enterprise_first_contact where enterprise_id = ${id};
    ${insertFirstContacts(`c.enterprise_id = ${id}`)};`;
  // A renamed contact person changes every establishment they are a contact of.
  const refreshContactOf = (userId: string) => `
    delete from enterprise_search where rowid in (select enterprise_id from enterprise_contacts where user_id = ${userId});
    insert into enterprise_search (rowid, doc) select e.id, ${document("e")} from enterprises e
      where e.id in (select enterprise_id from enterprise_contacts where user_id = ${userId});
    delete from enterprise_first_contact where enterprise_id in (select enterprise_id from enterprise_contacts where user_id = ${userId});
    ${insertFirstContacts(`c.enterprise_id in (select enterprise_id from enterprise_contacts where user_id = ${userId})`)};`;
  const triggers = [
    `create trigger enterprise_search_insert after insert on enterprises begin ${refresh("new.id")} end`,
    `create trigger enterprise_search_update after update of ${SEARCHED_COLUMNS} on enterprises begin ${refresh("new.id")} end`,
    `create trigger enterprise_search_delete after delete on enterprises begin delete from enterprise_search where rowid = old.id; end`,
    `create trigger enterprise_search_contacts_insert after insert on enterprise_contacts begin ${refreshContacts("new.enterprise_id")} end`,
    `create trigger enterprise_search_contacts_delete after delete on enterprise_contacts begin ${refreshContacts("old.enterprise_id")} end`,
    `create trigger enterprise_search_users_update after update of ${NAME_COLUMNS} on users begin ${refreshContactOf("new.id")} end`,
  ];
  for (const trigger of triggers) await sql.raw(trigger).execute(db);
  await sql.raw(`insert into enterprise_search (rowid, doc) select e.id, ${document("e")} from enterprises e`).execute(db);
  await sql.raw(insertFirstContacts("true")).execute(db);
}

async function upPostgres(db: Kysely<any>) {
  await sql`create table enterprise_search (enterprise_id integer primary key references enterprises (id) on delete cascade, doc text not null)`.execute(
    db,
  );
  const document = (e: string) => documentOf(e, (x) => `string_agg(${x}, chr(10))`, "chr(10)");
  await sql.raw(`
    create function enterprise_search_refresh(target integer) returns void language sql as $$
      insert into enterprise_search (enterprise_id, doc) select e.id, ${document("e")} from enterprises e where e.id = target
      on conflict (enterprise_id) do update set doc = excluded.doc;
    $$`).execute(db);
  await sql.raw(`
    create function enterprise_first_contact_refresh(target integer) returns void language sql as $$
      delete from enterprise_first_contact where enterprise_id = target;
      ${insertFirstContacts("c.enterprise_id = target")};
    $$`).execute(db);
  await sql.raw(`
    create function enterprise_search_on_enterprise() returns trigger language plpgsql as $$
    begin perform enterprise_search_refresh(new.id); return null; end $$`).execute(db);
  await sql.raw(`
    create function enterprise_search_on_contact() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        perform enterprise_search_refresh(old.enterprise_id);
        perform enterprise_first_contact_refresh(old.enterprise_id);
      else
        perform enterprise_search_refresh(new.enterprise_id);
        perform enterprise_first_contact_refresh(new.enterprise_id);
      end if;
      return null;
    end $$`).execute(db);
  await sql.raw(`
    create function enterprise_search_on_user() returns trigger language plpgsql as $$
    begin
      perform enterprise_search_refresh(c.enterprise_id), enterprise_first_contact_refresh(c.enterprise_id)
        from enterprise_contacts c where c.user_id = new.id;
      return null;
    end $$`).execute(db);
  await sql.raw(`create trigger enterprise_search_enterprises after insert or update of ${SEARCHED_COLUMNS} on enterprises
    for each row execute function enterprise_search_on_enterprise()`).execute(db);
  await sql.raw(`create trigger enterprise_search_contacts after insert or delete on enterprise_contacts
    for each row execute function enterprise_search_on_contact()`).execute(db);
  await sql.raw(`create trigger enterprise_search_users after update of ${NAME_COLUMNS} on users
    for each row execute function enterprise_search_on_user()`).execute(db);
  await sql.raw(`insert into enterprise_search (enterprise_id, doc) select e.id, ${document("e")} from enterprises e`).execute(db);
  await sql.raw(insertFirstContacts("true")).execute(db);

  // Migration 004 installed pg_trgm where it could. Without fastupdate, new rows go straight into
  // the index instead of a list every search must read until the next vacuum.
  const { rows } = await sql<{ ok: boolean }>`select exists (select 1 from pg_extension where extname = 'pg_trgm') as ok`.execute(db);
  if (rows[0]?.ok) {
    await sql`create index enterprise_search_doc on enterprise_search using gin (doc gin_trgm_ops) with (fastupdate = off)`.execute(db);
  }
}
