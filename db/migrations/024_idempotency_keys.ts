import type { Kysely } from "kysely";

/**
 * The keys of applied form posts (DESIGN.md §9, idempotency): every form the offline queue may
 * replay carries a key made when it was rendered. The key is written in the transaction of the
 * change it made, with a hash of what was posted, so a post that reached the server before the
 * connection dropped is not applied again when the queue replays it, and the same key with other
 * fields is refused. `result` is the answer the post got (where it led, and its notification).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("idempotency_keys")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("payload_hash", "text", (c) => c.notNull())
    .addColumn("created", "text", (c) => c.notNull())
    .addColumn("result", "text")
    .execute();
  await db.schema.createIndex("idempotency_keys_created").on("idempotency_keys").column("created").execute();
}
