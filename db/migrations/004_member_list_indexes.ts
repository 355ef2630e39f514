import { sql, type Kysely } from "kysely";
import { engine } from "../../app/lib/db.server";

/** The expressions app/members/list.server.ts searches and sorts on; an index serves only its own expression. */
const CONTACT_NAME = sql`lower(replace(given_name || ' ' || name_preposition || ' ' || family_name, '  ', ' '))`;

/**
 * Indexes for the admin member list at 10,000 memberships. Ordering by lower(name) reads the
 * index instead of sorting; a membership's first contact person is one index lookup. A search
 * ("contains") reads the small covering indexes of names, towns and contact persons instead of
 * the wide rows; that is how SQLite answers it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index members_list_name on members (lower(name), id)`.execute(db);
  await sql`create index members_pending on members (approved, created)`.execute(db);
  await sql`create index enterprises_list_town on enterprises (lower(address_town), member_id)`.execute(db);
  await sql`create index users_list_contact on users (member_id, ${CONTACT_NAME}) where contact_member = 1`.execute(db);

  // PostgreSQL does not scan an expression index for a "contains"; with pg_trgm it answers the
  // same lower(…) like '%…%' from trigram indexes. Only where the extension can be installed
  // (it is trusted: a database owner may); without it searches still work, by scanning. Without
  // fastupdate, new rows go straight into the index instead of a list every search must read
  // until the next vacuum.
  if (engine() !== "postgres") return;
  const { rows } = await sql<{ ok: boolean }>`
    select exists (select 1 from pg_available_extensions where name = 'pg_trgm')
       and ((select rolsuper from pg_roles where rolname = current_user)
            or has_database_privilege(current_database(), 'CREATE')) as ok`.execute(db);
  if (!rows[0]?.ok) return;
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index members_search_name on members using gin (lower(name) gin_trgm_ops) with (fastupdate = off)`.execute(
    db,
  );
  await sql`create index enterprises_search_town on enterprises using gin (lower(address_town) gin_trgm_ops) with (fastupdate = off)`.execute(
    db,
  );
  await sql`create index users_search_contact on users using gin (${CONTACT_NAME} gin_trgm_ops) with (fastupdate = off) where contact_member = 1`.execute(
    db,
  );
}
