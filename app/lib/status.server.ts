import { getDb, type Tx } from "./db.server";

/** Records whose approval, activity and visibility admins switch with the shared status buttons. */
export type StatusTable = "members" | "enterprises" | "registrants";

export type StatusIntent = "toggle-inactive" | "toggle-hidden" | "approve";

export interface StatusFlags {
  approved: boolean;
  inactive: boolean;
  hidden: boolean;
}

const STATUS_INTENTS: readonly StatusIntent[] = ["toggle-inactive", "toggle-hidden", "approve"];

export function isStatusIntent(value: unknown): value is StatusIntent {
  return STATUS_INTENTS.includes(value as StatusIntent);
}

/**
 * Applies one status change in a conditional update, so it only happens from the state the
 * buttons showed: toggling needs an approved record, hiding needs an active one, approving an
 * unapproved one (which becomes active and visible). Returns false when nothing changed.
 */
export async function changeStatus(table: StatusTable, id: number, intent: StatusIntent, tx?: Tx): Promise<boolean> {
  const db = tx ?? getDb();
  const current = await db.selectFrom(table).select(["approved", "inactive", "hidden"]).where("id", "=", id).executeTakeFirst();
  if (!current) return false;
  let update: Partial<Record<"approved" | "inactive" | "hidden", number>>;
  if (intent === "approve") {
    if (current.approved) return false;
    update = { approved: 1, inactive: 0, hidden: 0 };
  } else if (intent === "toggle-inactive") {
    if (!current.approved) return false;
    update = { inactive: current.inactive ? 0 : 1 };
  } else {
    if (!current.approved || current.inactive) return false;
    update = { hidden: current.hidden ? 0 : 1 };
  }
  const result = await db
    .updateTable(table)
    .set(update)
    .where("id", "=", id)
    .where("approved", "=", current.approved)
    .where("inactive", "=", current.inactive)
    .where("hidden", "=", current.hidden)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const STATUS_MESSAGES: Record<StatusIntent, (flags: StatusFlags) => string> = {
  approve: () => "Goedgekeurd.",
  "toggle-inactive": (f) => (f.inactive ? "Gedeactiveerd." : "Geactiveerd."),
  "toggle-hidden": (f) => (f.hidden ? "Verborgen." : "Zichtbaar gemaakt."),
};
