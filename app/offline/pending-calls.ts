import { useSyncExternalStore } from "react";

/**
 * Calls under way that React Router does not see (the offline queue's runs): the loading overlay
 * counts them with its navigations and fetchers (shell/LoadingOverlay.tsx).
 */
let pending = 0;
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

/** Counts `call` as pending until it settles, whichever way. */
export function trackCall<T>(call: Promise<T>): Promise<T> {
  pending++;
  changed();
  return call.finally(() => {
    pending--;
    changed();
  });
}

export function pendingCallCount(): number {
  return pending;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function usePendingCalls(): number {
  return useSyncExternalStore(
    subscribe,
    pendingCallCount,
    () => 0,
  );
}
