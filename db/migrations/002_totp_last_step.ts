import type { Kysely } from "kysely";

/** The time step of the last accepted authenticator code, so one code cannot be used twice. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("totp_last_step", "integer").execute();
}
