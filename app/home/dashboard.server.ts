import { href } from "react-router";
import type { Account } from "../auth/account";
import { getText } from "../content/texts.server";
import { withDirtyTab } from "../enterprises/enterprise.server";
import { withUnansweredOptions } from "../enterprises/options.server";
import { conditionsHold, getDb } from "../lib/db.server";
import { registrantEmploymentsToSee } from "../employments/registrant-tab.server";
import { specialisationsUnanswered } from "../registrants/tabs.server";
import { tabPath } from "../ui/tab-path";

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

/** A line of a dashboard card: what it is about (an establishment's name), what it says, where it leads. */
export interface DashboardNote {
  key: string;
  name?: string;
  text: string;
  href?: string;
}

/** A card of the dashboard: its heading, a line above its notes, its notes, a button below. */
export interface DashboardCard {
  id: string;
  title: string;
  lead?: string;
  notes: DashboardNote[];
  link?: { href: string; label: string };
}

/**
 * What a professional sees first (part 2 §2.2 'Mijn FITNED.NL'): its registration number, and
 * what asks for its attention — an approval still to come, invitations of sports centres, an end
 * by a sports centre not yet seen, specialisations still without Ja or Nee.
 */
async function registrantCard(account: Account): Promise<DashboardCard | null> {
  if (account.registrant === null) return null;
  const db = getDb();
  const id = account.registrant;
  const [row, { invited, ended }, unanswered] = await Promise.all([
    db.selectFrom("registrants").select(["approved", "pass_number"]).where("id", "=", id).executeTakeFirst(),
    registrantEmploymentsToSee(id),
    conditionsHold([specialisationsUnanswered(id)]).then(([holds]) => holds),
  ]);
  if (!row) return null;
  const own = href("/mijn-fitnednl");
  const notes = [
    !row.approved ? { text: "Uw aanmelding wordt nog beoordeeld door de vereniging.", href: own } : null,
    invited ? { text: invited === 1 ? "U heeft een uitnodiging van een sportcentrum." : `U heeft ${invited} uitnodigingen van sportcentra.`, href: tabPath(own, "sportcentra") } : null,
    ended ? { text: "Een sportcentrum heeft u ontkoppeld.", href: tabPath(own, "sportcentra") } : null,
    unanswered ? { text: "U heeft nog niet alle specialisaties met Ja of Nee ingevuld.", href: tabPath(own, "specialisaties") } : null,
  ].flatMap((note) => (note ? [{ ...note, key: note.text }] : []));
  return {
    id: "registrant-title",
    title: "Mijn FITNED.NL",
    lead: row.pass_number === null ? undefined : `Uw registratienummer: ${row.pass_number}`,
    notes,
    link: { href: own, label: "Naar Mijn FITNED.NL" },
  };
}

export async function dashboard(account: Account) {
  const associate = account.memberDetails?.associate ?? false;
  const registrant = await registrantCard(account);
  // Admins get no warnings; who sees no establishments has none to get.
  const warnings = account.isAdmin || !account.listableEnterprises.length ? null : await enterpriseWarnings(account);
  const cards: DashboardCard[] = [
    ...(registrant ? [registrant] : []),
    ...(warnings
      ? [{ id: "warnings-title", title: "Meldingen over uw vestigingen", notes: warnings.map((w) => ({ key: `${w.enterpriseId} ${w.text}`, name: w.name, text: w.text })) }]
      : []),
  ];
  return {
    greeting: account.isAdmin ? null : `Welkom ${account.fullName}`,
    intro: await getText(associate ? "home_intro_associate" : "home_intro"),
    cards,
  };
}
