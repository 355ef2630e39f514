import { sql, type Expression, type SqlBool } from "kysely";
import { getDb, jsonArrayFrom, jsonRows } from "../lib/db.server";
import { fullName } from "../lib/format";
import type { ListParams } from "../lib/list";
import { idIn, inPageOrder, listPaging, pageOfRows, turn, type ListSorts, type Page, type PageIds, type RowsOf } from "../lib/paging.server";
import { deleteFile } from "../lib/files.server";
import { foundBySearch, lidnummerPrefix, nameOrderSearch, searchesLidnummer } from "../lib/search.server";
import { applyStatus, type StatusOutcome } from "../lib/status.server";
import { retryWhenNumberTaken } from "../lib/unique-number.server";
import { nextLidnummer } from "./lidnummer.server";
import { infoFileIds } from "./info.server";
import { inspectionFileIds } from "./inspection.server";
import { licenseFileIds } from "./licenses.server";

/** Sortable columns of the establishment list, as they appear in the URL (`?sort=adres`). */
const ENTERPRISE_SORT_KEYS = ["lidnummer", "naam", "adres", "contactpersoon", "telefoon"] as const;
export type EnterpriseSort = (typeof ENTERPRISE_SORT_KEYS)[number];
export const ENTERPRISE_SORTS: ListSorts<EnterpriseSort> = { keys: ENTERPRISE_SORT_KEYS, default: "naam" };

export interface EnterpriseListRow {
  id: number;
  name: string;
  /** Null while the establishment has none (not yet approved). */
  lidnummer: number | null;
  street: string;
  houseNr: string;
  postalCode: string;
  town: string;
  phone: string;
  /** The alphabetically first contact person of the establishment, '' when it has none. */
  contact: string;
  franchise: boolean;
  approved: boolean;
  inactive: boolean;
  hidden: boolean;
}

/**
 * What each column sorts by. Every key is followed by the id, so equal keys keep one order and a
 * page boundary never splits them differently.
 */
const sortKeys: Record<EnterpriseSort, Expression<unknown>[]> = {
  naam: [sql`lower(e.name)`],
  lidnummer: [sql`e.lidnummer`],
  // The address as the column shows it: street, number (numbers of equal length compare as
  // numbers), postcode, town.
  adres: [
    sql`lower(e.address_street)`,
    sql`length(e.address_house_nr)`,
    sql`lower(e.address_house_nr)`,
    sql`e.address_postal_code`,
    sql`lower(e.address_town)`,
  ],
  // The alphabetically first contact person, kept per establishment by migration 006's triggers.
  contactpersoon: [sql`k.name`],
  telefoon: [sql`e.phone`],
};

/** Rows without a value in the sorted column go last in either direction. */
const emptyLast: Record<EnterpriseSort, Expression<unknown> | null> = {
  naam: null,
  lidnummer: sql`case when e.lidnummer is null then 1 else 0 end`,
  adres: sql`case when e.address_street = '' then 1 else 0 end`,
  contactpersoon: sql`case when k.name is null then 1 else 0 end`,
  telefoon: sql`case when e.phone = '' then 1 else 0 end`,
};

/**
 * The texts a search term is looked for: as typed (lower case), and the way postcodes and phone
 * numbers are stored ('1234 ab' → '1234ab', '020-123 45 67' → '0201234567').
 */
export function searchNeedles(term: string): string[] {
  const needle = term.toLowerCase();
  const variants = new Set([needle, needle.replace(/\b(\d{4})\s+([a-z]{2})\b/g, "$1$2")]);
  if (/^[\d\s-]+$/.test(needle) && /\d/.test(needle)) variants.add(needle.replace(/[\s-]/g, ""));
  return [...variants].filter((v) => v !== "");
}

/**
 * The establishments the search box finds, case-insensitively: by name, address (street and
 * number, postcode and town), phone or a contact person's name, all in one search text per
 * establishment behind a trigram index (migration 006), and by lidnummer from its first digits,
 * as ranges on its unique index.
 */
function searchFilter(term: string): Expression<SqlBool> {
  const lidnummer = lidnummerPrefix("l.lidnummer", term);
  return foundBySearch(
    "e.id",
    "enterprise_search",
    searchNeedles(term),
    lidnummer ? sql`select l.id from enterprises l where ${lidnummer}` : null,
  );
}

/**
 * One page of the admin establishment list: the page's ids are found first (filter, sort, offset),
 * then only those rows are filled in. Without a search the count is the kept count (migration 027);
 * with one, the count comes along with the page (a window count), so the search runs once, except
 * for a text search in name order (nameOrderSearch).
 */
export async function enterpriseListPage(params: ListParams<EnterpriseSort>, limit: number): Promise<Page<EnterpriseListRow>> {
  const db = getDb();
  const enterprises = params.search
    ? db.selectFrom("enterprises as e").where(searchFilter(params.search))
    : db.selectFrom("enterprises as e");

  // A search by text in name order: the cheapest way each engine has (search.server.ts).
  const search = params.search;
  const byName =
    search && params.sort === "naam" && !searchesLidnummer(search)
      ? nameOrderSearch({
          table: "enterprise_search",
          needles: searchNeedles(search),
          alias: "e",
          order: sortKeys.naam,
          sortColumns: ["s.sort_name"],
          dir: params.dir,
          limit,
        })
      : null;

  // The page's ids in the list's order, or read backwards (`turned`) from its end.
  const inOrder = (turned: boolean) => {
    const dir = turned ? turn(params.dir) : params.dir;
    let query = enterprises.select(params.search ? ["e.id", sql<number>`count(*) over ()`.as("total")] : ["e.id"]);
    if (params.sort === "contactpersoon") {
      query = query.leftJoin(sql<{ enterprise_id: number; name: string }>`enterprise_first_contact`.as("k"), (join) =>
        join.onRef("k.enterprise_id", "=", "e.id"),
      ) as unknown as typeof query;
    }
    const empty = emptyLast[params.sort];
    if (empty) query = query.orderBy(empty, turned ? "desc" : "asc");
    for (const key of sortKeys[params.sort]) query = query.orderBy(key, dir);
    return query.orderBy("e.id", dir);
  };
  const paging = byName ?? listPaging(inOrder, limit, params.search ? enterprises : null, "enterprise_count");
  const { ids, rows, total, page } = await pageOfRows(paging, params.page, limit, enterpriseRows);
  return { rows: enterpriseListRows(ids, rows), total, page, limit };
}

/** The query of the list's columns for the given establishments. */
function enterpriseRows(ids: PageIds) {
  return getDb()
    .selectFrom("enterprises as e")
    .select((eb) => [
      "e.id",
      "e.name",
      "e.lidnummer",
      "e.address_street",
      "e.address_house_nr",
      "e.address_postal_code",
      "e.address_town",
      "e.phone",
      "e.franchise",
      "e.approved",
      "e.inactive",
      "e.hidden",
      jsonArrayFrom(
        eb
          .selectFrom("enterprise_contacts as c")
          .innerJoin("users as u", "u.id", "c.user_id")
          .select(["u.given_name", "u.name_preposition", "u.family_name", "u.username", "u.email"])
          .whereRef("c.enterprise_id", "=", "e.id"),
      ).as("contacts"),
    ])
    .where(idIn("e.id", ids));
}

/** The list's rows of the given establishments (enterpriseRows), in the order of `ids`. */
function enterpriseListRows(ids: number[], enterprises: RowsOf<typeof enterpriseRows>): EnterpriseListRow[] {
  const firstContact = new Map<number, string>();
  for (const e of enterprises) {
    for (const c of jsonRows(e.contacts)) {
      const name = fullName({
        givenName: c.given_name,
        namePreposition: c.name_preposition,
        familyName: c.family_name,
        username: c.username,
        email: c.email,
      });
      const current = firstContact.get(e.id);
      if (current === undefined || name.toLowerCase() < current.toLowerCase()) firstContact.set(e.id, name);
    }
  }
  return inPageOrder(ids, enterprises, (e) => ({
    id: e.id,
    name: e.name,
    lidnummer: e.lidnummer,
    street: e.address_street,
    houseNr: e.address_house_nr,
    postalCode: e.address_postal_code,
    town: e.address_town,
    phone: e.phone,
    contact: firstContact.get(e.id) ?? "",
    franchise: !!e.franchise,
    approved: !!e.approved,
    inactive: !!e.inactive,
    hidden: !!e.hidden,
  }));
}

export interface PendingEnterpriseRow {
  id: number;
  name: string;
  /** Set when an admin gave it one already; otherwise approval assigns the next free one. */
  lidnummer: number | null;
  town: string;
  memberId: number;
  memberName: string;
  /** Whether the membership is an associate (non-member) one. */
  associate: boolean;
  created: string;
}

/**
 * Every establishment still waiting for approval, newest first; those of a membership that is
 * itself not approved yet are left out (the membership is approved first, on its own page).
 */
export async function pendingEnterprises(): Promise<PendingEnterpriseRow[]> {
  const rows = await getDb()
    .selectFrom("enterprises as e")
    .innerJoin("members as m", "m.id", "e.member_id")
    .select(["e.id", "e.name", "e.lidnummer", "e.address_town", "e.created", "m.id as member_id", "m.name as member_name", "m.associate"])
    .where("e.approved", "=", 0)
    .where("m.approved", "=", 1)
    .orderBy("e.created", "desc")
    .orderBy("e.id", "desc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    lidnummer: r.lidnummer,
    town: r.address_town,
    memberId: r.member_id,
    memberName: r.member_name,
    associate: !!r.associate,
    created: r.created,
  }));
}

export interface EnterpriseSummary {
  id: number;
  name: string;
  approved: boolean;
  lidnummer: number | null;
  /** Whether its membership is approved (only then can the establishment be approved). */
  memberApproved: boolean;
}

/** Name and approval of one establishment, for the confirmation pages; undefined when it is gone. */
export async function enterpriseSummary(id: number): Promise<EnterpriseSummary | undefined> {
  const row = await getDb()
    .selectFrom("enterprises as e")
    .innerJoin("members as m", "m.id", "e.member_id")
    .select(["e.id", "e.name", "e.approved", "e.lidnummer", "m.approved as member_approved"])
    .where("e.id", "=", id)
    .executeTakeFirst();
  return row
    ? { id: row.id, name: row.name, approved: !!row.approved, lidnummer: row.lidnummer, memberApproved: !!row.member_approved }
    : undefined;
}

const MEMBER_NOT_APPROVED = "Keur eerst het lidmaatschap van deze vestiging goed.";

/**
 * Approves a pending establishment: approved, active and visible, and the next free lidnummer when
 * it has none, in one transaction. An establishment of a membership that is not approved yet is
 * refused (the new-establishments page does not offer it). When a concurrent write takes the
 * chosen number first, the whole transaction runs again with a fresh one.
 */
export function approveEnterprise(id: number): Promise<StatusOutcome<number>> {
  return retryWhenNumberTaken(() =>
    applyStatus("enterprises", id, "approve", {
      refusal: async (tx) => {
        const member = await tx
          .selectFrom("enterprises as e")
          .innerJoin("members as m", "m.id", "e.member_id")
          .select("m.approved")
          .where("e.id", "=", id)
          .executeTakeFirst();
        return member?.approved ? null : MEMBER_NOT_APPROVED;
      },
      alongside: async (tx) => {
        const row = await tx.selectFrom("enterprises").select("lidnummer").where("id", "=", id).executeTakeFirstOrThrow();
        if (row.lidnummer !== null) return row.lidnummer;
        const lidnummer = await nextLidnummer(tx);
        await tx.updateTable("enterprises").set({ lidnummer }).where("id", "=", id).execute();
        return lidnummer;
      },
    }),
  );
}

/**
 * Deletes an establishment in one transaction, with its manager and contact links, campaign
 * sign-ups, log, Keuring, Licenties and Info & Media (by cascade) and its KvK extract, RIE files,
 * videma licence, logo, header and images. When it was the principal establishment of
 * its membership, the membership no longer names one. Returns false when it did not exist (any more).
 */
export async function deleteEnterprise(id: number): Promise<boolean> {
  return getDb()
    .transaction()
    .execute(async (tx) => {
      const row = await tx.selectFrom("enterprises").select(["id", "kvk_extract_file_id"]).where("id", "=", id).executeTakeFirst();
      if (!row) return false;
      const tabFiles = [...(await inspectionFileIds(tx, id)), ...(await licenseFileIds(tx, id)), ...(await infoFileIds(tx, id))];
      await tx.updateTable("members").set({ principal_enterprise_id: null }).where("principal_enterprise_id", "=", id).execute();
      const result = await tx.deleteFrom("enterprises").where("id", "=", id).executeTakeFirst();
      if (Number(result.numDeletedRows) !== 1) return false;
      // Last, as it also removes the stored file, which a rollback cannot bring back.
      if (row.kvk_extract_file_id !== null) await deleteFile(tx, row.kvk_extract_file_id);
      for (const fileId of tabFiles) await deleteFile(tx, fileId);
      return true;
    });
}
