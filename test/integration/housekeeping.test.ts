import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import { engine } from "../../app/lib/db.server";
import { purgeStale } from "../../app/lib/housekeeping.server";
import { countFound } from "../../app/lib/search.server";
import { insertMember, insertUser } from "../fixtures";
import { getDb } from "./support";

const ago = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();
const ahead = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();

describe("housekeeping", () => {
  it("removes expired sessions, old tokens and passed rate-limit windows, and keeps what is current", async () => {
    const db = getDb();
    const user = await insertUser(db, {});
    const tag = `${process.pid}-${Date.now()}`;
    await db
      .insertInto("sessions")
      .values([
        { id: `idle-${tag}`, user_id: user.id, data: "{}", expires: ago(1), created: ago(3) },
        { id: `old-${tag}`, user_id: user.id, data: "{}", expires: ahead(1), created: ago(13) },
        { id: `live-${tag}`, user_id: user.id, data: "{}", expires: ahead(1), created: ago(1) },
      ])
      .execute();
    const token = (hash: string, expires: string, used: number, created: string) => ({
      user_id: user.id,
      purpose: "reset" as const,
      token_hash: `${hash}-${tag}`,
      expires,
      used,
      attempts: 0,
      created,
    });
    await db
      .insertInto("tokens")
      .values([
        token("expired-long-ago", ago(24 * 8), 0, ago(24 * 9)),
        token("used-long-ago", ahead(1), 1, ago(24 * 8)),
        token("used-recently", ago(1), 1, ago(2)),
        token("valid", ahead(1), 0, ago(0)),
      ])
      .execute();
    await db
      .insertInto("rate_limits")
      .values([
        { key: `loginIp:passed-${tag}`, count: 5, reset_at: ago(1) },
        { key: `loginIp:open-${tag}`, count: 5, reset_at: ahead(1) },
      ])
      .execute();

    await purgeStale();

    const sessions = await db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute();
    expect(sessions.map((s) => s.id)).toEqual([`live-${tag}`]);
    const tokens = await db.selectFrom("tokens").select("token_hash").where("user_id", "=", user.id).orderBy("token_hash").execute();
    expect(tokens.map((t) => t.token_hash)).toEqual([`used-recently-${tag}`, `valid-${tag}`]);
    const limits = await db.selectFrom("rate_limits").select("key").where("key", "like", `%${tag}`).execute();
    expect(limits.map((l) => l.key)).toEqual([`loginIp:open-${tag}`]);
  });

  it("merges the search indexes, after which a search finds what it found before", async () => {
    const db = getDb();
    const word = `samenvoegen${process.pid}x${Date.now()}`;
    // One membership a transaction: each adds segments of its own to the search index.
    for (let i = 0; i < 12; i++) await insertMember(db, { name: `Sportschool ${word} ${i}` });
    const found = async () => Number((await db.selectNoFrom(countFound("member_search", [word]).as("n")).executeTakeFirstOrThrow()).n);
    const sqliteRows = async () => (engine() === "postgres" ? 0 : Number((await sql<{ n: number }>`select count(*) as n from member_search_data`.execute(db)).rows[0]!.n));
    const rowsBefore = await sqliteRows();
    expect(await found()).toBe(12);

    await purgeStale();

    expect(await found()).toBe(12);
    if (engine() === "postgres") return;
    // Fewer index pages: the segments are one b-tree now, and FTS5 finds the index whole.
    expect(await sqliteRows()).toBeLessThan(rowsBefore);
    await sql`insert into member_search (member_search) values ('integrity-check')`.execute(db);
  });
});
