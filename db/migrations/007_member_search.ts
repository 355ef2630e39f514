import { sql, type Kysely } from "kysely";
import { engine } from "../../app/lib/db.server";

/**
 * One search text per membership: its name, the towns of its establishments and the names of its
 * contact persons, lower case, a line each. The member list's search box looks in this one table
 * through a trigram index (SQLite FTS5 with the trigram tokenizer, PostgreSQL pg_trgm) instead of
 * scanning three tables. Triggers keep it current on every write, whichever code makes it.
 */
const CONTACT_NAME = (u: string) =>
  `lower(replace(${u}.given_name || ' ' || ${u}.name_preposition || ' ' || ${u}.family_name, '  ', ' '))`;

export function documentOf(memberId: string, aggregate: (expr: string) => string): string {
  return `lower(m.name) || char(10) ||
    coalesce((select ${aggregate("lower(f.address_town)")} from enterprises f where f.member_id = m.id), '') || char(10) ||
    coalesce((select ${aggregate(CONTACT_NAME("u"))} from users u where u.member_id = m.id and u.contact_member = 1), '')
    from members m where m.id = ${memberId}`;
}

export async function up(db: Kysely<any>): Promise<void> {
  if (engine() === "postgres") await upPostgres(db);
  else await upSqlite(db);
}

async function upSqlite(db: Kysely<any>) {
  await sql`create virtual table member_search using fts5(doc, tokenize = 'trigram')`.execute(db);
  const refresh = (id: string) => `
    delete from member_search where rowid = ${id};
    insert into member_search (rowid, doc) select m.id, ${documentOf(id, (e) => `group_concat(${e}, char(10))`)};`;
  const triggers = [
    `create trigger member_search_members_insert after insert on members begin ${refresh("new.id")} end`,
    `create trigger member_search_members_name after update of name on members begin ${refresh("new.id")} end`,
    `create trigger member_search_members_delete after delete on members begin delete from member_search where rowid = old.id; end`,
    `create trigger member_search_enterprises_insert after insert on enterprises begin ${refresh("new.member_id")} end`,
    `create trigger member_search_enterprises_update after update of address_town, member_id on enterprises begin
       ${refresh("old.member_id")} ${refresh("new.member_id")} end`,
    `create trigger member_search_enterprises_delete after delete on enterprises begin ${refresh("old.member_id")} end`,
    `create trigger member_search_users_insert after insert on users when new.member_id is not null and new.contact_member = 1
       begin ${refresh("new.member_id")} end`,
    `create trigger member_search_users_update after update of given_name, name_preposition, family_name, contact_member, member_id on users
       begin ${refresh("old.member_id")} ${refresh("new.member_id")} end`,
    `create trigger member_search_users_delete after delete on users when old.member_id is not null and old.contact_member = 1
       begin ${refresh("old.member_id")} end`,
  ];
  for (const trigger of triggers) await sql.raw(trigger).execute(db);
  // "where m.id = m.id": every membership.
  await sql.raw(`insert into member_search (rowid, doc) select m.id, ${documentOf("m.id", (e) => `group_concat(${e}, char(10))`)}`).execute(db);
}

async function upPostgres(db: Kysely<any>) {
  await sql`create table member_search (member_id integer primary key references members (id) on delete cascade, doc text not null)`.execute(db);
  const document = (id: string) => documentOf(id, (e) => `string_agg(${e}, chr(10))`).replaceAll("char(10)", "chr(10)");
  await sql.raw(`
    create function member_search_refresh(target integer) returns void language sql as $$
      insert into member_search (member_id, doc) select m.id, ${document("target")}
      on conflict (member_id) do update set doc = excluded.doc
    $$`).execute(db);
  await sql.raw(`
    create function member_search_on_member() returns trigger language plpgsql as $$
    begin perform member_search_refresh(new.id); return null; end $$`).execute(db);
  await sql.raw(`
    create function member_search_on_member_row() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' and old.member_id is not null then perform member_search_refresh(old.member_id); end if;
      if tg_op <> 'DELETE' and new.member_id is not null then perform member_search_refresh(new.member_id); end if;
      return null;
    end $$`).execute(db);
  await sql.raw(`create trigger member_search_members after insert or update of name on members
    for each row execute function member_search_on_member()`).execute(db);
  await sql.raw(`create trigger member_search_enterprises after insert or delete or update of address_town, member_id on enterprises
    for each row execute function member_search_on_member_row()`).execute(db);
  await sql.raw(`create trigger member_search_users after insert or delete or update of given_name, name_preposition, family_name, contact_member, member_id on users
    for each row execute function member_search_on_member_row()`).execute(db);
  await sql.raw(`insert into member_search (member_id, doc) select m.id, ${document("m.id")}`).execute(db);

  // The trigram index where the extension is there (migration 004 installed it if it could).
  const { rows } = await sql<{ ok: boolean }>`select exists (select 1 from pg_extension where extname = 'pg_trgm') as ok`.execute(db);
  if (rows[0]?.ok) {
    await sql`create index member_search_doc on member_search using gin (doc gin_trgm_ops) with (fastupdate = off)`.execute(db);
  }
}
