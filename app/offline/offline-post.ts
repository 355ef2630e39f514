import type { ClientActionFunctionArgs, ShouldRevalidateFunctionArgs } from "react-router";
import { newOfflineKey } from "./OfflineKey";
import { OFFLINE_KEY_FIELD } from "./offline-key";

/** How long a post may take before it counts as failed and is kept in the queue (it may still arrive: its key decides). */
const POST_TIMEOUT_MS = 15_000;

/** What a queueable form's action answers when its post was kept offline, or could not be. */
export interface OfflineAnswer {
  offline: "queued" | "not-kept";
}

export function isOfflineAnswer(value: unknown): value is OfflineAnswer {
  return !!value && typeof value === "object" && "offline" in value;
}

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
  const key = form.get(OFFLINE_KEY_FIELD);
  if (typeof key !== "string" || !key) return serverAction();
  try {
    return await within(serverAction(), POST_TIMEOUT_MS);
  } catch (error) {
    if (!connectionFailed(error)) throw error;
    const { keepOffline } = await import("./queue");
    // The page reads the offline answer as "no answer of the server": none of its own fields are there.
    return (await keepOffline(request.url, form, key)) as T;
  } finally {
    renewKey(key);
  }
}

/**
 * No reload of the page's data after a post was kept offline (it would fail as well): the form
 * stays as the person filled it in. The root and every page with queueable forms use it.
 */
export function notAfterQueued({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return isOfflineAnswer(actionResult) ? false : defaultShouldRevalidate;
}
