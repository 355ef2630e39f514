import { sql, type Kysely } from "kysely";
import { withId } from "./helpers";

const text = (name: string) => [name, "text", (c: any) => c.notNull().defaultTo("")] as const;

/**
 * Security hardening:
 * - sessions name the imitating admin, so ending that admin's sessions ends the imitation too;
 * - files know what they are for and which record owns them, so every file route can ask the policy;
 * - tokens carry what they are bound to (the new address of an e-mail change, the sign-in attempt
 *   of a mailed code);
 * - imitation is audited in a table admins can read;
 * - mail waits in an outbox table that a worker drains (survives restarts and SMTP outages).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("sessions")
    .addColumn("imitator_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .execute();
  await db.schema.createIndex("sessions_imitator").on("sessions").column("imitator_id").execute();

  await db.schema.alterTable("files").addColumn(...text("purpose")).execute();
  await db.schema.alterTable("files").addColumn("owner_id", "integer").execute();
  await sql`update files set purpose = 'avatar', owner_id = (select u.id from users u where u.image_file_id = files.id)
            where id in (select image_file_id from users where image_file_id is not null)`.execute(db);
  await sql`update files set purpose = 'kvk_extract', owner_id = (select e.id from enterprises e where e.kvk_extract_file_id = files.id)
            where id in (select kvk_extract_file_id from enterprises where kvk_extract_file_id is not null)`.execute(db);
  await sql`update files set purpose = 'registrant_image', owner_id = (select r.id from registrants r where r.image_file_id = files.id)
            where id in (select image_file_id from registrants where image_file_id is not null)`.execute(db);

  await db.schema.alterTable("tokens").addColumn(...text("bound_to")).execute();

  await withId(db.schema.createTable("imitation_log"))
    .addColumn("imitator_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("imitated_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    // Names as they were, so the audit still reads after an account is deleted.
    .addColumn(...text("imitator_name"))
    .addColumn(...text("imitated_name"))
    .addColumn(...text("ip"))
    .addColumn("started", "text", (c) => c.notNull())
    .addColumn("ended", "text")
    .execute();
  await db.schema.createIndex("imitation_log_started").on("imitation_log").column("started").execute();

  await withId(db.schema.createTable("mail_outbox"))
    .addColumn(...text("ref"))
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn(...text("subject"))
    .addColumn(...text("html"))
    .addColumn(...text("body_text"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt", "text", (c) => c.notNull())
    .addColumn("sent", "text")
    .addColumn(...text("last_error"))
    .addColumn("created", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("mail_outbox_due").on("mail_outbox").columns(["sent", "next_attempt"]).execute();
}
