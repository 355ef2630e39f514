import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { engineOf } from "../app/lib/engine";
import { startGeocoderStub } from "./geocoder-stub";

const root = path.resolve(import.meta.dirname, "..");

export interface RunningPortal {
  baseUrl: string;
  dataDir: string;
  /** Empty on SQLite (the database lives in dataDir). */
  databaseUrl: string;
  /** The local Locatieserver stub the portal geocodes with (test/geocoder-stub.ts). */
  geocoderUrl: string;
  /** Everything the server printed so far (over restarts). */
  log: () => string;
  /**
   * Kills the server at once with SIGKILL, as a crash or a power cut ends it: no draining, no
   * closing of the database. Started `detached`, the whole process group goes (the worker
   * processes too). Resolves once it has exited; the data folder and database stay.
   */
  kill: () => Promise<void>;
  /** Starts the server again on the same data folder, database and port; resolves once it answers. */
  restart: () => Promise<void>;
  /** SIGTERM, wait for the exit, drop the database and the data folder. */
  stop: () => Promise<void>;
}

/**
 * A port no one listens on now. Another process may still take it before the portal listens (CI
 * runs two suites at once), so startPortal tries again on a fresh port when that happens.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** `npm start`'s script as a child process of this one, its output collected by `output`. */
function launch(env: NodeJS.ProcessEnv, output: (chunk: Buffer) => void, detached = false) {
  const server = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    cwd: root,
    env,
    // Detached: a process group of its own, so that a kill reaches the worker processes too.
    detached,
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", output);
  server.stderr!.on("data", output);
  const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
  return { server, exited };
}

type Launched = ReturnType<typeof launch>;

/** SIGKILL for a launched server (and its process group when detached); resolves once it is gone. */
async function killNow({ server, exited }: Launched, detached: boolean) {
  if (detached) {
    try {
      // Also when the start process is gone already: its workers may not be.
      process.kill(-server.pid!, "SIGKILL");
    } catch {
      // no process left in the group
    }
  } else if (server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
  await exited;
  if (!detached) return;
  // The workers die with the group; wait until none is left (they hold the port open).
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    try {
      process.kill(-server.pid!, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function waitFor(url: string, server: ChildProcess, output: () => string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) throw new Error(`server stopped:\n${output()}`);
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

/** On PostgreSQL (DATABASE_URL=postgres://…) a fresh database of its own, dropped afterwards. */
async function freshDatabase(given: string, prefix: string) {
  if (engineOf(given) !== "postgres") return { databaseUrl: "", drop: async () => {} };
  const name = `ledenportaal_${prefix}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: given });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(given);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: given });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface PortalOptions {
  /** Part of the names of the scratch folder and database. */
  prefix?: string;
  printLogOnStop?: boolean;
  /** WEB_CONCURRENCY: 1 serves from one process, more from as many worker processes. */
  workers?: number;
  /** A process group of its own, so that `kill` ends the worker processes with it. */
  detached?: boolean;
  /** How long a (re)start may take before it counts as failed. */
  startTimeoutMs?: number;
}

/**
 * Starts the real portal for a test suite as `npm start` serves on a fresh machine (the build,
 * demo data, no production settings) with PUBLIC_URL set to its own address: a fresh data folder,
 * plain HTTP, a free port, geocoding against a local stub of the Locatieserver (never the real
 * one). The start script builds first when the sources are newer than the build (BUILD_DIR is
 * passed through). It can be killed and restarted on the same data (crash tests).
 */
export async function startPortal({
  prefix = "it",
  printLogOnStop = false,
  workers = 1,
  detached = false,
  startTimeoutMs = 90_000,
}: PortalOptions = {}): Promise<RunningPortal> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ledenportaal-${prefix}-`));
  const { databaseUrl, drop } = await freshDatabase(process.env.DATABASE_URL ?? "", prefix);
  const geocoder = await startGeocoderStub();
  let port = await freePort();
  let baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DEMO: "1",
    // Lets a test speak for different client addresses through X-Forwarded-For.
    TRUST_PROXY: "1",
    NODE_ENV: "",
    PUBLIC_URL: baseUrl,
    COOKIE_SECURE: "0",
    MAIL_URL: "",
    // Geocoding asks the local Locatieserver stub, never the real one.
    GEOCODER_URL: geocoder.url,
    GEOCODING: "on",
    // One process unless asked: tests read the server's log and signal it directly.
    WEB_CONCURRENCY: String(workers),
  };
  let log = "";
  // Also in DATA_DIR/server.log, where tests of the suite read the structured log lines.
  const logFile = path.join(dataDir, "server.log");
  const keep = (d: Buffer) => {
    log += d;
    fs.appendFileSync(logFile, d);
  };
  let current = launch(env, keep, detached);
  const cleanUp = async () => {
    await geocoder.stop();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  for (let attempt = 1; ; attempt++) {
    try {
      await waitFor(`${baseUrl}/online`, current.server, () => log, startTimeoutMs);
      break;
    } catch (error) {
      await killNow(current, detached);
      if (attempt < 3 && log.includes("EADDRINUSE")) {
        // The port was taken between choosing it and listening: again, on another.
        port = await freePort();
        baseUrl = `http://127.0.0.1:${port}`;
        Object.assign(env, { PORT: String(port), PUBLIC_URL: baseUrl });
        log = "";
        current = launch(env, keep, detached);
        continue;
      }
      await cleanUp();
      throw error;
    }
  }

  return {
    baseUrl,
    dataDir,
    databaseUrl,
    geocoderUrl: geocoder.url,
    log: () => log,
    kill: () => killNow(current, detached),
    restart: async () => {
      await killNow(current, detached);
      current = launch(env, keep, detached);
      await waitFor(`${baseUrl}/online`, current.server, () => log, startTimeoutMs);
    },
    stop: async () => {
      const { server, exited } = current;
      if (server.exitCode === null && server.signalCode === null) {
        server.kill("SIGTERM");
        await exited;
      }
      if (printLogOnStop) console.log(log);
      await cleanUp();
    },
  };
}

/**
 * Runs `npm start`'s script on its own (not the suite's shared portal) with `env` on a free port,
 * until it exits or, with `untilListening`, says it listens. `dataDir` reuses a data folder (a
 * restart); `stop` removes it unless `keep`.
 */
export async function startScript(env: Record<string, string>, untilListening = false, dataDir?: string) {
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "ledenportaal-script-"));
  const port = await freePort();
  let log = "";
  const { server, exited } = launch(
    { ...process.env, PORT: String(port), DATA_DIR: dir, DATABASE_URL: "", WEB_CONCURRENCY: "1", MAIL_URL: "", ...env },
    (d) => (log += d),
  );
  if (untilListening) {
    const deadline = Date.now() + 60_000;
    while (!log.includes("luistert op") && server.exitCode === null && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const stop = async ({ keep = false } = {}) => {
    if (server.exitCode === null) server.kill("SIGTERM");
    await exited;
    if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  };
  return { port, dataDir: dir, baseUrl: `http://127.0.0.1:${port}`, log: () => log, exited, stop };
}
