import { createCookie, createSessionStorage, type Session } from "react-router";
import { config } from "../lib/config.server";
import { getDb, nowIso } from "../lib/db.server";
import { randomToken, sha256 } from "../lib/crypto.server";
import type { Notification } from "../shell/notification";

export interface SessionData {
  userId?: number;
  /** The admin who started imitating; userId is then the imitated account. */
  imitatorId?: number;
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
}
export interface SessionFlash {
  notification: Notification;
}
export type AppSession = Session<SessionData, SessionFlash>;

const SESSION_HOURS = 12;

function expiry(): string {
  return new Date(Date.now() + SESSION_HOURS * 3600_000).toISOString();
}

let storage: ReturnType<typeof build> | undefined;

function build() {
  const cookie = createCookie(config.secureCookies ? "__Host-ledenportaal" : "ledenportaal", {
    httpOnly: true,
    sameSite: "lax",
    secure: config.secureCookies,
    path: "/",
    secrets: [config.sessionSecret],
    maxAge: SESSION_HOURS * 3600,
  });
  // The cookie carries a random id; only its hash is stored, so a copy of the table opens no session.
  return createSessionStorage<SessionData, SessionFlash>({
    cookie,
    async createData(data, expires) {
      const id = randomToken();
      await getDb()
        .insertInto("sessions")
        .values({
          id: sha256(id),
          user_id: (data.userId as number | undefined) ?? null,
          data: JSON.stringify(data),
          expires: (expires ?? new Date(expiry())).toISOString(),
          created: nowIso(),
        })
        .execute();
      return id;
    },
    async readData(id) {
      const row = await getDb()
        .selectFrom("sessions")
        .select(["data", "expires"])
        .where("id", "=", sha256(id))
        .executeTakeFirst();
      if (!row || row.expires < nowIso()) return null;
      return JSON.parse(row.data);
    },
    async updateData(id, data) {
      await getDb()
        .updateTable("sessions")
        .set({ data: JSON.stringify(data), user_id: (data.userId as number | undefined) ?? null, expires: expiry() })
        .where("id", "=", sha256(id))
        .execute();
    },
    async deleteData(id) {
      await getDb().deleteFrom("sessions").where("id", "=", sha256(id)).execute();
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
 * so an id known before the privilege change is worthless after it.
 */
export async function rotateSession(old: AppSession, data: SessionData, notification?: Notification): Promise<string> {
  if (old.id) await getDb().deleteFrom("sessions").where("id", "=", sha256(old.id)).execute();
  const fresh = await sessions().getSession();
  for (const [k, v] of Object.entries(data)) {
    if (v !== undefined) fresh.set(k as keyof SessionData, v as never);
  }
  if (notification) fresh.flash("notification", notification);
  return sessions().commitSession(fresh);
}

/** Ends every session of an account on the server (logout elsewhere, deactivation, password change). */
export async function endSessionsOf(userId: number, exceptSessionId?: string): Promise<void> {
  let q = getDb().deleteFrom("sessions").where("user_id", "=", userId);
  if (exceptSessionId) q = q.where("id", "!=", sha256(exceptSessionId));
  await q.execute();
}

export async function purgeExpiredSessions(): Promise<void> {
  await getDb().deleteFrom("sessions").where("expires", "<", nowIso()).execute();
}
