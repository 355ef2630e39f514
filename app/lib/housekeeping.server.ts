import { purgeExpiredSessions } from "../auth/session.server";
import { purgeIdempotencyKeys } from "../offline/idempotency.server";
import { purgeCampaignPersonalData } from "../registration/campaign-application.server";
import { getDb, nowIso } from "./db.server";
import { logEvent } from "./log.server";
import { compactSearchIndexes } from "./search.server";

/** Used or expired link tokens and codes are kept this long (for 'Link niet meer geldig'), then removed. */
const KEEP_TOKENS_DAYS = 7;
const EVERY_MS = 60 * 60_000;

/**
 * Removes what has served its time: expired sessions, link tokens and codes a week after they were
 * used or expired, rate-limit windows that have passed, the keys of applied form posts after
 * thirty days, and the BSN and documents of campaign
 * sign-ups past their retention period; then merges the search indexes (compactSearchIndexes).
 * Run at start and hourly by each serving process; running it twice at once does no harm.
 */
export async function purgeStale(now = Date.now()): Promise<void> {
  const db = getDb();
  await purgeExpiredSessions();
  const tokensBefore = new Date(now - KEEP_TOKENS_DAYS * 24 * 3600_000).toISOString();
  await db
    .deleteFrom("tokens")
    .where((eb) => eb.or([eb("expires", "<", tokensBefore), eb.and([eb("used", "=", 1), eb("created", "<", tokensBefore)])]))
    .execute();
  await db.deleteFrom("rate_limits").where("reset_at", "<", nowIso()).execute();
  await purgeCampaignPersonalData(now);
  await purgeIdempotencyKeys(now);
  await compactSearchIndexes();
}

let timer: NodeJS.Timeout | undefined;

export function startHousekeeping(): void {
  if (timer) return;
  const run = () =>
    purgeStale().catch((error) => logEvent("error", "housekeeping_failed", { error: error instanceof Error ? error.message : String(error) }));
  void run();
  timer = setInterval(run, EVERY_MS);
  timer.unref();
}

export function stopHousekeeping(): void {
  if (timer) clearInterval(timer);
  timer = undefined;
}
