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

/** The record's own rules, checked in the transaction that makes the change. */
export interface StatusRules<Extra> {
  /** Why this change is refused for this record now (e.g. its membership is inactive), or null. */
  refusal?: (tx: Tx, intent: StatusIntent) => Promise<string | null>;
  /** What else the change does in the same transaction (e.g. give a lidnummer on approval). */
  alongside?: (tx: Tx) => Promise<Extra>;
}

export type StatusOutcome<Extra = undefined> =
  | { ok: true; flags: StatusFlags; extra: Extra }
  | { ok: false; reason: "missing" | "unchanged" }
  | { ok: false; reason: "refused"; message: string };

const flagsOf = (row: { approved: number; inactive: number; hidden: number }): StatusFlags => ({
  approved: !!row.approved,
  inactive: !!row.inactive,
  hidden: !!row.hidden,
});

/**
 * One status change of any record (approve, activate/deactivate, hide/show) in one transaction:
 * the record's rules are checked against the state at that moment, and the update is conditional
 * on that state, so it only happens from the state the buttons showed. Toggling needs an approved
 * record, hiding an active one, approving an unapproved one (which becomes active and visible).
 * When anything fails, nothing changes: the flags flip only when the write succeeded.
 */
export async function applyStatus<Extra = undefined>(
  table: StatusTable,
  id: number,
  intent: StatusIntent,
  rules: StatusRules<Extra> = {},
): Promise<StatusOutcome<Extra>> {
  return getDb()
    .transaction()
    .execute(async (tx): Promise<StatusOutcome<Extra>> => {
      const current = await tx.selectFrom(table).select(["approved", "inactive", "hidden"]).where("id", "=", id).executeTakeFirst();
      if (!current) return { ok: false, reason: "missing" };
      if (intent === "approve" && current.approved) return { ok: false, reason: "unchanged" };
      const refused = rules.refusal ? await rules.refusal(tx, intent) : null;
      if (refused) return { ok: false, reason: "refused", message: refused };
      let update: Partial<Record<keyof StatusFlags, number>>;
      if (intent === "approve") {
        update = { approved: 1, inactive: 0, hidden: 0 };
      } else if (intent === "toggle-inactive") {
        if (!current.approved) return { ok: false, reason: "unchanged" };
        update = { inactive: current.inactive ? 0 : 1 };
      } else {
        if (!current.approved || current.inactive) return { ok: false, reason: "unchanged" };
        update = { hidden: current.hidden ? 0 : 1 };
      }
      const result = await tx
        .updateTable(table)
        .set(update)
        .where("id", "=", id)
        .where("approved", "=", current.approved)
        .where("inactive", "=", current.inactive)
        .where("hidden", "=", current.hidden)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return { ok: false, reason: "unchanged" };
      const extra = (rules.alongside ? await rules.alongside(tx) : undefined) as Extra;
      return { ok: true, flags: flagsOf({ ...current, ...update }), extra };
    });
}

export const STATUS_MESSAGES: Record<StatusIntent, (flags: StatusFlags) => string> = {
  approve: () => "Goedgekeurd.",
  "toggle-inactive": (f) => (f.inactive ? "Gedeactiveerd." : "Geactiveerd."),
  "toggle-hidden": (f) => (f.hidden ? "Verborgen." : "Zichtbaar gemaakt."),
};
