import { createCookie, createSessionStorage, type Session } from "react-router";
import { config } from "../lib/config.server";
import { getDb, nowIso } from "../lib/db.server";
import { randomToken, sha256 } from "../lib/crypto.server";
import type { Notification } from "../shell/notification";

export interface SessionData {
  userId?: number;
  /** The admin who started imitating; userId is then the imitated account. */
  imitatorId?: number;
  /** The imitation's row in the audit (imitation_log), closed when the imitation ends. */
  imitationLogId?: number;
  /** Set between a correct password and the second factor. */
  pendingUserId?: number;
  pendingMfa?: "email" | "app" | "setup";
  pendingSince?: number;
  /** A random id of this sign-in attempt: a mailed code is valid for the attempt it was sent for. */
  pendingAttempt?: string;
  /** An admin without a second factor sets one up during this sign-in (the code confirms it). */
  pendingSetup?: boolean;
  /** Where to go once the second factor is done. */
  pendingNext?: string;
  /** Authenticator secret being set up on the own-data page (encrypted), until its first code. */
  pendingTotpSecret?: string;
  /** Browser and system the session was signed in from ("Firefox op Windows"). */
  device?: string;
  /** The professionals of the last pass export in this session: the ones its reset may clear. */
  passExport?: number[];
}
interface SessionFlash {
  notification: Notification;
}
export type AppSession = Session<SessionData, SessionFlash>;

/** A session ends after this long without a request… */
const IDLE_MINUTES = 120;
/** …and at the latest this long after sign-in, however active. */
const ABSOLUTE_HOURS = 12;
/** The idle deadline moves with activity, written at most once per this many seconds. */
const SLIDE_SECONDS = 60;

function idleExpiry(): string {
  return new Date(Date.now() + IDLE_MINUTES * 60_000).toISOString();
}

function absoluteStart(): string {
  return new Date(Date.now() - ABSOLUTE_HOURS * 3600_000).toISOString();
}

/** The columns a session's data sets: who it belongs to (signed in or half-way) and who imitates. */
function owners(data: Partial<SessionData>) {
  return {
    user_id: data.userId ?? data.pendingUserId ?? null,
    imitator_id: data.imitatorId ?? null,
    device: (data.device ?? "").slice(0, 100),
  };
}

let storage: ReturnType<typeof build> | undefined;

function build() {
  const cookie = createCookie(config.secureCookies ? "__Host-ledenportaal" : "ledenportaal", {
    httpOnly: true,
    sameSite: "lax",
    secure: config.secureCookies,
    path: "/",
    secrets: [config.sessionSecret],
    maxAge: ABSOLUTE_HOURS * 3600,
  });
  // The cookie carries a random id; only its hash is stored, so a copy of the table opens no session.
  return createSessionStorage<SessionData, SessionFlash>({
    cookie,
    async createData(data) {
      const id = randomToken();
      await getDb()
        .insertInto("sessions")
        .values({ id: sha256(id), ...owners(data), data: JSON.stringify(data), expires: idleExpiry(), created: nowIso() })
        .execute();
      return id;
    },
    async readData(id) {
      const db = getDb();
      const row = await db
        .selectFrom("sessions")
        .select(["data", "expires", "created"])
        .where("id", "=", sha256(id))
        .executeTakeFirst();
      if (!row) return null;
      const now = nowIso();
      if (row.expires < now || row.created < absoluteStart()) {
        await db.deleteFrom("sessions").where("id", "=", sha256(id)).execute();
        return null;
      }
      // Activity moves the idle deadline; once a minute is enough, and spares a write per request.
      if (Date.parse(row.expires) - Date.now() < IDLE_MINUTES * 60_000 - SLIDE_SECONDS * 1000) {
        await db.updateTable("sessions").set({ expires: idleExpiry() }).where("id", "=", sha256(id)).execute();
      }
      return JSON.parse(row.data);
    },
    async updateData(id, data) {
      await getDb()
        .updateTable("sessions")
        .set({ ...owners(data), data: JSON.stringify(data), expires: idleExpiry() })
        .where("id", "=", sha256(id))
        .execute();
    },
    async deleteData(id) {
      await endSessions(getDb().selectFrom("sessions").select(["id", "data"]).where("id", "=", sha256(id)));
    },
  });
}

function sessions() {
  storage ??= build();
  return storage;
}

export function getSession(request: Request): Promise<AppSession> {
  return sessions().getSession(request.headers.get("Cookie"));
}

export function commitSession(session: AppSession): Promise<string> {
  return sessions().commitSession(session);
}

export function destroySession(session: AppSession): Promise<string> {
  return sessions().destroySession(session);
}

/**
 * Replaces the session by a new one with a new id (sign-in, second factor, imitation),
 * so an id known before the privilege change is worthless after it. The device stays.
 */
export async function rotateSession(old: AppSession, data: SessionData, notification?: Notification): Promise<string> {
  if (old.id) await getDb().deleteFrom("sessions").where("id", "=", sha256(old.id)).execute();
  const fresh = await sessions().getSession();
  for (const [k, v] of Object.entries({ device: old.get("device"), ...data })) {
    if (v !== undefined) fresh.set(k as keyof SessionData, v as never);
  }
  if (notification) fresh.flash("notification", notification);
  return sessions().commitSession(fresh);
}

/** The sessions matched by `query` end; the imitations among them are closed in the audit. */
async function endSessions(
  query: { execute(): Promise<{ id: string; data: string }[]> },
): Promise<number> {
  const rows = await query.execute();
  if (!rows.length) return 0;
  const db = getDb();
  const logIds = rows
    .map((r) => (JSON.parse(r.data) as SessionData).imitationLogId)
    .filter((id): id is number => typeof id === "number");
  await db.deleteFrom("sessions").where("id", "in", rows.map((r) => r.id)).execute();
  await closeImitationLog(logIds);
  return rows.length;
}

/** Marks imitations in the audit (imitation_log) as ended, those not ended yet. */
export async function closeImitationLog(logIds: number[]): Promise<void> {
  if (!logIds.length) return;
  await getDb().updateTable("imitation_log").set({ ended: nowIso() }).where("id", "in", logIds).where("ended", "is", null).execute();
}

/**
 * Ends on the server every session of an account (logout elsewhere, deactivation, a password or
 * second-factor change), the half-signed-in ones and the imitations it started or is subject of.
 */
export async function endSessionsOf(userId: number, exceptSessionId?: string): Promise<number> {
  let q = getDb()
    .selectFrom("sessions")
    .select(["id", "data"])
    .where((eb) => eb.or([eb("user_id", "=", userId), eb("imitator_id", "=", userId)]));
  if (exceptSessionId) q = q.where("id", "!=", sha256(exceptSessionId));
  return endSessions(q);
}

/** Ends this one session on the server (a request found it no longer valid). */
export async function endSession(session: AppSession): Promise<void> {
  if (!session.id) return;
  await endSessions(getDb().selectFrom("sessions").select(["id", "data"]).where("id", "=", sha256(session.id)));
}

/** One of the account's own sessions, for the list on the own-data page. */
export interface OwnSession {
  device: string;
  signedIn: string;
  lastActive: string;
  current: boolean;
}

/**
 * The account's own sessions, newest first: those it signed in itself (an admin imitating it is
 * not one of the person's devices), the last activity derived from the sliding idle deadline.
 */
export async function ownSessions(userId: number, session: AppSession): Promise<OwnSession[]> {
  const current = session.id ? sha256(session.id) : "";
  const rows = await getDb()
    .selectFrom("sessions")
    .select(["id", "device", "created", "expires", "data"])
    .where("user_id", "=", userId)
    .where("imitator_id", "is", null)
    .where("expires", ">", nowIso())
    .where("created", ">", absoluteStart())
    .orderBy("created", "desc")
    .execute();
  return rows
    .filter((r) => !(JSON.parse(r.data) as SessionData).pendingUserId)
    .map((r) => ({
      device: r.device,
      signedIn: r.created,
      lastActive: new Date(Math.min(Date.now(), Date.parse(r.expires) - IDLE_MINUTES * 60_000)).toISOString(),
      current: r.id === current,
    }));
}

export async function purgeExpiredSessions(): Promise<void> {
  await getDb()
    .deleteFrom("sessions")
    .where((eb) => eb.or([eb("expires", "<", nowIso()), eb("created", "<", absoluteStart())]))
    .execute();
}

/** A short name for the browser and system of a User-Agent header ("Firefox op Windows"). */
export function describeDevice(userAgent: string | null | undefined): string {
  const ua = userAgent ?? "";
  const browser =
    /Edg\//.test(ua) ? "Edge"
    : /OPR\/|Opera/.test(ua) ? "Opera"
    : /Firefox\//.test(ua) ? "Firefox"
    : /Chrom(e|ium)\//.test(ua) ? "Chrome"
    : /Safari\//.test(ua) ? "Safari"
    : "";
  const system =
    /Windows/.test(ua) ? "Windows"
    : /iPhone|iPad/.test(ua) ? "iOS"
    : /Android/.test(ua) ? "Android"
    : /Mac OS X|Macintosh/.test(ua) ? "macOS"
    : /Linux/.test(ua) ? "Linux"
    : "";
  if (browser && system) return `${browser} op ${system}`;
  return browser || system || "Onbekend apparaat";
}
