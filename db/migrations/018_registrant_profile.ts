import { sql, type Kysely } from "kysely";
import { withId } from "./helpers";

/**
 * The rest of a professional's record (part 2 §3 Registrant, Employment; §4.2): the social media
 * links (JSON text, as an establishment's), the diplomas (one row per qualification held), the
 * specialisations answered yes (1) or no (0) — no row is "not filled in", as tab Aanbod of an
 * establishment — and the employments between establishments and professionals.
 *
 * An employment is one invitation's life: sent, then revoked, declined or accepted; accepted, then
 * ended by either side. The time of each step is kept; `dismissed_by_*` hide an ended or declined
 * card from that side. At most one open invitation or employment per pair (a partial unique
 * index), so two invitations posted at once cannot both be made.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("registrants").addColumn("social_links", "text", (c) => c.notNull().defaultTo("[]")).execute();

  await db.schema
    .createTable("registrant_qualifications")
    .addColumn("registrant_id", "integer", (c) => c.notNull().references("registrants.id").onDelete("cascade"))
    .addColumn("qualification_id", "integer", (c) => c.notNull().references("qualifications.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("registrant_qualifications_pk", ["registrant_id", "qualification_id"])
    .execute();
  await db.schema.createIndex("registrant_qualifications_entry").on("registrant_qualifications").column("qualification_id").execute();

  await db.schema
    .createTable("registrant_specialisations")
    .addColumn("registrant_id", "integer", (c) => c.notNull().references("registrants.id").onDelete("cascade"))
    .addColumn("entry_id", "integer", (c) => c.notNull().references("specialisations.id").onDelete("cascade"))
    .addColumn("value", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("registrant_specialisations_pk", ["registrant_id", "entry_id"])
    .execute();
  await db.schema.createIndex("registrant_specialisations_entry").on("registrant_specialisations").column("entry_id").execute();

  await withId(db.schema.createTable("employments"))
    .addColumn("enterprise_id", "integer", (c) => c.notNull().references("enterprises.id").onDelete("cascade"))
    .addColumn("registrant_id", "integer", (c) => c.notNull().references("registrants.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("invitation_sent", "text", (c) => c.notNull())
    .addColumn("invitation_revoked", "text")
    .addColumn("invitation_declined", "text")
    .addColumn("invitation_accepted", "text")
    .addColumn("terminated", "text")
    .addColumn("dismissed_by_enterprise", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("dismissed_by_registrant", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("invited_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("employments_enterprise").on("employments").columns(["enterprise_id", "status"]).execute();
  await db.schema.createIndex("employments_registrant").on("employments").columns(["registrant_id", "status"]).execute();
  await sql`create unique index employments_open on employments (enterprise_id, registrant_id)
    where status in ('invitation_sent', 'invitation_accepted')`.execute(db);
}
