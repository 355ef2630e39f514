import type { StatusRules } from "../lib/status.server";
import { findEnterprise, type EnterpriseRecord } from "./enterprise.server";

export const ACTIVATION_REFUSED = "Activeren kan pas als het lidmaatschap goedgekeurd en actief is.";
export const VISIBILITY_REFUSED = "Zichtbaar maken kan pas als het lidmaatschap zichtbaar is.";

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
  const { enterprise: row, member } = enterprise;
  const refusal: EnterpriseStatusRefusal = {};
  if (row.inactive && (!member.approved || member.inactive)) refusal.inactive = ACTIVATION_REFUSED;
  if (row.hidden && member.hidden) refusal.hidden = VISIBILITY_REFUSED;
  return refusal;
}

/** The rules of an establishment's status buttons, checked in the transaction that changes them. */
export function enterpriseStatusRules(id: number): StatusRules<unknown> {
  return {
    refusal: async (tx, intent) => {
      const current = await findEnterprise(id, tx);
      if (!current) return null;
      return enterpriseStatusRefusal(current)[intent === "toggle-inactive" ? "inactive" : "hidden"] ?? null;
    },
  };
}
