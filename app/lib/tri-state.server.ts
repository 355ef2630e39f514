import type { Kysely } from "kysely";
import { isTriState, type TriState } from "../ui/TriStateField";
import type { Tx } from "./db.server";

/** A question of a three-state sheet as the server knows it: its group, entry, stored answer, and whether the viewer may answer it. */
export interface SheetEntry<Key extends string> {
  key: Key;
  id: number;
  stored: TriState;
  editable: boolean;
}

export interface SheetChange<Key extends string> {
  key: Key;
  id: number;
  value: TriState;
}

export type SheetPost<Key extends string> =
  | { ok: false; values: Record<string, TriState> }
  | { ok: true; wanted: Record<string, TriState>; changes: SheetChange<Key>[] };

/**
 * A post of a three-state sheet (tab Aanbod, tab Specialisaties), by field name. Opslaan (`fill`
 * null) stores every item the viewer may answer as posted (an item not posted is not filled in); a
 * group's fill button stores Nee for that group's empty items only, and the form shows again as
 * posted, so choices not yet saved stay. Items the viewer may not answer are ignored; an unknown
 * item, or a value other than Ja (on), Nee (off) or empty, refuses the whole post (`ok` false,
 * with the stored values to show). Fields that do not match `fieldName` are not the sheet's.
 */
export function readSheetPost<Key extends string>(
  form: FormData,
  fieldName: RegExp,
  entries: Map<string, SheetEntry<Key>>,
  fill: Key | null,
): SheetPost<Key> {
  const editable = [...entries].filter(([, e]) => e.editable);
  const posted = new Map<string, TriState>();
  for (const [name, value] of form.entries()) {
    const match = fieldName.exec(name);
    if (!match) continue;
    if (!/^\d{1,9}$/.test(match[match.length - 1]) || !entries.has(name) || !isTriState(value)) {
      return { ok: false, values: Object.fromEntries(editable.map(([n, e]) => [n, e.stored])) };
    }
    posted.set(name, value);
  }
  const wanted: Record<string, TriState> = {};
  for (const [name, e] of editable) {
    const value = posted.get(name) ?? "";
    wanted[name] = fill === null || e.key !== fill ? value : value === "" ? "off" : value;
  }
  // What is stored: everything (Opslaan) or the filled group's empty items.
  const toStore = editable.filter(([name, e]) => (fill === null ? true : e.key === fill && (posted.get(name) ?? "") === ""));
  const changes = toStore.filter(([name, e]) => wanted[name] !== e.stored).map(([name, e]) => ({ key: e.key, id: e.id, value: wanted[name] }));
  return { ok: true, wanted, changes };
}

/** An answer table of a sheet: one row per owner and entry, 1 yes or 0 no; no row is not filled in. */
type AnswerTables = Kysely<Record<string, Record<string, number>>>;

/**
 * Stores `changes` in the answer table `table` of the owner (`column` = `ownerId`): each changed
 * entry's row is replaced, or removed when it is no longer filled in. Inside the caller's transaction.
 */
export async function writeSheetAnswers(tx: Tx, table: string, owner: { column: string; id: number }, changes: SheetChange<string>[]): Promise<void> {
  if (!changes.length) return;
  const answers = tx as unknown as AnswerTables;
  await answers
    .deleteFrom(table)
    .where(owner.column, "=", owner.id)
    .where(
      "entry_id",
      "in",
      changes.map((c) => c.id),
    )
    .execute();
  const rows = changes.filter((c) => c.value !== "").map((c) => ({ [owner.column]: owner.id, entry_id: c.id, value: c.value === "on" ? 1 : 0 }));
  if (rows.length) await answers.insertInto(table).values(rows).execute();
}
