import { beforeAll, describe, expect, it } from "vitest";
import { insertEnterprise, insertMember, insertUser } from "../fixtures";
import { Client, decodeEntities, getDb, sections, sessionFor, textOf } from "./support";

/**
 * /mijn-vestigingen without JavaScript: the sections, which cards link, 'Toevoegen', the search
 * (?q= filtered on the server) and who may open the page. Every establishment here is a fixture
 * of this file; demo data is only read.
 */
const PATH = "/mijn-vestigingen";
const tag = `Mvl${Date.now().toString(36)}`;
const LID_BASE = 1_700_000_000 + (Date.now() % 100_000) * 100;

interface Fixture {
  memberId: number;
  ids: Record<"visibleA" | "visibleB" | "franchise" | "hidden" | "inactive" | "unapproved" | "otherMember", number>;
  manager: string;
  contactOnly: string;
  nobody: string;
  single: string;
}
let f: Fixture;

/** The sections of the page: heading, then each card's name and whether it links (and where). */
function groups(html: string) {
  return sections(html).map((s) => ({
    label: s.name,
    cards: s.el.querySelectorAll("h3").map((h3) => ({ name: textOf(h3), href: h3.querySelector("a")?.getAttribute("href") ?? null })),
  }));
}
const names = (html: string) => groups(html).map((s) => [s.label, s.cards.map((c) => c.name)]);
const n = (suffix: string) => `${tag} ${suffix}`;

beforeAll(async () => {
  const db = getDb();
  const memberId = await insertMember(db, { name: `Lidmaatschap ${tag}` });
  const add = (suffix: string, extra: Parameters<typeof insertEnterprise>[2] = {}) =>
    insertEnterprise(db, memberId, { name: n(suffix), town: "Zwolle", street: "Dijkweg", houseNr: "4", postalCode: "8011AB", ...extra });
  const ids = {
    // Names sort differently from ids, so the order is the page's own.
    visibleB: await add("Bravo", { lidnummer: LID_BASE + 2, town: "Kampen" }),
    visibleA: await add("Alfa", { lidnummer: LID_BASE + 1, postalCode: "8261XY" }),
    franchise: await add("Franchise", { lidnummer: LID_BASE + 3, franchise: true, town: "Deventer" }),
    hidden: await add("Verborgen", { lidnummer: LID_BASE + 4, hidden: true }),
    inactive: await add("Slapend", { lidnummer: LID_BASE + 5, inactive: true, hidden: true }),
    unapproved: await add("Nieuw", { approved: false, inactive: true, hidden: true }),
    otherMember: await insertEnterprise(db, await insertMember(db), { name: n("Elders"), lidnummer: LID_BASE + 6 }),
  };
  await db
    .updateTable("enterprises")
    .set({ phone: "0381234567", email: `alfa-${tag.toLowerCase()}@voorbeeld.nl`, kvk_nr: "87654321", website: `https://${tag.toLowerCase()}.nl` })
    .where("id", "=", ids.visibleA)
    .execute();

  const manager = await insertUser(db, { memberId, givenName: "Mila", familyName: `Manager${tag}` });
  await db.updateTable("users").set({ manager_member: 1 }).where("id", "=", manager.id).execute();

  // Contact person of Alfa and of the franchise, branch manager of Bravo: only Bravo is hers to change.
  const contactOnly = await insertUser(db, { memberId, givenName: "Cora", familyName: `Contact${tag}` });
  await db.insertInto("enterprise_contacts").values([
    { enterprise_id: ids.visibleA, user_id: contactOnly.id },
    { enterprise_id: ids.franchise, user_id: contactOnly.id },
  ]).execute();
  await db.insertInto("enterprise_managers").values({ enterprise_id: ids.visibleB, user_id: contactOnly.id }).execute();

  const nobody = await insertUser(db, { memberId, givenName: "Nina", familyName: `Niemand${tag}` });
  const single = await insertUser(db, { memberId, givenName: "Sem", familyName: `Single${tag}` });
  await db.insertInto("enterprise_managers").values({ enterprise_id: ids.visibleA, user_id: single.id }).execute();

  f = { memberId, ids, manager: manager.email, contactOnly: contactOnly.email, nobody: nobody.email, single: single.email };
});

describe("/mijn-vestigingen", () => {
  it("shows a manager member every establishment of the membership in the spec's sections, names ascending, all linked", async () => {
    const { res, html } = await (await sessionFor(f.manager)).page(PATH);
    expect(res.status).toBe(200);
    expect(html).toContain("<title>Vestigingen – Ledenportaal</title>");
    expect(html).toMatch(/<h1>Vestigingen<\/h1>/);
    expect(names(html)).toEqual([
      ["Vestigingen", [n("Alfa"), n("Bravo")]],
      ["Franchise(s)", [n("Franchise")]],
      ["Niet zichtbaar", [n("Verborgen")]],
      ["Niet actief", [n("Slapend")]],
      ["Niet goedgekeurd", [n("Nieuw")]],
    ]);
    const hrefs = groups(html).flatMap((s) => s.cards.map((c) => c.href));
    expect(hrefs).toEqual(
      [f.ids.visibleA, f.ids.visibleB, f.ids.franchise, f.ids.hidden, f.ids.inactive, f.ids.unapproved].map(
        (id) => `/mijn-vestigingen/bewerken/${id}`,
      ),
    );
    expect(html).not.toContain(n("Elders"));
    // The card's details.
    expect(decodeEntities(html)).toContain("Dijkweg 4, 8261XY Zwolle");
    expect(html).toContain(`Lidnummer ${LID_BASE + 1}`);
    expect(html).toContain("Nog geen lidnummer");
    expect(html).toContain("0381234567");
    // Manager members may add establishments.
    expect(html).toMatch(/<a[^>]*href="\/mijn-vestigingen\/toevoegen"[^>]*>Toevoegen<\/a>/);
    // The menu says Vestigingen for more than one listable establishment.
    expect(html).toMatch(/<a[^>]*href="\/mijn-vestigingen"[^>]*>Vestigingen<\/a>/);
  });

  it("links only the establishments the account may change, and has no 'Toevoegen' for others", async () => {
    const { res, html } = await (await sessionFor(f.contactOnly)).page(PATH);
    expect(res.status).toBe(200);
    expect(groups(html)).toEqual([
      {
        label: "Vestigingen",
        cards: [
          { name: n("Alfa"), href: null },
          { name: n("Bravo"), href: `/mijn-vestigingen/bewerken/${f.ids.visibleB}` },
        ],
      },
      { label: "Franchise(s)", cards: [{ name: n("Franchise"), href: null }] },
    ]);
    expect(html).not.toContain('href="/mijn-vestigingen/toevoegen"');
  });

  it("filters on the server with ?q= over every field, each word anywhere", async () => {
    const client = await sessionFor(f.manager);
    const search = async (q: string) => names((await client.page(`${PATH}?q=${encodeURIComponent(q)}`)).html);
    expect(await search("kampen")).toEqual([["Vestigingen", [n("Bravo")]]]);
    expect(await search("Deventer")).toEqual([["Franchise(s)", [n("Franchise")]]]);
    expect(await search(String(LID_BASE + 4))).toEqual([["Niet zichtbaar", [n("Verborgen")]]]);
    // Postcode, phone, e-mail, KvK number and website of Alfa, and two words in different fields.
    for (const q of ["8261xy", "0381234567", `alfa-${tag}`, "87654321", `https://${tag}`, `${tag} 8261`]) {
      expect(await search(q)).toEqual([["Vestigingen", [n("Alfa")]]]);
    }
    // The membership's name matches all of them.
    expect((await search(`Lidmaatschap ${tag}`)).flatMap(([, cards]) => cards)).toHaveLength(6);
    const none = await client.page(`${PATH}?q=${encodeURIComponent(`${tag} Maastricht`)}`);
    expect(none.html).toContain("Geen resultaten gevonden");
    expect(groups(none.html)).toEqual([]);
    // The search box keeps what was searched, with a link that clears it.
    expect(none.html).toContain(`value="${tag} Maastricht"`);
    const clear = none.html.match(/<a[^>]*aria-label="Zoekopdracht wissen"[^>]*>/)?.[0];
    expect(clear).toContain('href="/mijn-vestigingen"');
  });

  it("sends home accounts without listable establishments, and admins; anonymous visitors to the login", async () => {
    for (const email of [f.nobody, "beheer@voorbeeld.nl", "superbeheer@voorbeeld.nl", "professional@voorbeeld.nl"]) {
      const res = await (await sessionFor(email)).get(PATH);
      expect(res.status, email).toBe(302);
      expect(res.headers.get("location"), email).toBe("/");
    }
    const res = await new Client().get(PATH);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/?next=${encodeURIComponent(PATH)}`);
  });

  it("is open with a single establishment too, and the menu then says 'Vestiging'", async () => {
    const { res, html } = await (await sessionFor(f.single)).page(PATH);
    expect(res.status).toBe(200);
    expect(names(html)).toEqual([["Vestigingen", [n("Alfa")]]]);
    expect(html).toMatch(/<a[^>]*href="\/mijn-vestiging"[^>]*>Vestiging<\/a>/);
    expect(html).not.toMatch(/<a[^>]*href="\/mijn-vestigingen"[^>]*>Vestigingen<\/a>/);
  });

  it("shows the demo member's establishments with the franchise among 'Franchise(s)'", async () => {
    const { html } = await (await sessionFor("lid@voorbeeld.nl")).page(PATH);
    const all = names(html);
    expect(all.find(([label]) => label === "Franchise(s)")?.[1]).toContain("De Vaart Fitness Haarlem");
    expect(all.flatMap(([, cards]) => cards)).toEqual(
      expect.arrayContaining(["Sportcentrum De Vaart Centrum", "Sportcentrum De Vaart Noord", "Sportcentrum De Vaart Oost"]),
    );
  });
});
