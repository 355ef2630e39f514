import { useSyncExternalStore } from "react";
import type { Notification } from "../shell/notification";

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
  /** A message of the last thing the queue did: kept offline, discarded. */
  notice: Notification | null;
}

const EMPTY: QueueSummary = { waiting: 0, refused: [], notice: null };
let summary = EMPTY;
const listeners = new Set<() => void>();

/** Set by the queue (offline/queue.ts), which loads only for signed-in pages. */
export function setQueueSummary(next: Partial<QueueSummary>): void {
  summary = { ...summary, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useQueueSummary(): QueueSummary {
  return useSyncExternalStore(
    subscribe,
    () => summary,
    () => EMPTY,
  );
}

/** The account whose posts are queued now (`${id}-${imitator}`, or "anoniem"); the root sets it. */
let account = "anoniem";
export function setQueueAccount(key: string): void {
  account = key;
}
export function queueAccount(): string {
  return account;
}
