import { href, redirect } from "react-router";
import { containsInsensitive, getDb, nowIso } from "../lib/db.server";
import { securityLog } from "../lib/log.server";
import { requestIp } from "../lib/request-scope.server";
import { nameOfRow } from "../lib/users.server";
import { redirectWithNotification } from "../shell/flash.server";
import type { Account } from "./account";
import { can } from "./policy";
import { IMITATE_MIN_CHARS } from "./schemas";
import { validImitator } from "./account.server";
import { closeImitationLog, destroySession, rotateSession, type AppSession } from "./session.server";

/** What the imitation list and the autocomplete show of a user. */
export interface ImitationCandidate {
  id: number;
  fullName: string;
  email: string;
}

/** Rows shown on the page; more matches ask for a narrower search. */
export const RESULT_LIMIT = 50;
/** Suggestions under the search field while typing. */
export const SUGGESTION_LIMIT = 10;
const MAX_WORDS = 5;

const CANNOT_IMITATE = "Deze gebruiker kan niet worden geïmiteerd.";
const IMITATION_STOPPED = "Imiteren gestopt.";
const imitationStarted = (name: string) => `U imiteert nu ${name}.`;

/**
 * The words of a search: each must occur in the e-mail address or a part of the name, so
 * 'lotte vaart' finds Lotte van der Vaart. Too short a search yields none.
 */
export function searchWords(term: string | null | undefined): string[] {
  const trimmed = (term ?? "").trim();
  if (trimmed.length < IMITATE_MIN_CHARS) return [];
  const words = trimmed.split(/\s+/).map((w) => w.toLowerCase());
  return [...new Set(words)].slice(0, MAX_WORDS);
}

/**
 * The accounts `account` may imitate matching `term`: enabled, not a super admin (imitation must
 * not escalate), not the imitated account and not the admin behind it.
 */
export async function searchCandidates(
  session: AppSession,
  account: Account,
  term: string,
  limit: number,
): Promise<{ users: ImitationCandidate[]; more: boolean }> {
  const words = searchWords(term);
  if (!words.length) return { users: [], more: false };
  const excluded = [account.id, session.get("imitatorId")].filter((id): id is number => typeof id === "number");
  const rows = await getDb()
    .selectFrom("users")
    .select(["id", "email", "username", "given_name", "name_preposition", "family_name"])
    .where("enabled", "=", 1)
    .where("role", "!=", "super-admin")
    .where("id", "not in", excluded)
    .where((eb) =>
      eb.and(
        words.map((word) =>
          eb.or([
            containsInsensitive("email", word),
            containsInsensitive("given_name", word),
            containsInsensitive("name_preposition", word),
            containsInsensitive("family_name", word),
          ]),
        ),
      ),
    )
    .orderBy("family_name")
    .orderBy("given_name")
    .orderBy("id")
    .limit(limit + 1)
    .execute();
  return {
    users: rows.slice(0, limit).map((u) => ({ id: u.id, email: u.email, fullName: nameOfRow(u) })),
    more: rows.length > limit,
  };
}


function parseId(value: FormDataEntryValue | null): number | null {
  const text = typeof value === "string" ? value.trim() : "";
  return /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null;
}

/**
 * Starts imitating the posted user. While already imitating, the new imitation is started by the
 * original admin, so imitatorId always names the person behind the screen.
 */
export async function startImitation(session: AppSession, account: Account, posted: FormDataEntryValue | null) {
  if (!can(account, "imitate:choose")) return redirect(href("/"));
  const imitatorId = session.get("imitatorId") ?? account.id;
  const targetId = parseId(posted);
  const target =
    targetId === null
      ? undefined
      : await getDb()
          .selectFrom("users")
          .select(["id", "email", "username", "given_name", "name_preposition", "family_name", "enabled", "role"])
          .where("id", "=", targetId)
          .executeTakeFirst();
  if (!target || !target.enabled || target.role === "super-admin" || target.id === imitatorId || target.id === account.id) {
    return redirectWithNotification(session, href("/imitate"), { type: "danger", header: CANNOT_IMITATE });
  }
  const imitator = await validImitator(imitatorId);
  if (!imitator) return redirect(href("/"));
  const db = getDb();
  // Imitating someone else while imitating closes the earlier imitation in the audit.
  await closeOwnImitationLog(session);
  const log = await db
    .insertInto("imitation_log")
    .values({
      imitator_id: imitatorId,
      imitated_id: target.id,
      imitator_name: nameOfRow(imitator),
      imitated_name: `${nameOfRow(target)} (${target.email})`,
      ip: requestIp(),
      started: nowIso(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  securityLog("imitation_started", { outcome: "success", account: target.id, imitator: imitatorId });
  // A new session id at every change of identity.
  const cookie = await rotateSession(
    session,
    { userId: target.id, imitatorId, imitationLogId: log.id },
    { type: "success", header: imitationStarted(nameOfRow(target)) },
  );
  return redirect(href("/"), { headers: { "Set-Cookie": cookie } });
}

/** The imitation this session is, if any, ends in the audit. */
function closeOwnImitationLog(session: AppSession) {
  const logId = session.get("imitationLogId");
  return closeImitationLog(typeof logId === "number" ? [logId] : []);
}

/**
 * Back to the admin who started imitating, only while that admin may still imitate (exists, is
 * enabled, is a super admin); otherwise the session ends altogether.
 */
export async function stopImitation(session: AppSession) {
  const imitatorId = session.get("imitatorId");
  if (!imitatorId) return redirect(href("/imitate"));
  await closeOwnImitationLog(session);
  const imitated = session.get("userId");
  if (!(await validImitator(imitatorId))) {
    securityLog("imitation_ended", { outcome: "success", account: imitated ?? null, imitator: imitatorId });
    return redirect(href("/"), { headers: { "Set-Cookie": await destroySession(session) } });
  }
  securityLog("imitation_stopped", { outcome: "success", account: imitated ?? null, imitator: imitatorId });
  const cookie = await rotateSession(session, { userId: imitatorId }, { type: "success", header: IMITATION_STOPPED });
  return redirect(href("/imitate"), { headers: { "Set-Cookie": cookie } });
}

/** Who a log entry names: the account acted as, and whether an admin did it on its behalf ('Beheerder namens'). */
export interface Actor {
  userId: number;
  imitating: boolean;
}

/** The actor of a change, for every log writer (member log, establishment log). */
export function actor(from: AppSession | Account): Actor {
  if (isSession(from)) {
    const userId = from.get("userId");
    if (typeof userId !== "number") throw new Error("actor: no signed-in user in this session");
    return { userId, imitating: typeof from.get("imitatorId") === "number" };
  }
  return { userId: from.id, imitating: from.imitatedBy !== null };
}

function isSession(value: AppSession | Account): value is AppSession {
  return typeof (value as AppSession).get === "function";
}
