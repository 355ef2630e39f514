import { pageFromUrl } from "../ui/pager";

/** Search, sort and page of a list, read from and written to the URL (bookmarkable, works without JavaScript). */
export type SortDir = "asc" | "desc";

export interface ListParams<K extends string = string> {
  search: string;
  sort: K;
  dir: SortDir;
  page: number;
  /** The ticked options of each filter group of a list that has them (every option while none was chosen). */
  filters?: Record<string, string[]>;
}

/** A group of checkboxes in a list's filter panel; a group with none ticked empties the list. */
export interface ListFilterGroup {
  /** The URL parameter: `?account=geen`. */
  key: string;
  label: string;
  options: readonly { value: string; label: string }[];
}

/** Marks a URL whose filter panel was sent: a group absent from it then has nothing ticked. */
export const FILTER_PANEL_SENT = "filter";

/**
 * The filter choices of the URL, for a list with filter groups: every option of every group until
 * the panel was sent (`filters` of the list's parameters is then left out, keeping its URLs short).
 */
export function readListFilters(url: URL, groups: readonly ListFilterGroup[]): { choices: Record<string, string[]>; sent: boolean } {
  const q = url.searchParams;
  const sent = q.has(FILTER_PANEL_SENT);
  const choices = Object.fromEntries(
    groups.map((group) => {
      const known = group.options.map((o) => o.value);
      return [group.key, sent ? known.filter((value) => q.getAll(group.key).includes(value)) : known];
    }),
  );
  return { choices, sent };
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
  return { search: (q.get("q") ?? "").trim().slice(0, 200), sort, dir, page: pageFromUrl(url) };
}

/** The query string for `params` with `changes`, leaving out what is at its default. */
export function listQuery(params: ListParams, changes: Partial<ListParams> = {}): string {
  const next = { ...params, ...changes };
  const q = new URLSearchParams();
  if (next.search) q.set("q", next.search);
  q.set("sort", next.sort);
  q.set("dir", next.dir);
  if (next.page > 1) q.set("page", String(next.page));
  if (next.filters) {
    q.set(FILTER_PANEL_SENT, "1");
    for (const [key, values] of Object.entries(next.filters)) for (const value of values) q.append(key, value);
  }
  return `?${q.toString()}`;
}

/** Clicking a column sorts by it ascending; clicking the sorted column flips the direction. */
export function sortChange(params: ListParams, column: string): Partial<ListParams> {
  return { sort: column, dir: params.sort === column && params.dir === "asc" ? "desc" : "asc", page: 1 };
}
