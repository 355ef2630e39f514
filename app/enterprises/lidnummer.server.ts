import { getDb, read, type DB, type Tx } from "../lib/db.server";
import { nextNumberRead } from "../lib/unique-number.server";

/** The catalogue's lidnummer_conflict (part 1 §8 gives no wording). */
export const LIDNUMMER_CONFLICT = "Dit lidnummer is al in gebruik.";

/** Numbers start here when no establishment has one yet. */
const FIRST_LIDNUMMER = 1001;

/** The next free lidnummer: one above the highest in use. */
export function nextLidnummer(db: DB | Tx = getDb()): Promise<number> {
  return read(nextLidnummerRead(db));
}

/** nextLidnummer as a read, to be read with others (readTogether). */
export function nextLidnummerRead(db: DB | Tx = getDb()) {
  return nextNumberRead({ table: "enterprises", column: "lidnummer" }, FIRST_LIDNUMMER, db);
}
