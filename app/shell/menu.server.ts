import type { RouteConfigEntry } from "@react-router/dev/routes";
import { href } from "react-router";
import type { Account } from "../auth/account";
import { can } from "../auth/policy";
import routes from "../routes";
import type { MenuItem } from "./menu";

function flattenPaths(entries: RouteConfigEntry[], prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const full = entry.index ? prefix || "/" : entry.path ? `${prefix}/${entry.path}`.replace(/\/+/g, "/") : prefix;
    const own = entry.path !== undefined || entry.index ? [full.replace(/(.)\/$/, "$1")] : [];
    return [...own, ...flattenPaths(entry.children ?? [], full === "/" ? "" : full)];
  });
}

let implemented: Set<string> | undefined;

/** Menu entries point at pages; an entry is shown once its page exists. */
function exists(href: string): boolean {
  implemented ??= new Set(flattenPaths(routes as RouteConfigEntry[]));
  return implemented.has(href);
}

function prune(items: MenuItem[], pageExists: (href: string) => boolean): MenuItem[] {
  return items
    .map((item) => ({ ...item, children: item.children ? prune(item.children, pageExists) : undefined }))
    .filter((item) => pageExists(item.href) || (item.children?.length ?? 0) > 0);
}

/** The menu of part 1 "Menu and header", per role. */
export function menuFor(account: Account | null, pageExists: (href: string) => boolean = exists): MenuItem[] {
  if (!account) return [];
  const items: MenuItem[] = [{ label: "Home", href: href("/") }];
  const beheer: MenuItem[] = [];

  if (account.isAdmin) {
    items.push(
      {
        label: "Vestigingen",
        href: href("/vestigingen"),
        children: [
          { label: "Nieuwe vestigingen", href: href("/vestigingen/nieuwe-vestigingen") },
          { label: "Export", href: href("/vestigingen/export") },
        ],
      },
      {
        label: "Lidmaatschappen",
        href: href("/lidmaatschappen"),
        children: [{ label: "Nieuwe lidmaatschappen", href: href("/nieuwe-lidmaatschappen") }],
      },
      {
        label: "FITNED.NL",
        href: href("/fitnednl"),
        children: [
          { label: "Nieuwe aanmeldingen", href: href("/fitnednl/nieuwe-aanmeldingen") },
          { label: "Pasgegevens", href: href("/fitnednl/pasgegevens") },
          { label: "Export", href: href("/fitnednl/export") },
        ],
      },
      { label: "Downloads", href: href("/downloads") },
      { label: "Help", href: href("/help") },
    );
    beheer.push(
      { label: "Accounts", href: href("/accounts") },
      { label: "Download-categorieën", href: href("/beheer/download-categorieen") },
      { label: "Downloads", href: href("/beheer/downloads") },
      { label: "Teksten", href: href("/beheer/teksten") },
      { label: "Assets", href: href("/beheer/assets") },
      { label: "Sportaanbod", href: href("/beheer/sportaanbod") },
      { label: "Faciliteiten", href: href("/beheer/faciliteiten") },
      { label: "Groepslessen", href: href("/beheer/groepslessen") },
      { label: "Doelgroepen", href: href("/beheer/doelgroepen") },
      { label: "Specialisaties", href: href("/beheer/specialisaties") },
      { label: "Diploma's", href: href("/beheer/diplomas") },
      { label: "Notificaties", href: href("/notificaties") },
      { label: "Logboek imiteren", href: href("/imitate/logboek") },
    );
  } else {
    if (can(account, "menu:member")) items.push({ label: "Lidmaatschap", href: href("/mijn-lidmaatschap") });
    const listable = account.listableEnterprises.length;
    if (listable > 1) items.push({ label: "Vestigingen", href: href("/mijn-vestigingen") });
    if (listable === 1) items.push({ label: "Vestiging", href: href("/mijn-vestiging") });
    if (can(account, "menu:accounts")) items.push({ label: "Accounts", href: href("/mijn-accounts") });
    if (can(account, "menu:registrant")) items.push({ label: "Mijn FITNED.NL", href: href("/mijn-fitnednl") });
    items.push({ label: "Downloads", href: href("/downloads") });
    if (can(account, "help")) items.push({ label: "Help", href: href("/help") });
  }
  if (can(account, "imitate")) beheer.push({ label: "Imiteer gebruiker", href: href("/imitate") });
  if (beheer.length) items.push({ label: "Beheer", href: "#beheer", children: beheer });
  return prune(items, pageExists);
}
