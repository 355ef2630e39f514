import { sql, type Expression, type SqlBool } from "kysely";
import { getDb, jsonArrayFrom, jsonRows } from "../lib/db.server";
import { fullName } from "../lib/format";
import type { ListParams } from "../lib/list";
import { idIn, inPageOrder, listPaging, pageOfRows, turn, type ListSorts, type Page, type PageIds, type RowsOf } from "../lib/paging.server";
import { deleteFile } from "../lib/files.server";
import { foundBySearch, lidnummerPrefix, nameOrderSearch, searchesLidnummer } from "../lib/search.server";
import { applyStatus, type StatusOutcome } from "../lib/status.server";
import { shownEnterprise } from "./member.server";

/** Sortable columns of the member list, as they appear in the URL (`?sort=plaats`). */
const MEMBER_SORT_KEYS = ["lidnummer", "naam", "plaats", "contactpersoon", "vestigingen"] as const;
export type MemberSort = (typeof MEMBER_SORT_KEYS)[number];
export const MEMBER_SORTS: ListSorts<MemberSort> = { keys: MEMBER_SORT_KEYS, default: "naam" };

export interface MemberListRow {
  id: number;
  name: string;
  /** Of the principal establishment, else of the first one (by id); null when it has none yet. */
  lidnummer: number | null;
  /** Town of that same establishment. */
  town: string;
  /** Full names of the membership's contact persons, alphabetical. */
  contacts: string[];
  /** Number of active establishments. */
  enterprises: number;
  associate: boolean;
  approved: boolean;
  inactive: boolean;
  hidden: boolean;
}

// A contact person's full name in lower case, as the list shows it (the double space of an empty
// preposition folded away). Migration 004 indexes exactly this expression for contact persons.
const contactName = sql`lower(replace(u.given_name || ' ' || u.name_preposition || ' ' || u.family_name, '  ', ' '))`;

// Sorting by lidnummer or town joins the establishment a membership is shown with: its principal
// one (checked against the membership, as it is no foreign key), else its first by id.
const SHOWN_ENTERPRISE_SORTS: readonly MemberSort[] = ["lidnummer", "plaats"];

const sortKey: Record<MemberSort, Expression<unknown>> = {
  naam: sql`lower(m.name)`,
  lidnummer: sql`shown.lidnummer`,
  plaats: sql`lower(shown.address_town)`,
  contactpersoon: sql`(select min(${contactName}) from users u where u.member_id = m.id and u.contact_member = 1)`,
  vestigingen: sql`(select count(*) from enterprises f where f.member_id = m.id and f.inactive = 0)`,
};

/**
 * The memberships the search box finds, case-insensitively: by name, by a contact person's name,
 * and by the town or lidnummer (from its first digits) of any of their establishments. Names,
 * towns and contact persons are one search text per membership (migration 007) behind a trigram
 * index; lidnummers are ranges on their unique index.
 */
function searchFilter(term: string): Expression<SqlBool> {
  const lidnummer = lidnummerPrefix("f.lidnummer", term);
  return foundBySearch(
    "m.id",
    "member_search",
    [term.toLowerCase()],
    lidnummer ? sql`select f.member_id from enterprises f where ${lidnummer}` : null,
  );
}

/**
 * One page of the admin member list: the page's ids are found first (filter, sort, offset), then
 * only those rows are filled in. Without a search the count is the kept count (migration 027); with
 * one, the count comes along with the page (a window count), so the search runs once, except for a
 * text search in name order (nameOrderSearch).
 */
export async function memberListPage(params: ListParams<MemberSort>, limit: number): Promise<Page<MemberListRow>> {
  const db = getDb();
  const key = sortKey[params.sort];
  const members = params.search
    ? db.selectFrom("members as m").where(searchFilter(params.search))
    : db.selectFrom("members as m");

  // A search by text in name order: the cheapest way each engine has (search.server.ts).
  const search = params.search;
  const byName =
    search && params.sort === "naam" && !searchesLidnummer(search)
      ? nameOrderSearch({ table: "member_search", needles: [search.toLowerCase()], alias: "m", order: [key], sortColumns: ["s.sort_name"], dir: params.dir, limit })
      : null;

  // The page's ids in the list's order, or read backwards (`turned`) from its end.
  const inOrder = (turned: boolean) => {
    const dir = turned ? turn(params.dir) : params.dir;
    let query = members.select(params.search ? ["m.id", sql<number>`count(*) over ()`.as("total")] : ["m.id"]);
    if (SHOWN_ENTERPRISE_SORTS.includes(params.sort)) {
      query = query
        .leftJoin("enterprises as principal", (join) =>
          join.onRef("principal.id", "=", "m.principal_enterprise_id").onRef("principal.member_id", "=", "m.id"),
        )
        .leftJoin("enterprises as shown", (join) =>
          join.on(
            "shown.id",
            "=",
            sql<number>`coalesce(principal.id, (select min(f.id) from enterprises f where f.member_id = m.id))`,
          ),
        ) as unknown as typeof query;
    }
    // Rows without a value (no establishment, no contact person) go last in either direction.
    if (params.sort !== "naam" && params.sort !== "vestigingen") {
      query = query.orderBy(sql`case when ${key} is null then 1 else 0 end`, turned ? "desc" : "asc");
    }
    return query.orderBy(key, dir).orderBy("m.id", dir);
  };
  const paging = byName ?? listPaging(inOrder, limit, params.search ? members : null, "member_count");
  const { ids, rows, total, page } = await pageOfRows(paging, params.page, limit, memberRows);
  return { rows: memberListRows(ids, rows), total, page, limit };
}

/** The query of the list's columns for the given memberships. */
function memberRows(ids: PageIds) {
  return getDb()
    .selectFrom("members as m")
    .select((eb) => [
      "m.id",
      "m.name",
      "m.principal_enterprise_id",
      "m.associate",
      "m.approved",
      "m.inactive",
      "m.hidden",
      jsonArrayFrom(
        eb
          .selectFrom("enterprises as f")
          .select(["f.id", "f.lidnummer", "f.address_town", "f.inactive"])
          .whereRef("f.member_id", "=", "m.id"),
      ).as("enterprises"),
      jsonArrayFrom(
        eb
          .selectFrom("users as u")
          .select(["u.given_name", "u.name_preposition", "u.family_name", "u.username", "u.email"])
          .whereRef("u.member_id", "=", "m.id")
          .where("u.contact_member", "=", 1),
      ).as("contacts"),
    ])
    .where(idIn("m.id", ids));
}

/** The list's rows of the given memberships (memberRows), in the order of `ids`. */
function memberListRows(ids: number[], members: RowsOf<typeof memberRows>): MemberListRow[] {
  return inPageOrder(ids, members, (m) => {
    const own = jsonRows(m.enterprises).sort((a, b) => a.id - b.id);
    const shown = shownEnterprise(m.principal_enterprise_id, own);
    const names = jsonRows(m.contacts)
      .map((u) =>
        fullName({
          givenName: u.given_name,
          namePreposition: u.name_preposition,
          familyName: u.family_name,
          username: u.username,
          email: u.email,
        }),
      )
      .sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0));
    return {
      id: m.id,
      name: m.name,
      lidnummer: shown?.lidnummer ?? null,
      town: shown?.address_town ?? "",
      contacts: names,
      enterprises: own.filter((e) => !e.inactive).length,
      associate: !!m.associate,
      approved: !!m.approved,
      inactive: !!m.inactive,
      hidden: !!m.hidden,
    };
  });
}

export interface PendingMemberRow {
  id: number;
  name: string;
  associate: boolean;
  enterprises: number;
  created: string;
}

/** Every membership still waiting for approval, newest first. */
export async function pendingMembers(): Promise<PendingMemberRow[]> {
  const rows = await getDb()
    .selectFrom("members as m")
    .select((eb) => [
      "m.id",
      "m.name",
      "m.associate",
      "m.created",
      eb
        .selectFrom("enterprises as f")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("f.member_id", "=", "m.id")
        .as("enterprises"),
    ])
    .where("m.approved", "=", 0)
    .orderBy("m.created", "desc")
    .orderBy("m.id", "desc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    associate: !!r.associate,
    enterprises: Number(r.enterprises ?? 0),
    created: r.created,
  }));
}

export interface MemberSummary {
  id: number;
  name: string;
  approved: boolean;
}

/** Name and approval of one membership, for the confirmation pages; undefined when it is gone. */
export async function memberSummary(id: number): Promise<MemberSummary | undefined> {
  const row = await getDb()
    .selectFrom("members")
    .select(["id", "name", "approved"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? { id: row.id, name: row.name, approved: !!row.approved } : undefined;
}

/**
 * Deletes a membership in one transaction. Its establishments (and their manager and contact
 * links, and their KvK extracts, stored bytes included) go with it; its accounts stay, as accounts without a membership and without the
 * membership's manager and contact roles. Returns false when it did not exist (any more).
 */
export async function deleteMember(id: number): Promise<boolean> {
  return getDb()
    .transaction()
    .execute(async (tx) => {
      const member = await tx.selectFrom("members").select("id").where("id", "=", id).executeTakeFirst();
      if (!member) return false;
      await tx
        .updateTable("users")
        .set({ member_id: null, manager_member: 0, contact_member: 0 })
        .where("member_id", "=", id)
        .execute();
      const extracts = await tx
        .selectFrom("enterprises")
        .select("kvk_extract_file_id as fileId")
        .where("member_id", "=", id)
        .where("kvk_extract_file_id", "is not", null)
        .execute();
      // Establishments, their manager and contact links and the member log follow by cascade.
      const result = await tx.deleteFrom("members").where("id", "=", id).executeTakeFirst();
      if (Number(result.numDeletedRows) !== 1) return false;
      // Last, as it also removes the stored files, which a rollback cannot bring back.
      for (const { fileId } of extracts) await deleteFile(tx, fileId!);
      return true;
    });
}

/** Approves a pending membership (approved, active, visible); its establishments stay pending. */
export function approveMember(id: number): Promise<StatusOutcome> {
  return applyStatus("members", id, "approve");
}
