import type { ClientActionFunctionArgs } from "react-router";
import { OFFLINE_KEY_FIELD } from "./offline-key";

/** How long a post may take before it counts as failed and is kept in the queue (it may still arrive: its key decides). */
const POST_TIMEOUT_MS = 15_000;

class PostTimeout extends Error {}

function within<T>(call: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PostTimeout()), ms);
  });
  return Promise.race([call, timeout]).finally(() => clearTimeout(timer));
}

/** The post never got an answer: no connection (fetch fails with a TypeError) or no answer in time. */
function connectionFailed(error: unknown): boolean {
  return error instanceof PostTimeout || error instanceof TypeError;
}

/** A new key for the form that posted `key`: its next post is another change. */
function renewKey(key: string) {
  for (const input of document.querySelectorAll<HTMLInputElement>(`input[name="${OFFLINE_KEY_FIELD}"]`)) {
    if (input.value === key) input.value = newOfflineKey();
  }
}

/**
 * The client action of a page with queueable forms (`clientAction = (args) => queueWhenOffline(args)`):
 * the form is posted as always; when the connection is gone or the server does not answer in
 * time, the post is kept in the offline queue (queue.ts) and sent when the portal is reachable again.
 */
export async function queueWhenOffline<T>({ request, serverAction }: Pick<ClientActionFunctionArgs, "request"> & { serverAction: () => Promise<T> }): Promise<T> {
  const form = await request.clone().formData();
  const field = form.get(OFFLINE_KEY_FIELD);
  const key = typeof field === "string" && field ? field : null;
  // A form without a key, or with a file chosen, cannot be kept: it waits for its answer however
  // long (a large upload on a slow line takes its time, and may still be saved).
  const withFile = [...form.values()].some((value) => typeof value !== "string" && value.size > 0);
  try {
    return await (key && !withFile ? within(serverAction(), POST_TIMEOUT_MS) : serverAction());
  } catch (error) {
    if (!connectionFailed(error)) throw error;
    const { keepOffline } = await import("./queue");
    // The page reads the offline answer as "no answer of the server": none of its own fields are there.
    return (await keepOffline(request.url, form, key)) as T;
  } finally {
    if (key) renewKey(key);
  }
}

/**
 * A fresh key for a form that the offline queue may replay: 128 random bits in hex.
 * (`crypto.randomUUID` exists only on HTTPS pages; a portal tried out over plain HTTP on an office
 * network must still render its forms.)
 */
export function newOfflineKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The idempotency key of a queueable form (DESIGN.md §9; offline/idempotency.server.ts): made in
 * the browser when the form is shown, so without JavaScript (no queue) there is none. React never
 * sets its value: the form keeps its key through re-renders until the server has answered a post
 * of it (renewKey above).
 */
export function OfflineKey() {
  return (
    <input
      type="hidden"
      name={OFFLINE_KEY_FIELD}
      ref={(input) => {
        if (input && !input.value) input.value = newOfflineKey();
      }}
    />
  );
}
