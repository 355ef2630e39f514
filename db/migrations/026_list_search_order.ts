import { sql, type Kysely } from "kysely";
import { engine } from "../../app/lib/db.server";
import { documentOf as enterpriseDocument } from "./006_enterprise_list_indexes";
import { documentOf as memberDocument } from "./007_member_search";

/**
 * On PostgreSQL the search texts of memberships and establishments also keep their record's sort
 * key (the name in lower case, the lists' default order), so a search in that order is paged and
 * counted from the search table alone, as migrations 021 and 025 do for the register and the
 * accounts: fetching the hundreds a town finds one by one to sort them cost most of a search.
 * (On SQLite nothing changes: its searches read the FTS5 index and sort quickly enough.)
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (engine() !== "postgres") return;
  await sql`alter table member_search add column sort_name text not null default ''`.execute(db);
  await sql`update member_search s set sort_name = lower(m.name) from members m where m.id = s.member_id`.execute(db);
  // The text's select ends in "from members m where m.id = target": the sort key goes before it.
  const member = memberDocument("target", (e) => `string_agg(${e}, chr(10))`).replaceAll("char(10)", "chr(10)");
  await sql.raw(`
    create or replace function member_search_refresh(target integer) returns void language sql as $$
      insert into member_search (member_id, sort_name, doc) select m.id, lower(m.name), ${member}
      on conflict (member_id) do update set doc = excluded.doc, sort_name = excluded.sort_name
    $$`).execute(db);

  await sql`alter table enterprise_search add column sort_name text not null default ''`.execute(db);
  await sql`update enterprise_search s set sort_name = lower(e.name) from enterprises e where e.id = s.enterprise_id`.execute(db);
  const enterprise = enterpriseDocument("e", (x) => `string_agg(${x}, chr(10))`, "chr(10)");
  await sql.raw(`
    create or replace function enterprise_search_refresh(target integer) returns void language sql as $$
      insert into enterprise_search (enterprise_id, sort_name, doc) select e.id, lower(e.name), ${enterprise} from enterprises e where e.id = target
      on conflict (enterprise_id) do update set doc = excluded.doc, sort_name = excluded.sort_name;
    $$`).execute(db);
}
