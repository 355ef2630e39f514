import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ledenportaal-db-"));
process.env.DATA_DIR = dataDir;
process.env.DATABASE_URL = "";
const { closeDb, getDb } = await import("./db.server");
const { config } = await import("./config.server");

afterAll(async () => {
  await closeDb();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("SQLite transactions", () => {
  it("hold the write lock from their start, so another process waits instead of failing halfway", async () => {
    const db = getDb();
    await sql`create table counter (n integer not null)`.execute(db);
    await sql`insert into counter (n) values (0)`.execute(db);
    // Another process's connection, which does not wait for locks.
    const other = new SQLite(config.sqliteFile, { timeout: 0 });
    try {
      await db.transaction().execute(async (tx) => {
        await sql`select n from counter`.execute(tx);
        // Begun deferred, this transaction would only read so far and the other could take the lock.
        expect(() => other.exec("begin immediate")).toThrow(/database is locked/);
        await sql`update counter set n = n + 1`.execute(tx);
      });
      other.exec("begin immediate; update counter set n = n + 1; commit");
      expect(other.prepare("select n from counter").get()).toEqual({ n: 2 });
    } finally {
      other.close();
    }
  });
});
