import { sql, type Kysely } from "kysely";
import { engine } from "../../app/lib/db.server";
import { DOCUMENT } from "./022_user_search";

/** Migration 022's search text, in PostgreSQL's words. */
const document = (u: string) => DOCUMENT(u).replaceAll("char(10)", "chr(10)");

/**
 * On PostgreSQL the account search text also keeps its account's sort key (family and given name in
 * lower case, the list's default order), so a search of the account list in that order is paged and
 * counted from the search table alone, as migration 021 does for the register: fetching the
 * thousand-odd accounts a membership's town finds one by one to sort them cost most of a search.
 * (On SQLite nothing changes: its search reads the FTS5 index and sorts quickly enough.)
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (engine() !== "postgres") return;
  await sql`alter table user_search add column sort_family text not null default ''`.execute(db);
  await sql`alter table user_search add column sort_given text not null default ''`.execute(db);
  await sql`update user_search s set sort_family = lower(u.family_name), sort_given = lower(u.given_name) from users u where u.id = s.user_id`.execute(db);
  await sql.raw(`
    create or replace function user_search_refresh() returns trigger language plpgsql as $$
    begin
      insert into user_search (user_id, doc, sort_family, sort_given) values (new.id, ${document("new")}, lower(new.family_name), lower(new.given_name))
      on conflict (user_id) do update set doc = excluded.doc, sort_family = excluded.sort_family, sort_given = excluded.sort_given;
      return null;
    end $$`).execute(db);
}
