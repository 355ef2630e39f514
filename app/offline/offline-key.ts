/**
 * The field that carries a form's idempotency key (DESIGN.md §9): made in the browser when a
 * queueable form is shown, sent with every post of it, renewed once the server has answered.
 */
export const OFFLINE_KEY_FIELD = "_sleutel";

/** What a key looks like: a UUID, or any other 16 to 64 letters, digits and dashes. */
export const OFFLINE_KEY_PATTERN = /^[A-Za-z0-9-]{16,64}$/;
