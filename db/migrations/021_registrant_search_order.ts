import { sql, type Kysely } from "kysely";
import { engine } from "../../app/lib/db.server";

/**
 * On PostgreSQL the register's search text also keeps its professional's sort key (the full name in
 * lower case, as the register sorts), so a search of the whole register is paged and counted from
 * the search table alone: the trigram index's matches are read from that table anyway, and fetching
 * thousands of professionals one by one to sort them cost most of a search. (On SQLite walking the
 * register's order index is faster than reading the key from the FTS5 table, so nothing changes there.)
 */
const DOCUMENT = (r: string) => `lower(${r}.full_name) || char(10) || lower(${r}.email)`;

export async function up(db: Kysely<any>): Promise<void> {
  if (engine() === "postgres") {
    const document = (r: string) => DOCUMENT(r).replaceAll("char(10)", "chr(10)");
    await sql`alter table registrant_search add column sort_name text not null default ''`.execute(db);
    await sql`update registrant_search s set sort_name = lower(r.full_name) from registrants r where r.id = s.registrant_id`.execute(db);
    await sql.raw(`
      create or replace function registrant_search_refresh() returns trigger language plpgsql as $$
      begin
        insert into registrant_search (registrant_id, doc, sort_name) values (new.id, ${document("new")}, lower(new.full_name))
        on conflict (registrant_id) do update set doc = excluded.doc, sort_name = excluded.sort_name;
        return null;
      end $$`).execute(db);
  }
}
