import { sql, type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool } from "kysely";
import { engine, getDb, jsonArrayFrom, jsonRows, type JsonRows } from "./db.server";
import { PAGE_SIZE, readListFilters, readListParams, type ListFilterGroup, type ListParams } from "./list";

export interface Page<O> {
  rows: O[];
  total: number;
  page: number;
  limit: number;
}

/**
 * One page of a query plus the total behind it. The count reuses the query's joins and filters
 * (without its columns and order); a page past the end shows the last page.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- counts and pages a select over any tables; only the row type O matters
export async function paginate<O>(query: SelectQueryBuilder<any, any, O>, page: number, limit: number): Promise<Page<O>> {
  const counted = await query
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`count(*)`.as("total"))
    .executeTakeFirst();
  const total = Number((counted as { total?: number } | undefined)?.total ?? 0);
  const last = Math.max(1, Math.ceil(total / limit));
  const current = Math.min(Math.max(1, page), last);
  const rows = await query
    .limit(plannedOnce(limit))
    .offset(plannedOnce((current - 1) * limit))
    .execute();
  return { rows, total, page: current, limit };
}

/** A row of a page of ids: while searching, each also carries the window count of all found. */
export interface PageRow {
  id: number;
  total?: number;
}

/** The query of one page of ids: a query builder, or SQL of the list's own. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a page of ids from any tables; only the row type matters
export type PageQuery = SelectQueryBuilder<any, any, PageRow> | RawBuilder<PageRow>;

/** A number of rows: a number, or SQL that works it out in the page's own statement. */
export type RowCount = number | Expression<number>;

/**
 * How a large admin list reads its ids: `pageAt(page)` is the query of one page of ids, and while
 * `searching` also of the window count (`total` on each row), so the search runs once;
 * `countAll()` counts what the list holds, and `counted()`, where given, is the same count as one
 * expression, so that PostgreSQL reads it in the page's own statement (see pageOfRows).
 * `fromEnd(offset, limit)`, where given (a list without a search), is `pageAt`'s query read
 * backwards: every sort key turned, `offset` counted from the list's end (see readsFromEnd).
 */
export interface IdPaging {
  searching: boolean;
  pageAt: (page: number) => PageQuery;
  countAll: () => Promise<number>;
  counted?: () => Expression<number>;
  fromEnd?: (offset: RowCount, limit: RowCount) => PageQuery;
}

/** The other direction. */
export function turn(dir: "asc" | "desc"): "asc" | "desc" {
  return dir === "asc" ? "desc" : "asc";
}

/**
 * A page's limit or offset, as PostgreSQL plans a list's statement once for every page. It plans a
 * prepared statement anew on each execution for as long as that plan, made for the values given,
 * looks cheaper than one plan for any values; and it takes a LIMIT or OFFSET it cannot see for a
 * tenth of the table, which made the one plan of every list look far dearer than it is. So each
 * request planned its page statement again, which cost the database more than running it. As a
 * subquery, the value is unseen by either plan: they cost the same, and after five executions the
 * statement keeps one plan (which page is asked does not change the plan). SQLite plans a
 * statement once anyway.
 */
export function plannedOnce(n: RowCount): RowCount {
  return engine() === "postgres" && typeof n === "number" ? sql<number>`(select ${n}::bigint)` : n;
}

/**
 * IdPaging's `pageAt`, and `fromEnd` for a list without a search, of a list whose ids `inOrder`
 * selects in the list's order (`turned`: every sort key the other way).
 */
export function pagesInOrder(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the ids (and window count) of any tables
  inOrder: (turned: boolean) => SelectQueryBuilder<any, any, any>,
  limit: number,
  searching: boolean,
): Pick<IdPaging, "pageAt" | "fromEnd"> {
  const slice = (turned: boolean, offset: RowCount, count: RowCount) =>
    inOrder(turned).limit(plannedOnce(count)).offset(plannedOnce(offset)) as unknown as PageQuery;
  return {
    pageAt: (page) => slice(false, (page - 1) * limit, limit),
    ...(searching ? {} : { fromEnd: (offset: RowCount, count: RowCount) => slice(true, offset, count) }),
  };
}

/**
 * A page in the later half of a list is read from its end: finding a page by its number walks the
 * list's order up to it (an index, without reading rows), so the last page of 25,000 walked them
 * all; from the end it walks what comes after the page. The longest walk is now to the middle.
 */
function readsFromEnd(offset: number, limit: number, total: number): boolean {
  return 2 * offset + limit > total;
}

function isQueryBuilder(query: PageQuery): query is Exclude<PageQuery, RawBuilder<PageRow>> {
  return "isSelectQueryBuilder" in query;
}

async function readPage(query: PageQuery): Promise<PageRow[]> {
  return isQueryBuilder(query) ? query.execute() : (await query.execute(getDb())).rows;
}

/** A count as one expression (IdPaging's `counted`), read on its own. */
export async function readCount(counted: Expression<number>): Promise<number> {
  return Number((await getDb().selectNoFrom(sql<number>`${counted}`.as("n")).executeTakeFirst())?.n ?? 0);
}

/**
 * The IdPaging of a list whose ids `inOrder` selects (see pagesInOrder): with a search, `found`
 * (the list's query with the search's condition) is counted with each page, and on its own only
 * for a page past the end; without one, the list's total is the count kept by triggers
 * (migrations 022 and 027) in `kept`, read instead of counting the table.
 */
export function listPaging(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the ids (and window count) of any tables
  inOrder: (turned: boolean) => SelectQueryBuilder<any, any, any>,
  limit: number,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a search of any tables
  found: SelectQueryBuilder<any, any, any> | null,
  kept: "user_count" | "member_count" | "enterprise_count",
): IdPaging {
  if (found) {
    const countAll = async () => Number((await found.select(sql<number>`count(*)`.as("n")).executeTakeFirst())?.n ?? 0);
    return { searching: true, ...pagesInOrder(inOrder, limit, true), countAll };
  }
  const counted = () => sql<number>`(select n from ${sql.table(kept)})`;
  return { searching: false, ...pagesInOrder(inOrder, limit, false), countAll: () => readCount(counted()), counted };
}

/**
 * The page of ids of a large admin list, found before its rows are filled in (see IdPaging). A
 * page past the end shows the last page, as the pager would.
 */
async function pageOfIds({ searching, pageAt, countAll, fromEnd }: IdPaging, requested: number, limit: number): Promise<{ ids: number[]; total: number; page: number }> {
  let page = requested;
  let total: number;
  let rows: PageRow[] = [];
  if (searching) {
    rows = await readPage(pageAt(page));
    total = rows.length ? Number(rows[0].total) : page > 1 ? await countAll() : 0;
  } else {
    total = await countAll();
  }
  const last = Math.max(1, Math.ceil(total / limit));
  if (page > last) page = last;
  if (!searching || !rows.length) {
    const offset = (page - 1) * limit;
    if (!total) rows = [];
    else if (fromEnd && readsFromEnd(offset, limit, total)) rows = (await readPage(fromEnd(Math.max(total - offset - limit, 0), Math.min(limit, total - offset)))).reverse();
    else rows = await readPage(pageAt(page));
  }
  return { ids: rows.map((r) => r.id), total, page };
}

/**
 * Which records a list's rows query fills in: the ids of a page, or `PAGE` (the page query of
 * pageOfRows' own statement).
 */
export type PageIds = readonly number[] | typeof PAGE;
const PAGE = "page";

/** The rows a list's rows query (`rowsOf` of pageOfRows) reads. */
export type RowsOf<Q extends (ids: PageIds) => { execute: () => Promise<unknown[]> }> = Awaited<ReturnType<ReturnType<Q>["execute"]>>;

/** `column` holds one of `ids` (not empty). */
export function idIn(column: string, ids: PageIds): Expression<SqlBool> {
  if (ids === PAGE) return sql<SqlBool>`${sql.ref(column)} = any(array(select id from page))`;
  return sql<SqlBool>`${sql.ref(column)} in (${sql.join(ids)})`;
}

/**
 * A page of a large admin list with its rows (`rowsOf(ids)`, each filled in as the list shows it),
 * in the order of `ids`. On PostgreSQL the page's ids, its total and its rows are read in one
 * statement, where the list can say its total as an expression (or counts it with the page):
 * every statement costs the machine time around the database's own work (docs/performance.md,
 * "One statement where a page read several"). SQLite, in process, reads them one after the other
 * (pageOfIds).
 */
export async function pageOfRows<R>(
  paging: IdPaging,
  requested: number,
  limit: number,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the rows of any tables; only the row type R matters
  rowsOf: (ids: PageIds) => SelectQueryBuilder<any, any, R>,
): Promise<{ ids: number[]; rows: R[]; total: number; page: number }> {
  if (engine() !== "postgres" || !(paging.searching || paging.counted)) {
    const { ids, total, page } = await pageOfIds(paging, requested, limit);
    return { ids, rows: ids.length ? await rowsOf(ids).execute() : [], total, page };
  }
  // Each id of the page is numbered as its query gives it (`ord`), so the ids come out in the page's
  // order; the rows, as JSON, are put back in that order by the caller.
  const { rows } = await sql<{ ids: number[]; total: number | null; rows: JsonRows<R> }>`
    ${paging.searching || !paging.fromEnd ? pageFromStart(paging, requested) : pageFromEitherEnd(paging, paging.fromEnd, requested, limit)}
    select array(select id from page order by ord) as ids,
      ${paging.searching ? sql`(select total from page limit 1)` : sql`(select total from n)`} as total,
      ${jsonArrayFrom(rowsOf(PAGE))} as rows`.execute(getDb());
  const { ids, total, rows: found } = rows[0];
  if (ids.length) return { ids: ids.map(Number), rows: jsonRows(found), total: Number(total), page: requested };
  // Nothing on this page: the list is empty, or the page is past its end; then its last page.
  const count = paging.searching ? (requested > 1 ? await paging.countAll() : 0) : Number(total);
  const last = Math.max(1, Math.ceil(count / limit));
  return count && requested > last ? pageOfRows(paging, last, limit, rowsOf) : { ids: [], rows: [], total: count, page: Math.min(requested, last) };
}

function subquery(query: PageQuery) {
  return isQueryBuilder(query) ? query : sql`(${query})`;
}

/** pageOfRows' page as it has always been read: from the start of the list's order (PostgreSQL). */
function pageFromStart(paging: IdPaging, requested: number) {
  const count = paging.searching ? sql`` : sql`n as materialized (select ${paging.counted!()} as total),`;
  return sql`with ${count} page as materialized (select *, row_number() over () as ord from ${subquery(paging.pageAt(requested))} as q)`;
}

/**
 * pageOfRows' page from the start or from the end of the list's order, whichever is nearer
 * (readsFromEnd), decided in the statement by the list's count: the other branch is not run. Read
 * from the end, the page's ids come last first; `ord` puts them back.
 */
function pageFromEitherEnd(paging: IdPaging, fromEnd: NonNullable<IdPaging["fromEnd"]>, requested: number, limit: number) {
  const offset = (requested - 1) * limit;
  // As bigint: the count may be an integer, and a page far past the end is not one.
  const number = (value: number) => sql<number>`${value}::bigint`;
  const total = sql<number>`(select total from n)`;
  const fromStart = sql`${number(2 * offset + limit)} <= ${total}`;
  const backwards = fromEnd(
    sql<number>`greatest(${total} - ${number(offset + limit)}, 0)`,
    sql<number>`greatest(least(${number(limit)}, ${total} - ${number(offset)}), 0)`,
  );
  return sql`with n as materialized (select ${paging.counted!()} as total),
    page as materialized (
      select id, row_number() over () as ord from ${subquery(paging.pageAt(requested))} as q where ${fromStart}
      union all
      select id, -row_number() over () as ord from ${subquery(backwards)} as b where not (${fromStart}))`;
}

/** The sortable columns of a list, as they appear in the URL, and the one it starts sorted by. */
export interface ListSorts<K extends string> {
  keys: readonly K[];
  default: K;
}

/**
 * What an admin list's loader returns: the search, sort and page of the URL, and the page of rows
 * the query finds for them (a page past the end shows the last one, and says so in `params`). A
 * list with filter groups gets the URL's choices in `params.filters` (every option while the panel
 * was not sent; the returned `params` then leave them out).
 */
export async function searchableListPage<K extends string, Row>(
  url: URL,
  sorts: ListSorts<K>,
  query: (params: ListParams<K> & { filters: Record<string, string[]> }, limit: number) => Promise<Page<Row>>,
  filterGroups: readonly ListFilterGroup[] = [],
) {
  const params = readListParams(url, sorts.keys, sorts.default);
  const { choices, sent } = readListFilters(url, filterGroups);
  const page = await query({ ...params, filters: choices }, PAGE_SIZE);
  return { ...page, params: { ...params, page: page.page, ...(sent ? { filters: choices } : {}) } };
}

/**
 * The rows of a page fetched by id, put back in the page's order (`ids`, from `pageOfIds`) and each
 * made a list row; an id whose record is gone meanwhile is left out.
 */
export function inPageOrder<R extends { id: number }, O>(ids: number[], rows: R[], toListRow: (row: R) => O): O[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toListRow(row)] : [];
  });
}
