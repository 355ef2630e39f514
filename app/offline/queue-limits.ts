/** Where the offline queue is sent (part 1 §7). */
export const ACTION_QUEUE_PATH = "/action-queue";
/** The most one run of the queue may post: several forms, a rich text among them. */
export const MAX_QUEUE_BYTES = 4 * 1024 * 1024;
/** The most entries one run sends; the rest follow in the next run. */
export const MAX_QUEUE_ENTRIES = 25;
/** The version of the queue's format, in the browser's storage and on the wire. */
export const QUEUE_VERSION = 1;
