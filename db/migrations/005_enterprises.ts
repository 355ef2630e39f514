import type { Kysely } from "kysely";
import { withId } from "./helpers";

const flag = (name: string) => [name, "integer", (c: any) => c.notNull().defaultTo(0)] as const;
const text = (name: string) => [name, "text", (c: any) => c.notNull().defaultTo("")] as const;

/**
 * Establishments: the training-campaign sign-up (its contact on the establishment, its two
 * participant slots in their own table) and the establishment log.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("enterprises").addColumn(...flag("campaign_nld_interest")).execute();
  for (const column of ["campaign_email", "campaign_first_name", "campaign_last_name_prefix", "campaign_last_name"]) {
    await db.schema.alterTable("enterprises").addColumn(...text(column)).execute();
  }
  await db.schema.alterTable("enterprises").addColumn("campaign_interest_date", "text").execute();

  await withId(db.schema.createTable("campaign_applications"))
    .addColumn("enterprise_id", "integer", (c) => c.notNull().references("enterprises.id").onDelete("cascade"))
    .addColumn("slot", "integer", (c) => c.notNull())
    .addColumn(...text("email"))
    .addColumn(...text("course"))
    .addColumn(...text("trainer"))
    .addColumn(...text("date_location"))
    .addColumn(...flag("practice_exemption"))
    .addColumn("submitted", "text")
    .addColumn("token_hash", "text", (c) => c.unique())
    .addColumn("created", "text", (c) => c.notNull())
    .addUniqueConstraint("campaign_applications_slot", ["enterprise_id", "slot"])
    .execute();

  await withId(db.schema.createTable("enterprise_log"))
    .addColumn("enterprise_id", "integer", (c) => c.notNull().references("enterprises.id").onDelete("cascade"))
    .addColumn("form", "text", (c) => c.notNull())
    .addColumn(...flag("finalize"))
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn(...flag("imitating"))
    .addColumn(...text("content"))
    .addColumn("created", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("enterprise_log_enterprise").on("enterprise_log").columns(["enterprise_id", "created"]).execute();
}
