import { sql, type Expression } from "kysely";
import type { Account } from "../auth/account";
import { getDb } from "../lib/db.server";
import { deleteFile } from "../lib/files.server";
import type { ListParams } from "../lib/list";
import { idIn, inPageOrder, listPaging, pageOfRows, turn, type ListSorts, type Page, type PageIds, type RowsOf } from "../lib/paging.server";
import { foundBySearch, nameOrderSearch } from "../lib/search.server";
import { hasOtherEnabledSuperAdmin, LAST_SUPER_ADMIN, nameOfRow, roleCountColumns, roleCountsOfRow } from "../lib/users.server";
import type { AccountRoleCounts } from "../ui/RoleBadges";

/** Sortable columns of the account list, as they appear in the URL (`?sort=e-mail`). */
const USER_SORT_KEYS = ["naam", "e-mail", "lidmaatschap"] as const;
export type UserSort = (typeof USER_SORT_KEYS)[number];
/** Family name ascending by default (part 2 §2.3). */
export const USER_SORTS: ListSorts<UserSort> = { keys: USER_SORT_KEYS, default: "naam" };

export interface UserListRow extends AccountRoleCounts {
  id: number;
  /** The full name, else the username or e-mail address. */
  name: string;
  email: string;
  member: { id: number; name: string } | null;
  professional: boolean;
  enabled: boolean;
  admin: boolean;
}

/** What each column sorts by (the id last, so equal keys keep one order across pages). */
const sortKeys: Record<UserSort, Expression<unknown>[]> = {
  // The expressions of the order index of migration 022.
  naam: [sql`lower(u.family_name)`, sql`lower(u.given_name)`],
  "e-mail": [sql`lower(u.email)`],
  lidmaatschap: [sql`case when u.member_id is null then 1 else 0 end`, sql`(select lower(m.name) from members m where m.id = u.member_id)`],
};

/**
 * One page of the admin account list: the page's ids first (search, sort, offset), then only those
 * rows filled in. The search finds accounts by name, e-mail address or their membership's name
 * (the search texts of migration 022); its count comes along with the page, except in name order
 * (nameOrderSearch). Without a search the
 * total is the kept count of migration 022.
 */
export async function userListPage(params: ListParams<UserSort>, limit: number): Promise<Page<UserListRow>> {
  const db = getDb();
  const users = params.search
    ? db.selectFrom("users as u").where(foundBySearch("u.id", "user_search", [params.search.toLowerCase()], null))
    : db.selectFrom("users as u");
  // A search in name order: the cheapest way each engine has (search.server.ts).
  const byName =
    params.search && params.sort === "naam"
      ? nameOrderSearch({
          table: "user_search",
          needles: [params.search.toLowerCase()],
          alias: "u",
          order: sortKeys.naam,
          sortColumns: ["s.sort_family", "s.sort_given"],
          dir: params.dir,
          limit,
        })
      : null;

  // The page's ids in the list's order, or read backwards (`turned`) from its end.
  const inOrder = (turned: boolean) => {
    const dir = turned ? turn(params.dir) : params.dir;
    let query = users.select(params.search ? ["u.id", sql<number>`count(*) over ()`.as("total")] : ["u.id"]);
    for (const key of sortKeys[params.sort]) query = query.orderBy(key, dir);
    return query.orderBy("u.id", dir);
  };
  const paging = byName ?? listPaging(inOrder, limit, params.search ? users : null, "user_count");
  const { ids, rows, total, page } = await pageOfRows(paging, params.page, limit, userRows);
  return { rows: userListRows(ids, rows), total, page, limit };
}

/** One account as the list shows it (the delete confirmation's 'Let op' list), if it exists. */
export async function userSummary(id: number): Promise<UserListRow | undefined> {
  return userListRows([id], await userRows([id]).execute())[0];
}

export const CANNOT_DELETE_SELF = "U kunt uw eigen account niet verwijderen.";
export const SUPER_ADMIN_ONLY = "Alleen een superbeheerder kan het account van een superbeheerder verwijderen.";

/**
 * Deletes an account with its photo. Its sessions, links and establishment roles go with it (the
 * database cascades them); a professional it was linked to stays, without account; log entries
 * keep their place and show '[Account verwijderd]'. Refused for the own account, for a super
 * admin's account unless by a super admin, and for the last enabled super admin. False when it did
 * not exist (any more).
 */
export async function deleteUser(id: number, actor: Account): Promise<boolean | { refused: string }> {
  if (id === actor.id) return { refused: CANNOT_DELETE_SELF };
  return getDb()
    .transaction()
    .execute(async (tx) => {
      const row = await tx.selectFrom("users").select(["id", "role", "image_file_id"]).where("id", "=", id).executeTakeFirst();
      if (!row) return false;
      if (row.role === "super-admin" && !actor.isSuperAdmin) return { refused: SUPER_ADMIN_ONLY };
      if (row.role === "super-admin" && !(await hasOtherEnabledSuperAdmin(tx, id))) return { refused: LAST_SUPER_ADMIN };
      const result = await tx.deleteFrom("users").where("id", "=", id).executeTakeFirst();
      if (Number(result.numDeletedRows) !== 1) return false;
      // Last, as it also removes the stored file, which a rollback cannot bring back.
      if (row.image_file_id !== null) await deleteFile(tx, row.image_file_id);
      return true;
    });
}

/** The query of the list's columns for the given accounts. */
function userRows(ids: PageIds) {
  return getDb()
    .selectFrom("users as u")
    .leftJoin("members as m", "m.id", "u.member_id")
    .select((eb) => [
      "u.id",
      "u.email",
      "u.username",
      "u.given_name",
      "u.name_preposition",
      "u.family_name",
      "u.enabled",
      "u.role",
      "u.manager_member",
      "u.contact_member",
      "m.id as member_id",
      "m.name as member_name",
      ...roleCountColumns("u.id"),
      eb.exists(eb.selectFrom("registrants as r").select("r.id").whereRef("r.user_id", "=", "u.id")).as("professional"),
    ])
    .where(idIn("u.id", ids));
}

/** The list's rows of the given accounts (userRows), in the order of `ids`. */
function userListRows(ids: number[], rows: RowsOf<typeof userRows>): UserListRow[] {
  return inPageOrder(ids, rows, (r) => ({
    id: r.id,
    name: nameOfRow(r),
    email: r.email,
    member: r.member_id === null ? null : { id: r.member_id, name: r.member_name ?? "" },
    professional: !!r.professional,
    enabled: !!r.enabled,
    admin: r.role !== "user",
    ...roleCountsOfRow(r),
  }));
}
