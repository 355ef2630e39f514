import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import SQLite from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { startScript } from "../start-server";

/** A mail server that hangs up on every connection: every send fails at once. */
async function brokenSmtp() {
  const server = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as net.AddressInfo).port, close: () => new Promise((r) => server.close(r)) };
}

async function until<T>(read: () => T | undefined, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`waited in vain for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface OutboxRow {
  id: number;
  sent: string | null;
  attempts: number;
  last_error: string;
  next_attempt: string;
}

describe("the mail outbox", () => {
  it("keeps a mail the mail server refused, retries it later, and sends it after a restart", async () => {
    const smtp = await brokenSmtp();
    const first = await startScript({ NODE_ENV: "", DEMO: "1", MAIL_URL: `smtp://127.0.0.1:${smtp.port}` }, true);
    const database = () => new SQLite(path.join(first.dataDir, "ledenportaal.sqlite"));
    try {
      const res = await fetch(`${first.baseUrl}/wachtwoord-vergeten`, {
        method: "POST",
        body: new URLSearchParams({ email: "lid@voorbeeld.nl" }),
        headers: { Origin: first.baseUrl },
        redirect: "manual",
      });
      // Answered without waiting for the mail server.
      expect(res.status).toBe(302);
      const failed = await until(() => {
        const db = database();
        try {
          const row = db.prepare("select * from mail_outbox where recipient = ?").get("lid@voorbeeld.nl") as OutboxRow | undefined;
          return row && row.last_error ? row : undefined;
        } finally {
          db.close();
        }
      }, "a failed attempt");
      expect(failed.sent).toBeNull();
      expect(failed.attempts).toBe(1);
      // The next try waits about a minute.
      expect(Date.parse(failed.next_attempt) - Date.now()).toBeGreaterThan(30_000);
      await first.stop({ keep: true });

      // Due now, and a working outbox after a restart: the mail goes out.
      const db = database();
      db.prepare("update mail_outbox set next_attempt = ? where id = ?").run(new Date().toISOString(), failed.id);
      db.close();
      const second = await startScript({ NODE_ENV: "", DEMO: "1", MAIL_URL: "" }, true, first.dataDir);
      try {
        const file = await until(() => {
          const dir = path.join(first.dataDir, "mail");
          return fs.existsSync(dir) ? fs.readdirSync(dir).find((name) => name.endsWith("resetting_password.eml")) : undefined;
        }, "the mail file");
        expect(fs.readFileSync(path.join(first.dataDir, "mail", file), "utf8")).toContain("lid@voorbeeld.nl");
        const check = database();
        const row = check.prepare("select * from mail_outbox where id = ?").get(failed.id) as OutboxRow;
        check.close();
        expect(row.sent).not.toBeNull();
        expect(row.attempts).toBe(2);
      } finally {
        await second.stop();
      }
    } finally {
      await first.stop();
      await smtp.close();
    }
  }, 120_000);
});
