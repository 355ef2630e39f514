import { data } from "react-router";
import type { Account } from "../auth/account";
import { idParam } from "../lib/request.server";
import { getDb, nowIso, type DB, type Tx } from "../lib/db.server";
import { writeMemberLog } from "./log.server";
import { messages } from "../lib/validation";
import { FRANCHISE_NOT_PRINCIPAL, type MemberFormOutput, type MemberFormValues } from "./schema";

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
export async function memberEnterprises(memberId: number): Promise<EnterpriseCardData[]> {
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

/**
 * The establishment a membership is shown with (its lidnummer and town, in the list and on its
 * page, and the list's sort by them): its principal one, else its first of `enterprises` (in id order).
 */
export function shownEnterprise<E extends { id: number }>(principalEnterpriseId: number | null, enterprises: E[]): E | undefined {
  return enterprises.find((e) => e.id === principalEnterpriseId) ?? enterprises[0];
}

/** The lidnummer shown for a membership: its shown establishment's (shownEnterprise). */
export function memberNumber(member: Pick<MemberRecord, "principalEnterpriseId">, enterprises: EnterpriseCardData[]): number | null {
  return shownEnterprise(member.principalEnterpriseId, enterprises)?.lidnummer ?? null;
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
export function groupEnterprises(enterprises: EnterpriseCardData[]): EnterpriseGroup[] {
  return ENTERPRISE_GROUPS.map((g) => ({ ...g, enterprises: enterprises.filter((e) => enterpriseGroup(e) === g.key) })).filter(
    (g) => g.enterprises.length > 0,
  );
}

export function memberFormValues(member: MemberRecord): MemberFormValues {
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

export function principalOptionsOf(enterprises: EnterpriseCardData[]) {
  return enterprises.filter((e) => !e.franchise).map((e) => ({ id: e.id, name: e.name }));
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
export async function createMember(values: MemberFormOutput): Promise<number> {
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
export async function saveMemberGeneral(actor: Account, memberId: number, values: MemberFormOutput, admin: boolean): Promise<SaveResult> {
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
          if (!principal) return { ok: false, fieldErrors: { principalEnterprise: [messages.pickFromList] } };
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
export async function saveMemberRoles(memberId: number, contacts: number[], managers: number[]): Promise<void> {
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
