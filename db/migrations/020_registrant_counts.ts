import { sql, type Kysely } from "kysely";
import { engine } from "../../app/lib/db.server";

/**
 * How many professionals are in each combination of the states the register's filters ask about
 * (approved, inactive, hidden, with or without account): the register's title shows the total of a
 * filtered list, and counting 50,000 rows for every page costs more than the page itself. Triggers
 * keep the counts on every write of a professional, whichever code makes it (a deleted account
 * sets its professional's account to null, which is such a write). A filter on the account's own
 * state (active or not) still counts the rows.
 */
const KEY = ["approved", "inactive", "hidden", "with_account"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("registrant_counts")
    .addColumn("approved", "integer", (c) => c.notNull())
    .addColumn("inactive", "integer", (c) => c.notNull())
    .addColumn("hidden", "integer", (c) => c.notNull())
    .addColumn("with_account", "integer", (c) => c.notNull())
    .addColumn("n", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("registrant_counts_pk", [...KEY])
    .execute();
  await sql`insert into registrant_counts (approved, inactive, hidden, with_account, n)
    select approved, inactive, hidden, case when user_id is null then 0 else 1 end, count(*)
    from registrants group by approved, inactive, hidden, case when user_id is null then 0 else 1 end`.execute(db);

  if (engine() === "postgres") {
    // Both rows of an update are changed in the order of their key, so two updates in opposite
    // directions at once never wait for each other.
    await sql.raw(`
      create function registrant_counts_change() returns trigger language plpgsql as $$
      declare
        old_account integer;
        new_account integer;
      begin
        if tg_op <> 'INSERT' then old_account := case when old.user_id is null then 0 else 1 end; end if;
        if tg_op <> 'DELETE' then new_account := case when new.user_id is null then 0 else 1 end; end if;
        if tg_op = 'UPDATE' and (old.approved, old.inactive, old.hidden, old_account) = (new.approved, new.inactive, new.hidden, new_account) then
          return null;
        end if;
        if tg_op = 'UPDATE' and (new.approved, new.inactive, new.hidden, new_account) < (old.approved, old.inactive, old.hidden, old_account) then
          perform registrant_counts_add(new.approved, new.inactive, new.hidden, new_account, 1);
          perform registrant_counts_add(old.approved, old.inactive, old.hidden, old_account, -1);
          return null;
        end if;
        if tg_op <> 'INSERT' then perform registrant_counts_add(old.approved, old.inactive, old.hidden, old_account, -1); end if;
        if tg_op <> 'DELETE' then perform registrant_counts_add(new.approved, new.inactive, new.hidden, new_account, 1); end if;
        return null;
      end $$`).execute(db);
    await sql.raw(`
      create function registrant_counts_add(a integer, i integer, h integer, w integer, d integer) returns void language sql as $$
        insert into registrant_counts (approved, inactive, hidden, with_account, n) values (a, i, h, w, d)
        on conflict (approved, inactive, hidden, with_account) do update set n = registrant_counts.n + d
      $$`).execute(db);
    await sql.raw(`create trigger registrant_counts after insert or delete or update of approved, inactive, hidden, user_id on registrants
      for each row execute function registrant_counts_change()`).execute(db);
    return;
  }
  const add = (row: string, delta: number) => `
    insert into registrant_counts (approved, inactive, hidden, with_account, n)
      values (${row}.approved, ${row}.inactive, ${row}.hidden, ${row}.user_id is not null, ${delta})
      on conflict (approved, inactive, hidden, with_account) do update set n = n + ${delta};`;
  await sql.raw(`create trigger registrant_counts_insert after insert on registrants begin ${add("new", 1)} end`).execute(db);
  await sql.raw(`create trigger registrant_counts_delete after delete on registrants begin ${add("old", -1)} end`).execute(db);
  await sql.raw(`create trigger registrant_counts_update after update of approved, inactive, hidden, user_id on registrants
    when old.approved <> new.approved or old.inactive <> new.inactive or old.hidden <> new.hidden or (old.user_id is null) <> (new.user_id is null)
    begin ${add("old", -1)} ${add("new", 1)} end`).execute(db);
}
