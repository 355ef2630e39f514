import { getDb, nowIso } from "./db.server";

/** Failed attempts allowed per window: generous per address (an office behind one IP), strict per account. */
export const LIMITS = {
  loginIp: { max: 100, windowSeconds: 15 * 60 },
  loginAccount: { max: 10, windowSeconds: 15 * 60 },
  codeIp: { max: 50, windowSeconds: 15 * 60 },
  codeAccount: { max: 10, windowSeconds: 15 * 60 },
  resetIp: { max: 30, windowSeconds: 60 * 60 },
  resetAccount: { max: 1, windowSeconds: 5 * 60 },
  publicFormIp: { max: 20, windowSeconds: 60 * 60 },
} as const;

export type LimitName = keyof typeof LIMITS;

export const TOO_MANY_REQUESTS = {
  type: "danger" as const,
  header: "Teveel verkeer",
  text: "Er komt te veel verkeer van hetzelfde IP-adres of voor hetzelfde account. Probeer het over enkele minuten opnieuw.",
};

async function current(key: string) {
  const row = await getDb().selectFrom("rate_limits").selectAll().where("key", "=", key).executeTakeFirst();
  return row && row.reset_at > nowIso() ? row : undefined;
}

/** True when `key` has used up its attempts in the current window. Stored in the database, so processes share it. */
export async function isLimited(limit: LimitName, subject: string): Promise<boolean> {
  const row = await current(`${limit}:${subject.toLowerCase()}`);
  return !!row && row.count >= LIMITS[limit].max;
}

/** Counts one attempt against `limit` for `subject`. */
export async function countAttempt(limit: LimitName, subject: string): Promise<void> {
  const key = `${limit}:${subject.toLowerCase()}`;
  const db = getDb();
  await db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom("rate_limits").selectAll().where("key", "=", key).executeTakeFirst();
    if (row && row.reset_at > nowIso()) {
      await tx.updateTable("rate_limits").set({ count: row.count + 1 }).where("key", "=", key).execute();
      return;
    }
    const resetAt = new Date(Date.now() + LIMITS[limit].windowSeconds * 1000).toISOString();
    if (row) await tx.updateTable("rate_limits").set({ count: 1, reset_at: resetAt }).where("key", "=", key).execute();
    else await tx.insertInto("rate_limits").values({ key, count: 1, reset_at: resetAt }).execute();
  });
}

export async function clearAttempts(limit: LimitName, subject: string): Promise<void> {
  await getDb().deleteFrom("rate_limits").where("key", "=", `${limit}:${subject.toLowerCase()}`).execute();
}
