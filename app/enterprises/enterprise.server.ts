import { data } from "react-router";
import { requireAccess } from "../auth/account.server";
import { condition, containsInsensitive, getDb, prepared, rowExists, type Condition, type DB, type Read, type Tx } from "../lib/db.server";
import { USER_CARD_COLUMNS, userCardOfRow } from "../lib/users.server";
import type { UserCardData } from "../ui/UserCard";
import { idParam } from "../lib/request.server";
import type { EnterpriseTable } from "../../db/types";
import { sql, type Selectable } from "kysely";

export type EnterpriseRow = Selectable<EnterpriseTable>;

export interface EnterpriseMemberDetails {
  id: number;
  name: string;
  associate: boolean;
  approved: boolean;
  inactive: boolean;
  hidden: boolean;
}

/** The membership's columns of EnterpriseMemberDetails, read from `members as m` beside its id. */
const MEMBER_DETAIL_COLUMNS = [
  "m.name as member_name",
  "m.associate as member_associate",
  "m.approved as member_approved",
  "m.inactive as member_inactive",
  "m.hidden as member_hidden",
] as const;

/** One mapper for both reads of a membership (findEnterprise, findMemberDetails). */
function memberDetailsOfRow(
  id: number,
  row: { member_name: string; member_associate: number; member_approved: number; member_inactive: number; member_hidden: number },
): EnterpriseMemberDetails {
  return {
    id,
    name: row.member_name,
    associate: !!row.member_associate,
    approved: !!row.member_approved,
    inactive: !!row.member_inactive,
    hidden: !!row.member_hidden,
  };
}

/** One establishment as the portal reads it: camelCase fields, flags as booleans. */
interface Enterprise {
  id: number;
  memberId: number;
  name: string;
  lidnummer: number | null;
  address: { street: string; houseNr: string; postalCode: string; town: string };
  phone: string;
  email: string;
  emailPublic: string;
  website: string;
  kvkNr: string;
  kvkExtractFileId: number | null;
  establishedDate: string | null;
  building: string;
  franchise: boolean;
  preventiecentrum: boolean;
  nlfb: boolean;
  approved: boolean;
  inactive: boolean;
  hidden: boolean;
  location: { lat: number | null; lon: number | null; geocoded: string | null };
  invoice: {
    via: string;
    email: string;
    address: { street: string; houseNr: string; postalCode: string; town: string };
    contact: string;
    name: string;
    kostenplaats: string;
  };
}

/** The one mapper of an establishment row. */
function enterpriseFromRow(r: EnterpriseRow): Enterprise {
  return {
    id: r.id,
    memberId: r.member_id,
    name: r.name,
    lidnummer: r.lidnummer,
    address: { street: r.address_street, houseNr: r.address_house_nr, postalCode: r.address_postal_code, town: r.address_town },
    phone: r.phone,
    email: r.email,
    emailPublic: r.email_public,
    website: r.website,
    kvkNr: r.kvk_nr,
    kvkExtractFileId: r.kvk_extract_file_id,
    establishedDate: r.established_date,
    building: r.building,
    franchise: !!r.franchise,
    preventiecentrum: !!r.preventiecentrum,
    nlfb: !!r.nlfb,
    approved: !!r.approved,
    inactive: !!r.inactive,
    hidden: !!r.hidden,
    location: { lat: r.location_lat, lon: r.location_lon, geocoded: r.geocoded },
    invoice: {
      via: r.invoice_via,
      email: r.invoice_email,
      address: { street: r.invoice_street, houseNr: r.invoice_house_nr, postalCode: r.invoice_postal_code, town: r.invoice_town },
      contact: r.invoice_contact,
      name: r.invoice_name,
      kostenplaats: r.kostenplaats,
    },
  };
}

/** One establishment with the membership it belongs to (part 1 §3 memberDetails). */
export interface EnterpriseRecord {
  enterprise: Enterprise;
  member: EnterpriseMemberDetails;
}

/** The tables of the tabs that flag something to pass on (Keuring, Licenties). */
type FlaggingTable = "enterprise_inspections" | "enterprise_licenses";

/** The establishments of `table` whose tab's flag is set (see withDirtyTab and tabDirty). */
const dirtyIn = (table: FlaggingTable) =>
  getDb().selectFrom(table).select("enterprise_id").where("dirty", "=", 1);

/**
 * The establishments among `ids` whose tab flags something to pass on: Keuring's interim changes
 * (enterprise_inspections) or Licenties' change by the association (enterprise_licenses).
 */
export async function withDirtyTab(table: FlaggingTable, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await dirtyIn(table).where("enterprise_id", "in", ids).execute();
  return new Set(rows.map((r) => r.enterprise_id));
}

const dirtyCondition = (table: FlaggingTable) => condition((enterpriseId: number) => rowExists(dirtyIn(table).where("enterprise_id", "=", enterpriseId)));
const dirtyConditions = { enterprise_inspections: dirtyCondition("enterprise_inspections"), enterprise_licenses: dirtyCondition("enterprise_licenses") };

/** The red '!' of an establishment's tab with a table of its own (Keuring, Licenties): its flag is set. */
export function tabDirty(table: FlaggingTable, enterpriseId: number): Condition {
  return dirtyConditions[table](enterpriseId);
}

// One read: every page, tab and post of an establishment starts here.
const enterpriseRow = prepared((id: number) =>
  getDb().selectFrom("enterprises as e").innerJoin("members as m", "m.id", "e.member_id").selectAll("e").select(MEMBER_DETAIL_COLUMNS).where("e.id", "=", id),
);

export async function findEnterprise(id: number, db: DB | Tx = getDb()): Promise<EnterpriseRecord | null> {
  const [row] = await enterpriseRow(id).execute(db);
  if (!row) return null;
  return { enterprise: enterpriseFromRow(row), member: memberDetailsOfRow(row.member_id, row) };
}

/** The establishment of a URL parameter; an unknown or malformed id is the catalogue's 404. */
export async function requireEnterprise(param: string | number | null | undefined): Promise<EnterpriseRecord> {
  const enterprise = await findEnterprise(idParam(param));
  if (!enterprise) throw data(null, { status: 404 });
  return enterprise;
}

/**
 * An establishment of a full membership for a page or download of its tabs Licenties and Keuring:
 * only for whoever may change it (others go home), 404 for an associate membership (which has
 * neither tab) or one that does not exist.
 */
export async function requireFullMemberEnterprise(request: Request, param: string | undefined) {
  const auth = await requireAccess(request, "enterprise:edit", { enterpriseId: idParam(param) });
  const record = await requireEnterprise(param);
  if (record.member.associate) throw data(null, { status: 404 });
  return { ...auth, record };
}

/** A membership as the establishment form needs it (the membership field, the reduced form). */
export async function findMemberDetails(id: number, db: DB | Tx = getDb()): Promise<EnterpriseMemberDetails | null> {
  const member = await db.selectFrom("members as m").select("m.id").select(MEMBER_DETAIL_COLUMNS).where("m.id", "=", id).executeTakeFirst();
  return member ? memberDetailsOfRow(member.id, member) : null;
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

/** The contact persons and branch managers of an establishment (both lists in one read), in name order. */
const roleCards = prepared((enterpriseId: number) => {
  // Each branch from its link table's index; a person can be on both.
  const people = (table: "enterprise_contacts" | "enterprise_managers") =>
    getDb()
      .selectFrom(`${table} as link` as "enterprise_contacts as link")
      .innerJoin("users", "users.id", "link.user_id")
      .leftJoin("files", "files.id", "users.image_file_id")
      .select(USER_CARD_COLUMNS)
      .select(sql.lit<number>(table === "enterprise_managers" ? 1 : 0).as("manager"))
      .where("link.enterprise_id", "=", enterpriseId);
  return getDb()
    .selectFrom(people("enterprise_contacts").unionAll(people("enterprise_managers")).as("p"))
    .selectAll()
    .orderBy("p.family_name")
    .orderBy("p.given_name")
    .orderBy("p.id");
});

/** The contact persons and branch managers of an establishment, as user cards (name order). */
export function enterpriseRoleCardsRead(enterpriseId: number) {
  const query = roleCards(enterpriseId);
  type Row = Awaited<ReturnType<typeof query.execute>>[number];
  return {
    query,
    of: (rows: Row[]) => ({
      contacts: rows.filter((r) => !Number(r.manager)).map(userCardOfRow),
      managers: rows.filter((r) => Number(r.manager)).map(userCardOfRow),
    }),
  } satisfies Read<Row, { contacts: UserCardData[]; managers: UserCardData[] }>;
}
