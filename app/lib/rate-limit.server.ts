import { sql } from "kysely";
import { getDb, nowIso } from "./db.server";
import { securityLog } from "./log.server";

/** Failed attempts allowed per window: generous per address (an office behind one IP), strict per account. */
const LIMITS = {
  loginIp: { max: 100, windowSeconds: 15 * 60 },
  loginAccount: { max: 10, windowSeconds: 15 * 60 },
  codeIp: { max: 50, windowSeconds: 15 * 60 },
  codeAccount: { max: 10, windowSeconds: 15 * 60 },
  resetIp: { max: 30, windowSeconds: 60 * 60 },
  resetAccount: { max: 1, windowSeconds: 5 * 60 },
  // Valid posts of the public forms: an office registering its twenty trainers stays well within.
  publicFormIp: { max: 60, windowSeconds: 60 * 60 },
} as const;

export type LimitName = keyof typeof LIMITS;

export const TOO_MANY_REQUESTS = {
  type: "danger" as const,
  header: "Teveel verkeer",
  text: "Er komt te veel verkeer van hetzelfde IP-adres of voor hetzelfde account. Probeer het over enkele minuten opnieuw.",
};

function keyOf(limit: LimitName, subject: string): string {
  return `${limit}:${subject.toLowerCase()}`;
}

/**
 * Reserves one attempt of `limit` for `subject` before the attempt is checked, in one atomic
 * upsert (a new window starts when the old one has passed); false when the window's attempts are
 * used up. Reading and counting in one statement means a parallel burst cannot slip past the
 * limit between a check and its count. Stored in the database, so processes share it.
 */
export async function reserveAttempt(limit: LimitName, subject: string): Promise<boolean> {
  const now = nowIso();
  const resetAt = new Date(Date.now() + LIMITS[limit].windowSeconds * 1000).toISOString();
  const current = sql.ref("rate_limits.count");
  const windowOpen = sql`${sql.ref("rate_limits.reset_at")} > ${now}`;
  const row = await getDb()
    .insertInto("rate_limits")
    .values({ key: keyOf(limit, subject), count: 1, reset_at: resetAt })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql<number>`case when ${windowOpen} then ${current} + 1 else 1 end`,
        reset_at: sql<string>`case when ${windowOpen} then ${sql.ref("rate_limits.reset_at")} else ${resetAt} end`,
      }),
    )
    .returning("count")
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  // Logged once a window, when the limit is first hit: a burst writes one line, not thousands.
  if (count === LIMITS[limit].max + 1) securityLog("rate_limited", { outcome: "failure", limit });
  return count <= LIMITS[limit].max;
}

/** Reserves an attempt against every limit given; false when any of them is used up. */
export async function reserveAttempts(...limits: [LimitName, string][]): Promise<boolean> {
  let allowed = true;
  for (const [limit, subject] of limits) {
    if (!(await reserveAttempt(limit, subject))) allowed = false;
  }
  return allowed;
}

/** Gives back one reserved attempt: a success that should not count against a shared address. */
export async function releaseAttempt(limit: LimitName, subject: string): Promise<void> {
  await getDb()
    .updateTable("rate_limits")
    .set({ count: sql<number>`${sql.ref("count")} - 1` })
    .where("key", "=", keyOf(limit, subject))
    .where("count", ">", 0)
    .execute();
}

export async function clearAttempts(limit: LimitName, subject: string): Promise<void> {
  await getDb().deleteFrom("rate_limits").where("key", "=", keyOf(limit, subject)).execute();
}
