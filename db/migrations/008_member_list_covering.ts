import { sql, type Kysely } from "kysely";
import { engine } from "../../app/lib/db.server";

/**
 * PostgreSQL reads an expression index without the table only when the index holds the column
 * too (as enterprises_list_name does since migration 006): a late page of the member list then
 * walks the index alone instead of fetching every row before it. SQLite has no INCLUDE and needs
 * none.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (engine() !== "postgres") return;
  await sql`drop index members_list_name`.execute(db);
  await sql`create index members_list_name on members (lower(name), id) include (name)`.execute(db);
}

