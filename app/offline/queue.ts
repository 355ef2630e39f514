import { createStore, get, update, del, type UseStore } from "idb-keyval";
import { href } from "react-router";
import { OFFLINE_KEY_FIELD } from "./offline-key";
import { queueAccount, setQueueSummary, trackCall, type OfflineAnswer, type RefusedChange } from "./offline-state";
import { MAX_QUEUE_ENTRIES, QUEUE_VERSION } from "./queue-limits";

/**
 * The offline queue (part 2 §4.8): posts of queueable forms that failed for want of a connection,
 * kept in the browser (IndexedDB; local storage where IndexedDB is unavailable) under one key, in
 * a versioned format, with the account they were made under. Sent to POST /action-queue when the
 * portal is reachable again, one run at a time across the tabs (Web Locks), in order.
 */

interface QueuedPost {
  key: string;
  account: string;
  /** The form's action: path and query. */
  action: string;
  /** The page the form was on, to go back to. */
  page: string;
  title: string;
  fields: [string, string][];
  queuedAt: string;
  /** The server's reason, once it refused the post. */
  refused?: string;
}

interface StoredQueue {
  version: number;
  posts: QueuedPost[];
}

type EntryResult = { key: string; outcome: "applied" } | { key: string; outcome: "refused"; reason: string } | { key: string; outcome: "later" };

const STORAGE_KEY = "ledenportaal-wachtrij";
const SEND_LOCK = "ledenportaal-wachtrij-verzenden";
const SEND_TIMEOUT_MS = 60_000;

export const QUEUED_TEXT = "Geen verbinding: uw wijziging is offline bewaard en wordt verzonden zodra het ledenportaal weer bereikbaar is.";
export const FILES_NOT_KEPT =
  "Geen verbinding met het ledenportaal. Een wijziging met een bestand kan niet offline worden bewaard: probeer het opnieuw zodra u weer online bent.";
export const NOT_KEPT = "Geen verbinding met het ledenportaal, en uw wijziging kon niet offline worden bewaard. Probeer het opnieuw zodra u weer online bent.";
export const NOT_SENT = "Geen verbinding met het ledenportaal: uw wijziging is niet verzonden. Probeer het opnieuw zodra u weer online bent.";
export const DISCARDED = "De offline bewaarde wijzigingen konden niet worden gelezen en zijn verwijderd.";
export const SIGN_IN_AGAIN = "Uw sessie is verlopen. Log opnieuw in; daarna worden uw offline bewaarde wijzigingen verzonden.";

// ---- storage -------------------------------------------------------------------------------

let idbStore: UseStore | null | undefined;

function indexedDbStore(): UseStore | null {
  if (idbStore === undefined) idbStore = typeof indexedDB === "undefined" ? null : createStore("ledenportaal", "wachtrij");
  return idbStore;
}

function isPost(value: unknown): value is QueuedPost {
  const post = value as QueuedPost;
  return (
    !!post &&
    typeof post.key === "string" &&
    typeof post.account === "string" &&
    typeof post.action === "string" &&
    typeof post.page === "string" &&
    Array.isArray(post.fields) &&
    post.fields.every((field) => Array.isArray(field) && typeof field[0] === "string" && typeof field[1] === "string")
  );
}

/** The stored posts; a queue of another version or in a broken state is discarded (and said so). */
function readStored(value: unknown): { posts: QueuedPost[]; discarded: boolean } {
  if (value === undefined || value === null) return { posts: [], discarded: false };
  const queue = value as StoredQueue;
  if (typeof queue !== "object" || queue.version !== QUEUE_VERSION || !Array.isArray(queue.posts) || !queue.posts.every(isPost)) {
    return { posts: [], discarded: true };
  }
  return { posts: queue.posts, discarded: false };
}

function localRead(): unknown {
  const text = localStorage.getItem(STORAGE_KEY);
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return "onleesbaar";
  }
}

/** Changes the stored posts in one step (one IndexedDB transaction), and tells the other tabs. */
async function change(edit: (posts: QueuedPost[]) => QueuedPost[]): Promise<QueuedPost[]> {
  let result: QueuedPost[] = [];
  let discarded = false;
  const apply = (old: unknown): StoredQueue => {
    const stored = readStored(old);
    discarded ||= stored.discarded;
    result = edit(stored.posts);
    return { version: QUEUE_VERSION, posts: result };
  };
  const store = indexedDbStore();
  try {
    if (!store) throw new Error("IndexedDB ontbreekt");
    await update(STORAGE_KEY, apply, store);
  } catch {
    idbStore = null;
    localStorage.setItem(STORAGE_KEY, JSON.stringify(apply(localRead())));
  }
  if (discarded) setQueueSummary({ notice: { type: "warning", header: DISCARDED } });
  channel()?.postMessage("changed");
  return result;
}

async function readPosts(): Promise<QueuedPost[]> {
  const store = indexedDbStore();
  let value: unknown;
  try {
    if (!store) throw new Error("IndexedDB ontbreekt");
    value = await get(STORAGE_KEY, store);
  } catch {
    idbStore = null;
    value = localRead();
  }
  const stored = readStored(value);
  if (stored.discarded) return change(() => []);
  return stored.posts;
}

let broadcast: BroadcastChannel | null | undefined;
function channel(): BroadcastChannel | null {
  if (broadcast === undefined) broadcast = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(STORAGE_KEY);
  return broadcast;
}

/** Calls `listener` when another tab changed the queue. */
export function onOtherTabChange(listener: () => void): () => void {
  const bc = channel();
  if (!bc) return () => undefined;
  bc.addEventListener("message", listener);
  return () => bc.removeEventListener("message", listener);
}

/** Shows this account's waiting and refused posts, and how many posts the queue keeps in all (the logout warning). */
export async function refreshSummary(): Promise<void> {
  const account = queueAccount();
  const posts = await readPosts();
  const mine = posts.filter((post) => post.account === account);
  const refused: RefusedChange[] = mine.flatMap((post) => (post.refused ? [{ key: post.key, title: post.title, page: post.page, reason: post.refused }] : []));
  setQueueSummary({ waiting: mine.length - refused.length, refused, kept: posts.length });
}

// ---- keeping a post ------------------------------------------------------------------------

/**
 * Keeps a post that could not be sent (offline-post.ts). A form with a chosen file cannot be kept,
 * nor one without a key (a password change, say): the person is told, and the form keeps what was typed.
 */
export async function keepOffline(actionUrl: string, form: FormData, key: string | null): Promise<OfflineAnswer> {
  if (!key) {
    setQueueSummary({ notice: { type: "danger", header: NOT_SENT } });
    return { offline: "not-kept" };
  }
  const account = queueAccount();
  const files = [...form.values()].some((value) => typeof value !== "string" && value.size > 0);
  if (files || account === "anoniem") {
    setQueueSummary({ notice: { type: "danger", header: files ? FILES_NOT_KEPT : NOT_KEPT } });
    return { offline: "not-kept" };
  }
  const url = new URL(actionUrl);
  const post: QueuedPost = {
    key,
    account,
    action: url.pathname + url.search,
    page: location.pathname + location.search + location.hash,
    title: document.title.replace(/ – Ledenportaal$/, ""),
    fields: [...form].flatMap(([name, value]) => (typeof value === "string" && name !== OFFLINE_KEY_FIELD ? [[name, value] as [string, string]] : [])),
    queuedAt: new Date().toISOString(),
  };
  try {
    await change((posts) => (posts.some((p) => p.key === key) ? posts : [...posts, post]));
  } catch {
    setQueueSummary({ notice: { type: "danger", header: NOT_KEPT } });
    return { offline: "not-kept" };
  }
  setQueueSummary({ notice: { type: "warning", header: QUEUED_TEXT } });
  await refreshSummary();
  return { offline: "queued" };
}

// ---- sending -------------------------------------------------------------------------------

/** One run at a time across the tabs; a browser without Web Locks runs per tab (the keys still hold). */
async function alone(run: () => Promise<void>): Promise<void> {
  if (!navigator.locks) return run();
  await navigator.locks.request(SEND_LOCK, { ifAvailable: true }, async (lock) => {
    if (lock) await run();
  });
}

/**
 * One batch to POST /action-queue. Only this call shows the loading overlay (part 1 §2: visible
 * while a call is pending): reading the queue is no call, so a page with nothing queued never
 * flashes an overlay that would catch a click meant for the page.
 */
async function post(body: unknown): Promise<Response | null> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), SEND_TIMEOUT_MS);
  try {
    return await trackCall(
      fetch(href("/action-queue"), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
        signal: abort.signal,
        cache: "no-store",
      }),
    );
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Sends this account's waiting posts, a batch at a time, and takes in the answers: applied posts
 * leave the queue, refused ones stay listed with the reason, the rest wait for the next run.
 * `onApplied` runs once when anything was applied (the page reloads its data then).
 */
export function sendQueue(onApplied: () => void): Promise<void> {
  return alone(() => sendRuns(onApplied)).finally(() => refreshSummary());
}

let signInAsked = false;

async function sendRuns(onApplied: () => void): Promise<void> {
  const account = queueAccount();
  if (account === "anoniem") return;
  let applied = false;
  for (;;) {
    const batch = (await readPosts()).filter((p) => p.account === account && !p.refused).slice(0, MAX_QUEUE_ENTRIES);
    if (!batch.length) break;
    const response = await post({
      version: QUEUE_VERSION,
      entries: batch.map(({ key, account: of, action, fields }) => ({ key, account: of, action, fields })),
    });
    if (!response) break;
    if (response.status === 401) {
      // Said once per page: the runs every 15 seconds would otherwise repeat it.
      if (!signInAsked) setQueueSummary({ notice: { type: "warning", header: SIGN_IN_AGAIN } });
      signInAsked = true;
      break;
    }
    let results: EntryResult[];
    if (response.ok) {
      results = ((await response.json()) as { results: EntryResult[] }).results;
    } else if (response.status === 400) {
      const reason = ((await response.json().catch(() => ({}))) as { error?: string }).error ?? DISCARDED;
      results = batch.map((p) => ({ key: p.key, outcome: "refused", reason }));
    } else {
      break;
    }
    const byKey = new Map(results.map((r) => [r.key, r]));
    await change((posts) =>
      posts.flatMap((p) => {
        const result = byKey.get(p.key);
        if (!result || result.outcome === "later") return [p];
        if (result.outcome === "applied") return [];
        return [{ ...p, refused: result.reason }];
      }),
    );
    if (results.some((r) => r.outcome === "applied")) applied = true;
    if (!results.some((r) => r.outcome !== "later")) break;
  }
  if (applied) onApplied();
}

/** Sends a refused post once more (after the record was put right elsewhere, say). */
export async function retryRefused(key: string): Promise<void> {
  await change((posts) => posts.map((p) => (p.key === key ? { ...p, refused: undefined } : p)));
}

export async function removeRefused(key: string): Promise<void> {
  await change((posts) => posts.filter((p) => p.key !== key));
  await refreshSummary();
}

/** Logout: every queued post goes, whoever made it. */
export async function clearQueue(): Promise<void> {
  try {
    const store = indexedDbStore();
    if (store) await del(STORAGE_KEY, store);
  } catch {
    // IndexedDB unavailable: local storage is cleared below.
  }
  localStorage.removeItem(STORAGE_KEY);
  channel()?.postMessage("changed");
  setQueueSummary({ waiting: 0, refused: [], kept: 0, notice: null });
}
