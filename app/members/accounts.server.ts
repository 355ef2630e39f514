// The accounts of a membership: the Accounts tab's cards and the add/edit commands of
// member_user_add and member_user_edit (admin context).
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "../lib/parse-form";
import { data, href, redirect } from "react-router";
import type { Account } from "../auth/account";
import { linkOrigin, sendActivationMail } from "../auth/password.server";
import { endSessionsOf, type AppSession } from "../auth/session.server";
import { getDb, isUniqueViolation, nowIso, type DB, type Tx } from "../lib/db.server";
import { securityLog } from "../lib/log.server";
import { idParam } from "../lib/request.server";
import { EMAIL_CONFLICT, emailTaken, NAME_COLUMNS, nameOfRow, roleCountColumns, roleCountsOfRow, USER_CARD_COLUMNS, userCardOfRow } from "../lib/users.server";
import { sendAlertMail } from "../lib/mail.server";
import { withdrawLinkTokens } from "../auth/tokens.server";
import { redirectWithNotification } from "../shell/flash.server";
import type { Notification } from "../shell/notification";
import type { UserCardData } from "../ui/UserCard";
import {
  accountAddSchema,
  accountSchema,
  isRoleSelectIntent,
  parseRoles,
  ROLE_SELECT_INTENTS,
  type AccountFormDefaults,
  type AccountRoles,
  type AccountValues,
} from "./account-schema";
import { memberUserEditPath } from "./AccountsTab";
import type { AccountRoleCounts } from "../ui/RoleBadges";
import { writeMemberLog } from "./log.server";
import { readFields } from "../lib/form-body.server";

// ---------------------------------------------------------------------------
// Texts
// ---------------------------------------------------------------------------

const ACCOUNT_CREATED = "Account aangemaakt.";
const ACTIVATION_MAIL_SENT_ON_CREATE = " Er is een activatiemail verstuurd.";
const ACCOUNT_SAVED = "Account opgeslagen.";
const ROLES_SAVED = "Rollen opgeslagen.";
const ACCOUNT_ENABLED = "Account geactiveerd.";
const ACCOUNT_DISABLED = "Account gedeactiveerd.";
const ACTIVATION_MAIL_SENT = "Activatiemail verzonden.";
const ALREADY_ACTIVE: Notification = {
  type: "warning",
  header: "Dit account is al actief.",
  text: "Een activatiemail is alleen nodig voor een account dat nog niet actief is.",
};
const CANNOT_DEACTIVATE_SELF: Notification = {
  type: "warning",
  header: "U kunt uw eigen account niet deactiveren.",
};
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
// Reading
// ---------------------------------------------------------------------------


export interface MemberRef {
  id: number;
  name: string;
}


export interface MemberAccountDetails {
  id: number;
  fullName: string;
  enabled: boolean;
  values: AccountFormDefaults;
  roles: AccountRoles;
}

/**
 * The account of the URL, only when it belongs to that membership (else 404). A super admin's
 * account is changed only by super admins: an admin could otherwise take it over through its
 * e-mail address.
 */
export async function requireMemberAccount(
  memberId: number,
  param: string | undefined,
  actor: Account,
): Promise<MemberAccountDetails> {
  const db = getDb();
  const user = await db
    .selectFrom("users")
    .select([
      "id",
      "email",
      "username",
      "given_name",
      "name_preposition",
      "family_name",
      "phone_primary",
      "newsletter",
      "enabled",
      "manager_member",
      "contact_member",
      "role",
    ])
    .where("id", "=", idParam(param))
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  if (!user) throw data(null, { status: 404 });
  if (user.role === "super-admin" && !actor.isSuperAdmin) throw redirect(href("/"));
  const [managed, contacted] = await Promise.all([
    enterpriseLinks(db, "enterprise_managers", user.id, memberId),
    enterpriseLinks(db, "enterprise_contacts", user.id, memberId),
  ]);
  return {
    id: user.id,
    fullName: nameOfRow(user),
    enabled: !!user.enabled,
    values: {
      email: user.email,
      givenName: user.given_name,
      namePreposition: user.name_preposition,
      familyName: user.family_name,
      phonePrimary: user.phone_primary,
      newsletter: !!user.newsletter,
    },
    roles: {
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

/** The accounts of a membership as cards, sorted by name (the Accounts tab; the Rollen tab's choices). */
export async function memberAccounts(memberId: number): Promise<MemberAccountCard[]> {
  const rows = await getDb()
    .selectFrom("users")
    .leftJoin("files", "files.id", "users.image_file_id")
    .select([...USER_CARD_COLUMNS, "users.manager_member", "users.contact_member", ...roleCountColumns("users.id")])
    .where("users.member_id", "=", memberId)
    .orderBy("users.family_name")
    .orderBy("users.given_name")
    .orderBy("users.id")
    .limit(MEMBER_ACCOUNTS_LIMIT)
    .execute();
  return rows.map((r) => ({ ...userCardOfRow(r), ...roleCountsOfRow(r) }));
}

// ---------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------

type SaveResult = { ok: true; id: number } | { ok: false; reason: "email_conflict" };



const userColumns = (values: AccountValues) => ({
  email: values.email.toLowerCase(),
  given_name: values.givenName,
  name_preposition: values.namePreposition ?? "",
  family_name: values.familyName,
  phone_primary: values.phonePrimary ?? "",
  newsletter: values.newsletter ? 1 : 0,
});

/**
 * Creates a not yet activated account (no password) in a membership and logs account_created in the
 * same transaction.
 */
async function createMemberAccount(actor: Account, memberId: number, values: AccountValues): Promise<SaveResult> {
  const columns = userColumns(values);
  try {
    return await getDb()
      .transaction()
      .execute(async (tx): Promise<SaveResult> => {
        if (await emailTaken(tx, columns.email)) return { ok: false, reason: "email_conflict" };
        const row = await tx
          .insertInto("users")
          .values({ ...columns, enabled: 0, password_hash: null, role: "user", member_id: memberId, created: nowIso() })
          .returning("id")
          .executeTakeFirstOrThrow();
        await writeMemberLog(tx, actor, { memberId, action: "account_created", accountId: row.id });
        return { ok: true, id: row.id };
      });
  } catch (error) {
    // Someone else took the address between the check and the insert.
    if (isUniqueViolation(error)) return { ok: false, reason: "email_conflict" };
    throw error;
  }
}

/**
 * Saves the general form of a membership's account. A changed e-mail address withdraws the links
 * mailed to the old one (in the same transaction), tells the old address, and ends the account's
 * sessions.
 */
async function updateMemberAccount(memberId: number, userId: number, values: AccountValues): Promise<SaveResult> {
  const columns = userColumns(values);
  let emailChanged = false;
  try {
    const result = await getDb()
      .transaction()
      .execute(async (tx): Promise<SaveResult> => {
        if (await emailTaken(tx, columns.email, userId)) return { ok: false, reason: "email_conflict" };
        const before = await tx
          .selectFrom("users")
          .select(NAME_COLUMNS)
          .where("id", "=", userId)
          .where("member_id", "=", memberId)
          .executeTakeFirst();
        if (!before) return { ok: true, id: userId };
        await tx.updateTable("users").set(columns).where("id", "=", userId).where("member_id", "=", memberId).execute();
        if (before.email !== columns.email) {
          emailChanged = true;
          await withdrawLinkTokens(tx, userId);
          await sendAlertMail("email_changed_notice", before.email, { name: nameOfRow(before), email: columns.email }, tx);
        }
        return { ok: true, id: userId };
      });
    if (emailChanged) {
      securityLog("email_changed", { outcome: "success", subject: userId });
      await endSessionsOf(userId);
    }
    return result;
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "email_conflict" };
    throw error;
  }
}

/**
 * Saves the Rollen tab in one transaction: the membership flags, and the account's manager and
 * contact links to this membership's establishments (the ones the tab offers). Links to other
 * memberships' establishments stay as they are; posted ids outside the offer are ignored.
 */
async function saveAccountRoles(memberId: number, userId: number, roles: AccountRoles): Promise<void> {
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
      if (!offered.length) return;
      const allowed = new Set(offered);
      for (const [table, wanted] of [
        ["enterprise_managers", roles.managerEnterprises],
        ["enterprise_contacts", roles.contactEnterprises],
      ] as const) {
        await tx.deleteFrom(table).where("user_id", "=", userId).where("enterprise_id", "in", offered).execute();
        const rows = wanted.filter((id) => allowed.has(id)).map((id) => ({ enterprise_id: id, user_id: userId }));
        if (rows.length) await tx.insertInto(table).values(rows).execute();
      }
    });
}

/**
 * Activeren / Deactiveren. Conditional on the state the page showed, so a double submit does not
 * flip it back. Deactivating ends the account's sessions at once.
 */
async function setAccountEnabled(memberId: number, userId: number, enable: boolean): Promise<boolean> {
  const result = await getDb()
    .updateTable("users")
    .set({ enabled: enable ? 1 : 0 })
    .where("id", "=", userId)
    .where("member_id", "=", memberId)
    .where("enabled", "=", enable ? 0 : 1)
    .executeTakeFirst();
  const changed = Number(result.numUpdatedRows) === 1;
  if (changed) securityLog(enable ? "account_enabled" : "account_disabled", { outcome: "success", subject: userId });
  if (changed && !enable) await endSessionsOf(userId);
  return changed;
}

// ---------------------------------------------------------------------------
// The actions of member_user_add and member_user_edit
// ---------------------------------------------------------------------------

export interface MemberUserActionData {
  general?: SubmissionResult<string[]>;
  /** The Rollen form re-rendered by a select all / none button (not saved). */
  roles?: AccountRoles;
}

/** Creates the account; after the commit the activation mail goes out when asked for. */
export async function memberUserAddAction(request: Request, session: AppSession, actor: Account, member: MemberRef) {
  const form = await readFields(request);
  const submission = parseWithZod(form, { schema: accountAddSchema });
  if (submission.status !== "success") {
    return data<MemberUserActionData>({ general: submission.reply() }, { status: 400 });
  }
  const { sendMail, ...values } = submission.value;
  const result = await createMemberAccount(actor, member.id, values);
  if (!result.ok) {
    return data<MemberUserActionData>(
      { general: submission.reply({ fieldErrors: { email: [EMAIL_CONFLICT] } }) },
      { status: 409 },
    );
  }
  let notification: Notification = { type: "success", header: ACCOUNT_CREATED };
  if (sendMail) {
    try {
      await sendActivationMail(result.id, linkOrigin());
      notification = { type: "success", header: ACCOUNT_CREATED + ACTIVATION_MAIL_SENT_ON_CREATE };
    } catch (error) {
      console.error(error);
      notification = MAIL_FAILED;
    }
  }
  return redirectWithNotification(session, memberUserEditPath(member.id, result.id), notification);
}

/** The posts of the account edit page: general form, roles, select all / none, status, activation mail. */
export async function memberUserEditAction(
  request: Request,
  session: AppSession,
  actor: Account,
  member: MemberRef,
  user: MemberAccountDetails,
) {
  const form = await readFields(request);
  const intent = form.get("intent");
  const here = memberUserEditPath(member.id, user.id);

  if (intent === "general") {
    const submission = parseWithZod(form, { schema: accountSchema });
    if (submission.status !== "success") {
      return data<MemberUserActionData>({ general: submission.reply() }, { status: 400 });
    }
    const result = await updateMemberAccount(member.id, user.id, submission.value);
    if (!result.ok) {
      return data<MemberUserActionData>(
        { general: submission.reply({ fieldErrors: { email: [EMAIL_CONFLICT] } }) },
        { status: 409 },
      );
    }
    return redirectWithNotification(session, `${here}#algemeen`, { type: "success", header: ACCOUNT_SAVED });
  }

  if (intent === "roles") {
    await saveAccountRoles(member.id, user.id, parseRoles(form));
    return redirectWithNotification(session, `${here}#rollen`, { type: "success", header: ROLES_SAVED });
  }

  if (isRoleSelectIntent(intent)) {
    // Without JavaScript: tick or untick a whole list and show the form again, keeping the rest.
    const roles = parseRoles(form);
    const { list, all } = ROLE_SELECT_INTENTS[intent];
    roles[list] = all ? (await memberEnterpriseOptions(member.id)).map((e) => e.id) : [];
    return data<MemberUserActionData>({ roles });
  }

  if (intent === "enable" || intent === "disable") {
    const enable = intent === "enable";
    if (!enable && user.id === actor.id) return redirectWithNotification(session, here, CANNOT_DEACTIVATE_SELF);
    await setAccountEnabled(member.id, user.id, enable);
    // Also when nothing changed (a second submit): the page then shows the state as it is.
    return redirectWithNotification(session, here, {
      type: "success",
      header: enable ? ACCOUNT_ENABLED : ACCOUNT_DISABLED,
    });
  }

  if (intent === "send-activation") {
    if (user.enabled) return redirectWithNotification(session, here, ALREADY_ACTIVE);
    await sendActivationMail(user.id, linkOrigin());
    return redirectWithNotification(session, here, { type: "success", header: ACTIVATION_MAIL_SENT });
  }

  throw data("Onbekende actie", { status: 400 });
}
