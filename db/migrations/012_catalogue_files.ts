import type { Kysely } from "kysely";
import { withId } from "./helpers";

/** The catalogues with an image (part 2 §3); the image is a row of `files` (purpose catalogue_image). */
export const IMAGE_TABLES = ["facilities", "fitness_types", "target_groups", "group_lessons", "specialisations", "qualifications"] as const;

/**
 * The catalogues' files: an image per entry of six catalogues; the documents of the downloads, each
 * in a category with its files in order; and the assets, files the portal links to by their ref.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of IMAGE_TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn("image_file_id", "integer", (c) => c.references("files.id").onDelete("set null"))
      .execute();
  }
  await withId(db.schema.createTable("documents"))
    // A category with documents is not deleted from under them (the delete is refused).
    .addColumn("document_category_id", "integer", (c) => c.notNull().references("document_categories.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("sequence", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("documents_category").on("documents").columns(["document_category_id", "sequence"]).execute();
  await withId(db.schema.createTable("document_files"))
    .addColumn("document_id", "integer", (c) => c.notNull().references("documents.id").onDelete("cascade"))
    .addColumn("file_id", "integer", (c) => c.notNull().references("files.id"))
    .addColumn("sequence", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("document_files_document").on("document_files").columns(["document_id", "sequence"]).execute();
  await withId(db.schema.createTable("assets"))
    .addColumn("ref", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("file_id", "integer", (c) => c.references("files.id").onDelete("set null"))
    .execute();
}
