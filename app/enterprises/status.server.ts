import { requireAccess } from "../auth/account.server";
import { getDb } from "../lib/db.server";
import { changeStatus, STATUS_MESSAGES, type StatusFlags } from "../lib/status.server";
import { redirectWithNotification, SOMETHING_WENT_WRONG } from "../shell/flash.server";
import { findEnterprise, type EnterpriseRecord } from "./enterprise.server";

export const ACTIVATION_REFUSED = "Activeren kan pas als het lidmaatschap goedgekeurd en actief is.";
export const VISIBILITY_REFUSED = "Zichtbaar maken kan pas als het lidmaatschap zichtbaar is.";

/** The intents of the status buttons on an establishment's page (approving is done on the new-establishments page). */
const ENTERPRISE_STATUS_INTENTS = ["toggle-inactive", "toggle-hidden"] as const;
type EnterpriseStatusIntent = (typeof ENTERPRISE_STATUS_INTENTS)[number];

function isEnterpriseStatusIntent(value: unknown): value is EnterpriseStatusIntent {
  return ENTERPRISE_STATUS_INTENTS.includes(value as EnterpriseStatusIntent);
}

export interface EnterpriseStatusRefusal {
  inactive?: string;
  hidden?: string;
}

/**
 * Why a status button of an establishment is refused (part 1 §4): activating needs its membership
 * approved and active, making it visible needs its membership visible. Deactivating and hiding are
 * always allowed. The header shows the reason instead of the button.
 */
export function enterpriseStatusRefusal(enterprise: EnterpriseRecord): EnterpriseStatusRefusal {
  const { row, member } = enterprise;
  const refusal: EnterpriseStatusRefusal = {};
  if (row.inactive && (!member.approved || member.inactive)) refusal.inactive = ACTIVATION_REFUSED;
  if (row.hidden && member.hidden) refusal.hidden = VISIBILITY_REFUSED;
  return refusal;
}

/**
 * A status button posted to an establishment's page (`intent` toggle-inactive or toggle-hidden),
 * for admins only: others are sent home. The rule is checked against the state at the moment of
 * the change, in the transaction that makes it; a refused or failed change leaves everything as it
 * was and says why. Redirects to `path` (the page) with the notification.
 *
 * Pass the intent when the page's action has already read the form (a body is read only once);
 * without it, it is read from the request.
 */
export async function enterpriseStatusAction(
  request: Request,
  enterprise: EnterpriseRecord,
  path: string,
  intent?: FormDataEntryValue | null,
): Promise<Response> {
  const { session } = await requireAccess(request, "enterprises:admin");
  if (intent === undefined && request.bodyUsed) {
    throw new Error("enterpriseStatusAction: the form was already read; pass its intent");
  }
  const posted = intent !== undefined ? intent : (await request.formData()).get("intent");
  if (!isEnterpriseStatusIntent(posted)) return redirectWithNotification(session, path, SOMETHING_WENT_WRONG);

  let outcome: { refused: string } | { changed: StatusFlags | null };
  try {
    outcome = await getDb()
      .transaction()
      .execute(async (tx) => {
        const current = await findEnterprise(enterprise.row.id, tx);
        if (!current) return { changed: null };
        const refusal = enterpriseStatusRefusal(current)[posted === "toggle-inactive" ? "inactive" : "hidden"];
        if (refusal) return { refused: refusal };
        if (!(await changeStatus("enterprises", current.row.id, posted, tx))) return { changed: null };
        const after = (await findEnterprise(current.row.id, tx))!.row;
        return { changed: { approved: !!after.approved, inactive: !!after.inactive, hidden: !!after.hidden } };
      });
  } catch (error) {
    console.error(error);
    outcome = { changed: null };
  }
  if ("refused" in outcome) return redirectWithNotification(session, path, { type: "warning", header: outcome.refused });
  if (!outcome.changed) return redirectWithNotification(session, path, SOMETHING_WENT_WRONG);
  return redirectWithNotification(session, path, { type: "success", header: STATUS_MESSAGES[posted](outcome.changed) });
}
