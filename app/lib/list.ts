/** Search, sort and page of a list, read from and written to the URL (bookmarkable, works without JavaScript). */
export type SortDir = "asc" | "desc";

export interface ListParams<K extends string = string> {
  search: string;
  sort: K;
  dir: SortDir;
  page: number;
}

export const PAGE_SIZE = 10;

export function readListParams<K extends string>(
  url: URL,
  sortKeys: readonly K[],
  defaultSort: K,
  defaultDir: SortDir = "asc",
): ListParams<K> {
  const q = url.searchParams;
  const sort = sortKeys.includes(q.get("sort") as K) ? (q.get("sort") as K) : defaultSort;
  const dir = q.get("dir") === "desc" ? "desc" : q.get("dir") === "asc" ? "asc" : defaultDir;
  const page = Number(q.get("page"));
  return { search: (q.get("q") ?? "").trim().slice(0, 200), sort, dir, page: Number.isInteger(page) && page > 0 ? page : 1 };
}

/** The query string for `params` with `changes`, leaving out what is at its default. */
export function listQuery(params: ListParams, changes: Partial<ListParams> = {}): string {
  const next = { ...params, ...changes };
  const q = new URLSearchParams();
  if (next.search) q.set("q", next.search);
  q.set("sort", next.sort);
  q.set("dir", next.dir);
  if (next.page > 1) q.set("page", String(next.page));
  return `?${q.toString()}`;
}

/** Clicking a column sorts by it ascending; clicking the sorted column flips the direction. */
export function sortChange(params: ListParams, column: string): Partial<ListParams> {
  return { sort: column, dir: params.sort === column && params.dir === "asc" ? "desc" : "asc", page: 1 };
}
