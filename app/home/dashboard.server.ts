import type { Account } from "../auth/account";
import { getText } from "../content/texts.server";
import { withDirtyTab } from "../enterprises/enterprise.server";
import { withUnansweredOptions } from "../enterprises/options.server";
import { getDb } from "../lib/db.server";

export interface EnterpriseWarning {
  enterpriseId: number;
  name: string;
  text: string;
}

/** The warning of an establishment with items of tab Aanbod still without Ja or Nee. */
export const OPTIONS_TO_ANSWER = "heeft in het tabblad Aanbod nog niet alle opties met Ja of Nee ingevuld.";

/** The warning of an establishment whose licence data the association changed, not yet confirmed. */
export const LICENSES_TO_CONFIRM = "heeft in het tabblad Licenties een wijziging van de vereniging die u nog moet vastleggen en verzenden.";

/** The warning of an establishment with interim changes of tab Keuring not yet passed on. */
export const INSPECTION_TO_SEND = "heeft in het tabblad Keuring tussentijds opgeslagen wijzigingen die nog niet zijn doorgegeven.";

/** What needs the attention of a non-admin about the establishments they see. */
async function enterpriseWarnings(account: Account): Promise<EnterpriseWarning[]> {
  if (account.isAdmin || !account.listableEnterprises.length) return [];
  const rows = await getDb()
    .selectFrom("enterprises")
    .select(["id", "name", "approved", "inactive"])
    .where("id", "in", account.listableEnterprises)
    .orderBy("name")
    .execute();
  const active = rows.filter((e) => e.approved && !e.inactive).map((e) => e.id);
  const [unanswered, licenses, inspections] = await Promise.all([
    withUnansweredOptions(active),
    withDirtyTab("enterprise_licenses", active),
    withDirtyTab("enterprise_inspections", active),
  ]);
  return rows.flatMap((e) => {
    if (!e.approved) return [{ enterpriseId: e.id, name: e.name, text: "is nog niet goedgekeurd door de vereniging." }];
    if (e.inactive) return [{ enterpriseId: e.id, name: e.name, text: "is niet actief." }];
    // In the order of the tabs.
    const texts = [
      unanswered.has(e.id) ? OPTIONS_TO_ANSWER : null,
      licenses.has(e.id) ? LICENSES_TO_CONFIRM : null,
      inspections.has(e.id) ? INSPECTION_TO_SEND : null,
    ];
    return texts.flatMap((text) => (text ? [{ enterpriseId: e.id, name: e.name, text }] : []));
  });
}

export async function dashboard(account: Account) {
  const associate = account.memberDetails?.associate ?? false;
  return {
    greeting: account.isAdmin ? null : `Welkom ${account.fullName}`,
    intro: await getText(associate ? "home_intro_associate" : "home_intro"),
    warnings: account.isAdmin ? null : await enterpriseWarnings(account),
  };
}
