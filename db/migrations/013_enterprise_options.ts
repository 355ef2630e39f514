import type { Kysely } from "kysely";

/**
 * The answers of tab Aanbod (part 1 §2 "Aanbod form"): per establishment and catalogue entry
 * yes (1) or no (0); no row is "not filled in". One table per catalogue, so deleting an entry
 * (or an establishment) takes its answers along by the foreign keys.
 */
export const OPTION_TABLES = [
  { table: "enterprise_fitness_types", catalogue: "fitness_types" },
  { table: "enterprise_facilities", catalogue: "facilities" },
  { table: "enterprise_group_lessons", catalogue: "group_lessons" },
  { table: "enterprise_target_groups", catalogue: "target_groups" },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const { table, catalogue } of OPTION_TABLES) {
    await db.schema
      .createTable(table)
      .addColumn("enterprise_id", "integer", (c) => c.notNull().references("enterprises.id").onDelete("cascade"))
      .addColumn("entry_id", "integer", (c) => c.notNull().references(`${catalogue}.id`).onDelete("cascade"))
      .addColumn("value", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ["enterprise_id", "entry_id"])
      .execute();
    // The cascade from a deleted entry looks its answers up by entry.
    await db.schema.createIndex(`${table}_entry`).on(table).column("entry_id").execute();
  }
}
