// Adding and changing an account, on the three pages that do it: the admin register (/accounts,
// every account, with membership and rights), a membership's accounts (admin) and the own
// membership's accounts (its managers). One module, so each rule holds on every page.
import type { Submission, SubmissionResult } from "@conform-to/react";
import type { SelectQueryBuilder } from "kysely";
import type { Database } from "../../db/types";
import { data, redirect } from "react-router";
import type { Account } from "../auth/account";
import { linkOrigin, sendActivationMail } from "../auth/password.server";
import { endSessionsOf, type AppSession } from "../auth/session.server";
import { withdrawLinkTokens } from "../auth/tokens.server";
import { memberMatchLabel, searchMembers, type MemberMatch } from "../enterprises/enterprise.server";
import { getDb, isUniqueViolation, nowIso, prepared, type DB, type Read, type Tx } from "../lib/db.server";
import { checkUpload, IMAGE_TYPES, UPLOAD_TOO_LARGE } from "../lib/files.server";
import { readForm } from "../lib/form-body.server";
import { securityLog } from "../lib/log.server";
import { sendAlertMail } from "../lib/mail.server";
import { echoSubmission, parseWithZod } from "../lib/parse-form";
import { idParam } from "../lib/request.server";
import { EMAIL_CONFLICT, emailTaken, hasOtherEnabledSuperAdmin, LAST_SUPER_ADMIN, NAME_COLUMNS, otherEnabledSuperAdmin, nameOfRow, roleCountColumns, roleCountsOfRow, USER_CARD_COLUMNS, userCardOfRow } from "../lib/users.server";
import { writeMemberLog } from "../members/log.server";
import { redirectWithNotification } from "../shell/flash.server";
import type { Notification } from "../shell/notification";
import type { AccountRoleCounts } from "../ui/RoleBadges";
import type { UserCardData } from "../ui/UserCard";
import {
  ACCOUNT_MEMBER_SEARCH_INTENT,
  accountFormSchema,
  isRoleSelectIntent,
  parseRoles,
  ROLE_SELECT_INTENTS,
  type AccountFormDefaults,
  type AccountRoles,
  type AccountValues,
  type Rights,
} from "./account-schema";
import { dropReplacedPhoto, writeAccountPhoto, type PhotoChange } from "./photo.server";
import { tabPath } from "../ui/tab-path";

// ---------------------------------------------------------------------------
// Texts
// ---------------------------------------------------------------------------

export const USER_NOT_FOUND = "Deze gebruiker bestaat niet (meer)!";
const ACCOUNT_CREATED = "Account aangemaakt.";
const ACTIVATION_MAIL_SENT_ON_CREATE = " Er is een activatiemail verstuurd.";
const ACCOUNT_SAVED = "Account opgeslagen.";
const ROLES_SAVED = "Rollen opgeslagen.";
const ACCOUNT_ENABLED = "Account geactiveerd.";
const ACCOUNT_DISABLED = "Account gedeactiveerd.";
const ACTIVATION_MAIL_SENT = "Activatiemail verzonden.";
const MEMBER_GONE = "Dit lidmaatschap bestaat niet (meer).";
export const SUPER_ADMIN_GRANT_ONLY = "Alleen een superbeheerder kan superbeheerders aanwijzen of dit recht afnemen.";
const ALREADY_ACTIVE: Notification = {
  type: "warning",
  header: "Dit account is al actief.",
  text: "Een activatiemail is alleen nodig voor een account dat nog niet actief is.",
};
const CANNOT_DEACTIVATE_SELF: Notification = {
  type: "warning",
  header: "U kunt uw eigen account niet deactiveren.",
};
const CANNOT_DEACTIVATE_LAST_SUPER_ADMIN: Notification = { type: "warning", header: LAST_SUPER_ADMIN };
const MAIL_FAILED: Notification = {
  type: "warning",
  header: ACCOUNT_CREATED,
  text: "De activatiemail kon niet worden verstuurd. Probeer het later opnieuw met 'Activatiemail verzenden'.",
};

/** Establishments of a membership offered in the Rollen tab (part 1 §9). */
const ENTERPRISE_OPTIONS_LIMIT = 999;
/** Accounts of a membership loaded at once (part 1 §9, user list for role selection). */
const MEMBER_ACCOUNTS_LIMIT = 9999;

// ---------------------------------------------------------------------------
// Where a page works
// ---------------------------------------------------------------------------

/**
 * The accounts a page works on: one membership's (memberId), or every account (the admin register,
 * memberId null, whose form also sets membership and rights). The caller has checked the person
 * may work there; every read and write below stays inside it.
 */
export interface AccountPlace {
  memberId: number | null;
  /** The edit page of an account of this place. */
  editPath: (userId: number) => string;
}

const isRegister = (place: AccountPlace) => place.memberId === null;

export interface MemberRef {
  id: number;
  name: string;
}

export interface AccountDetails {
  id: number;
  fullName: string;
  enabled: boolean;
  rights: Rights;
  member: MemberRef | null;
  image: { id: number; modified: string } | null;
  values: AccountFormDefaults;
  /** The Rollen tab: only for an account of a membership. */
  roles: AccountRoles | null;
}

/**
 * The account of the URL, only when it belongs to the place (else 'Deze gebruiker bestaat niet
 * (meer)!') and the actor ranks at least as high.
 */
export async function requireAccountIn(place: AccountPlace, param: string | undefined, actor: Account): Promise<AccountDetails> {
  const db = getDb();
  let query = db
    .selectFrom("users")
    .leftJoin("members", "members.id", "users.member_id")
    .leftJoin("files", "files.id", "users.image_file_id")
    .select([
      ...USER_CARD_COLUMNS,
      "users.newsletter",
      "users.manager_member",
      "users.contact_member",
      "users.role",
      "users.member_id",
      "members.name as member_name",
    ])
    .where("users.id", "=", idParam(param, USER_NOT_FOUND));
  if (place.memberId !== null) query = query.where("users.member_id", "=", place.memberId);
  const user = await query.executeTakeFirst();
  if (!user) throw data(USER_NOT_FOUND, { status: 404 });
  // Who could change the address could take the account over: an admin's account only admins
  // change (not a membership's manager), a super admin's only super admins.
  if ((user.role !== "user" && !actor.isAdmin) || (user.role === "super-admin" && !actor.isSuperAdmin)) throw redirect("/");
  const memberId = user.member_id;
  const [managed, contacted] =
    memberId === null
      ? [[], []]
      : await Promise.all([
          enterpriseLinks(db, "enterprise_managers", user.id, memberId),
          enterpriseLinks(db, "enterprise_contacts", user.id, memberId),
        ]);
  return {
    id: user.id,
    fullName: nameOfRow(user),
    enabled: !!user.enabled,
    rights: user.role,
    member: memberId === null ? null : { id: memberId, name: user.member_name ?? "" },
    image: user.image_id ? { id: user.image_id, modified: user.image_modified! } : null,
    values: {
      email: user.email,
      givenName: user.given_name,
      namePreposition: user.name_preposition,
      familyName: user.family_name,
      phonePrimary: user.phone_primary,
      newsletter: !!user.newsletter,
      ...(isRegister(place) ? { member: memberId === null ? "" : String(memberId), rights: user.role } : {}),
    },
    roles:
      memberId === null
        ? null
        : {
            contactMember: !!user.contact_member,
            managerMember: !!user.manager_member,
            managerEnterprises: managed,
            contactEnterprises: contacted,
          },
  };
}

type LinkTable = "enterprise_managers" | "enterprise_contacts";

async function enterpriseLinks(db: DB | Tx, table: LinkTable, userId: number, memberId: number) {
  const rows = await db
    .selectFrom(table)
    .innerJoin("enterprises", "enterprises.id", `${table}.enterprise_id`)
    .select("enterprises.id")
    .where(`${table}.user_id`, "=", userId)
    .where("enterprises.member_id", "=", memberId)
    .execute();
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

export interface EnterpriseOption {
  id: number;
  name: string;
}

/** The establishments of a membership to choose from in the Rollen tab, by name. */
export async function memberEnterpriseOptions(memberId: number, db: DB | Tx = getDb()): Promise<EnterpriseOption[]> {
  return db
    .selectFrom("enterprises")
    .select(["id", "name"])
    .where("member_id", "=", memberId)
    .orderBy("name")
    .orderBy("id")
    .limit(ENTERPRISE_OPTIONS_LIMIT)
    .execute();
}

export type MemberAccountCard = UserCardData &
  Required<AccountRoleCounts> & { managerMember: boolean; contactMember: boolean };

/** The accounts of a membership as cards, sorted by name (the Accounts tab, own accounts; the Rollen tab's choices). */
export async function memberAccounts(memberId: number): Promise<MemberAccountCard[]> {
  const rows = await inMemberAccountOrder(
    getDb()
      .selectFrom("users")
      .leftJoin("files", "files.id", "users.image_file_id")
      .select([...USER_CARD_COLUMNS, "users.manager_member", "users.contact_member", ...roleCountColumns("users.id")])
      .where("users.member_id", "=", memberId),
  ).execute();
  return rows.map((r) => ({ ...userCardOfRow(r), ...roleCountsOfRow(r) }));
}

/** The accounts of a membership as a choice (an establishment's roles): name and e-mail, in the order of memberAccounts. */
const memberAccountChoices = prepared((memberId: number) =>
  inMemberAccountOrder(getDb().selectFrom("users").select(["users.id", ...NAME_COLUMNS]).where("users.member_id", "=", memberId)),
);

export function memberAccountChoicesRead(memberId: number) {
  const query = memberAccountChoices(memberId);
  type Row = Awaited<ReturnType<typeof query.execute>>[number];
  return { query, of: (rows: Row[]) => rows.map((r) => ({ id: r.id, fullName: nameOfRow(r), email: r.email })) } satisfies Read<Row, { id: number; fullName: string; email: string }[]>;
}

/** A membership's accounts are listed by family name, given name and id, at most MEMBER_ACCOUNTS_LIMIT. */
function inMemberAccountOrder<Q extends SelectQueryBuilder<Database, "users", object>>(query: Q): Q {
  return query.orderBy("users.family_name").orderBy("users.given_name").orderBy("users.id").limit(MEMBER_ACCOUNTS_LIMIT) as Q;
}

async function memberRef(db: DB | Tx, id: number): Promise<MemberRef | undefined> {
  return db.selectFrom("members").select(["id", "name"]).where("id", "=", id).executeTakeFirst();
}

// ---------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------


type SaveResult = { ok: true; id: number } | { ok: false; fieldErrors: Record<string, string[]> };

const refused = (name: string, message: string): SaveResult => ({ ok: false, fieldErrors: { [name]: [message] } });

const userColumns = (values: AccountValues) => ({
  email: values.email.toLowerCase(),
  given_name: values.givenName,
  name_preposition: values.namePreposition ?? "",
  family_name: values.familyName,
  phone_primary: values.phonePrimary ?? "",
  newsletter: values.newsletter ? 1 : 0,
});

/** The membership and rights the register's form asks for, checked; null where the page has none. */
async function registerChoice(tx: Tx, place: AccountPlace, values: AccountValues) {
  if (!isRegister(place)) return { ok: true as const, memberId: place.memberId, role: null };
  const memberId = values.member ? Number(values.member) : null;
  if (memberId !== null && !(await memberRef(tx, memberId))) return { ok: false as const, result: refused("member", MEMBER_GONE) };
  const role = values.rights ?? "user";
  return { ok: true as const, memberId, role };
}

/**
 * Creates a not yet activated account (no password) and logs account_created in its membership,
 * all in one transaction.
 */
async function createAccount(actor: Account, place: AccountPlace, values: AccountValues, photo: PhotoChange): Promise<SaveResult> {
  const columns = userColumns(values);
  try {
    return await getDb()
      .transaction()
      .execute(async (tx): Promise<SaveResult> => {
        if (await emailTaken(tx, columns.email)) return refused("email", EMAIL_CONFLICT);
        const choice = await registerChoice(tx, place, values);
        if (!choice.ok) return choice.result;
        const row = await tx
          .insertInto("users")
          .values({ ...columns, enabled: 0, password_hash: null, role: choice.role ?? "user", member_id: choice.memberId, created: nowIso() })
          .returning("id")
          .executeTakeFirstOrThrow();
        // A new account has no photo to replace.
        await writeAccountPhoto(tx, row.id, photo);
        if (choice.memberId !== null) await writeMemberLog(tx, actor, { memberId: choice.memberId, action: "account_created", accountId: row.id });
        return { ok: true, id: row.id };
      });
  } catch (error) {
    // Someone else took the address between the check and the insert.
    if (isUniqueViolation(error)) return refused("email", EMAIL_CONFLICT);
    throw error;
  }
}

/**
 * Saves the general form. A changed e-mail address withdraws the links mailed to the old one (in
 * the same transaction), tells the old address, and ends the account's sessions. On the register
 * a new membership drops the roles held in the old one; taking super admin from the last enabled
 * one is refused.
 */
async function updateAccount(actor: Account, place: AccountPlace, user: AccountDetails, values: AccountValues, photo: PhotoChange): Promise<SaveResult> {
  const columns = userColumns(values);
  let emailChanged = false;
  let replacedPhoto: number | null = null;
  try {
    const result = await getDb()
      .transaction()
      .execute(async (tx): Promise<SaveResult> => {
        if (await emailTaken(tx, columns.email, user.id)) return refused("email", EMAIL_CONFLICT);
        let before = tx.selectFrom("users").select([...NAME_COLUMNS, "member_id", "role"]).where("id", "=", user.id);
        if (place.memberId !== null) before = before.where("member_id", "=", place.memberId);
        const stored = await before.executeTakeFirst();
        if (!stored) throw data(USER_NOT_FOUND, { status: 404 });
        const choice = await registerChoice(tx, place, values);
        if (!choice.ok) return choice.result;
        const changes: Record<string, unknown> = { ...columns };
        if (choice.role !== null) {
          if (stored.role === "super-admin" && choice.role !== "super-admin" && !(await hasOtherEnabledSuperAdmin(tx, user.id))) {
            return refused("rights", LAST_SUPER_ADMIN);
          }
          changes.role = choice.role;
          if (choice.memberId !== stored.member_id) {
            Object.assign(changes, { member_id: choice.memberId, manager_member: 0, contact_member: 0 });
            if (stored.member_id !== null) await dropEnterpriseRoles(tx, user.id, (await memberEnterpriseOptions(stored.member_id, tx)).map((e) => e.id));
          }
        }
        await tx.updateTable("users").set(changes).where("id", "=", user.id).execute();
        replacedPhoto = await writeAccountPhoto(tx, user.id, photo);
        if (stored.email !== columns.email) {
          emailChanged = true;
          await withdrawLinkTokens(tx, user.id);
          await sendAlertMail("email_changed_notice", stored.email, { name: nameOfRow(stored), email: columns.email }, tx);
        }
        return { ok: true, id: user.id };
      });
    await dropReplacedPhoto(replacedPhoto);
    if (emailChanged) {
      securityLog("email_changed", { outcome: "success", subject: user.id });
      await endSessionsOf(user.id);
    }
    return result;
  } catch (error) {
    if (isUniqueViolation(error)) return refused("email", EMAIL_CONFLICT);
    throw error;
  }
}

/** Removes an account's manager and contact links to the given establishments, then adds the ones to keep. */
async function dropEnterpriseRoles(tx: Tx, userId: number, enterpriseIds: number[], keep: Partial<Record<LinkTable, number[]>> = {}) {
  if (!enterpriseIds.length) return;
  for (const table of ["enterprise_managers", "enterprise_contacts"] as const) {
    await tx.deleteFrom(table).where("user_id", "=", userId).where("enterprise_id", "in", enterpriseIds).execute();
    const rows = (keep[table] ?? []).map((id) => ({ enterprise_id: id, user_id: userId }));
    if (rows.length) await tx.insertInto(table).values(rows).execute();
  }
}

/**
 * Saves the Rollen tab in one transaction with its log entry: the membership flags, and the
 * account's manager and contact links to this membership's establishments (the ones the tab
 * offers). Links to other memberships' establishments stay as they are; posted ids outside the
 * offer are ignored.
 */
async function saveAccountRoles(actor: Account, memberId: number, userId: number, roles: AccountRoles): Promise<void> {
  await getDb()
    .transaction()
    .execute(async (tx) => {
      await tx
        .updateTable("users")
        .set({ manager_member: roles.managerMember ? 1 : 0, contact_member: roles.contactMember ? 1 : 0 })
        .where("id", "=", userId)
        .where("member_id", "=", memberId)
        .execute();
      const offered = (await memberEnterpriseOptions(memberId, tx)).map((e) => e.id);
      const allowed = new Set(offered);
      await dropEnterpriseRoles(tx, userId, offered, {
        enterprise_managers: roles.managerEnterprises.filter((id) => allowed.has(id)),
        enterprise_contacts: roles.contactEnterprises.filter((id) => allowed.has(id)),
      });
      await writeMemberLog(tx, actor, { memberId, action: "roles_changed", accountId: userId });
    });
}

/**
 * Activeren / Deactiveren in one conditional UPDATE: on the state the page showed (a double submit
 * does not flip it back), inside the place, and never the last enabled super admin. Deactivating
 * ends the account's sessions at once.
 */
export async function setAccountEnabled(place: AccountPlace, userId: number, enable: boolean): Promise<"changed" | "unchanged" | "last-super-admin"> {
  let update = getDb()
    .updateTable("users")
    .set({ enabled: enable ? 1 : 0 })
    .where("id", "=", userId)
    .where("enabled", "=", enable ? 0 : 1);
  if (place.memberId !== null) update = update.where("member_id", "=", place.memberId);
  if (!enable) update = update.where((eb) => eb.or([eb("role", "!=", "super-admin"), otherEnabledSuperAdmin(userId)]));
  const changed = Number((await update.executeTakeFirst()).numUpdatedRows) === 1;
  if (!changed) {
    if (enable) return "unchanged";
    const row = await getDb().selectFrom("users").select(["enabled", "role"]).where("id", "=", userId).executeTakeFirst();
    return row?.enabled && row.role === "super-admin" ? "last-super-admin" : "unchanged";
  }
  securityLog(enable ? "account_enabled" : "account_disabled", { outcome: "success", subject: userId });
  if (!enable) await endSessionsOf(userId);
  return "changed";
}

// ---------------------------------------------------------------------------
// The actions of the add and edit pages
// ---------------------------------------------------------------------------

export interface AccountActionData {
  general?: SubmissionResult<string[]>;
  /** The Rollen form re-rendered by a select all / none button (not saved). */
  roles?: AccountRoles;
  /** The register's membership search without JavaScript: what was searched and what matched. */
  memberSearch?: { query: string; matches: MemberMatch[] };
  /** The membership the re-rendered form had chosen. */
  chosenMember?: MemberMatch | null;
}

type Answer = ReturnType<typeof data<AccountActionData>>;
type GeneralPost =
  | { done: false; response: Answer }
  | { done: true; values: AccountValues; photo: PhotoChange; reply: (fieldErrors: Record<string, string[]>, status: number) => Promise<Answer> };

/**
 * Reads the account form: the photo apart (checked by content, never sent back), the rest by the
 * page's schema; the register's membership search answers with the form as posted. Fields the
 * page does not offer (membership, rights, outside the register) are dropped before parsing.
 */
async function readGeneral(form: FormData, place: AccountPlace, actor: Account, adding: boolean): Promise<GeneralPost> {
  const register = isRegister(place);
  if (!register) for (const name of ["member", "memberQuery", "rights"]) form.delete(name);
  const file = form.get("photo");
  form.delete("photo");
  const submission = parseWithZod(form, { schema: accountFormSchema({ register, adding }) }) as Submission<AccountValues>;
  const chosenMember = async (): Promise<MemberMatch | null> => {
    const id = String(form.get("member") ?? "");
    if (!/^\d{1,9}$/.test(id)) return null;
    const found = await getDb().selectFrom("members").select(["id", "name", "associate"]).where("id", "=", Number(id)).executeTakeFirst();
    return found ? { id: found.id, label: memberMatchLabel({ name: found.name, associate: !!found.associate }), associate: !!found.associate } : null;
  };
  const answer = async (general: SubmissionResult<string[]>, status: number, extra: AccountActionData = {}) =>
    data<AccountActionData>({ general, ...(register ? { chosenMember: await chosenMember() } : {}), ...extra }, { status });

  if (form.get("intent") === ACCOUNT_MEMBER_SEARCH_INTENT) {
    if (!register) throw data("Onbekende actie", { status: 400 });
    const query = String(form.get("memberQuery") ?? "");
    return { done: false, response: await answer(echoSubmission(submission), 200, { memberSearch: { query, matches: await searchMembers(query) } }) };
  }
  const fieldErrors: Record<string, string[]> = {};
  let upload: PhotoChange["upload"];
  if (file instanceof File && file.size > 0) {
    const check = await checkUpload(file, IMAGE_TYPES);
    if (check.ok) upload = { bytes: check.bytes, mime: check.mime, name: file.name };
    else fieldErrors.photo = [check.message];
  }
  if (submission.status === "success" && register && submission.value.rights === "super-admin" && !actor.isSuperAdmin) {
    fieldErrors.rights = [SUPER_ADMIN_GRANT_ONLY];
  }
  if (submission.status !== "success" || Object.keys(fieldErrors).length) {
    return { done: false, response: await answer(submission.reply({ fieldErrors }), 400) };
  }
  return {
    done: true,
    values: submission.value,
    photo: { upload, remove: form.get("photoRemove") === "on" },
    reply: (errors, status) => answer(submission.reply({ fieldErrors: errors }), status),
  };
}

const photoTooLarge = () => data<AccountActionData>({ general: { status: "error", error: { photo: [UPLOAD_TOO_LARGE] } } }, { status: 413 });

/** Creates the account and goes to its edit page; after the commit the activation mail goes out when asked for. */
export async function accountAddAction(request: Request, session: AppSession, actor: Account, place: AccountPlace) {
  // A photo over the limit is skipped as it arrives, and refused beside its field with the rest kept.
  const form = await readForm(request, { files: 1 });
  if (!form) return photoTooLarge();
  const post = await readGeneral(form, place, actor, true);
  if (!post.done) return post.response;
  const result = await createAccount(actor, place, post.values, post.photo);
  if (!result.ok) return post.reply(result.fieldErrors, 409);
  let notification: Notification = { type: "success", header: ACCOUNT_CREATED };
  if (post.values.sendMail) {
    try {
      await sendActivationMail(result.id, linkOrigin());
      notification = { type: "success", header: ACCOUNT_CREATED + ACTIVATION_MAIL_SENT_ON_CREATE };
    } catch (error) {
      console.error(error);
      notification = MAIL_FAILED;
    }
  }
  return redirectWithNotification(session, place.editPath(result.id), notification);
}

/** The posts of the account edit page: general form, roles, select all / none, status, activation mail. */
export async function accountEditAction(request: Request, session: AppSession, actor: Account, place: AccountPlace, user: AccountDetails) {
  const form = await readForm(request, { files: 1 });
  if (!form) return photoTooLarge();
  const intent = form.get("intent");
  const here = place.editPath(user.id);

  if (intent === "general" || intent === ACCOUNT_MEMBER_SEARCH_INTENT) {
    const post = await readGeneral(form, place, actor, false);
    if (!post.done) return post.response;
    const result = await updateAccount(actor, place, user, post.values, post.photo);
    if (!result.ok) return post.reply(result.fieldErrors, 409);
    return redirectWithNotification(session, tabPath(here, "algemeen"), { type: "success", header: ACCOUNT_SAVED });
  }

  // The Rollen tab is there for an account of a membership only.
  if ((intent === "roles" || isRoleSelectIntent(intent)) && user.member) {
    const roles = parseRoles(form);
    if (intent === "roles") {
      await saveAccountRoles(actor, user.member.id, user.id, roles);
      return redirectWithNotification(session, tabPath(here, "rollen"), { type: "success", header: ROLES_SAVED });
    }
    // Without JavaScript: tick or untick a whole list and show the form again, keeping the rest.
    const { list, all } = ROLE_SELECT_INTENTS[intent as keyof typeof ROLE_SELECT_INTENTS];
    roles[list] = all ? (await memberEnterpriseOptions(user.member.id)).map((e) => e.id) : [];
    return data<AccountActionData>({ roles });
  }

  if (intent === "enable" || intent === "disable") {
    const enable = intent === "enable";
    if (!enable && user.id === actor.id) return redirectWithNotification(session, here, CANNOT_DEACTIVATE_SELF);
    const outcome = await setAccountEnabled(place, user.id, enable);
    if (outcome === "last-super-admin") return redirectWithNotification(session, here, CANNOT_DEACTIVATE_LAST_SUPER_ADMIN);
    // Also when nothing changed (a second submit): the page then shows the state as it is.
    return redirectWithNotification(session, here, { type: "success", header: enable ? ACCOUNT_ENABLED : ACCOUNT_DISABLED });
  }

  if (intent === "send-activation") {
    if (user.enabled) return redirectWithNotification(session, here, ALREADY_ACTIVE);
    await sendActivationMail(user.id, linkOrigin());
    return redirectWithNotification(session, here, { type: "success", header: ACTIVATION_MAIL_SENT });
  }

  throw data("Onbekende actie", { status: 400 });
}
