import type { Kysely } from "kysely";
import { withId } from "./helpers";

/** The member log: who did what to a membership's accounts and name, and whether while imitating. */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db.schema.createTable("member_log"))
    .addColumn("member_id", "integer", (c) => c.notNull().references("members.id").onDelete("cascade"))
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("account_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("details", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("imitating", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("member_log_member").on("member_log").columns(["member_id", "created"]).execute();
}
