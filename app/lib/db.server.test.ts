import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql, type SqlBool } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDb, condition, conditionsHold, getDb, rowExists } from "./db.server";

/** A SQLite database of its own in a scratch folder for the tests of a `describe`, made by `create`; the folder is read with the returned function. */
function scratchDatabase(create: () => Promise<void>): () => string {
  let dataDir = "";
  beforeAll(async () => {
    await closeDb();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ledenportaal-db-"));
    vi.stubEnv("DATA_DIR", dataDir);
    vi.stubEnv("DATABASE_URL", "");
    await create();
  });
  afterAll(async () => {
    await closeDb();
    vi.unstubAllEnvs();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return () => dataDir;
}

describe("SQLite transactions", () => {
  const dataDir = scratchDatabase(async () => {
    await sql`create table counter (n integer not null)`.execute(getDb());
    await sql`insert into counter (n) values (0)`.execute(getDb());
  });

  it("hold the write lock from their start, so another process's write waits instead of failing the transaction", async () => {
    // Another worker process, as a second connection to the same file that does not wait.
    const other = new SQLite(path.join(dataDir(), "ledenportaal.sqlite"));
    other.pragma("busy_timeout = 0");
    try {
      await getDb()
        .transaction()
        .execute(async (tx) => {
          // Only a read so far: with a plain BEGIN the other process could still write now, and this
          // transaction's write below would then fail with SQLITE_BUSY.
          await sql`select n from counter`.execute(tx);
          expect(() => other.prepare("update counter set n = n + 1").run()).toThrow(/database is locked/);
          await sql`update counter set n = n + 10`.execute(tx);
        });
      other.prepare("update counter set n = n + 1").run();
      expect(other.prepare("select n from counter").get()).toEqual({ n: 11 });
    } finally {
      other.close();
    }
  });
});

describe("conditionsHold", () => {
  scratchDatabase(async () => {
    await sql`create table flags (name text not null, dirty integer not null)`.execute(getDb());
    await sql`insert into flags (name, dirty) values ('licenties', 1), ('keuring', 0)`.execute(getDb());
  });

  it("answers each condition in its place, as booleans, and asks nothing for none", async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a scratch table outside the schema
    const db = getDb() as any;
    const dirty = condition((name: string) => rowExists(db.selectFrom("flags").select("name").where("name", "=", name).where("dirty", "=", 1)));
    const always = condition(() => sql<SqlBool>`1 = 1`);
    expect(await conditionsHold([dirty("keuring"), dirty("licenties"), dirty("onbekend"), always()])).toEqual([false, true, false, true]);
    // The same conditions with other values: the statement compiled the first time, filled anew.
    expect(await conditionsHold([dirty("licenties"), dirty("keuring"), dirty("licenties"), always()])).toEqual([true, false, true, true]);
    expect(await conditionsHold([])).toEqual([]);
  });
});
