import { sql } from "kysely";
import { getDb, type DB, type Tx } from "../lib/db.server";

/** The catalogue's lidnummer_conflict (part 1 §8 gives no wording). */
export const LIDNUMMER_CONFLICT = "Dit lidnummer is al in gebruik.";

/** Numbers start here when no establishment has one yet. */
const FIRST_LIDNUMMER = 1001;

/** The next free lidnummer: one above the highest in use. */
export async function nextLidnummer(db: DB | Tx = getDb()): Promise<number> {
  const row = await db
    .selectFrom("enterprises")
    .select(sql<number | null>`max(lidnummer)`.as("highest"))
    .executeTakeFirst();
  const highest = row?.highest === null || row?.highest === undefined ? null : Number(row.highest);
  return highest === null ? FIRST_LIDNUMMER : highest + 1;
}
