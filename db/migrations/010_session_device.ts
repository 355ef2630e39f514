import type { Kysely } from "kysely";

/** The browser and system a session was signed in from, for the list of one's own sessions. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sessions").addColumn("device", "text", (c) => c.notNull().defaultTo("")).execute();
}
