import { sql } from "kysely";
import { getDb, isUniqueViolation, prepared, read, type DB, type Read, type Tx } from "./db.server";

/** Numbers that count up per record (lidnummer, a professional's ID and registration number). */
type NumberedColumn = { table: "enterprises"; column: "lidnummer" } | { table: "registrants"; column: "id_fit_ned" | "pass_number" };

/** The highest number of each numbered column, each a prepared query. */
const highestOf = ({ table, column }: NumberedColumn) =>
  prepared(() => getDb().selectFrom(table).select(sql<number | null>`max(${sql.ref(column)})`.as("highest")));
const HIGHEST = {
  "enterprises.lidnummer": highestOf({ table: "enterprises", column: "lidnummer" }),
  "registrants.id_fit_ned": highestOf({ table: "registrants", column: "id_fit_ned" }),
  "registrants.pass_number": highestOf({ table: "registrants", column: "pass_number" }),
};
const highestIn = ({ table, column }: NumberedColumn) => HIGHEST[`${table}.${column}` as keyof typeof HIGHEST]();

/** The next free number of `column`: one above the highest in use, or `first` when none is. */
export function nextNumber(numbered: NumberedColumn, first: number, db: DB | Tx = getDb()): Promise<number> {
  return read(nextNumberRead(numbered, first), db);
}

/** nextNumber as a read, to be read with others (readTogether). */
export function nextNumberRead(numbered: NumberedColumn, first: number): Read<{ highest: number | null }, number> {
  return {
    query: highestIn(numbered),
    of: ([row]) => {
      const highest = row?.highest === null || row?.highest === undefined ? null : Number(row.highest);
      return highest === null ? first : Math.max(highest + 1, first);
    },
  };
}

/**
 * A write that another one, at the same moment, can beat to the number it chose: the unique index
 * refuses the second (PostgreSQL), or SQLite refuses a transaction whose snapshot went stale before
 * it wrote (another worker process committed in between). Either way nothing was written; the
 * transaction `attempt` makes is run again after a short random pause (so writers that collided
 * do not collide again), and then reads the numbers as they are now.
 */
export async function retryWhenNumberTaken<T>(attempt: () => Promise<T>, attempts = 10, pauseMs = 20): Promise<T> {
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
