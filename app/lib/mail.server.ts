import fs from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { config } from "./config.server";
import { getDb, nowIso, type DB, type Tx } from "./db.server";
import { logEvent } from "./log.server";

/**
 * Mail goes through an outbox: `sendAlertMail` renders the message and stores it (in the caller's
 * transaction when it passes one), and a worker in every serving process sends what is due. A
 * request therefore never waits for the mail server (a known address answers as fast as an
 * unknown one), and a mail survives a restart or an SMTP outage: it is retried with a growing pause.
 */

let transporter: Transporter | undefined;

function transport(): Transporter {
  transporter ??= config.mailUrl
    ? nodemailer.createTransport(config.mailUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return transporter;
}

function outboxDir(): string {
  return path.join(config.dataDir, "mail");
}

function fill(template: string, vars: Record<string, string>, escape: boolean): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = vars[name] ?? "";
    return escape ? escapeHtml(value) : value;
  });
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function htmlToText(html: string): string {
  return html
    .replace(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gi, "$2 ($1)")
    .replace(/<\/(p|div|h\d|li)>|<br\s*\/?>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)))
    .replace(/&amp;/g, "&")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * Puts the notification text `ref` (subject and rich-text body from the alerts table, with
 * {{placeholders}}) in the outbox for `to`. Pass the transaction of the change the mail belongs
 * to, so that the mail goes only if the change is committed.
 */
export async function sendAlertMail(ref: string, to: string, vars: Record<string, string>, tx?: Tx): Promise<void> {
  const db: DB | Tx = tx ?? getDb();
  const alert = await db.selectFrom("alerts").select(["subject", "body"]).where("ref", "=", ref).executeTakeFirst();
  if (!alert) throw new Error(`Notificatietekst ${ref} ontbreekt`);
  const html = fill(alert.body, vars, true);
  const now = nowIso();
  await db
    .insertInto("mail_outbox")
    .values({
      ref,
      recipient: to,
      subject: fill(alert.subject, vars, false),
      html,
      body_text: htmlToText(html),
      attempts: 0,
      next_attempt: now,
      created: now,
    })
    .execute();
  // Sent right after this request's own work, not during it (a caller's transaction commits first).
  if (!tx) nudgeMailWorker();
}

// ---------------------------------------------------------------------------
// The worker
// ---------------------------------------------------------------------------

/** Attempts before a mail is given up (the pauses grow to a day; the row keeps its last error). */
const MAX_ATTEMPTS = 10;
const BATCH = 20;
/** How long a claimed mail is left to its sender before another process may try it. */
const LEASE_MS = 2 * 60_000;
const POLL_MS = 500;
const KEEP_SENT_DAYS = 30;

/** The pause before attempt `attempts + 1`: 1 min, 5 min, 30 min, 2 h, then a day. */
function retryDelayMs(attempts: number): number {
  const minutes = [1, 5, 30, 120][attempts - 1] ?? 24 * 60;
  return minutes * 60_000;
}

interface WorkerState {
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
  again: boolean;
  lastPurge: number;
}

// One worker per process, shared by the start script and the bundled app (both load this module).
const stateKey = Symbol.for("ledenportaal.mailWorker");
function state(): WorkerState {
  const g = globalThis as typeof globalThis & { [stateKey]?: WorkerState };
  g[stateKey] ??= { again: false, lastPurge: 0 };
  return g[stateKey];
}

/** Sends what is due now, soon (within this process), when its worker runs. */
function nudgeMailWorker(): void {
  if (!state().timer) return;
  setImmediate(() => void drain());
}

/** Starts the worker of this process: every half second it sends the mail that is due. */
export function startMailWorker(): void {
  const s = state();
  if (s.timer) return;
  s.timer = setInterval(() => void drain(), POLL_MS);
  s.timer.unref();
  void drain();
}

/** Stops the worker, after the mail being sent now (for a clean shutdown before the database closes). */
export async function stopMailWorker(): Promise<void> {
  const s = state();
  if (s.timer) clearInterval(s.timer);
  s.timer = undefined;
  await s.running;
}

/** One pass over the due mail; a pass asked for while one runs follows it. */
function drain(): Promise<void> {
  const s = state();
  if (s.running) {
    s.again = true;
    return s.running;
  }
  s.running = (async () => {
    try {
      do {
        s.again = false;
        await sendDue();
      } while (s.again);
      await purgeOld(s);
    } catch (error) {
      logEvent("error", "mail_outbox_failed", { error: error instanceof Error ? error.message : String(error) });
    } finally {
      s.running = undefined;
    }
  })();
  return s.running;
}

async function sendDue(): Promise<void> {
  const db = getDb();
  for (;;) {
    const now = nowIso();
    const due = await db
      .selectFrom("mail_outbox")
      .select(["id", "next_attempt"])
      .where("sent", "is", null)
      .where("attempts", "<", MAX_ATTEMPTS)
      .where("next_attempt", "<=", now)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    if (!due.length) return;
    for (const row of due) await sendOne(row.id, row.next_attempt);
    if (due.length < BATCH) return;
  }
}

/**
 * Claims one mail by moving its next attempt past a lease, only if no other process did so first
 * (the same conditional update on both engines), then sends it.
 */
async function sendOne(id: number, seen: string): Promise<void> {
  const db = getDb();
  const claimed = await db
    .updateTable("mail_outbox")
    .set((eb) => ({ next_attempt: new Date(Date.now() + LEASE_MS).toISOString(), attempts: eb("attempts", "+", 1) }))
    .where("id", "=", id)
    .where("next_attempt", "=", seen)
    .where("sent", "is", null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return;
  const mail = await db.selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  try {
    await deliver(mail);
    // A sent body is dropped: it may hold a link or code, which the database otherwise keeps only hashed.
    await db.updateTable("mail_outbox").set({ sent: nowIso(), last_error: "", html: "", body_text: "" }).where("id", "=", id).execute();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await db
      .updateTable("mail_outbox")
      .set({ next_attempt: new Date(Date.now() + retryDelayMs(mail.attempts)).toISOString(), last_error: reason.slice(0, 500) })
      .where("id", "=", id)
      .execute();
    logEvent("warn", "mail_failed", { ref: mail.ref, outbox: id, attempt: mail.attempts, reason });
  }
}

async function deliver(mail: { id: number; ref: string; recipient: string; subject: string; html: string; body_text: string }) {
  const message = { from: config.mailFrom, to: mail.recipient, subject: mail.subject, html: mail.html, text: mail.body_text };
  const info = await transport().sendMail(message);
  if (config.mailUrl) {
    console.log(`mail verstuurd: ${mail.ref}`);
    return;
  }
  fs.mkdirSync(outboxDir(), { recursive: true });
  // Names sort by time; the outbox id keeps two mails in one millisecond apart.
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${String(mail.id).padStart(6, "0")}-${mail.ref}.eml`;
  // Written beside its name and then renamed, so that a reader of the folder never finds a mail half-written.
  const file = path.join(outboxDir(), name);
  fs.writeFileSync(`${file}.part`, (info as unknown as { message: Buffer }).message);
  fs.renameSync(`${file}.part`, file);
  console.log(`mail in postvak: ${name}`);
}

/** Sent mail (its recipient, subject and time) is kept a while for reference, then removed (at most once an hour). */
async function purgeOld(s: WorkerState): Promise<void> {
  if (Date.now() - s.lastPurge < 3600_000) return;
  s.lastPurge = Date.now();
  const before = new Date(Date.now() - KEEP_SENT_DAYS * 24 * 3600_000).toISOString();
  await getDb().deleteFrom("mail_outbox").where("sent", "<", before).execute();
}
