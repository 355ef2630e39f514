import { useSyncExternalStore } from "react";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { Notification } from "../shell/notification";

/**
 * What every page knows of the offline queue, without loading it (the root, the header, the
 * loading overlay): the calls under way, the summary of the queue, the signed-in account's key,
 * and the answer of a post that was kept offline. The queue itself (queue.ts) loads only on
 * signed-in pages, after the page.
 */

function store<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return {
    get: () => value,
    set(next: T) {
      value = next;
      for (const listener of listeners) listener();
    },
    use: () =>
      useSyncExternalStore(
        subscribe,
        () => value,
        () => initial,
      ),
  };
}

// ---- calls under way (the loading overlay, shell/LoadingOverlay.tsx) ------------------------

/** Calls under way that React Router does not see: the offline queue's runs. */
const pendingCalls = store(0);

/** Counts `call` as pending until it settles, whichever way. */
export function trackCall<T>(call: Promise<T>): Promise<T> {
  pendingCalls.set(pendingCalls.get() + 1);
  return call.finally(() => pendingCalls.set(pendingCalls.get() - 1));
}

export const pendingCallCount = pendingCalls.get;
export const usePendingCalls = pendingCalls.use;

// ---- whether the portal can be reached (shell/OfflineMarker.tsx checks it) -------------------

/** What the header's check last found: 'back' for a few seconds after it was offline; 'online' on the server. */
export type PortalStatus = "online" | "offline" | "back";

const portalStatus = store<PortalStatus>("online");

export const setPortalStatus = portalStatus.set;
export const usePortalStatus = portalStatus.use;

// ---- the queue's summary ------------------------------------------------------------------

/** A queued post the server refused: it stays listed, with the reason and a link to its form. */
export interface RefusedChange {
  key: string;
  title: string;
  page: string;
  reason: string;
}

/** What the page shows of the offline queue (offline/OfflineQueue.tsx) and what logout warns about. */
export interface QueueSummary {
  /** Posts of this account waiting to be sent. */
  waiting: number;
  refused: RefusedChange[];
  /** Every post this browser keeps, whoever made it and whether refused or waiting: what logging out throws away. */
  kept: number;
  /** A message of the last thing the queue did: kept offline, discarded. */
  notice: Notification | null;
}

const summary = store<QueueSummary>({ waiting: 0, refused: [], kept: 0, notice: null });

/** '1 wijziging', '3 wijzigingen'. */
export function changesText(count: number): string {
  return count === 1 ? "1 wijziging" : `${count} wijzigingen`;
}

/** Set by the queue (offline/queue.ts). */
export function setQueueSummary(next: Partial<QueueSummary>): void {
  summary.set({ ...summary.get(), ...next });
}

export const useQueueSummary = summary.use;

/** The account whose posts are queued now (auth/account.ts accountKey); the root sets it. */
let account = "anoniem";
export function setQueueAccount(key: string): void {
  account = key;
}
export function queueAccount(): string {
  return account;
}

// ---- a post kept offline --------------------------------------------------------------------

/** What a queueable form's action answers when its post was kept offline, or could not be. */
export interface OfflineAnswer {
  offline: "queued" | "not-kept";
}

export function isOfflineAnswer(value: unknown): value is OfflineAnswer {
  return !!value && typeof value === "object" && "offline" in value;
}

/**
 * No reload of the page's data after a post was kept offline (it would fail as well): the form
 * stays as the person filled it in. The root and every page with queueable forms use it.
 */
export function notAfterQueued({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return isOfflineAnswer(actionResult) ? false : defaultShouldRevalidate;
}
