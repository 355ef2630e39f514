import { sql, type SelectQueryBuilder } from "kysely";
import { getDb } from "./db.server";
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
    .limit(limit)
    .offset((current - 1) * limit)
    .execute();
  return { rows, total, page: current, limit };
}

/**
 * How a large admin list reads its ids: `pageAt(page)` reads one page of ids, and while
 * `searching` also the window count (`total` on each row) so the search runs once; `countAll()`
 * counts what the list holds.
 */
export interface IdPaging {
  searching: boolean;
  pageAt: (page: number) => Promise<{ id: number; total?: number }[]>;
  countAll: () => Promise<number>;
}

/** A list's total kept by triggers (migrations 022 and 027), read instead of counting the table. */
export async function keptCount(table: "user_count" | "member_count" | "enterprise_count"): Promise<number> {
  return Number((await getDb().selectFrom(table).select("n").executeTakeFirst())?.n ?? 0);
}

/**
 * The page of ids of a large admin list, found before its rows are filled in (see IdPaging). A
 * page past the end shows the last page, as the pager would.
 */
export async function pageOfIds({ searching, pageAt, countAll }: IdPaging, requested: number, limit: number): Promise<{ ids: number[]; total: number; page: number }> {
  let page = requested;
  let total: number;
  let rows: { id: number; total?: number }[] = [];
  if (searching) {
    rows = await pageAt(page);
    total = rows.length ? Number(rows[0].total) : page > 1 ? await countAll() : 0;
  } else {
    total = await countAll();
  }
  const last = Math.max(1, Math.ceil(total / limit));
  if (page > last) page = last;
  if (!searching || !rows.length) rows = total ? await pageAt(page) : [];
  return { ids: rows.map((r) => r.id), total, page };
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
