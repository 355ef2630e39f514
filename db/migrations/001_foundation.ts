import type { Kysely } from "kysely";
import { withId } from "./helpers";


const flag = (name: string) => [name, "integer", (c: any) => c.notNull().defaultTo(0)] as const;
const text = (name: string) => [name, "text", (c: any) => c.notNull().defaultTo("")] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db.schema.createTable("files"))
    .addColumn("storage_name", "text", (c) => c.notNull().unique())
    .addColumn(...text("original_name"))
    .addColumn("mime", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("modified", "text", (c) => c.notNull())
    .addColumn("created", "text", (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable("members"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn(...text("legal_form"))
    .addColumn(...text("admin_accountable"))
    .addColumn(...text("admin_accountable_email"))
    .addColumn(...text("admin_accountable_phone"))
    .addColumn("principal_enterprise_id", "integer")
    .addColumn(...flag("associate"))
    .addColumn(...flag("interest_membership"))
    .addColumn(...flag("approved"))
    .addColumn(...flag("inactive"))
    .addColumn(...flag("hidden"))
    .addColumn("created", "text", (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable("enterprises"))
    .addColumn("member_id", "integer", (c) => c.notNull().references("members.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("lidnummer", "integer", (c) => c.unique())
    .addColumn(...text("address_street"))
    .addColumn(...text("address_house_nr"))
    .addColumn(...text("address_postal_code"))
    .addColumn(...text("address_town"))
    .addColumn(...text("phone"))
    .addColumn(...text("email"))
    .addColumn(...text("email_public"))
    .addColumn(...text("website"))
    .addColumn(...text("kvk_nr"))
    .addColumn("kvk_extract_file_id", "integer", (c) => c.references("files.id").onDelete("set null"))
    .addColumn("established_date", "text")
    .addColumn(...text("building"))
    .addColumn(...flag("franchise"))
    .addColumn(...flag("preventiecentrum"))
    .addColumn(...flag("nlfb"))
    .addColumn(...flag("approved"))
    .addColumn(...flag("inactive"))
    .addColumn(...flag("hidden"))
    .addColumn("created", "text", (c) => c.notNull())
    .addColumn("location_lat", "real")
    .addColumn("location_lon", "real")
    .addColumn("geocoded", "text")
    .addColumn(...flag("geocoding_failed"))
    .addColumn(...text("invoice_via"))
    .addColumn(...text("invoice_email"))
    .addColumn(...text("invoice_street"))
    .addColumn(...text("invoice_house_nr"))
    .addColumn(...text("invoice_postal_code"))
    .addColumn(...text("invoice_town"))
    .addColumn(...text("invoice_contact"))
    .addColumn(...text("invoice_name"))
    .addColumn(...text("kostenplaats"))
    .execute();
  await db.schema.createIndex("enterprises_member").on("enterprises").column("member_id").execute();

  await withId(db.schema.createTable("users"))
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("username", "text")
    .addColumn(...text("given_name"))
    .addColumn(...text("name_preposition"))
    .addColumn(...text("family_name"))
    .addColumn(...text("phone_primary"))
    .addColumn("image_file_id", "integer", (c) => c.references("files.id").onDelete("set null"))
    .addColumn("password_hash", "text")
    .addColumn(...flag("enabled"))
    .addColumn("role", "text", (c) => c.notNull().defaultTo("user"))
    .addColumn(...flag("newsletter"))
    .addColumn(...text("mfa_type"))
    .addColumn("totp_secret", "text")
    .addColumn("member_id", "integer", (c) => c.references("members.id").onDelete("set null"))
    .addColumn(...flag("manager_member"))
    .addColumn(...flag("contact_member"))
    .addColumn("created", "text", (c) => c.notNull())
    .addColumn("last_login", "text")
    .addColumn("password_changed", "text")
    .execute();
  await db.schema.createIndex("users_member").on("users").column("member_id").execute();

  for (const table of ["enterprise_managers", "enterprise_contacts"]) {
    await db.schema
      .createTable(table)
      .addColumn("enterprise_id", "integer", (c) => c.notNull().references("enterprises.id").onDelete("cascade"))
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addPrimaryKeyConstraint(`${table}_pk`, ["enterprise_id", "user_id"])
      .execute();
    await db.schema.createIndex(`${table}_user`).on(table).column("user_id").execute();
  }

  await withId(db.schema.createTable("registrants"))
    .addColumn("user_id", "integer", (c) => c.unique().references("users.id").onDelete("set null"))
    .addColumn("id_fit_ned", "integer", (c) => c.unique())
    .addColumn("pass_number", "integer", (c) => c.unique())
    .addColumn(...flag("approved"))
    .addColumn(...flag("inactive"))
    .addColumn(...flag("hidden"))
    .addColumn(...flag("create_pass"))
    .addColumn("pass_created", "text")
    .addColumn(...flag("teacher"))
    .addColumn(...flag("examiner"))
    .addColumn(...text("gender"))
    .addColumn("date_of_birth", "text")
    .addColumn("registered", "text")
    .addColumn(...text("phone"))
    .addColumn(...text("website"))
    .addColumn(...text("address_street"))
    .addColumn(...text("address_house_nr"))
    .addColumn(...text("address_postal_code"))
    .addColumn(...text("address_town"))
    .addColumn(...text("voucher"))
    .addColumn(...text("info_text"))
    .addColumn(...text("memo"))
    .addColumn("image_file_id", "integer", (c) => c.references("files.id").onDelete("set null"))
    .addColumn(...text("accreditation_total"))
    .addColumn("created", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("expires", "text", (c) => c.notNull())
    .addColumn("created", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();

  await withId(db.schema.createTable("tokens"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires", "text", (c) => c.notNull())
    .addColumn(...flag("used"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("tokens_user_purpose").on("tokens").columns(["user_id", "purpose"]).execute();

  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("reset_at", "text", (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable("alerts"))
    .addColumn("ref", "text", (c) => c.notNull().unique())
    .addColumn(...text("title"))
    .addColumn(...text("description"))
    .addColumn(...text("subject"))
    .addColumn(...text("body"))
    .execute();

  await withId(db.schema.createTable("texts"))
    .addColumn("ref", "text", (c) => c.notNull().unique())
    .addColumn(...text("name"))
    .addColumn(...text("content"))
    .execute();

}
