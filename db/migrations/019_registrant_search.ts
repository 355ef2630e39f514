import { sql, type Kysely } from "kysely";
import { engine } from "../../app/lib/db.server";

/**
 * The register of professionals at 50,000 (part 2 §2.2, DESIGN.md §8):
 * - its default order (the nameless last, then by name, then id) as an index of those very
 *   expressions, so a page is read from the index instead of sorting the whole register; with the
 *   states the filters ask about, so a filtered page and its count read that index alone;
 * - the new registrations' index only over the unapproved ones (a handful), so that the list's
 *   filter 'Goedgekeurd' does not pick it over the order;
 * - the e-mail address in lower case, by which an establishment invites a professional;
 * - one search text per professional (full name and e-mail address, lower case, a line each)
 *   behind a trigram index (SQLite FTS5, PostgreSQL pg_trgm), as migration 007 does for
 *   memberships; triggers keep it current on every write, whichever code makes it.
 */
const DOCUMENT = (r: string) => `lower(${r}.full_name) || char(10) || lower(${r}.email)`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index registrants_list_name`.execute(db);
  await sql`create index registrants_list_order on registrants ((case when full_name = '' then 1 else 0 end), lower(full_name), id, approved, inactive, hidden, user_id)`.execute(db);
  await sql`drop index registrants_pending`.execute(db);
  await sql`create index registrants_pending on registrants (created) where approved = 0`.execute(db);
  await sql`create index registrants_email on registrants (lower(email))`.execute(db);
  if (engine() === "postgres") await upPostgres(db);
  else await upSqlite(db);
}

async function upSqlite(db: Kysely<any>) {
  await sql`create virtual table registrant_search using fts5(doc, tokenize = 'trigram')`.execute(db);
  const triggers = [
    `create trigger registrant_search_insert after insert on registrants begin
       insert into registrant_search (rowid, doc) values (new.id, ${DOCUMENT("new")}); end`,
    `create trigger registrant_search_update after update of full_name, email on registrants begin
       delete from registrant_search where rowid = old.id;
       insert into registrant_search (rowid, doc) values (new.id, ${DOCUMENT("new")}); end`,
    `create trigger registrant_search_delete after delete on registrants begin delete from registrant_search where rowid = old.id; end`,
  ];
  for (const trigger of triggers) await sql.raw(trigger).execute(db);
  await sql.raw(`insert into registrant_search (rowid, doc) select r.id, ${DOCUMENT("r")} from registrants r`).execute(db);
}

async function upPostgres(db: Kysely<any>) {
  const document = (r: string) => DOCUMENT(r).replaceAll("char(10)", "chr(10)");
  await sql`create table registrant_search (registrant_id integer primary key references registrants (id) on delete cascade, doc text not null)`.execute(db);
  await sql.raw(`
    create function registrant_search_refresh() returns trigger language plpgsql as $$
    begin
      insert into registrant_search (registrant_id, doc) values (new.id, ${document("new")})
      on conflict (registrant_id) do update set doc = excluded.doc;
      return null;
    end $$`).execute(db);
  await sql.raw(`create trigger registrant_search after insert or update of full_name, email on registrants
    for each row execute function registrant_search_refresh()`).execute(db);
  await sql.raw(`insert into registrant_search (registrant_id, doc) select r.id, ${document("r")} from registrants r`).execute(db);
  const { rows } = await sql<{ ok: boolean }>`select exists (select 1 from pg_extension where extname = 'pg_trgm') as ok`.execute(db);
  if (rows[0]?.ok) {
    await sql`create index registrant_search_doc on registrant_search using gin (doc gin_trgm_ops) with (fastupdate = off)`.execute(db);
  }
}
