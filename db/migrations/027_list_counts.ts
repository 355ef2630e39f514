import { sql, type Kysely } from "kysely";
import { engine } from "../../app/lib/db.server";

/**
 * How many memberships and establishments there are, kept by triggers as migration 022 keeps the
 * accounts: the member and establishment lists without a search read their total from one row.
 * PostgreSQL has no stored row count, so counting 25,000 establishments read a whole index on every
 * page of the list (about a millisecond); SQLite counts a table quickly, but both engines read the
 * same kept count.
 */
const COUNTED = [
  { table: "members", count: "member_count" },
  { table: "enterprises", count: "enterprise_count" },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const { table, count } of COUNTED) {
    await sql`create table ${sql.table(count)} (id integer primary key check (id = 1), n integer not null)`.execute(db);
    await sql`insert into ${sql.table(count)} (id, n) select 1, count(*) from ${sql.table(table)}`.execute(db);
    if (engine() === "postgres") {
      // Per statement, from its transition table: a bulk insert or delete changes the count once.
      await sql.raw(`
        create function ${count}_insert() returns trigger language plpgsql as $$
        begin update ${count} set n = n + (select count(*) from inserted); return null; end $$`).execute(db);
      await sql.raw(`
        create function ${count}_delete() returns trigger language plpgsql as $$
        begin update ${count} set n = n - (select count(*) from deleted); return null; end $$`).execute(db);
      await sql.raw(`create trigger ${count}_insert after insert on ${table} referencing new table as inserted
        for each statement execute function ${count}_insert()`).execute(db);
      await sql.raw(`create trigger ${count}_delete after delete on ${table} referencing old table as deleted
        for each statement execute function ${count}_delete()`).execute(db);
    } else {
      // A delete by a foreign key's cascade (a membership's establishments) fires these too.
      await sql.raw(`create trigger ${count}_insert after insert on ${table} begin update ${count} set n = n + 1; end`).execute(db);
      await sql.raw(`create trigger ${count}_delete after delete on ${table} begin update ${count} set n = n - 1; end`).execute(db);
    }
  }
}
