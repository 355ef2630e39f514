import { sql, type Kysely } from "kysely";
import { engine } from "../../app/lib/db.server";

/**
 * The admin account list at 40,000 accounts (part 2 §2.3, DESIGN.md §8):
 * - its default order (family name, given name, id) as an index of those very expressions, so a
 *   page is read from the index instead of sorting every account;
 * - the number of accounts, kept by triggers in a one-row table, so the list's total is not a
 *   count of the table on every page;
 * - one search text per account (full name, e-mail address and its membership's name, lower case,
 *   a line each) behind a trigram index (SQLite FTS5, PostgreSQL pg_trgm), as migrations 007 and
 *   019 do; triggers keep it current on every write, a membership's rename included.
 */
const FULL_NAME = (u: string) => `lower(replace(${u}.given_name || ' ' || ${u}.name_preposition || ' ' || ${u}.family_name, '  ', ' '))`;
export const DOCUMENT = (u: string) =>
  `${FULL_NAME(u)} || char(10) || lower(${u}.email) || char(10) || coalesce((select lower(m.name) from members m where m.id = ${u}.member_id), '')`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index users_list_order on users (lower(family_name), lower(given_name), id)`.execute(db);
  await sql`create table user_count (id integer primary key check (id = 1), n integer not null)`.execute(db);
  await sql`insert into user_count (id, n) select 1, count(*) from users`.execute(db);
  if (engine() === "postgres") await upPostgres(db);
  else await upSqlite(db);
}

async function upSqlite(db: Kysely<any>) {
  await sql`create virtual table user_search using fts5(doc, tokenize = 'trigram')`.execute(db);
  const triggers = [
    `create trigger user_search_insert after insert on users begin
       insert into user_search (rowid, doc) values (new.id, ${DOCUMENT("new")});
       update user_count set n = n + 1; end`,
    `create trigger user_search_update after update of given_name, name_preposition, family_name, email, member_id on users begin
       delete from user_search where rowid = old.id;
       insert into user_search (rowid, doc) values (new.id, ${DOCUMENT("new")}); end`,
    `create trigger user_search_delete after delete on users begin
       delete from user_search where rowid = old.id;
       update user_count set n = n - 1; end`,
    `create trigger user_search_member_name after update of name on members begin
       delete from user_search where rowid in (select u.id from users u where u.member_id = new.id);
       insert into user_search (rowid, doc) select u.id, ${DOCUMENT("u")} from users u where u.member_id = new.id; end`,
  ];
  for (const trigger of triggers) await sql.raw(trigger).execute(db);
  await sql.raw(`insert into user_search (rowid, doc) select u.id, ${DOCUMENT("u")} from users u`).execute(db);
}

async function upPostgres(db: Kysely<any>) {
  const document = (u: string) => DOCUMENT(u).replaceAll("char(10)", "chr(10)");
  await sql`create table user_search (user_id integer primary key references users (id) on delete cascade, doc text not null)`.execute(db);
  await sql.raw(`
    create function user_search_refresh() returns trigger language plpgsql as $$
    begin
      insert into user_search (user_id, doc) values (new.id, ${document("new")})
      on conflict (user_id) do update set doc = excluded.doc;
      return null;
    end $$`).execute(db);
  await sql.raw(`create trigger user_search after insert or update of given_name, name_preposition, family_name, email, member_id on users
    for each row execute function user_search_refresh()`).execute(db);
  await sql.raw(`
    create function user_search_member_name() returns trigger language plpgsql as $$
    begin
      update user_search s set doc = ${document("u")} from users u where u.member_id = new.id and s.user_id = u.id;
      return null;
    end $$`).execute(db);
  await sql.raw(`create trigger user_search_member_name after update of name on members
    for each row when (old.name is distinct from new.name) execute function user_search_member_name()`).execute(db);
  // Per statement, from its transition table: a bulk insert changes the count once.
  await sql.raw(`
    create function user_count_insert() returns trigger language plpgsql as $$
    begin update user_count set n = n + (select count(*) from inserted); return null; end $$`).execute(db);
  await sql.raw(`
    create function user_count_delete() returns trigger language plpgsql as $$
    begin update user_count set n = n - (select count(*) from deleted); return null; end $$`).execute(db);
  await sql.raw(`create trigger user_count_insert after insert on users referencing new table as inserted
    for each statement execute function user_count_insert()`).execute(db);
  await sql.raw(`create trigger user_count_delete after delete on users referencing old table as deleted
    for each statement execute function user_count_delete()`).execute(db);
  await sql.raw(`insert into user_search (user_id, doc) select u.id, ${document("u")} from users u`).execute(db);
  const { rows } = await sql<{ ok: boolean }>`select exists (select 1 from pg_extension where extname = 'pg_trgm') as ok`.execute(db);
  if (rows[0]?.ok) {
    await sql`create index user_search_doc on user_search using gin (doc gin_trgm_ops) with (fastupdate = off)`.execute(db);
  }
}
