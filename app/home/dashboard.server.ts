import type { Account } from "../auth/account";
import { getText } from "../content/texts.server";
import { withUnansweredOptions } from "../enterprises/options.server";
import { getDb } from "../lib/db.server";

export interface EnterpriseWarning {
  enterpriseId: number;
  name: string;
  text: string;
}

/** The warning of an establishment with items of tab Aanbod still without Ja or Nee. */
export const OPTIONS_TO_ANSWER = "heeft in het tabblad Aanbod nog niet alle opties met Ja of Nee ingevuld.";

/** What needs the attention of a non-admin about the establishments they see. */
async function enterpriseWarnings(account: Account): Promise<EnterpriseWarning[]> {
  if (account.isAdmin || !account.listableEnterprises.length) return [];
  const rows = await getDb()
    .selectFrom("enterprises")
    .select(["id", "name", "approved", "inactive"])
    .where("id", "in", account.listableEnterprises)
    .orderBy("name")
    .execute();
  const unanswered = await withUnansweredOptions(rows.filter((e) => e.approved && !e.inactive).map((e) => e.id));
  return rows.flatMap((e) => {
    if (!e.approved) return [{ enterpriseId: e.id, name: e.name, text: "is nog niet goedgekeurd door de vereniging." }];
    if (e.inactive) return [{ enterpriseId: e.id, name: e.name, text: "is niet actief." }];
    if (unanswered.has(e.id)) return [{ enterpriseId: e.id, name: e.name, text: OPTIONS_TO_ANSWER }];
    return [];
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
