import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    databaseUrl: string;
  }
}

const root = path.resolve(import.meta.dirname, "../..");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function waitFor(url: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server stopped:\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start:\n${output()}`);
}

/**
 * Starts the real portal once for the whole integration suite: a fresh data folder, demo data,
 * and on PostgreSQL (DATABASE_URL=postgres://…) a fresh database that is dropped afterwards.
 */
export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ledenportaal-it-"));
  let databaseUrl = "";
  let dropDatabase = async () => {};
  const given = process.env.DATABASE_URL ?? "";
  if (/^postgres(ql)?:\/\//.test(given)) {
    const name = `ledenportaal_it_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: given });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(given);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: given });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }

  const port = await freePort();
  let log = "";
  const server = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      DEMO: "1",
      // Lets a test speak for different client addresses through X-Forwarded-For.
      TRUST_PROXY: "1",
      NODE_ENV: "production",
      COOKIE_SECURE: "0",
      MAIL_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (d) => (log += d));
  server.stderr!.on("data", (d) => (log += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  // The start script builds first when the sources are newer than the build.
  await waitFor(`${baseUrl}/online`, server, () => log);

  project.provide("baseUrl", baseUrl);
  project.provide("dataDir", dataDir);
  project.provide("databaseUrl", databaseUrl);

  return async () => {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    if (process.env.IT_SERVER_LOG) console.log(log);
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
