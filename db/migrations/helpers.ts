import type { CreateTableBuilder } from "kysely";
import { engine } from "../../app/lib/db.server";

/** An auto-incrementing integer key on either engine. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>) {
  return engine() === "postgres"
    ? table.addColumn("id", "serial", (c) => c.primaryKey())
    : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
}
