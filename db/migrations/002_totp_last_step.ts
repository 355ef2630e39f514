import type { Kysely } from "kysely";

/** The time step of the last accepted authenticator code, so one code cannot be used twice. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("totp_last_step", "integer").execute();
}
