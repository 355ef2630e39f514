/**
 * `npm run profile`: where a page's server time goes, per request, beside the trivial page. Starts
 * the portal as the benchmark does (its data, the admin signed in) but in one process, loads each
 * of the benchmark's targets with autocannon at 10 connections while V8's CPU profiler samples that
 * process (scripts/profile-agent.mjs), and prints each target's processor time per request by
 * package and by function, and what it spends beyond the trivial page, measured just before it.
 * With PROFILE_SQL=1 it times each SQL statement instead (its text, how often a request runs it,
 * its median time), one request at a time.
 *
 *   npm run profile                          every target of the benchmark
 *   npm run profile -- "Info & Media" bakker  the targets whose name contains one of these
 *   npm run profile -- /vestigingen?page=3    a path of your own (the admin's answer must be 200)
 *
 * PROFILE_REQUESTS sets the requests per target (2,000); DATABASE_URL=postgres://… profiles on a
 * scratch PostgreSQL database (its processes are not sampled; PROFILE_SQL times each statement's
 * round trip).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ENGINE_NAMES, engineOf } from "../app/lib/engine";
import type { RunningPortal } from "../test/start-server";
import { autocannon, benchTargets, CONNECTIONS, fullEstablishment, onSeededPortal, serverCpuSeconds, targetsChosen, warmUp, workerMemory, type Target } from "./bench";
import { beyond, breakdown, largest, statementReport, type Breakdown, type CpuProfile, type StatementTimes } from "./profile-report";

const REQUESTS = Math.max(100, Number(process.env.PROFILE_REQUESTS || 2000));
const SQL = !!process.env.PROFILE_SQL;
/**
 * The statements are timed with one request at a time: on PostgreSQL a statement's time is then
 * its round trip and the database's work, not the wait for a process busy with other requests.
 */
const LOAD_CONNECTIONS = SQL ? 1 : CONNECTIONS;
const AGENT = path.join(path.dirname(fileURLToPath(import.meta.url)), "profile-agent.mjs");

/** Waits until `file` exists (the agent writes it), at most `ms`. */
async function appears(file: string, ms = 30_000): Promise<void> {
  const until = Date.now() + ms;
  while (!fs.existsSync(file)) {
    if (Date.now() > until) throw new Error(`Het profiel verschijnt niet: ${file}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface Measured {
  target: Target;
  requests: number;
  /** Answers with another status than the target's, and connection errors: the figures then mislead. */
  failures: number;
  /** The portal's processor time per request (all its threads), in ms. */
  cpuMs: number;
  profile?: Breakdown;
  statements?: ReturnType<typeof statementReport>;
}

/** One target under load while the agent measures it. */
async function measure(portal: RunningPortal, pid: number, dir: string, cookie: string, target: Target, index: number): Promise<Measured> {
  const running = path.join(dir, "running");
  fs.rmSync(running, { force: true });
  process.kill(pid, "SIGUSR2");
  await appears(running);
  const cpuBefore = serverCpuSeconds(portal.dataDir);
  const result = await autocannon({ url: portal.baseUrl + target.path, connections: LOAD_CONNECTIONS, amount: REQUESTS, headers: { Cookie: cookie } });
  const cpuMs = ((serverCpuSeconds(portal.dataDir) - cpuBefore) * 1000) / result.requests.total;
  process.kill(pid, "SIGUSR2");
  const file = path.join(dir, `measurement-${index}.json`);
  await appears(file);
  const content: unknown = JSON.parse(fs.readFileSync(file, "utf8"));
  const requests = result.requests.total;
  const failures = requests - (result.statusCodeStats[target.status]?.count ?? 0) + result.errors;
  return SQL
    ? { target, requests, failures, cpuMs, statements: statementReport(content as StatementTimes[], requests) }
    : { target, requests, failures, cpuMs, profile: breakdown(content as CpuProfile, requests) };
}

const ms = (value: number) => value.toFixed(3).padStart(7);
const signed = (value: number) => `${value >= 0 ? "+" : "−"}${Math.abs(value).toFixed(3)}`.padStart(7);

/** A target's figures, and what it spends beyond the trivial page measured just before it. */
function print(measured: Measured, trivial: Measured | undefined) {
  const { target, cpuMs, profile, statements } = measured;
  const besides = trivial ? `; de triviale pagina ervoor ${trivial.cpuMs.toFixed(2)} ms` : "";
  console.log(`\n${target.name} (${target.path}): ${measured.requests} verzoeken, CPU ${cpuMs.toFixed(2)} ms per verzoek${besides}`);
  for (const m of [measured, trivial]) {
    if (m?.failures) console.log(`  Let op: ${m.failures} verzoeken aan ${m.target.path} kregen niet het verwachte antwoord (${m.target.status}).`);
  }
  if (statements) {
    console.log("  ms/verzoek  keer/verzoek  mediaan ms  statement");
    for (const s of statements.slice(0, 15)) {
      console.log(`  ${ms(s.msPerRequest)}     ${s.perRequest.toFixed(2).padStart(8)}     ${ms(s.median)}  ${s.sql.replace(/\s+/g, " ").slice(0, 150)}`);
    }
    return;
  }
  if (!profile) return;
  console.log(`  bemonsterd (hoofdthread, zonder wachten): ${profile.busyMs.toFixed(2)} ms per verzoek`);
  console.log("  per onderdeel (eigen tijd, ms per verzoek):");
  for (const [part, value] of largest(profile.byPart, 12)) console.log(`    ${ms(value)}  ${part}`);
  if (trivial?.profile) {
    console.log(`  meer dan de triviale pagina: ${signed(profile.busyMs - trivial.profile.busyMs)} ms, per onderdeel:`);
    for (const [part, value] of beyond(profile.byPart, trivial.profile.byPart, 8)) console.log(`    ${signed(value)}  ${part}`);
    console.log("  per functie, het grootste verschil met de triviale pagina:");
    for (const [name, value] of beyond(profile.byFunction, trivial.profile.byFunction, 15)) console.log(`    ${signed(value)}  ${name}`);
  } else {
    console.log("  per functie (eigen tijd):");
    for (const [name, value] of largest(profile.byFunction, 15)) console.log(`    ${ms(value)}  ${name}`);
  }
}

async function main() {
  const args = process.argv.slice(2);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ledenportaal-profile-"));
  console.log(`Profiel op ${ENGINE_NAMES[engineOf(process.env.DATABASE_URL ?? "")]}: portaal starten (één proces)…`);
  // The agent goes along into the portal's process (startPortal passes this environment on).
  process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ""} --import ${pathToFileURL(AGENT).href}`.trim();
  process.env.PROFILE_DIR = dir;
  const cleanUp = () => fs.rmSync(dir, { recursive: true, force: true });
  await onSeededPortal({ prefix: "profile", workers: 1, cleanUp }, async (portal, cookie) => {
    const all = benchTargets(await fullEstablishment());
    const own = args.filter((arg) => arg.startsWith("/")).map((p): Target => ({ name: p, path: p, status: 200, kind: "other" }));
    const parts = args.filter((arg) => !arg.startsWith("/"));
    // The trivial page always, as the yardstick; /online draws nothing worth profiling.
    const chosen = parts.length ? targetsChosen(all, parts) : own.length ? all.filter((t) => t.kind === "trivial") : all;
    const targets = [...chosen.filter((t) => t.path !== "/online"), ...own];
    for (const target of targets) {
      process.stdout.write(`Opwarmen: ${target.name}… `);
      await warmUp(portal.baseUrl, cookie, target.path, target.status);
      console.log("klaar");
    }
    // One process: the start script serves (workerMemory finds it as the benchmark does).
    const [server] = workerMemory(portal.dataDir);
    if (!server) throw new Error("Het proces van het portaal is niet gevonden");
    const pid = server.pid;
    // Each target beside a measurement of the trivial page taken just before it: the machine's
    // speed drifts within minutes, and a difference is only worth reading between neighbours.
    const trivialPage = targets.find((t) => t.kind === "trivial")!;
    let files = 0;
    const pairs: [Measured, Measured | undefined][] = [];
    for (const target of targets.filter((t) => t !== trivialPage)) {
      process.stdout.write(`Meten: ${target.name} (en de triviale pagina ervoor)… `);
      const trivial = await measure(portal, pid, dir, cookie, trivialPage, ++files);
      pairs.push([await measure(portal, pid, dir, cookie, target, ++files), trivial]);
      console.log("klaar");
    }
    if (!pairs.length) pairs.push([await measure(portal, pid, dir, cookie, trivialPage, ++files), undefined]);
    for (const [m, trivial] of pairs) print(m, trivial);
  });
}

void main();
