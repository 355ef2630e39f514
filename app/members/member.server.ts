import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { Account } from "../auth/account";
import type { Auth } from "../auth/account.server";
import { can } from "../auth/policy";
import { idParam } from "../lib/request.server";
import { getDb, nowIso, type DB, type Tx } from "../lib/db.server";
import type { Page } from "../lib/paging.server";
import { changeStatus, isStatusIntent, STATUS_MESSAGES } from "../lib/status.server";
import { redirectWithNotification, SOMETHING_WENT_WRONG } from "../shell/flash.server";
import type { UserCardData } from "../ui/UserCard";
import { memberAccounts } from "./accounts.server";
import { memberLogPage, writeMemberLog, type MemberLogRow } from "./log.server";
import {
  FRANCHISE_NOT_PRINCIPAL,
  memberEditPath,
  memberSchema,
  PICK_FROM_LIST,
  type MemberFormOutput,
  type MemberFormValues,
} from "./schema";

const MEMBER_CREATED = "Lidmaatschap toegevoegd.";
const MEMBER_SAVED = "Lidmaatschap opgeslagen.";
const ROLES_SAVED = "Rollen opgeslagen.";

/** Fields only admins may set; a non-admin's post of them is ignored field by field. */
const ADMIN_ONLY_FIELDS = ["principalEnterprise", "associate"] as const;

// ---------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------

export interface MemberRecord {
  id: number;
  name: string;
  legalForm: string;
  adminAccountable: string;
  adminAccountableEmail: string;
  adminAccountablePhone: string;
  principalEnterpriseId: number | null;
  associate: boolean;
  interestMembership: boolean;
  approved: boolean;
  inactive: boolean;
  hidden: boolean;
}

async function findMember(id: number, db: DB | Tx = getDb()): Promise<MemberRecord | null> {
  const row = await db.selectFrom("members").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    legalForm: row.legal_form,
    adminAccountable: row.admin_accountable,
    adminAccountableEmail: row.admin_accountable_email,
    adminAccountablePhone: row.admin_accountable_phone,
    principalEnterpriseId: row.principal_enterprise_id,
    associate: !!row.associate,
    interestMembership: !!row.interest_membership,
    approved: !!row.approved,
    inactive: !!row.inactive,
    hidden: !!row.hidden,
  };
}

/** The membership of a URL parameter; an unknown or malformed id is the catalogue's 404. */
export async function requireMember(param: string | number | null | undefined): Promise<MemberRecord> {
  const member = await findMember(idParam(param));
  if (!member) throw data(null, { status: 404 });
  return member;
}

export interface EnterpriseCardData {
  id: number;
  name: string;
  street: string;
  houseNr: string;
  postalCode: string;
  town: string;
  lidnummer: number | null;
  franchise: boolean;
  approved: boolean;
  inactive: boolean;
  hidden: boolean;
}

/** The establishments of a membership, oldest first (the first one gives the lidnummer). */
async function memberEnterprises(memberId: number): Promise<EnterpriseCardData[]> {
  const rows = await getDb()
    .selectFrom("enterprises")
    .select([
      "id",
      "name",
      "address_street",
      "address_house_nr",
      "address_postal_code",
      "address_town",
      "lidnummer",
      "franchise",
      "approved",
      "inactive",
      "hidden",
    ])
    .where("member_id", "=", memberId)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    street: r.address_street,
    houseNr: r.address_house_nr,
    postalCode: r.address_postal_code,
    town: r.address_town,
    lidnummer: r.lidnummer,
    franchise: !!r.franchise,
    approved: !!r.approved,
    inactive: !!r.inactive,
    hidden: !!r.hidden,
  }));
}

/** The lidnummer shown for a membership: its principal establishment's, else its first establishment's. */
function memberNumber(member: Pick<MemberRecord, "principalEnterpriseId">, enterprises: EnterpriseCardData[]): number | null {
  const principal = enterprises.find((e) => e.id === member.principalEnterpriseId);
  return principal?.lidnummer ?? enterprises[0]?.lidnummer ?? null;
}

export type EnterpriseGroupKey = "active" | "franchise" | "hidden" | "inactive" | "unapproved";

export const ENTERPRISE_GROUPS: { key: EnterpriseGroupKey; label: string }[] = [
  { key: "active", label: "Vestigingen" },
  { key: "franchise", label: "Franchisenemers" },
  { key: "hidden", label: "Niet zichtbaar" },
  { key: "inactive", label: "Niet actief" },
  { key: "unapproved", label: "Niet goedgekeurd" },
];

/** The one group an establishment belongs to: the state that most needs attention wins. */
export function enterpriseGroup(e: Pick<EnterpriseCardData, "approved" | "inactive" | "hidden" | "franchise">): EnterpriseGroupKey {
  if (!e.approved) return "unapproved";
  if (e.inactive) return "inactive";
  if (e.hidden) return "hidden";
  if (e.franchise) return "franchise";
  return "active";
}

export interface EnterpriseGroup {
  key: EnterpriseGroupKey;
  label: string;
  enterprises: EnterpriseCardData[];
}

/** The non-empty groups of the Vestigingen tab, in the spec's order. */
function groupEnterprises(enterprises: EnterpriseCardData[]): EnterpriseGroup[] {
  return ENTERPRISE_GROUPS.map((g) => ({ ...g, enterprises: enterprises.filter((e) => enterpriseGroup(e) === g.key) })).filter(
    (g) => g.enterprises.length > 0,
  );
}

export interface RoleChoice {
  id: number;
  label: string;
  contact: boolean;
  manager: boolean;
}

export interface MemberPageData {
  /** "admin": the admin edit page; "own": /mijn-lidmaatschap. */
  mode: "admin" | "own";
  member: {
    id: number;
    name: string;
    associate: boolean;
    approved: boolean;
    inactive: boolean;
    hidden: boolean;
    lidnummer: number | null;
  };
  values: MemberFormValues;
  /** Establishments that can be principal (not franchise); admins only. */
  principalOptions: { id: number; name: string }[];
  enterpriseGroups: EnterpriseGroup[];
  contacts: UserCardData[];
  managers: UserCardData[];
  /** The membership's accounts with their roles: the Rollen form (admins) and the Accounts tab. */
  accounts: (UserCardData & { managerMember: boolean; contactMember: boolean })[];
  roleChoices: RoleChoice[];
  showRoles: boolean;
  log: Page<MemberLogRow>;
}

function memberFormValues(member: MemberRecord): MemberFormValues {
  return {
    name: member.name,
    legalForm: member.legalForm,
    adminAccountable: member.adminAccountable,
    adminAccountableEmail: member.adminAccountableEmail,
    adminAccountablePhone: member.adminAccountablePhone,
    principalEnterprise: member.principalEnterpriseId === null ? "" : String(member.principalEnterpriseId),
    ...(member.associate ? { associate: "on" as const } : {}),
    ...(member.interestMembership ? { interestMembership: "on" as const } : {}),
  };
}

function principalOptionsOf(enterprises: EnterpriseCardData[]) {
  return enterprises.filter((e) => !e.franchise).map((e) => ({ id: e.id, name: e.name }));
}

function pageParam(url: URL, name: string): number {
  const value = Number(url.searchParams.get(name));
  return Number.isInteger(value) && value > 0 ? value : 1;
}

/**
 * Everything the edit page (mode admin) or the own-membership page (mode own) shows. The own page
 * gets no establishments, accounts or role choices: those tabs and controls are the admin's.
 */
export async function loadMemberPage(member: MemberRecord, mode: "admin" | "own", url: URL): Promise<MemberPageData> {
  const admin = mode === "admin";
  const [enterprises, accounts, log] = await Promise.all([
    memberEnterprises(member.id),
    memberAccounts(member.id),
    memberLogPage(member.id, pageParam(url, "logboek")),
  ]);
  const card = ({ managerMember: _m, contactMember: _c, ...user }: (typeof accounts)[number]): UserCardData => user;
  const values = memberFormValues(member);
  if (!admin) {
    values.principalEnterprise = "";
    delete values.associate;
  }
  return {
    mode,
    member: {
      id: member.id,
      name: member.name,
      associate: member.associate,
      approved: member.approved,
      inactive: member.inactive,
      hidden: member.hidden,
      lidnummer: memberNumber(member, enterprises),
    },
    values,
    principalOptions: admin ? principalOptionsOf(enterprises) : [],
    enterpriseGroups: admin ? groupEnterprises(enterprises) : [],
    contacts: accounts.filter((a) => a.contactMember).map(card),
    managers: accounts.filter((a) => a.managerMember).map(card),
    accounts: admin ? accounts : [],
    roleChoices: admin
      ? accounts.map((a) => ({ id: a.id, label: `${a.fullName} (${a.email})`, contact: a.contactMember, manager: a.managerMember }))
      : [],
    // Associate memberships have no Rollen tab of their own.
    showRoles: admin || !member.associate,
    log,
  };
}

// ---------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------

function memberColumns(values: MemberFormOutput) {
  return {
    name: values.name,
    legal_form: values.legalForm ?? "",
    admin_accountable: values.adminAccountable ?? "",
    admin_accountable_email: values.adminAccountableEmail ?? "",
    admin_accountable_phone: values.adminAccountablePhone ?? "",
    interest_membership: values.interestMembership ? 1 : 0,
  };
}

/**
 * A membership made by an admin. The admin who creates it is the one who would approve it, so it
 * starts approved, active and visible; the pending list is for memberships that come in otherwise.
 * It has no establishments yet, so no principal one.
 */
async function createMember(values: MemberFormOutput): Promise<number> {
  const row = await getDb()
    .insertInto("members")
    .values({
      ...memberColumns(values),
      principal_enterprise_id: null,
      associate: values.associate ? 1 : 0,
      approved: 1,
      inactive: 0,
      hidden: 0,
      created: nowIso(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export type SaveResult = { ok: true } | { ok: false; fieldErrors: Record<string, string[]> } | { ok: false; gone: true };

/**
 * Saves tab Algemeen in one transaction: the principal establishment is checked against the
 * membership's establishments there, and a name change is logged with the change.
 * `admin` decides whether the admin-only fields are written at all.
 */
async function saveMemberGeneral(actor: Account, memberId: number, values: MemberFormOutput, admin: boolean): Promise<SaveResult> {
  return getDb()
    .transaction()
    .execute(async (tx): Promise<SaveResult> => {
      const current = await findMember(memberId, tx);
      if (!current) return { ok: false, gone: true };
      let adminColumns = {};
      if (admin) {
        const principalId = values.principalEnterprise ?? null;
        if (principalId !== null) {
          const principal = await tx
            .selectFrom("enterprises")
            .select(["id", "franchise"])
            .where("id", "=", principalId)
            .where("member_id", "=", memberId)
            .executeTakeFirst();
          if (!principal) return { ok: false, fieldErrors: { principalEnterprise: [PICK_FROM_LIST] } };
          if (principal.franchise) return { ok: false, fieldErrors: { principalEnterprise: [FRANCHISE_NOT_PRINCIPAL] } };
        }
        adminColumns = { principal_enterprise_id: principalId, associate: values.associate ? 1 : 0 };
      }
      await tx
        .updateTable("members")
        .set({ ...memberColumns(values), ...adminColumns })
        .where("id", "=", memberId)
        .execute();
      if (current.name !== values.name) {
        await writeMemberLog(tx, actor, { memberId, action: "name_changed", details: `${current.name} → ${values.name}` });
      }
      return { ok: true };
    });
}

/** Sets who of the membership's accounts are contact persons and managers; other ids are ignored. */
async function saveMemberRoles(memberId: number, contacts: number[], managers: number[]): Promise<void> {
  await getDb()
    .transaction()
    .execute(async (tx) => {
      await tx.updateTable("users").set({ contact_member: 0, manager_member: 0 }).where("member_id", "=", memberId).execute();
      if (contacts.length) {
        await tx.updateTable("users").set({ contact_member: 1 }).where("member_id", "=", memberId).where("id", "in", contacts).execute();
      }
      if (managers.length) {
        await tx.updateTable("users").set({ manager_member: 1 }).where("member_id", "=", memberId).where("id", "in", managers).execute();
      }
    });
}

// ---------------------------------------------------------------------------
// Actions
// ---------------------------------------------------------------------------

export interface MemberActionData {
  general?: SubmissionResult<string[]>;
}

const ids = (form: FormData, name: string) =>
  [...new Set(form.getAll(name).map(String).filter((v) => /^\d{1,15}$/.test(v)).map(Number))];

/** The form data without the fields a non-admin may not set. */
function withoutAdminFields(form: FormData): FormData {
  for (const name of ADMIN_ONLY_FIELDS) form.delete(name);
  return form;
}

/** Add a membership (admin): on success, its edit page. */
export async function addMemberAction(request: Request, { session }: Auth) {
  // A new membership has no establishments, so there is no principal one to choose yet.
  const form = await request.formData();
  form.delete("principalEnterprise");
  const submission = parseWithZod(form, { schema: memberSchema({ principalRequired: false }) });
  if (submission.status !== "success") return data<MemberActionData>({ general: submission.reply() }, { status: 400 });
  let id: number;
  try {
    id = await createMember(submission.value);
  } catch (error) {
    console.error(error);
    return data<MemberActionData>({ general: submission.reply({ formErrors: [SOMETHING_WENT_WRONG.header] }) }, { status: 500 });
  }
  return redirectWithNotification(session, memberEditPath(id), { type: "success", header: MEMBER_CREATED });
}

/**
 * The posts of a membership page: tab Algemeen, and for admins the status buttons and the roles.
 * `path` is the page itself (the admin edit URL or /mijn-lidmaatschap); `admin` is false on the
 * own page. Admin-only posts from others are answered like a forbidden route: home.
 */
export async function memberAction(
  request: Request,
  { session, account }: Auth & { account: Account },
  member: MemberRecord,
  path: string,
) {
  const admin = can(account, "members:admin");
  const form = await request.formData();
  const intent = form.get("intent");

  if (isStatusIntent(intent) && intent !== "approve") {
    if (!admin) throw redirect("/");
    const changed = await changeStatus("members", member.id, intent);
    if (!changed) return redirectWithNotification(session, path, SOMETHING_WENT_WRONG);
    const after = (await findMember(member.id))!;
    return redirectWithNotification(session, path, { type: "success", header: STATUS_MESSAGES[intent](after) });
  }

  if (intent === "roles") {
    if (!admin) throw redirect("/");
    try {
      await saveMemberRoles(member.id, ids(form, "contacts"), ids(form, "managers"));
    } catch (error) {
      console.error(error);
      return redirectWithNotification(session, `${path}#rollen`, SOMETHING_WENT_WRONG);
    }
    return redirectWithNotification(session, `${path}#rollen`, { type: "success", header: ROLES_SAVED });
  }

  if (intent === "general") {
    if (!admin) withoutAdminFields(form);
    const options = admin ? principalOptionsOf(await memberEnterprises(member.id)) : [];
    const submission = parseWithZod(form, { schema: memberSchema({ principalRequired: admin && options.length > 0 }) });
    if (submission.status !== "success") return data<MemberActionData>({ general: submission.reply() }, { status: 400 });
    let result: SaveResult;
    try {
      result = await saveMemberGeneral(account, member.id, submission.value, admin);
    } catch (error) {
      console.error(error);
      return data<MemberActionData>({ general: submission.reply({ formErrors: [SOMETHING_WENT_WRONG.header] }) }, { status: 500 });
    }
    if ("gone" in result) throw data(null, { status: 404 });
    if (!result.ok) return data<MemberActionData>({ general: submission.reply({ fieldErrors: result.fieldErrors }) }, { status: 400 });
    return redirectWithNotification(session, path, { type: "success", header: MEMBER_SAVED });
  }

  throw data("Onbekende actie", { status: 400 });
}
