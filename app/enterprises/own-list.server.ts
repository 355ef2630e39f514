import { href, redirect } from "react-router";
import type { Account } from "../auth/account";
import { requireAccount } from "../auth/account.server";
import { can } from "../auth/policy";
import { getDb } from "../lib/db.server";
import { ENTERPRISE_GROUPS, enterpriseGroup, type EnterpriseGroupKey } from "../members/member.server";
import type { OwnEnterpriseCard, OwnEnterpriseSection, OwnSectionKey } from "./own-list";

/** The sections of /mijn-vestigingen, in the spec's order, named as the spec names them. */
const SECTION_LABELS: Record<OwnSectionKey, string> = {
  visible: "Vestigingen",
  franchise: "Franchise(s)",
  hidden: "Niet zichtbaar",
  inactive: "Niet actief",
  unapproved: "Niet goedgekeurd",
};

// The same grouping as a membership's Vestigingen tab (the state that most needs attention wins).
const SECTION_OF_GROUP: Record<EnterpriseGroupKey, OwnSectionKey> = {
  active: "visible",
  franchise: "franchise",
  hidden: "hidden",
  inactive: "inactive",
  unapproved: "unapproved",
};

/**
 * The account of /mijn-vestigingen: a signed-in non-admin with at least one listable
 * establishment (admins have /vestigingen); anyone else goes home.
 */
export async function requireOwnEnterprises(request: Request): Promise<Account> {
  const { account } = await requireAccount(request);
  if (account.isAdmin || account.listableEnterprises.length === 0) throw redirect(href("/"));
  return account;
}

/** Whether the account may add establishments to its membership (manager members). */
export function canAddOwnEnterprise(account: Account): boolean {
  return account.member !== null && can(account, "enterprise:add", { memberId: account.member });
}

/**
 * The account's listable establishments as cards in sections, names ascending. A card is
 * manageable (links to its edit page) only when the account may change that establishment.
 */
export async function ownEnterpriseSections(account: Account): Promise<OwnEnterpriseSection[]> {
  if (account.listableEnterprises.length === 0) return [];
  const rows = await getDb()
    .selectFrom("enterprises as e")
    .innerJoin("members as m", "m.id", "e.member_id")
    .select([
      "e.id",
      "e.name",
      "e.lidnummer",
      "e.address_street",
      "e.address_house_nr",
      "e.address_postal_code",
      "e.address_town",
      "e.phone",
      "e.email",
      "e.email_public",
      "e.website",
      "e.kvk_nr",
      "e.franchise",
      "e.approved",
      "e.inactive",
      "e.hidden",
      "m.name as member_name",
    ])
    .where("e.id", "in", account.listableEnterprises)
    .execute();
  rows.sort((a, b) => a.name.localeCompare(b.name, "nl", { sensitivity: "base" }) || a.id - b.id);

  const sections = new Map<OwnSectionKey, OwnEnterpriseCard[]>();
  for (const r of rows) {
    const card: OwnEnterpriseCard = {
      id: r.id,
      name: r.name,
      lidnummer: r.lidnummer,
      street: r.address_street,
      houseNr: r.address_house_nr,
      postalCode: r.address_postal_code,
      town: r.address_town,
      phone: r.phone,
      email: r.email,
      emailPublic: r.email_public,
      website: r.website,
      kvkNr: r.kvk_nr,
      memberName: r.member_name,
      manageable: can(account, "enterprise:edit", { enterpriseId: r.id }),
    };
    const key =
      SECTION_OF_GROUP[
        enterpriseGroup({ approved: !!r.approved, inactive: !!r.inactive, hidden: !!r.hidden, franchise: !!r.franchise })
      ];
    sections.set(key, [...(sections.get(key) ?? []), card]);
  }
  return ENTERPRISE_GROUPS.map((g) => SECTION_OF_GROUP[g.key])
    .filter((key) => sections.has(key))
    .map((key) => ({ key, label: SECTION_LABELS[key], enterprises: sections.get(key)! }));
}
