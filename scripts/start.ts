/**
 * `npm start`: builds the portal when its sources are newer than the build, migrates the database,
 * seeds demo data into an empty database (unless DEMO=0) and serves on PORT, with one worker
 * process per processor core (WEB_CONCURRENCY sets another number; 1 serves from this process).
 */
// First: records whether production was asked for, then makes React render its production build.
import "./production-env";
import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { config, productionProblems } from "../app/lib/config.server";
import { closeDb } from "../app/lib/db.server";
import { startHousekeeping, stopHousekeeping } from "../app/lib/housekeeping.server";
import { startMailWorker, stopMailWorker } from "../app/lib/mail.server";
import { migrateToLatest } from "../db/migrate";
import { seedIfEmpty } from "../db/seed";
import { createApp } from "../server/app";
import { workerExecArgv } from "./worker-exec-argv";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR || "build");
const serverEntry = path.join(buildDir, "server/index.js");

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function buildIfNeeded() {
  const built = fs.existsSync(serverEntry) ? fs.statSync(serverEntry).mtimeMs : 0;
  const sources = Math.max(
    newestMtime(path.join(root, "app")),
    newestMtime(path.join(root, "public")),
    fs.statSync(path.join(root, "vite.config.ts")).mtimeMs,
  );
  if (built >= sources) return;
  console.log("Portaal wordt gebouwd…");
  const result = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Serves the portal from this process until SIGTERM or SIGINT, then drains and exits. */
async function serve() {
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const app = createApp({
    build,
    clientDir: path.join(buildDir, "client"),
    production: config.production,
    trustProxy: config.trustProxy,
    publicUrl: config.publicUrl || undefined,
  });
  // Express 5 hands a failed listen (a port in use) to this callback too.
  const server = app.listen(config.port, (error?: Error) => {
    if (error) {
      console.error(`Kan niet luisteren op poort ${config.port}: ${error.message}`);
      process.exit(1);
    }
    if (cluster.isPrimary) console.log(`Ledenportaal luistert op http://localhost:${config.port}`);
    else process.send?.("listening");
  });
  // An idle kept-alive connection is closed by the client or a proxy in front (commonly after 60 s),
  // never by the portal first: closing it just as the other side sends its next request on it (Node's
  // default is 5 s) loses that request with a reset.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  startMailWorker();
  startHousekeeping();

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // Stop accepting, let running requests finish and the mail under way go, then close the database.
    server.close(async () => {
      stopHousekeeping();
      await stopMailWorker();
      await closeDb();
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

/**
 * Node runs JavaScript on one core; workers sharing the port use them all. The database is
 * migrated and seeded once, before any worker starts. A worker that dies is replaced; on SIGTERM
 * every worker drains its requests and the primary exits when they are done.
 */
async function superviseWorkers(count: number) {
  await closeDb();
  cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv, process.env.NODE_OPTIONS) });
  let stopping = false;
  let failed = false;
  const listening = new Set<number>();
  const fork = () => {
    const worker = cluster.fork();
    worker.on("message", (message) => {
      if (message !== "listening") return;
      listening.add(worker.id);
      if (listening.size === count) {
        console.log(`Ledenportaal luistert op http://localhost:${config.port} (${count} processen)`);
      }
    });
  };
  for (let i = 0; i < count; i++) fork();
  cluster.on("exit", (worker, code) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    if (!listening.has(worker.id)) {
      // It never served: starting again would fail the same way.
      console.error(`Werkproces ${worker.process.pid} kon niet starten (${code}).`);
      failed = true;
      stop();
      return;
    }
    listening.delete(worker.id);
    console.error(`Werkproces ${worker.process.pid} stopte (${code}); een nieuw wordt gestart.`);
    fork();
  });
  function stop() {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    setTimeout(() => process.exit(1), 12_000).unref();
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
  }
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

async function main() {
  if (cluster.isWorker) return serve();
  if (config.production) {
    const problems = productionProblems();
    if (problems.length) {
      for (const problem of problems) console.error(problem);
      console.error("Het portaal start niet in productie (NODE_ENV=production) zolang dit niet is opgelost.");
      process.exit(1);
    }
  }
  buildIfNeeded();
  await migrateToLatest();
  await seedIfEmpty({ demo: config.demo });
  const workers = Number(process.env.WEB_CONCURRENCY) || os.availableParallelism();
  return workers > 1 ? superviseWorkers(workers) : serve();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
