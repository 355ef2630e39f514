import type { Kysely } from "kysely";
import { withId } from "./helpers";

const flag = (name: string) => [name, "integer", (c: any) => c.notNull().defaultTo(0)] as const;
const text = (name: string) => [name, "text", (c: any) => c.notNull().defaultTo("")] as const;

/**
 * The reference catalogues of part 2 §3 with plain fields (images, documents, texts and assets
 * follow): each has a name, a description where the spec gives one, and `sequence`, the order an
 * admin gives them (within a category where there is one).
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ["facilities", "fitness_types"]) {
    await withId(db.schema.createTable(table))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn(...text("description"))
      .addColumn("sequence", "integer", (c) => c.notNull())
      .execute();
  }
  await withId(db.schema.createTable("target_groups"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn(...text("description"))
    .addColumn(...flag("admin_only"))
    .addColumn("sequence", "integer", (c) => c.notNull())
    .execute();
  for (const table of ["group_lessons", "specialisations"]) {
    await withId(db.schema.createTable(table))
      .addColumn("category", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn(...text("description"))
      .addColumn("sequence", "integer", (c) => c.notNull())
      .execute();
  }
  await withId(db.schema.createTable("qualifications"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("level", "text", (c) => c.notNull())
    .addColumn("level_value", "integer", (c) => c.notNull())
    .addColumn(...flag("recognized"))
    .addColumn("sequence", "integer", (c) => c.notNull())
    .execute();
  await withId(db.schema.createTable("document_categories"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn(...flag("allow_non_members"))
    .addColumn("sequence", "integer", (c) => c.notNull())
    .execute();
}
