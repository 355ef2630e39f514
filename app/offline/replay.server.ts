import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream, UNSAFE_SingleFetchRedirectSymbol as REDIRECT } from "react-router";
import { z } from "zod";
import { accountKey, type Account } from "../auth/account";
import { isLoginRedirect } from "../auth/account.server";
import { withoutEncodedNul } from "../lib/request.server";
import { ITEM_GONE, SOMETHING_WENT_WRONG } from "../shell/flash.server";
import { keyStateIn, keyStored, markReplay, postNotification } from "./idempotency.server";
import { OFFLINE_KEY_FIELD, OFFLINE_KEY_PATTERN } from "./offline-key";
import { ACTION_QUEUE_PATH, MAX_QUEUE_ENTRIES, QUEUE_VERSION } from "./queue-limits";

/**
 * The replay of the offline queue (part 1 §7 POST /action-queue, part 2 §4.8): each queued post
 * goes through the server's own request handling, as if the form had been posted now, with the
 * person's cookie: the same action, the same permission checks, the same validation. Its key
 * (idempotency.server.ts) says whether it was applied, now or before the connection dropped.
 */

const entrySchema = z.object({
  key: z.string().regex(OFFLINE_KEY_PATTERN),
  account: z.string().max(40),
  /** The form's action: a path of this portal with its query. */
  action: z
    .string()
    .max(2000)
    .regex(/^\/(?!\/)/),
  fields: z.array(z.tuple([z.string().max(200), z.string().max(2_000_000)])).max(10_000),
});

export const queueSchema = z.object({
  version: z.literal(QUEUE_VERSION),
  entries: z.array(entrySchema).min(1).max(MAX_QUEUE_ENTRIES),
});

export type QueueEntry = z.infer<typeof entrySchema>;

/** applied: stored (now, or by an earlier post of the same form); refused: the server's reason; later: not tried. */
export type EntryResult =
  | { key: string; outcome: "applied" }
  | { key: string; outcome: "refused"; reason: string }
  | { key: string; outcome: "later" };

export const OTHER_ACCOUNT = "Deze wijziging is gemaakt onder een ander account en is daarom niet verzonden.";
export const NOT_A_FORM = "Deze wijziging hoort niet bij een formulier van het ledenportaal.";
export const NO_ACCESS = "U heeft geen toegang (meer) tot dit formulier.";
export const NOT_SAVED = "De wijziging is niet opgeslagen.";

/** readAnswer's word for an answer that sends the person to sign in: the session has ended. */
const SIGNED_OUT = Symbol("signed out");

type Dispatch = (request: Request, scope: Map<string, unknown>) => Promise<Response>;

/**
 * Each entry in order; an entry of another account or with a broken key is refused without being
 * tried. Once the session has ended (an entry was answered with the sign-in page), the entries
 * after it wait for the next run, after the person has signed in again.
 */
export async function replayEntries(request: Request, account: Account, entries: QueueEntry[], dispatch: Dispatch): Promise<EntryResult[]> {
  const results: EntryResult[] = [];
  const madeBy = accountKey(account);
  for (const entry of entries) {
    if (results.at(-1)?.outcome === "later") results.push({ key: entry.key, outcome: "later" });
    else if (entry.account !== madeBy) results.push({ key: entry.key, outcome: "refused", reason: OTHER_ACCOUNT });
    else results.push(await replayEntry(request, entry, dispatch));
  }
  return results;
}

async function replayEntry(outer: Request, entry: QueueEntry, dispatch: Dispatch): Promise<EntryResult> {
  const origin = new URL(outer.url).origin;
  const target = new URL(withoutEncodedNul(entry.action), origin);
  if (target.origin !== origin || target.pathname === ACTION_QUEUE_PATH || target.pathname.endsWith(".data")) {
    return { key: entry.key, outcome: "refused", reason: NOT_A_FORM };
  }
  // React Router's data request for the form's action, as the browser makes it.
  target.pathname = target.pathname === "/" ? "/_root.data" : `${target.pathname.replace(/\/$/, "")}.data`;
  target.hash = "";
  const fields = entry.fields.filter(([name]) => name !== OFFLINE_KEY_FIELD);
  const body = new URLSearchParams([...fields, [OFFLINE_KEY_FIELD, entry.key]]);
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded;charset=UTF-8", Origin: origin });
  for (const name of ["Cookie", "User-Agent", "Accept-Language"]) {
    const value = outer.headers.get(name);
    if (value) headers.set(name, value);
  }
  const scope = new Map<string, unknown>();
  markReplay(scope);
  let response: Response;
  try {
    response = await dispatch(new Request(target, { method: "POST", headers, body }), scope);
  } catch (error) {
    console.error(error);
    return { key: entry.key, outcome: "refused", reason: SOMETHING_WENT_WRONG.header };
  }
  const { state, committed } = keyStateIn(scope);
  if (committed || state === "repeated") return await applied(entry, response);
  const notification = postNotification(scope);
  if (notification?.type === "success") return await applied(entry, response);
  // The same post, sent by another run at the same moment, got there first (its key refused this one's write).
  if (state === "claimed" && (await keyStored(entry.key))) return await applied(entry, response);
  const answer = await readAnswer(response);
  if (answer === SIGNED_OUT) return { key: entry.key, outcome: "later" };
  return { key: entry.key, outcome: "refused", reason: notification?.header ?? answer ?? NOT_SAVED };
}

async function applied(entry: QueueEntry, response: Response): Promise<EntryResult> {
  await response.body?.cancel();
  return { key: entry.key, outcome: "applied" };
}

/** Where a redirect answer sends the person, if the decoded answer is one. */
function redirectTarget(value: unknown): string | null {
  if (!value || typeof value !== "object") return null;
  const redirect = REDIRECT in value ? (value as Record<symbol, { redirect?: unknown }>)[REDIRECT]?.redirect : (value as { redirect?: unknown }).redirect;
  return typeof redirect === "string" ? redirect : null;
}

/**
 * What the post's answer says when it did not save: the form's messages (a conform result in the
 * action's data), the text of a refusal (403, 404, 409), or that access was refused (a redirect
 * without notification).
 */
async function readAnswer(response: Response): Promise<string | typeof SIGNED_OUT | null> {
  if (!response.body) return response.status >= 400 ? NOT_SAVED : null;
  let value: unknown;
  try {
    const decoded = await decodeViaTurboStream(response.body, globalThis);
    await decoded.done;
    value = decoded.value;
  } catch {
    return response.status >= 500 ? SOMETHING_WENT_WRONG.header : NOT_SAVED;
  }
  const redirect = redirectTarget(value);
  // The sign-in page, asked to come back (requireAccount): the session ended during the run.
  if (redirect !== null && isLoginRedirect(redirect)) return SIGNED_OUT;
  // A redirect without a notification: a post answers a refused permission by sending the person home.
  if (redirect !== null) return NO_ACCESS;
  const result = value as { data?: unknown; error?: unknown };
  if (result.error !== undefined) {
    const text = (result.error as { data?: unknown } | null)?.data;
    if (typeof text === "string" && text) return text;
    // As the page would say it (root.tsx ErrorBoundary).
    if (response.status === 404) return ITEM_GONE.header;
    if (response.status === 403) return NO_ACCESS;
    return response.status >= 500 ? SOMETHING_WENT_WRONG.header : NOT_SAVED;
  }
  const messages = formMessages(result.data);
  return messages.length ? `${NOT_SAVED} ${messages.slice(0, 5).join(" ")}` : NOT_SAVED;
}

/** The messages of every conform submission result (status "error") in the action's data. */
function formMessages(value: unknown, found: string[] = [], depth = 0): string[] {
  if (!value || typeof value !== "object" || depth > 4) return found;
  const record = value as Record<string, unknown>;
  if (record.status === "error" && record.error && typeof record.error === "object") {
    for (const list of Object.values(record.error as Record<string, unknown>)) {
      if (!Array.isArray(list)) continue;
      for (const message of list) if (typeof message === "string" && !found.includes(message)) found.push(message);
    }
    return found;
  }
  for (const child of Object.values(record)) formMessages(child, found, depth + 1);
  return found;
}
