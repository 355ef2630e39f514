import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from "kysely";
import { engine, getDb } from "../lib/db.server";
import { countFound, foundBySearch, nameOrderSearch } from "../lib/search.server";
import { deleteFile } from "../lib/files.server";
import type { ListParams } from "../lib/list";
import { idIn, inPageOrder, pageOfRows, pagesInOrder, readCount, turn, type ListSorts, type Page, type PageIds, type RowsOf } from "../lib/paging.server";
import { applyStatus, type StatusOutcome } from "../lib/status.server";
import { nextNumber, retryWhenNumberTaken } from "../lib/unique-number.server";
import type { AccountState } from "./filters";

/** Sortable columns of the register, as they appear in the URL (`?sort=geboortedatum`). */
const REGISTRANT_SORT_KEYS = ["registratienummer", "naam", "geboortedatum", "e-mail", "plaats"] as const;
export type RegistrantSort = (typeof REGISTRANT_SORT_KEYS)[number];
export const REGISTRANT_SORTS: ListSorts<RegistrantSort> = { keys: REGISTRANT_SORT_KEYS, default: "naam" };

export interface RegistrantListRow {
  id: number;
  /** The full name ('' for a professional without a name yet). */
  name: string;
  passNumber: number | null;
  dateOfBirth: string | null;
  email: string;
  town: string;
  approved: boolean;
  inactive: boolean;
  hidden: boolean;
  account: AccountState;
}

/** What each column sorts by; the id last, so equal keys keep one order across pages. */
const sortKeys: Record<RegistrantSort, Expression<unknown>> = {
  naam: sql`lower(r.full_name)`,
  registratienummer: sql`r.pass_number`,
  geboortedatum: sql`r.date_of_birth`,
  "e-mail": sql`lower(r.email)`,
  plaats: sql`lower(r.address_town)`,
};
/** Rows without a value in the sorted column go last in either direction. */
const emptyLast: Record<RegistrantSort, Expression<unknown>> = {
  naam: sql`case when r.full_name = '' then 1 else 0 end`,
  registratienummer: sql`case when r.pass_number is null then 1 else 0 end`,
  geboortedatum: sql`case when r.date_of_birth is null then 1 else 0 end`,
  "e-mail": sql`case when r.email = '' then 1 else 0 end`,
  plaats: sql`case when r.address_town = '' then 1 else 0 end`,
};

/**
 * The unary '+' keeps SQLite from looking the states up in an index of their own (it has no
 * statistics to tell that most professionals are approved or without account), so a page is read
 * in name order from the order index (migration 019). PostgreSQL has those statistics, and would
 * take '+approved' for an expression it knows nothing of.
 */
const state = (column: string) => (engine() === "postgres" ? sql.ref(column) : sql`+${sql.ref(column)}`);

/** Each filter option as a condition on a professional (r) and its account (u). */
const FILTER_CONDITIONS: Record<string, Record<string, Expression<SqlBool>>> = {
  goedkeuring: { goedgekeurd: sql`${state("r.approved")} = 1`, "niet-goedgekeurd": sql`${state("r.approved")} = 0` },
  activiteit: { actief: sql`${state("r.inactive")} = 0`, inactief: sql`${state("r.inactive")} = 1` },
  zichtbaarheid: { zichtbaar: sql`${state("r.hidden")} = 0`, verborgen: sql`${state("r.hidden")} = 1` },
  account: { actief: sql`u.enabled = 1`, inactief: sql`u.enabled = 0`, geen: sql`${state("r.user_id")} is null` },
};

/**
 * The same options on the counts of each combination of states (c, migration 020), which the
 * register's total is summed from; the account's own state is not among them.
 */
const COUNT_CONDITIONS: Record<string, Record<string, Expression<SqlBool>>> = {
  goedkeuring: { goedgekeurd: sql`c.approved = 1`, "niet-goedgekeurd": sql`c.approved = 0` },
  activiteit: { actief: sql`c.inactive = 0`, inactief: sql`c.inactive = 1` },
  zichtbaarheid: { zichtbaar: sql`c.hidden = 0`, verborgen: sql`c.hidden = 1` },
  account: { geen: sql`c.with_account = 0` },
};

/**
 * The professionals that fit the filter choices: per group, any of its ticked options; a group
 * with none ticked finds nobody. A group with all its options ticked adds no condition.
 */
function filterCondition(filters: Record<string, string[]>, conditions = FILTER_CONDITIONS): Expression<SqlBool> | null {
  const parts: Expression<SqlBool>[] = [];
  for (const [group, all] of Object.entries(FILTER_CONDITIONS)) {
    const chosen = (filters[group] ?? Object.keys(all)).filter((value) => value in all);
    if (chosen.length === Object.keys(all).length) continue;
    const options = conditions[group];
    parts.push(chosen.length ? sql<SqlBool>`(${sql.join(chosen.map((value) => options[value]), sql` or `)})` : sql<SqlBool>`1 = 0`);
  }
  return parts.length ? sql<SqlBool>`${sql.join(parts, sql` and `)}` : null;
}

/** 'dd-mm-jjjj' (or with slashes or dots, one-digit day and month) as an ISO date, else null. */
function typedDate(term: string): string | null {
  const match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(term);
  if (!match) return null;
  const [, day, month, year] = match;
  const iso = `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
  return Number.isNaN(Date.parse(iso)) ? null : iso;
}

/** The number and date conditions a search term also makes (none for a name or address). */
function searchByValue(term: string): Expression<SqlBool>[] {
  const byValue: Expression<SqlBool>[] = [];
  if (/^\d{1,9}$/.test(term)) byValue.push(sql`n.pass_number = ${Number(term)}`, sql`n.id_fit_ned = ${Number(term)}`);
  const date = typedDate(term);
  if (date) byValue.push(sql`n.date_of_birth = ${date}`);
  return byValue;
}

/**
 * The professionals the search box finds (part 2 §2.2): by registration number or ID number (the
 * whole number), e-mail address or name (a part of it, case-insensitively), or date of birth
 * (typed dd-mm-jjjj). `inOrder`: tested while the register is read in name order.
 */
function searchCondition(term: string, inOrder: boolean): Expression<SqlBool> {
  const byValue = searchByValue(term);
  const moreIds = byValue.length ? sql`select n.id from registrants n where ${sql.join(byValue, sql` or `)}` : null;
  // Name and e-mail address from the trigram index of the search texts (migration 019).
  return foundBySearch("r.id", "registrant_search", [term.toLowerCase()], moreIds, { inOrder });
}

/** From how many found a page of a search walks the register in name order. */
const WALK_FROM = 1000;

/**
 * How many professionals a page's query finds: a plain search of the whole register in the search
 * index alone; without a search or a filter on the account's state, the sum of the counts of the
 * states (migration 020); else the rows.
 */
function countOf(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the register's query, with or without the account joined
  counted: SelectQueryBuilder<any, any, unknown>,
  search: string,
  filters: Record<string, string[]>,
  filtered: boolean,
): Expression<number> {
  if (search && !filtered && !searchByValue(search).length) return countFound("registrant_search", [search.toLowerCase()]);
  if (!search && !accountFiltered(filters)) {
    let counts = getDb().selectFrom("registrant_counts as c").select(sql<number>`coalesce(sum(c.n), 0)`.as("n"));
    const countFilter = filterCondition(filters, COUNT_CONDITIONS);
    if (countFilter) counts = counts.where(countFilter);
    return counts as unknown as Expression<number>;
  }
  return counted.select(sql<number>`count(*)`.as("n")) as unknown as Expression<number>;
}

/** One page of the register for the list's search, filters, sort and page. */
export async function registrantListPage(
  params: ListParams<RegistrantSort> & { filters: Record<string, string[]> },
  limit: number,
): Promise<Page<RegistrantListRow>> {
  // The account is joined only when a filter asks about it: counting the whole register then reads
  // one index instead of looking up 50,000 accounts.
  const filtered = filterCondition(params.filters);
  let registrants = getDb().selectFrom("registrants as r");
  if (filtered && accountFiltered(params.filters)) registrants = registrants.leftJoin("users as u", "u.id", "r.user_id") as unknown as typeof registrants;
  if (filtered) registrants = registrants.where(filtered);
  const search = params.search;

  // A search of the whole register by name or e-mail, in name order: the cheapest way each engine
  // has (search.server.ts).
  const plain = !!search && !filtered && !searchByValue(search).length && params.sort === "naam";
  const byName = plain
    ? nameOrderSearch({
        table: "registrant_search",
        needles: [search.toLowerCase()],
        alias: "r",
        order: [sortKeys.naam],
        sortColumns: ["s.sort_name"],
        emptyLast: { records: emptyLast.naam, searchTable: sql`case when s.sort_name = '' then 1 else 0 end` },
        dir: params.dir,
        limit,
      })
    : null;
  // Otherwise, once counted: a page of a search that found many walks the register in name order
  // and tests each against what was found (rather than fetching and sorting thousands); one that
  // found few fetches those and sorts them (rather than walking the register).
  let found = Number.POSITIVE_INFINITY;
  const inOrder = params.sort === "naam" && params.dir !== "desc";
  // The page's ids in the list's order, or read backwards (`turned`) from its end.
  const ordered = (turned: boolean) => {
    const dir = turned ? turn(params.dir) : params.dir;
    return (search ? registrants.where(searchCondition(search, inOrder && found >= WALK_FROM)) : registrants)
      .select("r.id")
      .orderBy(emptyLast[params.sort], turned ? "desc" : "asc")
      .orderBy(sortKeys[params.sort], dir)
      .orderBy("r.id", dir);
  };
  const counting = search ? registrants.where(searchCondition(search, false)) : registrants;
  const counted = () => countOf(counting, search, params.filters, !!filtered);
  const countAll = async () => {
    found = await readCount(counted());
    return found;
  };
  const { ids, rows, total, page } = await pageOfRows(byName ?? { searching: false, ...pagesInOrder(ordered, limit, !!search), countAll, counted }, params.page, limit, registrantRows);
  return { rows: registrantListRows(ids, rows), total, page, limit };
}

/** Whether the filters ask about the account's state (Actief or Inactief account, not all three ticked). */
function accountFiltered(filters: Record<string, string[]>): boolean {
  const options = Object.keys(FILTER_CONDITIONS.account);
  const chosen = (filters.account ?? options).filter((value) => options.includes(value));
  return chosen.length !== options.length && chosen.some((value) => value !== "geen");
}

/** The query of the list's columns for the given professionals. */
function registrantRows(ids: PageIds) {
  return getDb()
    .selectFrom("registrants as r")
    .leftJoin("users as u", "u.id", "r.user_id")
    .select([
      "r.id",
      "r.full_name",
      "r.pass_number",
      "r.date_of_birth",
      "r.email",
      "r.address_town",
      "r.approved",
      "r.inactive",
      "r.hidden",
      "r.user_id",
      "u.enabled",
    ])
    .where(idIn("r.id", ids));
}

/** The list's rows of the given professionals (registrantRows), in the order of `ids`. */
function registrantListRows(ids: number[], rows: RowsOf<typeof registrantRows>): RegistrantListRow[] {
  return inPageOrder(ids, rows, (r) => ({
    id: r.id,
    name: r.full_name,
    passNumber: r.pass_number,
    dateOfBirth: r.date_of_birth,
    email: r.email,
    town: r.address_town,
    approved: !!r.approved,
    inactive: !!r.inactive,
    hidden: !!r.hidden,
    account: r.user_id === null ? ("none" as const) : r.enabled ? ("active" as const) : ("inactive" as const),
  }));
}

export interface RegistrantSummary {
  id: number;
  name: string;
  approved: boolean;
}

/** What a confirmation shows of a professional: its name (or, while it has none, its e-mail address). */
export async function registrantSummary(id: number): Promise<RegistrantSummary | undefined> {
  const row = await getDb().selectFrom("registrants").select(["id", "full_name", "email", "approved"]).where("id", "=", id).executeTakeFirst();
  return row ? { id: row.id, name: row.full_name || row.email || `Professional ${row.id}`, approved: !!row.approved } : undefined;
}

export interface PendingRegistrantRow {
  id: number;
  name: string;
  email: string;
  dateOfBirth: string | null;
  town: string;
  created: string;
}

/** New registrations (part 2 §2.2): professionals not yet approved that have an active account, newest first, all at once. */
export async function pendingRegistrants(): Promise<PendingRegistrantRow[]> {
  const rows = await getDb()
    .selectFrom("registrants as r")
    .innerJoin("users as u", "u.id", "r.user_id")
    .select(["r.id", "r.full_name", "r.email", "r.date_of_birth", "r.address_town", "r.created"])
    // As the partial index of the new registrations says it (a bound value would not match it).
    .where(sql<SqlBool>`r.approved = 0`)
    .where("u.enabled", "=", 1)
    .orderBy("r.created", "desc")
    .orderBy("r.id", "desc")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.full_name || r.email, email: r.email, dateOfBirth: r.date_of_birth, town: r.address_town, created: r.created }));
}

/** The first ID number and registration number when no professional has one yet. */
export const FIRST_ID_FIT_NED = 100_001;
export const FIRST_PASS_NUMBER = 5001;

/**
 * Approves a new registration: approved, active and visible, with the next free ID number and
 * registration number where it has none, in one transaction. When a concurrent approval takes a
 * chosen number first, the whole transaction runs again with fresh ones.
 */
export function approveRegistrant(id: number): Promise<StatusOutcome<{ idFitNed: number; passNumber: number }>> {
  return retryWhenNumberTaken(() =>
    applyStatus("registrants", id, "approve", {
      alongside: async (tx) => {
        const row = await tx.selectFrom("registrants").select(["id_fit_ned", "pass_number"]).where("id", "=", id).executeTakeFirstOrThrow();
        const idFitNed = row.id_fit_ned ?? (await nextNumber({ table: "registrants", column: "id_fit_ned" }, FIRST_ID_FIT_NED, tx));
        const passNumber = row.pass_number ?? (await nextNumber({ table: "registrants", column: "pass_number" }, FIRST_PASS_NUMBER, tx));
        await tx.updateTable("registrants").set({ id_fit_ned: idFitNed, pass_number: passNumber }).where("id", "=", id).execute();
        return { idFitNed, passNumber };
      },
    }),
  );
}

/**
 * Deletes a new registration: the professional, its photo and its account (with the account's
 * photo), in one transaction.
 * An approved professional is no registration any more and stays. False when it did not exist
 * (any more), or was approved meanwhile.
 */
export async function deleteRegistration(id: number): Promise<boolean | { refused: string }> {
  return getDb()
    .transaction()
    .execute(async (tx) => {
      const row = await tx.selectFrom("registrants").select(["id", "user_id", "approved", "image_file_id"]).where("id", "=", id).executeTakeFirst();
      if (!row) return false;
      if (row.approved) return { refused: "Deze aanmelding is al goedgekeurd; verwijder de professional in de lijst FITNED.NL." };
      const result = await tx.deleteFrom("registrants").where("id", "=", id).where("approved", "=", 0).executeTakeFirst();
      if (Number(result.numDeletedRows) !== 1) return false;
      const account = row.user_id === null ? undefined : await tx.selectFrom("users").select("image_file_id").where("id", "=", row.user_id).executeTakeFirst();
      if (row.user_id !== null) await tx.deleteFrom("users").where("id", "=", row.user_id).execute();
      // Last, as it also removes the stored files, which a rollback cannot bring back.
      for (const fileId of [row.image_file_id, account?.image_file_id ?? null]) if (fileId !== null) await deleteFile(tx, fileId);
      return true;
    });
}

/**
 * Deletes a professional with its photo; its account stays (the list's delete; deleting a new
 * registration also deletes the account). False when it did not exist (any more).
 */
export async function deleteRegistrant(id: number): Promise<boolean> {
  return getDb()
    .transaction()
    .execute(async (tx) => {
      const row = await tx.selectFrom("registrants").select(["id", "image_file_id"]).where("id", "=", id).executeTakeFirst();
      if (!row) return false;
      const result = await tx.deleteFrom("registrants").where("id", "=", id).executeTakeFirst();
      if (Number(result.numDeletedRows) !== 1) return false;
      // Last, as it also removes the stored file, which a rollback cannot bring back.
      if (row.image_file_id !== null) await deleteFile(tx, row.image_file_id);
      return true;
    });
}
