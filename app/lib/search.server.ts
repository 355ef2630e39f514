import { sql, type Expression, type RawBuilder, type SqlBool } from "kysely";
import { containsPattern, engine, getDb } from "./db.server";

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

/**
 * The records whose search text contains any of `needles` (lower case): on SQLite from the FTS5
 * trigram index (phrases of three characters or more; shorter ones scan the texts), on PostgreSQL
 * from the pg_trgm index. `s` is the search table, `id` its record id.
 */
function searchTextSource(table: keyof typeof SEARCH_TABLES, needles: string[]): { id: Expression<number>; where: Expression<SqlBool> } {
  if (engine() === "postgres") {
    const likes = needles.map((n) => sql`s.doc like ${containsPattern(n)} escape '\\'`);
    return { id: sql.ref(`s.${SEARCH_TABLES[table]}`), where: sql<SqlBool>`${sql.join(likes, sql` or `)}` };
  }
  if (needles.every((n) => [...n].length >= 3)) {
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
 * One page of the ids a search finds, in the order of `order` (over `s`, the search table, whose
 * id is `id`), each with the count of all found: a search table that keeps its records' sort key
 * answers a plain search on its own, without reading the records.
 */
export async function searchTextPage(
  table: keyof typeof SEARCH_TABLES,
  needles: string[],
  order: (id: Expression<number>) => Expression<unknown>,
  limit: number,
  offset: number,
): Promise<{ id: number; total: number }[]> {
  const { id, where } = searchTextSource(table, needles);
  const { rows } = await sql<{ id: number; total: number }>`
    select ${id} as id, count(*) over () as total from ${sql.table(table)} s where ${where}
    order by ${order(id)} limit ${limit} offset ${offset}`.execute(getDb());
  return rows;
}

/**
 * On PostgreSQL, where the search table keeps its records' sort key (`sortColumns`, migrations 025
 * and 026): a page of a search in that order, with its count, read from the search table alone,
 * instead of fetching every record found to sort them. Null elsewhere: the list's own query answers.
 */
export function searchTablePages(
  table: keyof typeof SEARCH_TABLES,
  needles: string[],
  sortColumns: string[],
  dir: "asc" | "desc",
  limit: number,
): ((page: number) => Promise<{ id: number; total: number }[]>) | null {
  if (engine() !== "postgres") return null;
  const direction = dir === "desc" ? sql`desc` : sql`asc`;
  const order = (id: Expression<number>) => sql.join([...sortColumns.map((c) => sql`${sql.ref(c)} ${direction}`), sql`${id} ${direction}`]);
  return (page) => searchTextPage(table, needles, order, limit, (page - 1) * limit);
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
