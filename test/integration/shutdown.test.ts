import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freePort } from "../start-server";

const root = path.resolve(import.meta.dirname, "../..");

describe("graceful shutdown", () => {
  // As npm start serves: one process, or a primary with worker processes (one per core by default).
  it.each([1, 2])("finishes on SIGTERM, answering the request under way and closing the database (%i processes)", async (workers) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ledenportaal-stop-"));
    const port = await freePort();
    const server = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        DEMO: "1",
        NODE_ENV: "",
        WEB_CONCURRENCY: String(workers),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let log = "";
    server.stdout!.on("data", (d) => (log += d));
    server.stderr!.on("data", (d) => (log += d));
    try {
      const deadline = Date.now() + 60_000;
      while (!log.includes("luistert op")) {
        if (Date.now() > deadline || server.exitCode !== null) throw new Error(log);
        await new Promise((r) => setTimeout(r, 100));
      }
      // A request in flight when the signal arrives still gets its answer.
      const status = new Promise<number>((resolve, reject) => {
        const req = http.get(`http://127.0.0.1:${port}/`, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        });
        req.on("error", reject);
        // Signal once the request has reached the server, not before.
        req.on("socket", (socket) => socket.on("connect", () => setTimeout(() => server.kill("SIGTERM"), 20)));
      });
      expect(await status).toBe(200);
      const code = await new Promise<number | null>((resolve) => server.once("exit", resolve));
      expect(code).toBe(0);
      // SQLite removes its write-ahead log when the last connection closes cleanly.
      expect(fs.existsSync(path.join(dataDir, "ledenportaal.sqlite-wal"))).toBe(false);
      await expect(fetch(`http://127.0.0.1:${port}/online`)).rejects.toThrow();
    } finally {
      if (server.exitCode === null) server.kill("SIGKILL");
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // Starting worker processes on a busy machine takes a while.
  }, 90_000);

  it.each([1, 2])("stops with an error when the port is taken (%i processes)", async (workers) => {
    const taken = http.createServer();
    await new Promise<void>((resolve) => taken.listen(0, resolve));
    const port = (taken.address() as { port: number }).port;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ledenportaal-taken-"));
    try {
      const server = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
        cwd: root,
        env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: "", DEMO: "1", WEB_CONCURRENCY: String(workers) },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let log = "";
      server.stdout!.on("data", (d) => (log += d));
      server.stderr!.on("data", (d) => (log += d));
      const code = await new Promise<number | null>((resolve) => server.once("exit", resolve));
      expect(code).toBe(1);
      expect(log).toContain(`Kan niet luisteren op poort ${port}`);
      expect(log).not.toContain("luistert op");
    } finally {
      taken.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
