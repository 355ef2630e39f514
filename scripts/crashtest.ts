/**
 * `npm run crashtest`: does every change the portal confirmed survive a crash? Starts the real
 * portal as `npm start` serves (a worker process per core) on a scratch data folder (and, with
 * DATABASE_URL=postgres://…, a scratch database), signs in as the demo admin and drives a stream
 * of real form posts at 10 connections: renames of memberships (tab Algemeen) and new websites of
 * establishments, each with a value of its own. At a random moment (0.3–2 s after the round's first
 * answer) the server's whole process group is killed with SIGKILL; then the database is checked as the crash
 * left it, and the portal is started again on it. After CRASH_ROUNDS rounds (default 20) it prints
 * the rounds, the confirmed writes and the lost ones, and exits 1 when a write was lost or the
 * database failed its integrity check.
 *
 * A write is confirmed when the portal answered it with its success response (the redirect back to
 * the form, with the notification). Each connection owns one membership and one establishment and
 * writes them one after the other, so per record the order of the writes is known: afterwards the
 * record must hold the last confirmed value, or the value of a write sent after it whose answer the
 * crash cut off (that one may or may not have been saved). A membership's rename is also logged in
 * the same transaction; every confirmed rename must have its log entry, and every establishment at
 * least as many log entries as confirmed saves.
 */
import http from "node:http";
import os from "node:os";
import { sql } from "kysely";
import { closeDb, engine, getDb } from "../app/lib/db.server";
import { ENGINE_NAMES, engineOf } from "../app/lib/engine";
import { insertEnterprise, insertMember } from "../test/fixtures";
import { signInWithMailedCode } from "../test/sign-in";
import { startPortal, type RunningPortal } from "../test/start-server";

const ROUNDS = Math.max(1, Number(process.env.CRASH_ROUNDS || 20));
const CONNECTIONS = 10;
const MIN_WRITE_MS = 300;
const MAX_WRITE_MS = 2000;
const ADMIN = "beheer@voorbeeld.nl";
/** Lidnummers of the test's establishments (unique over the scratch database). */
const FIRST_LIDNUMMER = 900_000;

type Kind = "member" | "enterprise";
type Outcome = "sent" | "confirmed" | "refused" | "cut-off";

interface Write {
  seq: number;
  value: string;
  outcome: Outcome;
  status?: number;
}

interface Target {
  kind: Kind;
  id: number;
  /** Where the form posts: the admin's edit page. */
  path: string;
  fields: (value: string) => Record<string, string>;
  /** The value stored before the test's first write. */
  initial: string;
  /** In the order sent (one at a time per record). */
  writes: Write[];
}

const memberPath = (id: number) => `/lidmaatschappen/bewerken/${id}`;
const enterprisePath = (id: number) => `/vestigingen/bewerken/${id}`;

/** One membership and its one (principal) establishment per connection. */
async function makeTargets(): Promise<{ member: Target; enterprise: Target }[]> {
  const db = getDb();
  const pairs: { member: Target; enterprise: Target }[] = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    const memberName = `Crashtest lidmaatschap ${i}`;
    const memberId = await insertMember(db, { name: memberName, legalForm: "bv" });
    const lidnummer = FIRST_LIDNUMMER + i;
    const enterpriseName = `Crashtest vestiging ${i}`;
    const enterpriseId = await insertEnterprise(db, memberId, { name: enterpriseName, lidnummer });
    await db.updateTable("members").set({ principal_enterprise_id: enterpriseId }).where("id", "=", memberId).execute();
    pairs.push({
      member: {
        kind: "member",
        id: memberId,
        path: memberPath(memberId),
        initial: memberName,
        writes: [],
        // Tab Algemeen as the form posts it; the principal establishment is required.
        fields: (value) => ({
          intent: "general",
          name: value,
          legalForm: "bv",
          adminAccountable: "",
          adminAccountableEmail: "",
          adminAccountablePhone: "",
          principalEnterprise: String(enterpriseId),
        }),
      },
      enterprise: {
        kind: "enterprise",
        id: enterpriseId,
        path: enterprisePath(enterpriseId),
        initial: "",
        writes: [],
        // The establishment form (tab Algemeen), saved with a new website.
        fields: (value) => ({
          intent: "save",
          member: String(memberId),
          name: enterpriseName,
          lidnummer: String(lidnummer),
          website: value,
        }),
      },
    });
  }
  return pairs;
}

/** A form post over `agent`; the status and Location of the answer. Rejects when the connection breaks. */
function post(agent: http.Agent, baseUrl: string, path: string, fields: Record<string, string>, cookie: string) {
  const body = new URLSearchParams(fields).toString();
  return new Promise<{ status: number; location: string }>((resolve, reject) => {
    const req = http.request(
      `${baseUrl}${path}`,
      {
        method: "POST",
        agent,
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
          Origin: baseUrl,
          Cookie: cookie,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location ?? "" }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

let seq = 0;

/**
 * One connection: alternately renames its membership and gives its establishment a new website,
 * one post at a time, until `running()` says stop. A write counts as confirmed only on the
 * success answer: 302 back to the page itself (a failure answers 400/500 or sends elsewhere).
 */
async function writer(pair: { member: Target; enterprise: Target }, agent: http.Agent, baseUrl: string, cookie: string, running: () => boolean) {
  let turn = 0;
  while (running()) {
    const target = turn++ % 2 === 0 ? pair.member : pair.enterprise;
    seq += 1;
    const value = target.kind === "member" ? `Crashtest lidmaatschap ${target.id} #${seq}` : `https://crashtest.voorbeeld.nl/${target.id}/${seq}`;
    const write: Write = { seq, value, outcome: "sent" };
    target.writes.push(write);
    try {
      const answer = await post(agent, baseUrl, target.path, target.fields(value), cookie);
      write.status = answer.status;
      write.outcome = answer.status === 302 && answer.location === target.path ? "confirmed" : "refused";
    } catch {
      write.outcome = "cut-off";
      return;
    }
  }
}

/** The values a record may hold now: the last confirmed one, or one sent after it (cut off by the crash). */
function allowedValues(target: Target): Set<string> {
  let from = -1;
  target.writes.forEach((w, i) => {
    if (w.outcome === "confirmed") from = i;
  });
  const allowed = new Set(target.writes.slice(from === -1 ? 0 : from).map((w) => w.value));
  if (from === -1) allowed.add(target.initial);
  return allowed;
}

interface Check {
  /** Confirmed writes not (or no longer) in the database, by seq, with what is wrong. */
  lost: Map<number, string>;
  /** Per establishment: confirmed saves without a log entry. */
  missingLogEntries: Map<number, number>;
  /** Writes whose answer the crash cut off that were saved nonetheless (memberships: by their log entry). */
  cutOffSaved: Set<number>;
  integrity: string[];
}

/** What the database holds of the writes, read directly (the server is not running). */
async function checkWrites(pairs: { member: Target; enterprise: Target }[], check: Check) {
  const db = getDb();
  const members = pairs.map((p) => p.member);
  const enterprises = pairs.map((p) => p.enterprise);
  const memberRows = await db.selectFrom("members").select(["id", "name"]).where("id", "in", members.map((m) => m.id)).execute();
  const enterpriseRows = await db
    .selectFrom("enterprises")
    .select(["id", "website"])
    .where("id", "in", enterprises.map((e) => e.id))
    .execute();
  const renames = await db
    .selectFrom("member_log")
    .select(["member_id", "details"])
    .where("member_id", "in", members.map((m) => m.id))
    .where("action", "=", "name_changed")
    .execute();
  const logCounts = await db
    .selectFrom("enterprise_log")
    .select(["enterprise_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("enterprise_id", "in", enterprises.map((e) => e.id))
    .where("form", "=", "main")
    .groupBy("enterprise_id")
    .execute();

  const lastConfirmed = (t: Target) => t.writes.findLast((w) => w.outcome === "confirmed");
  const current = new Map<string, string>([
    ...memberRows.map((r) => [`member:${r.id}`, r.name] as const),
    ...enterpriseRows.map((r) => [`enterprise:${r.id}`, r.website] as const),
  ]);
  for (const target of [...members, ...enterprises]) {
    const value = current.get(`${target.kind}:${target.id}`);
    const last = lastConfirmed(target);
    if (last && (value === undefined || !allowedValues(target).has(value)) && !check.lost.has(last.seq)) {
      check.lost.set(last.seq, `${target.path}: bevestigd '${last.value}', in de database '${value ?? "(weg)"}'`);
    }
  }
  // Every confirmed rename left its log entry ('old → new') in the same transaction.
  const renamedTo = new Set(renames.map((r) => `${r.member_id}:${r.details.split(" → ").at(-1)}`));
  for (const member of members) {
    for (const write of member.writes) {
      const logged = renamedTo.has(`${member.id}:${write.value}`);
      if (write.outcome === "confirmed" && !logged && !check.lost.has(write.seq)) {
        check.lost.set(write.seq, `${member.path}: bevestigde naamswijziging '${write.value}' staat niet in het logboek`);
      }
      if (write.outcome === "cut-off" && logged) check.cutOffSaved.add(write.seq);
    }
  }
  const counted = new Map(logCounts.map((r) => [r.enterprise_id, Number(r.n)]));
  for (const enterprise of enterprises) {
    const confirmed = enterprise.writes.filter((w) => w.outcome === "confirmed").length;
    const missing = Math.max(0, confirmed - (counted.get(enterprise.id) ?? 0));
    check.missingLogEntries.set(enterprise.id, Math.max(check.missingLogEntries.get(enterprise.id) ?? 0, missing));
  }
}

/**
 * The database's own integrity check. SQLite: PRAGMA integrity_check and foreign_key_check on
 * the file as the crash left it. PostgreSQL: amcheck, every B-tree index against its table
 * (bt_index_check with heapallindexed) and every table's pages (verify_heapam); without the
 * extension, every table read in full. Returns the problems (empty: sound) and what was checked.
 */
async function checkIntegrity(): Promise<{ problems: string[]; how: string }> {
  const db = getDb();
  if (engine() === "sqlite") {
    const rows = (await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db)).rows;
    const problems = rows.map((r) => r.integrity_check).filter((r) => r !== "ok");
    const foreign = (await sql<{ table: string; parent: string }>`pragma foreign_key_check`.execute(db)).rows;
    problems.push(...foreign.map((r) => `verwijzing van ${r.table} naar ${r.parent} klopt niet`));
    return { problems, how: "PRAGMA integrity_check en foreign_key_check" };
  }
  const tables = (
    await sql<{ name: string }>`select c.oid::regclass::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' order by 1`.execute(db)
  ).rows.map((r) => r.name);
  let amcheck = true;
  try {
    await sql`create extension if not exists amcheck`.execute(db);
  } catch {
    amcheck = false;
  }
  const problems: string[] = [];
  if (!amcheck) {
    for (const table of tables) {
      try {
        await sql`select count(*), sum(length(t::text)) from ${sql.table(table)} t`.execute(db);
      } catch (error) {
        problems.push(`${table}: ${(error as Error).message}`);
      }
    }
    return { problems, how: `elke tabel volledig gelezen (${tables.length} tabellen; amcheck niet beschikbaar)` };
  }
  const indexes = (
    await sql<{ name: string }>`select c.oid::regclass::text as name from pg_index i join pg_class c on c.oid = i.indexrelid
      join pg_am a on a.oid = c.relam join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and a.amname = 'btree' order by 1`.execute(db)
  ).rows.map((r) => r.name);
  for (const index of indexes) {
    try {
      await sql`select bt_index_check(${index}::regclass, true)`.execute(db);
    } catch (error) {
      problems.push(`${index}: ${(error as Error).message}`);
    }
  }
  for (const table of tables) {
    const rows = (await sql<{ msg: string }>`select msg from verify_heapam(${table}::regclass, check_toast => true)`.execute(db)).rows;
    problems.push(...rows.map((r) => `${table}: ${r.msg}`));
  }
  return { problems, how: `amcheck: bt_index_check (heapallindexed) op ${indexes.length} indexen, verify_heapam op ${tables.length} tabellen` };
}

/**
 * Opens the two edit pages once per worker process (the first request of a process loads its
 * code), so a round's writes meet a running portal; and checks the session survived the crash.
 */
async function warmUp(baseUrl: string, pair: { member: Target; enterprise: Target }, cookie: string, workers: number) {
  const pages = Array.from({ length: workers }, () => [pair.member.path, pair.enterprise.path]).flat();
  await Promise.all(
    pages.map(async (path) => {
      const page = await fetch(`${baseUrl}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
      await page.arrayBuffer();
      if (page.status !== 200) throw new Error(`${path} geeft ${page.status} in plaats van de pagina: is de sessie weg?`);
    }),
  );
}

/** Resolves once a write of this round has been answered (more than `answeredBefore` in all). */
async function firstAnswer(pairs: { member: Target; enterprise: Target }[], answeredBefore: number) {
  const deadline = Date.now() + 60_000;
  while (count(pairs, "confirmed") + count(pairs, "refused") === answeredBefore && Date.now() < deadline) await sleep(5);
}

const randomBetween = (min: number, max: number) => min + Math.random() * (max - min);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const count = (pairs: { member: Target; enterprise: Target }[], outcome: Outcome) =>
  pairs.flatMap((p) => [...p.member.writes, ...p.enterprise.writes]).filter((w) => w.outcome === outcome).length;

async function main() {
  const engineName = ENGINE_NAMES[engineOf(process.env.DATABASE_URL ?? "")];
  const workers = os.availableParallelism();
  let portal: RunningPortal | undefined;
  const stop = async () => {
    const p = portal;
    portal = undefined;
    await closeDb();
    await p?.stop();
  };
  process.on("SIGINT", () => void stop().finally(() => process.exit(130)));
  try {
    console.log(`Crashtest op ${engineName}: portaal starten (${workers} werkprocessen), ${ROUNDS} rondes, ${CONNECTIONS} verbindingen…`);
    // Generous: on a busy machine a start (and every restart) can take a while.
    portal = await startPortal({ prefix: "crash", workers, detached: true, startTimeoutMs: 300_000 });
    // This process reads and writes the portal's own scratch database.
    process.env.DATA_DIR = portal.dataDir;
    process.env.DATABASE_URL = portal.databaseUrl;
    const pairs = await makeTargets();
    // The session lives in the database: the same cookie holds after every restart.
    const cookie = await signInWithMailedCode(portal.baseUrl, portal.dataDir, ADMIN);
    const check: Check = { lost: new Map(), missingLogEntries: new Map(), cutOffSaved: new Set(), integrity: [] };
    let how = "";
    const started = Date.now();

    for (let round = 1; round <= ROUNDS; round++) {
      if (round > 1) {
        const t = Date.now();
        await portal.restart();
        console.log(`  herstart in ${((Date.now() - t) / 1000).toFixed(1)} s`);
      }
      await warmUp(portal.baseUrl, pairs[0], cookie, workers);
      const before = {
        confirmed: count(pairs, "confirmed"),
        cutOff: count(pairs, "cut-off"),
        refused: count(pairs, "refused"),
        answered: count(pairs, "confirmed") + count(pairs, "refused"),
      };
      const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
      let running = true;
      const writers = pairs.map((pair) => writer(pair, agent, portal!.baseUrl, cookie, () => running));
      // The clock starts at the first answer: a portal that just started answers its first posts slowly.
      await firstAnswer(pairs, before.answered);
      const writeMs = randomBetween(MIN_WRITE_MS, MAX_WRITE_MS);
      await sleep(writeMs);
      // The crash: every process of the server at once, while posts are under way.
      running = false;
      await portal.kill();
      await Promise.all(writers);
      agent.destroy();

      await checkWrites(pairs, check);
      const integrity = await checkIntegrity();
      how = integrity.how;
      check.integrity.push(...integrity.problems.map((p) => `ronde ${round}: ${p}`));
      // Let the server have the database to itself again.
      await closeDb();
      const lost = check.lost.size + [...check.missingLogEntries.values()].reduce((a, b) => a + b, 0);
      console.log(
        `Ronde ${round}/${ROUNDS}: ${(writeMs / 1000).toFixed(2)} s schrijven, ${count(pairs, "confirmed") - before.confirmed} bevestigd, ` +
          `${count(pairs, "cut-off") - before.cutOff} afgebroken, ${count(pairs, "refused") - before.refused} geweigerd; ` +
          `verloren tot nu toe ${lost}; integriteit ${integrity.problems.length ? "NIET in orde" : "in orde"}`,
      );
    }

    // Once more: the portal starts on what the last crash left and answers, the session still valid.
    await portal.restart();
    await warmUp(portal.baseUrl, pairs[0], cookie, workers);
    const confirmed = count(pairs, "confirmed");
    const cutOff = count(pairs, "cut-off");
    const refused = pairs.flatMap((p) => [...p.member.writes, ...p.enterprise.writes]).filter((w) => w.outcome === "refused");
    const lost = check.lost.size + [...check.missingLogEntries.values()].reduce((a, b) => a + b, 0);
    const cutOffMembers = pairs.flatMap((p) => p.member.writes).filter((w) => w.outcome === "cut-off").length;
    console.log("");
    console.log(`Database: ${engineName}, ${workers} werkprocessen, ${CONNECTIONS} verbindingen, ${((Date.now() - started) / 1000).toFixed(0)} s`);
    console.log(`Rondes (kill -9 van de procesgroep): ${ROUNDS}`);
    console.log(`Bevestigde schrijfacties: ${confirmed}`);
    console.log(
      `Afgebroken door de crash (geen antwoord): ${cutOff}; van de ${cutOffMembers} afgebroken lidmaatschapswijzigingen ` +
        `${check.cutOffSaved.size} toch opgeslagen (mag: de crash kwam na de commit, voor het antwoord)`,
    );
    const statuses = [...new Set(refused.map((w) => w.status))].join(", ");
    console.log(`Geweigerd (een ander antwoord dan het succesantwoord${statuses ? `: status ${statuses}` : ""}): ${refused.length}`);
    console.log(`Verloren schrijfacties: ${lost}${lost ? " — FOUT" : ""}`);
    for (const what of [...check.lost.values()].slice(0, 20)) console.log(`  ${what}`);
    for (const [id, missing] of check.missingLogEntries) {
      if (missing) console.log(`  ${enterprisePath(id)}: ${missing} bevestigde opslagen zonder logboekregel`);
    }
    console.log(`Integriteit (${how}, na elke crash): ${check.integrity.length ? "NIET in orde" : "in orde"}`);
    for (const problem of check.integrity.slice(0, 20)) console.log(`  ${problem}`);
    await stop();
    process.exit(lost > 0 || check.integrity.length > 0 || confirmed === 0 ? 1 : 0);
  } catch (error) {
    console.error(error);
    await stop();
    process.exit(2);
  }
}

void main();
