import crypto from "node:crypto";
import { getDb, nowIso, type Tx } from "../lib/db.server";
import { randomDigits, randomToken, sha256 } from "../lib/crypto.server";

type Purpose = "reset" | "activate" | "mfa_email" | "email_change";
type LinkPurpose = Exclude<Purpose, "mfa_email">;

/** How long each kind of link or code stays valid. */
const LIFETIME_MINUTES: Record<Purpose, number> = { reset: 60, activate: 7 * 24 * 60, mfa_email: 10, email_change: 24 * 60 };
const MFA_EMAIL_MAX_ATTEMPTS = 5;

function expires(purpose: Purpose): string {
  return new Date(Date.now() + LIFETIME_MINUTES[purpose] * 60_000).toISOString();
}

/**
 * A single-use link token. Only its hash is stored; issuing a new one withdraws the earlier ones
 * of the same purpose.
 */
export async function issueLinkToken(userId: number, purpose: LinkPurpose, tx?: Tx, boundTo = ""): Promise<string> {
  const db = tx ?? getDb();
  const token = randomToken();
  await db.updateTable("tokens").set({ used: 1 }).where("user_id", "=", userId).where("purpose", "=", purpose).execute();
  await db
    .insertInto("tokens")
    .values({
      user_id: userId,
      purpose,
      token_hash: sha256(token),
      bound_to: boundTo,
      expires: expires(purpose),
      used: 0,
      attempts: 0,
      created: nowIso(),
    })
    .execute();
  return token;
}

export type LinkCheck =
  | { ok: true; userId: number; tokenId: number; boundTo: string }
  | { ok: false; reason: "invalid" | "expired" };

export async function checkLinkToken(token: string, purpose: LinkPurpose): Promise<LinkCheck> {
  const row = await getDb()
    .selectFrom("tokens")
    .select(["id", "user_id", "expires", "used", "bound_to"])
    .where("token_hash", "=", sha256(token))
    .where("purpose", "=", purpose)
    .executeTakeFirst();
  if (!row) return { ok: false, reason: "invalid" };
  if (row.used || row.expires < nowIso()) return { ok: false, reason: "expired" };
  return { ok: true, userId: row.user_id, tokenId: row.id, boundTo: row.bound_to };
}

/**
 * An account's e-mail address changed: links mailed to the old address (password reset,
 * activation, an earlier e-mail change) stop working, in the transaction of the change.
 */
export async function withdrawLinkTokens(tx: Tx, userId: number): Promise<void> {
  await tx
    .updateTable("tokens")
    .set({ used: 1 })
    .where("user_id", "=", userId)
    .where("used", "=", 0)
    .where("purpose", "in", ["reset", "activate", "email_change"])
    .execute();
}

function codeHash(userId: number, created: string, code: string): string {
  return sha256(`${userId}:${created}:${code}`);
}

/**
 * A fresh six-digit code for one sign-in attempt (`attempt`, a random id the half-signed-in session
 * holds): it is valid for that attempt only, and earlier codes of the same attempt stop working.
 * Another browser signing in to the account at the same time gets a code of its own.
 */
export async function issueMailCode(userId: number, attempt: string): Promise<string> {
  const db = getDb();
  const code = randomDigits(6);
  const created = nowIso();
  const boundTo = sha256(attempt);
  await db
    .updateTable("tokens")
    .set({ used: 1 })
    .where("user_id", "=", userId)
    .where("purpose", "=", "mfa_email")
    .where("bound_to", "=", boundTo)
    .execute();
  await db
    .insertInto("tokens")
    .values({
      user_id: userId,
      purpose: "mfa_email",
      token_hash: codeHash(userId, created, code),
      bound_to: boundTo,
      expires: expires("mfa_email"),
      used: 0,
      attempts: 0,
      created,
    })
    .execute();
  return code;
}

export type CodeCheck = "ok" | "wrong" | "expired";

/**
 * Checks the code mailed for sign-in attempt `attempt`; each wrong try counts, and the code dies
 * after the last allowed one.
 */
export async function checkMailCode(userId: number, attempt: string, code: string): Promise<CodeCheck> {
  const db = getDb();
  const row = await db
    .selectFrom("tokens")
    .select(["id", "token_hash", "created", "expires", "attempts"])
    .where("user_id", "=", userId)
    .where("purpose", "=", "mfa_email")
    .where("bound_to", "=", sha256(attempt))
    .where("used", "=", 0)
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!row || row.expires < nowIso() || row.attempts >= MFA_EMAIL_MAX_ATTEMPTS) return "expired";
  const expected = Buffer.from(row.token_hash);
  const actual = Buffer.from(codeHash(userId, row.created, code.replace(/\s/g, "")));
  if (expected.length === actual.length && crypto.timingSafeEqual(expected, actual)) {
    // Claimed only while still unused: of two simultaneous submits of one code, one wins.
    const claimed = await db.updateTable("tokens").set({ used: 1 }).where("id", "=", row.id).where("used", "=", 0).executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1 ? "ok" : "expired";
  }
  const attempts = row.attempts + 1;
  await db
    .updateTable("tokens")
    .set({ attempts, used: attempts >= MFA_EMAIL_MAX_ATTEMPTS ? 1 : 0 })
    .where("id", "=", row.id)
    .execute();
  return "wrong";
}
