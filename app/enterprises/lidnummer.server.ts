import { getDb, type DB, type Tx } from "../lib/db.server";
import { nextNumber } from "../lib/unique-number.server";

/** The catalogue's lidnummer_conflict (part 1 §8 gives no wording). */
export const LIDNUMMER_CONFLICT = "Dit lidnummer is al in gebruik.";

/** Numbers start here when no establishment has one yet. */
const FIRST_LIDNUMMER = 1001;

/** The next free lidnummer: one above the highest in use. */
export function nextLidnummer(db: DB | Tx = getDb()): Promise<number> {
  return nextNumber({ table: "enterprises", column: "lidnummer" }, FIRST_LIDNUMMER, db);
}
