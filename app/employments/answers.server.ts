import type { AppSession } from "../auth/session.server";
import type { Account } from "../auth/account";
import { ITEM_GONE, redirectWithNotification } from "../shell/flash.server";
import type { Notification } from "../shell/notification";
import { EMPLOYMENT_FIELD, EMPLOYMENT_STATUS_LABELS } from "./employments";
import { applyTransition, type TransitionName, type TransitionOutcome } from "./employments.server";

/** The employment a post names, or null when the field is missing or no id. */
export function postedEmployment(form: FormData): number | null {
  const value = form.get(EMPLOYMENT_FIELD);
  return typeof value === "string" && /^\d{1,9}$/.test(value.trim()) && Number(value) > 0 ? Number(value.trim()) : null;
}

/** What a refused step says: the state the employment is in now (its label, never its value). */
export function refusalOf(outcome: Extract<TransitionOutcome, { reason: "refused" }>): Notification {
  return {
    type: "warning",
    header: "Deze actie is niet (meer) mogelijk.",
    text: outcome.dismissed ? "Deze melding is al verborgen." : `De status van deze koppeling is: ${EMPLOYMENT_STATUS_LABELS[outcome.status]}.`,
  };
}

/**
 * A step of the state machine for the employment `form` names, taken for `ownerId` (the
 * establishment or the professional): back to the tab (`back`) saying what happened — `done`, the
 * refusal, or the error catalogue's item_not_found for an id that is not this owner's.
 */
export async function transitionAnswer(
  ctx: { account: Account; session: AppSession },
  form: FormData,
  step: { name: TransitionName; ownerId: number; back: string; done: Notification },
): Promise<Response> {
  const employmentId = postedEmployment(form);
  if (employmentId === null) return redirectWithNotification(ctx.session, step.back, ITEM_GONE);
  const outcome = await applyTransition(ctx.account, step.name, employmentId, step.ownerId);
  if (outcome.ok) return redirectWithNotification(ctx.session, step.back, step.done);
  if (outcome.reason === "gone") return redirectWithNotification(ctx.session, step.back, ITEM_GONE);
  return redirectWithNotification(ctx.session, step.back, refusalOf(outcome));
}
