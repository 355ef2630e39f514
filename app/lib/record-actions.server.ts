import type { Account } from "../auth/account";
import type { AppSession } from "../auth/session.server";
import { ITEM_GONE, redirectWithNotification, SOMETHING_WENT_WRONG } from "../shell/flash.server";
import type { Notification } from "../shell/notification";
import { securityLog } from "./log.server";
import { safeNext } from "./request.server";
import { applyStatus, isStatusIntent, STATUS_MESSAGES, type StatusIntent, type StatusOutcome, type StatusRules, type StatusTable } from "./status.server";
import { readFields } from "./form-body.server";

/**
 * The adapter between the shared record forms (status buttons, approve and delete confirmations)
 * and their commands: it reads what was posted and answers with a redirect and a notification.
 */

/** A local path to return to after a confirmation (`terug`), or the fallback. */
function returnPath(value: FormDataEntryValue | null | undefined, fallback: string): string {
  const path = typeof value === "string" ? safeNext(value) : "/";
  return path === "/" ? fallback : path;
}

/** Where a confirmation page returns to: its `terug` parameter, or the list it belongs to. */
export function confirmationBack(request: Request, fallback: string): string {
  return returnPath(new URL(request.url).searchParams.get("terug"), fallback);
}

export interface Deletion {
  /** What was deleted, for the security log: "member", "enterprise", or a catalogue ("facility"). */
  record: string;
  id: number;
  /** The list to return to when the confirmation names none. */
  fallback: string;
  /**
   * Deletes the record with all that goes with it; false when it did not exist (any more), or the
   * reason it may not be deleted (nothing is deleted then).
   */
  remove: (id: number, actor: Account) => Promise<boolean | { refused: string }>;
  /** 'Lidmaatschap verwijderd.' */
  done: string;
}

/** The confirmed delete of a record: back to where it was started, saying what happened. */
export async function deletionAction(request: Request, session: AppSession, actor: Account, deletion: Deletion): Promise<Response> {
  const form = await readFields(request);
  const back = returnPath(form.get("terug") ?? new URL(request.url).searchParams.get("terug"), deletion.fallback);
  let deleted: boolean | { refused: string };
  try {
    deleted = await deletion.remove(deletion.id, actor);
  } catch (error) {
    console.error(error);
    return redirectWithNotification(session, back, SOMETHING_WENT_WRONG);
  }
  if (!deleted) return redirectWithNotification(session, back, ITEM_GONE);
  if (typeof deleted === "object") return redirectWithNotification(session, back, { type: "warning", header: deleted.refused });
  securityLog("deleted", { outcome: "success", record: deletion.record, id: deletion.id });
  return redirectWithNotification(session, back, { type: "success", header: deletion.done });
}

/**
 * The answer to a confirmed approval: `approved` on success, `already` when the record was
 * approved before (or at the same moment), the refusal of the record's own rules as a warning.
 */
export async function approvalResponse<Extra>(
  session: AppSession,
  back: string,
  approve: () => Promise<StatusOutcome<Extra>>,
  texts: { approved: (extra: Extra) => Notification; already: string },
): Promise<Response> {
  let outcome: StatusOutcome<Extra>;
  try {
    outcome = await approve();
  } catch (error) {
    console.error(error);
    return redirectWithNotification(session, back, SOMETHING_WENT_WRONG);
  }
  if (outcome.ok) return redirectWithNotification(session, back, texts.approved(outcome.extra));
  if (outcome.reason === "missing") return redirectWithNotification(session, back, ITEM_GONE);
  const header = outcome.reason === "refused" ? outcome.message : texts.already;
  return redirectWithNotification(session, back, { type: "warning", header });
}

/**
 * A status button posted to a record's page (`intent` toggle-inactive or toggle-hidden; approving
 * has its own confirmation). The record's rules are checked in the transaction that makes the
 * change; a refused or failed change leaves everything as it was and says why. Back to `path`.
 */
export async function statusButtonResponse(
  session: AppSession,
  path: string,
  target: { table: StatusTable; id: number; rules?: StatusRules<unknown> },
  intent: StatusIntent,
): Promise<Response> {
  if (!isStatusIntent(intent) || intent === "approve") return redirectWithNotification(session, path, SOMETHING_WENT_WRONG);
  let outcome: StatusOutcome<unknown>;
  try {
    outcome = await applyStatus(target.table, target.id, intent, target.rules);
  } catch (error) {
    console.error(error);
    return redirectWithNotification(session, path, SOMETHING_WENT_WRONG);
  }
  if (outcome.ok) return redirectWithNotification(session, path, { type: "success", header: STATUS_MESSAGES[intent](outcome.flags) });
  if (outcome.reason === "refused") return redirectWithNotification(session, path, { type: "warning", header: outcome.message });
  return redirectWithNotification(session, path, SOMETHING_WENT_WRONG);
}
