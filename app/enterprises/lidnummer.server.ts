import { getDb, type DB, type Tx } from "../lib/db.server";
import { nextNumber, nextNumberRead } from "../lib/unique-number.server";

/** The catalogue's lidnummer_conflict (part 1 §8 gives no wording). */
export const LIDNUMMER_CONFLICT = "Dit lidnummer is al in gebruik.";

/** Numbers start here when no establishment has one yet. */
const FIRST_LIDNUMMER = 1001;

const LIDNUMMER = { table: "enterprises", column: "lidnummer" } as const;

/** The next free lidnummer: one above the highest in use. */
export function nextLidnummer(db: DB | Tx = getDb()): Promise<number> {
  return nextNumber(LIDNUMMER, FIRST_LIDNUMMER, db);
}

/** nextLidnummer as a read, to be read with others (readTogether). */
export function nextLidnummerRead() {
  return nextNumberRead(LIDNUMMER, FIRST_LIDNUMMER);
}
