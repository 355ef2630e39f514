import { sql, type SelectQueryBuilder } from "kysely";

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
// eslint-disable-next-line @typescript-eslint/no-explicit-any
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
