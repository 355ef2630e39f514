import { OFFLINE_KEY_FIELD } from "./offline-key";

/** A fresh key for a form that the offline queue may replay. */
export function newOfflineKey(): string {
  return crypto.randomUUID();
}

/**
 * The idempotency key of a queueable form (DESIGN.md §9; offline/idempotency.server.ts): made in
 * the browser when the form is shown, so without JavaScript (no queue) there is none. React never
 * sets its value: the form keeps its key through re-renders until the server has answered a post
 * of it (offline-post.ts renews it then).
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
