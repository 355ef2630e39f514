import { data } from "react-router";
import { containsInsensitive, getDb, type DB, type Tx } from "../lib/db.server";
import { nameOfRow } from "../lib/users.server";
import type { UserCardData } from "../ui/UserCard";
import { idParam } from "../lib/request.server";
import type { EnterpriseTable } from "../../db/types";
import type { Selectable } from "kysely";

export type EnterpriseRow = Selectable<EnterpriseTable>;

export interface EnterpriseMemberDetails {
  id: number;
  name: string;
  associate: boolean;
  approved: boolean;
  inactive: boolean;
  hidden: boolean;
}

/** One establishment as stored, with the membership it belongs to (part 1 §3 memberDetails). */
export interface EnterpriseRecord {
  row: EnterpriseRow;
  member: EnterpriseMemberDetails;
}

export async function findEnterprise(id: number, db: DB | Tx = getDb()): Promise<EnterpriseRecord | null> {
  const row = await db.selectFrom("enterprises").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const member = await db
    .selectFrom("members")
    .select(["id", "name", "associate", "approved", "inactive", "hidden"])
    .where("id", "=", row.member_id)
    .executeTakeFirstOrThrow();
  return {
    row,
    member: {
      id: member.id,
      name: member.name,
      associate: !!member.associate,
      approved: !!member.approved,
      inactive: !!member.inactive,
      hidden: !!member.hidden,
    },
  };
}

/** The establishment of a URL parameter; an unknown or malformed id is the catalogue's 404. */
export async function requireEnterprise(param: string | number | null | undefined): Promise<EnterpriseRecord> {
  const enterprise = await findEnterprise(idParam(param));
  if (!enterprise) throw data(null, { status: 404 });
  return enterprise;
}

/** A membership as the establishment form needs it (the membership field, the reduced form). */
export async function findMemberDetails(id: number, db: DB | Tx = getDb()): Promise<EnterpriseMemberDetails | null> {
  const member = await db
    .selectFrom("members")
    .select(["id", "name", "associate", "approved", "inactive", "hidden"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!member) return null;
  return {
    id: member.id,
    name: member.name,
    associate: !!member.associate,
    approved: !!member.approved,
    inactive: !!member.inactive,
    hidden: !!member.hidden,
  };
}

/** One match of the membership search of the establishment form. */
export interface MemberMatch {
  id: number;
  label: string;
  associate: boolean;
}

const MEMBER_SEARCH_MIN_CHARS = 2;
const MEMBER_SEARCH_LIMIT = 10;

/** The label of a membership in the search: its name, '(Niet-lid)' for associate memberships. */
export const memberMatchLabel = (m: { name: string; associate: boolean }) => (m.associate ? `${m.name} (Niet-lid)` : m.name);

/**
 * Memberships whose name contains `term` (case-insensitive), or one of whose establishments has
 * `term` as lidnummer; name order. Too short a term finds none.
 */
export async function searchMembers(term: string | null | undefined, limit = MEMBER_SEARCH_LIMIT): Promise<MemberMatch[]> {
  const trimmed = (term ?? "").trim().slice(0, 100);
  if (trimmed.length < MEMBER_SEARCH_MIN_CHARS) return [];
  const number = /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : null;
  const rows = await getDb()
    .selectFrom("members")
    .select(["id", "name", "associate"])
    .where((eb) =>
      eb.or([
        containsInsensitive("name", trimmed),
        ...(number !== null
          ? [eb("id", "in", eb.selectFrom("enterprises").select("member_id").where("lidnummer", "=", number))]
          : []),
      ]),
    )
    .orderBy("name")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, label: memberMatchLabel({ name: r.name, associate: !!r.associate }), associate: !!r.associate }));
}

/** The contact persons and branch managers of an establishment, as user cards (name order). */
export async function enterpriseRoleCards(enterpriseId: number): Promise<{ contacts: UserCardData[]; managers: UserCardData[] }> {
  const people = (table: "enterprise_contacts" | "enterprise_managers") =>
    getDb()
      .selectFrom(`${table} as link` as "enterprise_contacts as link")
      .innerJoin("users", "users.id", "link.user_id")
      .leftJoin("files", "files.id", "users.image_file_id")
      .select([
        "users.id",
        "users.email",
        "users.username",
        "users.given_name",
        "users.name_preposition",
        "users.family_name",
        "users.phone_primary",
        "users.enabled",
        "files.id as image_id",
        "files.modified as image_modified",
      ])
      .where("link.enterprise_id", "=", enterpriseId)
      .orderBy("users.family_name")
      .orderBy("users.given_name")
      .orderBy("users.id")
      .execute()
      .then((rows) =>
        rows.map(
          (r): UserCardData => ({
            id: r.id,
            fullName: nameOfRow(r),
            email: r.email,
            phonePrimary: r.phone_primary,
            image: r.image_id ? { id: r.image_id, modified: r.image_modified! } : null,
            enabled: !!r.enabled,
          }),
        ),
      );
  const [contacts, managers] = await Promise.all([people("enterprise_contacts"), people("enterprise_managers")]);
  return { contacts, managers };
}
