import { sql, type Expression, type RawBuilder, type SqlBool } from "kysely";
import { containsPattern, engine, getDb } from "./db.server";
import { plannedOnce, type IdPaging, type PageRow } from "./paging.server";

const MAX_LIDNUMMER = 2_147_483_647;

/**
 * Lidnummers in `column` that start with `digits`, as ranges of the number itself (123 → 123,
 * 1230–1239, 12300–12399, …), so the unique index on lidnummer answers it instead of a scan of
 * the text. Null when `digits` cannot start a lidnummer.
 */
export function lidnummerPrefix(column: string, digits: string): Expression<SqlBool> | null {
  if (!searchesLidnummer(digits)) return null;
  const ranges = [];
  for (let scale = 1, low = Number(digits); low <= MAX_LIDNUMMER; scale *= 10, low *= 10) {
    ranges.push(sql`${sql.ref(column)} between ${low} and ${Math.min(low + scale - 1, MAX_LIDNUMMER)}`);
  }
  return sql<SqlBool>`(${sql.join(ranges, sql` or `)})`;
}

/** Whether a search term can be the first digits of a lidnummer (and is looked for as one too). */
export function searchesLidnummer(term: string): boolean {
  return /^[1-9]\d{0,9}$/.test(term);
}

/** The tables of one search text per record (migrations 006, 007, 019 and 022), with their record id column on PostgreSQL. */
const SEARCH_TABLES = { member_search: "member_id", enterprise_search: "enterprise_id", registrant_search: "registrant_id", user_search: "user_id" } as const;

/** Whether a needle has a trigram (three characters or more) to look up in a trigram index. */
const hasTrigram = (needle: string) => [...needle].length >= 3;

/**
 * The records whose search text contains any of `needles` (lower case): on SQLite from the FTS5
 * trigram index (phrases of three characters or more; shorter ones scan the texts), on PostgreSQL
 * from the pg_trgm index. `s` is the search table, `id` its record id.
 */
function searchTextSource(table: keyof typeof SEARCH_TABLES, needles: string[]): { id: Expression<number>; where: Expression<SqlBool> } {
  if (engine() === "postgres") {
    // A needle of fewer than three characters has no trigram to look up: it is sought in every text,
    // in a statement of its own, so that the one plan PostgreSQL keeps for each fits (plannedOnce).
    const found = needles.map((n) => (hasTrigram(n) ? sql`s.doc like ${containsPattern(n)} escape '\\'` : sql`strpos(s.doc, ${n}) > 0`));
    return { id: sql.ref(`s.${SEARCH_TABLES[table]}`), where: sql<SqlBool>`${sql.join(found, sql` or `)}` };
  }
  if (needles.every(hasTrigram)) {
    // Quotes are doubled inside a phrase.
    const query = needles.map((n) => `"${n.replaceAll('"', '""')}"`).join(" OR ");
    return { id: sql`s.rowid`, where: sql<SqlBool>`${sql.table(table)} match ${query}` };
  }
  const found = needles.map((n) => sql`instr(s.doc, ${n}) > 0`);
  return { id: sql`s.rowid`, where: sql<SqlBool>`${sql.join(found, sql` or `)}` };
}

/** The ids of the records whose search text contains any of `needles` (see searchTextSource). */
function searchTextIds(table: keyof typeof SEARCH_TABLES, needles: string[]): Expression<unknown> {
  const { id, where } = searchTextSource(table, needles);
  return sql`select ${id} from ${sql.table(table)} s where ${where}`;
}

/**
 * The query of one page of the ids a search finds, in the order of `order` (over `s`, the search
 * table, whose id is `id`), each with the count of all found: a search table that keeps its
 * records' sort key answers a plain search on its own, without reading the records.
 */
function searchTextPage(
  table: keyof typeof SEARCH_TABLES,
  needles: string[],
  order: (id: Expression<number>) => Expression<unknown>,
  limit: number,
  offset: number,
): RawBuilder<PageRow> {
  const { id, where } = searchTextSource(table, needles);
  return sql<PageRow>`
    select ${id} as id, count(*) over () as total from ${sql.table(table)} s where ${where}
    order by ${order(id)} limit ${plannedOnce(limit)} offset ${plannedOnce(offset)}`;
}

/**
 * Merges each SQLite search index into one b-tree (FTS5's 'optimize'). Every write adds segments to
 * an index and FTS5 merges them only now and then, so an index that grew by many saves or by an
 * import is read from many segments: a search of 10,000 memberships ('zwolle') read its index in
 * 0.71 ms before and 0.12 ms after. An index that is one b-tree already costs next to nothing.
 * PostgreSQL's trigram indexes are kept by its autovacuum.
 */
export async function compactSearchIndexes(): Promise<void> {
  if (engine() === "postgres") return;
  for (const table of Object.keys(SEARCH_TABLES)) {
    await sql`insert into ${sql.table(table)} (${sql.ref(table)}) values ('optimize')`.execute(getDb());
  }
}

/** The table of the records each search table describes (the list it serves). */
const RECORD_TABLES = { member_search: "members", enterprise_search: "enterprises", registrant_search: "registrants", user_search: "users" } as const;

/**
 * A walk of the name index reads about (rows before the page's end) × (records ÷ found) index
 * entries, testing each against the found ids; fetching and sorting reads each found record once,
 * at several times the cost of an index step. A page is walked while the walk stays under this many
 * times what was found.
 */
const WALK_PER_FOUND = 4;

/**
 * The walk's map of the found has a byte for every id up to the highest (`foundMap`): above this
 * many (16 MB a request) the found are fetched and sorted instead, however many they are.
 */
export const FOUND_MAP_MAX = 1 << 24;

/**
 * Whether page `page` of a search that found `found` of about `records` (the highest id) is read by
 * walking the name index.
 */
export function walksNameIndex(page: number, limit: number, records: number, found: number): boolean {
  return records <= FOUND_MAP_MAX && page * limit * records < WALK_PER_FOUND * found * found;
}

/**
 * A plain text search (no lidnummer digits, no filters) of a list in its name order, paged and
 * counted the cheapest way each engine has:
 * - PostgreSQL: the search table keeps each record's sort key (`sortColumns`, migrations 025 and
 *   026), so a page and its window count are read from it alone (`searching`: the count comes with
 *   the page).
 * - SQLite: the trigram index is read once, without reading a record, and what it found counted.
 *   A page is then read by walking the list's name index (`order`, over `alias`), testing each
 *   record against the found ids, while that walk is short (a search that found many, an early
 *   page); otherwise the found records are fetched and sorted.
 */
export function nameOrderSearch({
  table,
  needles,
  alias,
  order,
  sortColumns,
  emptyLast,
  dir,
  limit,
}: {
  table: keyof typeof SEARCH_TABLES;
  needles: string[];
  alias: string;
  /** The list's name sort keys over `alias`: the expressions of its order index. */
  order: Expression<unknown>[];
  /** PostgreSQL: the search table's columns that keep the same keys. */
  sortColumns: string[];
  /**
   * A first key that puts records without a name last in either direction, over `alias` and over
   * the search table (`s`). Its index is then walked ascending only.
   */
  emptyLast?: { records: Expression<unknown>; searchTable: Expression<unknown> };
  dir: "asc" | "desc";
  limit: number;
}): IdPaging {
  const direction = dir === "desc" ? sql`desc` : sql`asc`;
  const id = sql.ref(`${alias}.id`);
  const records = sql.table(RECORD_TABLES[table]);
  const keys = (first: Expression<unknown> | undefined, directed: Expression<unknown>[], last: Expression<unknown>) =>
    sql.join([...(first ? [first] : []), ...[...directed, last].map((key) => sql`${key} ${direction}`)]);
  if (engine() === "postgres") {
    const byKeys = (s: Expression<number>) => keys(emptyLast?.searchTable, sortColumns.map((c) => sql.ref(c)), s);
    return {
      searching: true,
      pageAt: (page) => searchTextPage(table, needles, byKeys, limit, (page - 1) * limit),
      // Asked only for a page past the end.
      async countAll() {
        const { rows } = await sql<{ n: number }>`select ${countFound(table, needles)} as n`.execute(getDb());
        return Number(rows[0]?.n ?? 0);
      },
    };
  }
  // The trigram index is read once: what it found is counted and handed to the page's query as one
  // list of ids (a text, not a row each, which costs more to carry than the index to read again).
  let found = 0;
  let ids = "";
  let size = 0;
  return {
    searching: false,
    async countAll() {
      const { id: foundId, where } = searchTextSource(table, needles);
      const { rows } = await sql<{ found: number; ids: string | null; size: number | null }>`
        select count(*) as found, group_concat(f.id) as ids, (select max(id) from ${records}) as size
        from (select ${foundId} as id from ${sql.table(table)} s where ${where}) f`.execute(getDb());
      found = Number(rows[0]?.found ?? 0);
      ids = rows[0]?.ids ?? "";
      size = Number(rows[0]?.size ?? 0);
      return found;
    },
    pageAt(page) {
      const byKeys = sql`order by ${keys(emptyLast?.records, order, id)} limit ${limit} offset ${(page - 1) * limit}`;
      if ((!emptyLast || dir === "asc") && walksNameIndex(page, limit, size, found)) {
        // The walk tests each record it passes: one byte of a map of the found looked up by id costs
        // a third of a test against a list of the ids (which is parsed and sorted for each page).
        return sql<PageRow>`select ${id} as id from ${records} ${sql.raw(alias)} where substr(${foundMap(ids, size)}, ${id}, 1) = x'01' ${byKeys}`;
      }
      return sql<PageRow>`select ${id} as id from ${records} ${sql.raw(alias)} where ${id} in (select value from json_each('[' || ${ids} || ']')) ${byKeys}`;
    },
  };
}

/**
 * The ids `ids` (comma-separated, each at most `size`) as a map of `size` bytes, byte id − 1 set
 * (1) for each: what SQLite's substr reads at a record's id without reading anything else.
 */
export function foundMap(ids: string, size: number): Buffer {
  const map = Buffer.alloc(size);
  let id = 0;
  for (let i = 0; i < ids.length; i++) {
    const c = ids.charCodeAt(i);
    if (c === 44) {
      map[id - 1] = 1;
      id = 0;
    } else id = id * 10 + c - 48;
  }
  if (id) map[id - 1] = 1;
  return map;
}

/** How many records' search texts contain any of `needles` (each record once). */
export function countFound(table: keyof typeof SEARCH_TABLES, needles: string[]): RawBuilder<number> {
  return sql<number>`(select count(*) from (${searchTextIds(table, needles)}) found)`;
}

/**
 * `column` holds one of the ids a search finds: the records whose search text (`table`) contains
 * any of `needles`, and those of `moreIds`, a query of further ids (lidnummer matches). With
 * `inOrder`, SQLite reads the records in the order of an index that sorts them and tests each
 * against the found ids, instead of fetching every found record and sorting them: faster for a
 * page of a search that finds thousands.
 */
export function foundBySearch(
  column: string,
  table: keyof typeof SEARCH_TABLES,
  needles: string[],
  moreIds: Expression<unknown> | null,
  { inOrder = false } = {},
): Expression<SqlBool> {
  const ids = moreIds ? sql`${searchTextIds(table, needles)} union all ${moreIds}` : searchTextIds(table, needles);
  // PostgreSQL gets the found ids as one array, so it looks the records up by their primary key;
  // with "in (…)" it scans the whole table to hash-join the few it needs, or walks the list in
  // name order testing each record's text.
  if (engine() === "postgres") return sql<SqlBool>`${sql.ref(column)} = any(array(${ids}))`;
  // The unary '+' keeps SQLite from driving the query by the ids.
  return inOrder ? sql<SqlBool>`+${sql.ref(column)} in (${ids})` : sql<SqlBool>`${sql.ref(column)} in (${ids})`;
}
