import type { Account } from "../auth/account";
import { getText } from "../content/texts.server";
import { getDb } from "../lib/db.server";

export interface EnterpriseWarning {
  enterpriseId: number;
  name: string;
  text: string;
}

/** What needs the attention of a non-admin about the establishments they see. */
async function enterpriseWarnings(account: Account): Promise<EnterpriseWarning[]> {
  if (account.isAdmin || !account.listableEnterprises.length) return [];
  const rows = await getDb()
    .selectFrom("enterprises")
    .select(["id", "name", "approved", "inactive"])
    .where("id", "in", account.listableEnterprises)
    .orderBy("name")
    .execute();
  return rows.flatMap((e) => {
    if (!e.approved) return [{ enterpriseId: e.id, name: e.name, text: "is nog niet goedgekeurd door de vereniging." }];
    if (e.inactive) return [{ enterpriseId: e.id, name: e.name, text: "is niet actief." }];
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
