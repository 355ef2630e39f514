export interface PagerModel {
  page: number;
  totalPages: number;
  /** The page numbers shown around the current one. */
  pages: number[];
  previous: number | null;
  next: number | null;
}

/** Total pages is total ÷ limit rounded up; `shown` neighbouring numbers (5 by default) centred on the page. */
export function pagerModel(page: number, total: number, limit: number, shown = 5): PagerModel {
  const totalPages = Math.max(1, Math.ceil(total / Math.max(1, limit)));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), totalPages);
  const count = Math.min(shown, totalPages);
  let start = current - Math.floor(count / 2);
  start = Math.max(1, Math.min(start, totalPages - count + 1));
  return {
    page: current,
    totalPages,
    pages: Array.from({ length: count }, (_, i) => start + i),
    previous: current > 1 ? current - 1 : null,
    next: current < totalPages ? current + 1 : null,
  };
}

/**
 * The highest page number a URL is read as: past the end of any list (which then shows its last
 * page), and low enough that the offset it makes is a whole number the database takes ('1e300' or
 * twenty nines would not be one on PostgreSQL).
 */
export const MAX_PAGE = 1_000_000_000;

/** The page number in a URL, 1 when absent or invalid. */
export function pageFromUrl(url: URL, param = "page"): number {
  const value = Number(url.searchParams.get(param));
  return Number.isInteger(value) && value > 0 ? Math.min(value, MAX_PAGE) : 1;
}
