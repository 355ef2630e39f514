import type { Kysely } from "kysely";
import { withId } from "./helpers";

/**
 * Tab Info & Media of an establishment (part 1 §2 "Info & Media form", §3 "Info data"): one row per
 * establishment once it was saved; no row is nothing filled in. The info text (sanitised HTML), the
 * logo and header image (files, purpose enterprise_image, owner the establishment), and the small
 * nested parts as JSON text: the social media links, the opening hours, the subscription plans and
 * the video links. The images are rows of their own, in the order they are shown.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("enterprise_info")
    .addColumn("enterprise_id", "integer", (c) => c.primaryKey().references("enterprises.id").onDelete("cascade"))
    .addColumn("info_text", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("logo_file_id", "integer", (c) => c.references("files.id").onDelete("set null"))
    .addColumn("header_file_id", "integer", (c) => c.references("files.id").onDelete("set null"))
    .addColumn("social_links", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("open_hours", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("subscription", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("video_links", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("modified", "text", (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable("enterprise_images"))
    .addColumn("enterprise_id", "integer", (c) => c.notNull().references("enterprises.id").onDelete("cascade"))
    .addColumn("file_id", "integer", (c) => c.notNull().references("files.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("enterprise_images_enterprise").on("enterprise_images").columns(["enterprise_id", "position"]).execute();
}
