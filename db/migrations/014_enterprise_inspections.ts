import type { Kysely } from "kysely";

/**
 * Tab Keuring of an establishment (part 1 §2 "Keuring (inspection) form"): one row per
 * establishment once it was saved; no row is nothing filled in. The nine flags, the comment, the
 * RIE report and plan of action (files, purpose inspection_file, owner the establishment) with
 * their dates, and `dirty`: interim changes not yet passed on to the association.
 */
export const INSPECTION_FLAG_COLUMNS = [
  "rie",
  "dopingconvenant",
  "zonnebank_instructie",
  "zonnebank_richtlijnen",
  "avg_informatie",
  "avg_wijziging",
  "verzekering_wa",
  "verzekering_ziekte",
  "verzekering_aov",
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  let table = db.schema
    .createTable("enterprise_inspections")
    .addColumn("enterprise_id", "integer", (c) => c.primaryKey().references("enterprises.id").onDelete("cascade"));
  for (const column of INSPECTION_FLAG_COLUMNS) table = table.addColumn(column, "integer", (c) => c.notNull().defaultTo(0));
  await table
    .addColumn("comment", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("rie_rapport_date", "text")
    .addColumn("rie_pva_date", "text")
    .addColumn("rie_rapport_file_id", "integer", (c) => c.references("files.id").onDelete("set null"))
    .addColumn("rie_pva_file_id", "integer", (c) => c.references("files.id").onDelete("set null"))
    .addColumn("dirty", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("modified", "text", (c) => c.notNull())
    .execute();
}
