import { describe, expect, it } from "vitest";
import type { Account } from "../auth/account";
import type { MenuItem } from "./menu";
import { menuFor } from "./menu.server";

function account(overrides: Partial<Account> = {}): Account {
  return {
    id: 1,
    email: "a@voorbeeld.nl",
    username: null,
    givenName: "A",
    namePreposition: "",
    familyName: "B",
    fullName: "A B",
    image: null,
    role: "user",
    isAdmin: false,
    isSuperAdmin: false,
    member: null,
    memberDetails: null,
    managerMember: false,
    contactMember: false,
    enterprises: [],
    listableEnterprises: [],
    franchiseManager: false,
    registrant: null,
    mfaType: "",
    imitatedBy: null,
    ...overrides,
  };
}

const labels = (items: MenuItem[]): unknown[] =>
  items.map((i) => (i.children?.length ? { [i.label]: labels(i.children) } : i.label));
const all = () => true;

describe("menu per role (every page present)", () => {
  it("gives admins the admin menu with the Beheer group", () => {
    expect(labels(menuFor(account({ role: "admin", isAdmin: true }), all))).toEqual([
      "Home",
      { Vestigingen: ["Nieuwe vestigingen", "Export"] },
      { Lidmaatschappen: ["Nieuwe lidmaatschappen"] },
      { "FITNED.NL": ["Nieuwe aanmeldingen", "Pasgegevens", "Export"] },
      "Downloads",
      "Help",
      {
        Beheer: [
          "Accounts",
          "Download-categorieën",
          "Downloads",
          "Teksten",
          "Assets",
          "Sportaanbod",
          "Faciliteiten",
          "Groepslessen",
          "Doelgroepen",
          "Specialisaties",
          "Diploma's",
          "Notificaties",
          "Logboek imiteren",
        ],
      },
    ]);
  });

  it("adds 'Imiteer gebruiker' for super admins", () => {
    const menu = menuFor(account({ role: "super-admin", isAdmin: true, isSuperAdmin: true }), all);
    const beheer = menu.find((i) => i.label === "Beheer")!;
    expect(beheer.children!.at(-1)).toEqual({ label: "Imiteer gebruiker", href: "/imitate", children: undefined });
  });

  it("gives a full-member manager with several establishments Lidmaatschap, Vestigingen, Accounts, Downloads, Help", () => {
    const menu = menuFor(
      account({
        member: 3,
        memberDetails: { id: 3, name: "X", associate: false },
        managerMember: true,
        enterprises: [1, 2],
        listableEnterprises: [1, 2],
      }),
      all,
    );
    expect(labels(menu)).toEqual(["Home", "Lidmaatschap", "Vestigingen", "Accounts", "Downloads", "Help"]);
  });

  it("says Vestiging for exactly one establishment and leaves Help out for associate members", () => {
    const menu = menuFor(
      account({ member: 3, memberDetails: { id: 3, name: "X", associate: true }, managerMember: true, listableEnterprises: [7] }),
      all,
    );
    expect(labels(menu)).toEqual(["Home", "Lidmaatschap", "Vestiging", "Accounts", "Downloads"]);
    expect(menu.find((i) => i.label === "Vestiging")!.href).toBe("/mijn-vestiging");
  });

  it("gives a professional the own professional page and Help", () => {
    expect(labels(menuFor(account({ registrant: 5 }), all))).toEqual(["Home", "Mijn FITNED.NL", "Downloads", "Help"]);
  });

  it("gives someone imitating a non-admin the Beheer group with only 'Imiteer gebruiker'", () => {
    const menu = menuFor(account({ imitatedBy: "Sanne Superbeheer" }), all);
    expect(labels(menu).at(-1)).toEqual({ Beheer: ["Imiteer gebruiker"] });
  });

  it("shows only entries whose pages exist, and groups only with an entry left", () => {
    const superAdmin = account({ role: "super-admin", isAdmin: true, isSuperAdmin: true });
    const some = new Set(["/", "/imitate", "/nieuwe-lidmaatschappen"]);
    expect(labels(menuFor(superAdmin, (href) => some.has(href)))).toEqual([
      "Home",
      { Lidmaatschappen: ["Nieuwe lidmaatschappen"] },
      { Beheer: ["Imiteer gebruiker"] },
    ]);
    expect(menuFor(null)).toEqual([]);
  });

  it("knows which pages exist from the route table", () => {
    const superAdmin = account({ role: "super-admin", isAdmin: true, isSuperAdmin: true });
    const hrefs = JSON.stringify(menuFor(superAdmin));
    expect(hrefs).toContain('"href":"/imitate"');
    expect(hrefs).toContain('"href":"/"');
  });
});
