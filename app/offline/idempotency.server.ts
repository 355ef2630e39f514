import crypto from "node:crypto";
import { data, redirect } from "react-router";
import { COMMIT_STATEMENT, getDb, isUniqueViolation, nowIso, type CommitStatement } from "../lib/db.server";
import { requestActor, scopeValue, setScopeValue } from "../lib/request-scope.server";
import { commitSession, getSession } from "../auth/session.server";
import type { Notification } from "../shell/notification";
import { OFFLINE_KEY_FIELD, OFFLINE_KEY_PATTERN } from "./offline-key";

/**
 * Exactly once for the posts the offline queue may replay (DESIGN.md §9). A queueable form posts
 * its key (OFFLINE_KEY_FIELD); the first transaction of the post that commits writes the key with
 * a hash of the fields (app/lib/db.server.ts, CommitStatement), so the change and its key are
 * stored together or not at all. A post whose key is stored is answered as it was the first time
 * and changes nothing; the same key with other fields is refused.
 */

/** The state of the request's key, for the queue's replay to read (replay.server.ts). */
export type KeyState = "none" | "claimed" | "repeated" | "conflict";
const KEY_STATE = "idempotencyState";
const KEY = "idempotencyKey";

/** How long applied keys are kept: longer than any queue waits for its connection. */
export const KEEP_KEYS_DAYS = 30;

export const ALREADY_SAVED: Notification = { type: "success", header: "Deze wijziging was al opgeslagen." };
export const KEY_CONFLICT =
  "Dit formulier is al verzonden met andere gegevens. Open het formulier opnieuw en voer uw wijziging nog eens in.";

/**
 * What was posted, apart from the key: the fields in their order, a file by its name and size.
 * An empty file field (nothing chosen) counts as absent, as it is in a replayed post.
 */
export function payloadHash(form: FormData): string {
  const hash = crypto.createHash("sha256");
  for (const [name, value] of form) {
    if (name === OFFLINE_KEY_FIELD) continue;
    if (typeof value === "string") hash.update(`${name}\u0000s\u0000${value}\u0001`);
    else if (value.size > 0 || value.name) hash.update(`${name}\u0000f\u0000${value.name}\u0000${value.size}\u0001`);
  }
  return hash.digest("hex");
}

interface StoredKey {
  user_id: number | null;
  payload_hash: string;
  result: string | null;
}

/** The answer the post got the first time: where it led and what it said. */
interface StoredAnswer {
  to: string;
  notification: Notification;
}

/**
 * Called for every post as its fields are read (app/lib/form-body.server.ts). A post without a
 * key is left alone. A key seen before ends the request here: its first answer again, or 409 for
 * other fields. A new key is written with the post's first committed transaction.
 */
export async function claimIdempotencyKey(request: Request, form: FormData): Promise<void> {
  const key = form.get(OFFLINE_KEY_FIELD);
  if (typeof key !== "string" || !OFFLINE_KEY_PATTERN.test(key)) return;
  const hash = payloadHash(form);
  const stored = await getDb()
    .selectFrom("idempotency_keys")
    .select(["user_id", "payload_hash", "result"])
    .where("key", "=", key)
    .executeTakeFirst();
  if (stored) throw await repeatedPost(request, stored, hash);
  const statement: CommitStatement = {
    done: false,
    query: () =>
      getDb()
        .insertInto("idempotency_keys")
        .values({ key, user_id: requestActor().account, payload_hash: hash, created: nowIso(), result: null })
        .compile(),
  };
  setScopeValue(COMMIT_STATEMENT, statement);
  setScopeValue(KEY, key);
  setScopeValue(KEY_STATE, "claimed");
}

async function repeatedPost(request: Request, stored: StoredKey, hash: string): Promise<Response> {
  const actor = requestActor().account;
  if (stored.payload_hash !== hash || (stored.user_id !== null && actor !== null && stored.user_id !== actor)) {
    setScopeValue(KEY_STATE, "conflict");
    return data(KEY_CONFLICT, { status: 409 }) as unknown as Response;
  }
  setScopeValue(KEY_STATE, "repeated");
  const answer = parseAnswer(stored.result);
  const url = new URL(request.url);
  const to = answer?.to ?? url.pathname + url.search;
  const notification = answer?.notification ?? ALREADY_SAVED;
  if (isReplay()) return redirect(to);
  const session = await getSession(request);
  session.flash("notification", notification);
  return redirect(to, { headers: { "Set-Cookie": await commitSession(session) } });
}

function parseAnswer(result: string | null): StoredAnswer | null {
  if (!result) return null;
  try {
    return JSON.parse(result) as StoredAnswer;
  } catch {
    return null;
  }
}

/** The state of a finished request's key (`scope` is its request scope), and whether its change was committed with it. */
export function keyStateIn(scope: Map<string, unknown>): { state: KeyState; committed: boolean } {
  const state = (scope.get(KEY_STATE) as KeyState | undefined) ?? "none";
  return { state, committed: !!(scope.get(COMMIT_STATEMENT) as CommitStatement | undefined)?.done };
}

const REPLAY = "offlineReplay";

/** Marks the request as the replay of a queued post: its notification is reported, not shown on the next page. */
export function markReplay(scope: Map<string, unknown>): void {
  scope.set(REPLAY, true);
}

export function isReplay(): boolean {
  return scopeValue<boolean>(REPLAY) === true;
}

const NOTIFICATION = "postNotification";

/** The notification the post's answer carries (shell/flash.server.ts tells it). */
export function postNotification(scope: Map<string, unknown>): Notification | undefined {
  return scope.get(NOTIFICATION) as Notification | undefined;
}

/**
 * The answer of a post that redirects with a notification: kept with its key, so a repeated post
 * gets it again. A success whose change was made outside a transaction (nothing wrote the key
 * yet) writes the key now.
 */
export async function rememberAnswer(to: string, notification: Notification): Promise<void> {
  setScopeValue(NOTIFICATION, notification);
  const statement = scopeValue<CommitStatement>(COMMIT_STATEMENT);
  const key = scopeValue<string>(KEY);
  if (!statement || !key) return;
  const result = JSON.stringify({ to, notification } satisfies StoredAnswer);
  const db = getDb();
  if (!statement.done) {
    if (notification.type !== "success") return;
    try {
      await db.executeQuery(statement.query());
      statement.done = true;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return;
    }
  }
  await db.updateTable("idempotency_keys").set({ result }).where("key", "=", key).execute();
}

/** Whether a post with this key was applied. */
export async function keyStored(key: string): Promise<boolean> {
  return !!(await getDb().selectFrom("idempotency_keys").select("key").where("key", "=", key).executeTakeFirst());
}

/** Keys older than KEEP_KEYS_DAYS go (hourly housekeeping). */
export async function purgeIdempotencyKeys(now = Date.now()): Promise<void> {
  const before = new Date(now - KEEP_KEYS_DAYS * 24 * 3600_000).toISOString();
  await getDb().deleteFrom("idempotency_keys").where("created", "<", before).execute();
}
