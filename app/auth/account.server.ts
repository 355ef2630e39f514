import { href, redirect } from "react-router";
import { sql } from "kysely";
import { getDb, jsonArrayFrom, jsonRows } from "../lib/db.server";
import { securityLog } from "../lib/log.server";
import { oncePerRequest, setRequestActor } from "../lib/request-scope.server";
import { NAME_COLUMNS, nameOfRow } from "../lib/users.server";
import type { Account } from "./account";
import { can, type Action, type Subject } from "./policy";
import { endSession, getSession, type AppSession } from "./session.server";

/** The admin behind an imitation while still allowed to imitate (exists, enabled, super admin); else undefined. */
export async function validImitator(imitatorId: number) {
  return getDb()
    .selectFrom("users")
    .select(NAME_COLUMNS)
    .where("id", "=", imitatorId)
    .where("enabled", "=", 1)
    .where("role", "=", "super-admin")
    .executeTakeFirst();
}

export async function loadAccount(userId: number, imitatorId?: number): Promise<Account | null> {
  const db = getDb();
  // One query for the account and the establishments it manages, is contact of, or manages through
  // its membership: it runs on every request, where each round trip to the database counts.
  const user = await db
    .selectFrom("users")
    .leftJoin("files", "files.id", "users.image_file_id")
    .leftJoin("members", "members.id", "users.member_id")
    .leftJoin("registrants", "registrants.user_id", "users.id")
    .select((eb) => [
      "users.id",
      "users.email",
      "users.username",
      "users.given_name",
      "users.name_preposition",
      "users.family_name",
      "users.role",
      "users.enabled",
      "users.member_id",
      "users.manager_member",
      "users.contact_member",
      "users.mfa_type",
      "files.id as image_id",
      "files.modified as image_modified",
      "members.name as member_name",
      "members.associate as member_associate",
      "registrants.id as registrant_id",
      jsonArrayFrom(
        eb
          .selectFrom("enterprise_managers")
          .innerJoin("enterprises", "enterprises.id", "enterprise_managers.enterprise_id")
          .select(["enterprises.id", "enterprises.franchise"])
          .whereRef("enterprise_managers.user_id", "=", "users.id"),
      ).as("managed"),
      jsonArrayFrom(
        eb.selectFrom("enterprise_contacts").select("enterprise_contacts.enterprise_id as id").whereRef("enterprise_contacts.user_id", "=", "users.id"),
      ).as("contacted"),
      jsonArrayFrom(
        eb
          .selectFrom("enterprises as own")
          .select("own.id")
          .whereRef("own.member_id", "=", "users.member_id")
          .where(sql<boolean>`${sql.ref("users.manager_member")} = 1`),
      ).as("member_enterprises"),
    ])
    .where("users.id", "=", userId)
    .executeTakeFirst();
  if (!user || !user.enabled) return null;

  const managerMember = !!user.manager_member && user.member_id !== null;
  const managed = jsonRows(user.managed);
  const contacted = jsonRows(user.contacted);
  const memberEnterprises = managerMember ? jsonRows(user.member_enterprises) : [];
  const enterprises = [...new Set([...memberEnterprises.map((e) => e.id), ...managed.map((e) => e.id)])].sort(
    (a, b) => a - b,
  );
  const listable = [...new Set([...enterprises, ...contacted.map((e) => e.id)])].sort((a, b) => a - b);

  let imitatedBy: string | null = null;
  if (imitatorId) {
    const imitator = await validImitator(imitatorId);
    // An imitation lives only as long as its admin may imitate: deleted, disabled or demoted ends it.
    if (!imitator) return null;
    imitatedBy = nameOfRow(imitator);
  }

  return {
    id: user.id,
    email: user.email,
    username: user.username,
    givenName: user.given_name,
    namePreposition: user.name_preposition,
    familyName: user.family_name,
    fullName: nameOfRow(user),
    image: user.image_id ? { id: user.image_id, modified: user.image_modified! } : null,
    role: user.role,
    isAdmin: user.role === "admin" || user.role === "super-admin",
    isSuperAdmin: user.role === "super-admin",
    member: user.member_id,
    memberDetails:
      user.member_id !== null ? { id: user.member_id, name: user.member_name!, associate: !!user.member_associate } : null,
    managerMember,
    contactMember: !!user.contact_member && user.member_id !== null,
    enterprises,
    listableEnterprises: listable,
    franchiseManager: managed.some((e) => !!e.franchise),
    registrant: user.registrant_id ?? null,
    mfaType: user.mfa_type,
    imitatedBy,
  };
}

export interface Auth {
  session: AppSession;
  account: Account | null;
}

/**
 * The session and account of a request, read once for all its loaders. Reads only: a POST reads
 * afresh, since its action may change what the loaders after it must see.
 */
export function getAuth(request: Request): Promise<Auth> {
  if (request.method !== "GET" && request.method !== "HEAD") return readAuth(request);
  return oncePerRequest(`auth:${request.headers.get("Cookie") ?? ""}`, () => readAuth(request));
}

async function readAuth(request: Request): Promise<Auth> {
  const session = await getSession(request);
  const userId = session.get("userId");
  if (!userId) return { session, account: null };
  const imitatorId = session.get("imitatorId");
  const account = await loadAccount(userId, imitatorId);
  setRequestActor(account ? account.id : null, account ? (imitatorId ?? null) : null);
  if (!account) {
    // A disabled or deleted account, or an imitation whose admin may no longer imitate, loses
    // its session on the server at its next request.
    if (imitatorId) securityLog("imitation_ended", { outcome: "success", account: userId, imitator: imitatorId });
    await endSession(session);
    for (const key of ["userId", "imitatorId", "imitationLogId"] as const) session.unset(key);
  }
  return { session, account };
}

/** The login on home, asked to come back to `next` afterwards. */
const loginTo = (next: string) => `${href("/")}?next=${encodeURIComponent(next)}`;

function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const next = url.pathname + url.search;
  const home = href("/");
  return redirect(next === home ? home : loginTo(next));
}

/** Whether a redirect's target is the login that requireAccount sends a signed-out request to. */
export function isLoginRedirect(location: string): boolean {
  return location.startsWith(loginTo(""));
}

/** The signed-in account, or a redirect to the login on home. */
export async function requireAccount(request: Request): Promise<Auth & { account: Account }> {
  const auth = await getAuth(request);
  if (!auth.account) throw loginRedirect(request);
  return auth as Auth & { account: Account };
}

/** The signed-in account allowed to do `action` (on `subject`); anyone else goes home (or to the login). */
export async function requireAccess(request: Request, action: Action, subject: Subject = {}): Promise<Auth & { account: Account }> {
  const auth = await requireAccount(request);
  if (!can(auth.account, action, subject)) {
    securityLog("access_refused", { outcome: "failure", action, path: new URL(request.url).pathname });
    throw redirect(href("/"));
  }
  return auth;
}

/** Public pages that make no sense when signed in (registration, reset, activation). */
export async function requireAnonymous(request: Request): Promise<Auth> {
  const auth = await getAuth(request);
  if (auth.account) throw redirect(href("/"));
  return auth;
}
