import { sql } from "kysely";
import { getDb, isUniqueViolation, type DB, type Tx } from "../lib/db.server";

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

/**
 * A write that another one, at the same moment, can beat to the number it chose: the unique index
 * refuses the second (PostgreSQL), or SQLite refuses a transaction whose snapshot went stale before
 * it wrote (another worker process committed in between). Either way nothing was written; the
 * transaction `attempt` makes is run again after a short random pause (so writers that collided
 * do not collide again), and then reads the numbers as they are now.
 */
export async function retryWhenLidnummerTaken<T>(attempt: () => Promise<T>, attempts = 10, pauseMs = 20): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (i >= attempts || !(isUniqueViolation(error) || isStaleSnapshot(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * pauseMs * i));
    }
  }
}

function isStaleSnapshot(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}
