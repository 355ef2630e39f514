import { beforeAll, describe, expect, it } from "vitest";
import { insertEnterprise, insertMember, insertRegistrant, insertUser } from "../fixtures";
import {
  Client,
  columnHeaders,
  getDb,
  heading,
  linkByName,
  notificationIn,
  pageText,
  rowElements,
  manyFoundInNameOrder,
  sessionFor,
  tableRows,
  textOf,
} from "./support";

/**
 * The admin account list /accounts (part 2 §2.3), without JavaScript. Every account changed here
 * is a fixture of this file; demo data is only read.
 */
const ADMIN = "beheer@voorbeeld.nl";

// Letters only, so every engine's collation sorts the fixtures the same way.
const TAG = `Qu${Array.from((Date.now() % 11_881_376).toString(26).padStart(5, "0"), (c) =>
  String.fromCharCode(97 + parseInt(c, 26)),
).join("")}`;

interface Fixture {
  id: number;
  given: string;
  family: string;
  email: string;
}

// Twelve accounts whose names, e-mail addresses and memberships each sort in another order.
const PEOPLE = [
  ["Anna", "Vos"],
  ["Bram", "Bos"],
  ["Cor", "Mol"],
  ["Daan", "Bos"],
  ["Eva", "Kok"],
  ["Fleur", "Smit"],
  ["Gert", "Mol"],
  ["Hans", "Dijk"],
  ["Ilse", "Hout"],
  ["Jan", "Rijn"],
  ["Kim", "Berg"],
  ["Lot", "Zee"],
] as const;
const fixtures: Fixture[] = [];
let memberId = 0;
let otherMemberId = 0;

const names = (html: string) => tableRows(html).map((cells) => cells[0]);
const row = (html: string, name: string) => rowElements(html).find((r) => textOf(r.querySelector("td")) === name);
const titles = (html: string, name: string) => row(html, name)!.querySelectorAll("[title]").map((el) => el.getAttribute("title"));
const familyOf = (f: Fixture) => `${f.family}${TAG}`.toLowerCase();

let admin: Client;

beforeAll(async () => {
  const db = getDb();
  memberId = await insertMember(db, { name: `${TAG} Sportschool` });
  otherMemberId = await insertMember(db, { name: `${TAG} Atletiek` });
  for (const [i, [given, family]] of PEOPLE.entries()) {
    // The e-mail addresses sort in the reverse order of the list.
    const email = `${String.fromCharCode(122 - i)}.${TAG.toLowerCase()}@voorbeeld.nl`;
    const user = await insertUser(db, {
      givenName: given,
      familyName: `${family}${TAG}`,
      email,
      memberId: i < 4 ? memberId : i < 6 ? otherMemberId : null,
    });
    fixtures.push({ id: user.id, given, family, email });
  }
  // Roles for the badges: Anna manages the membership and three establishments, and is the
  // contact of two; Bram is the membership's contact and manages one establishment.
  const enterprises = [];
  for (let n = 0; n < 3; n++) enterprises.push(await insertEnterprise(db, memberId));
  await db.updateTable("users").set({ manager_member: 1 }).where("id", "=", fixtures[0].id).execute();
  await db.updateTable("users").set({ contact_member: 1 }).where("id", "=", fixtures[1].id).execute();
  await db.insertInto("enterprise_managers").values(enterprises.map((e) => ({ enterprise_id: e, user_id: fixtures[0].id }))).execute();
  await db.insertInto("enterprise_contacts").values(enterprises.slice(0, 2).map((e) => ({ enterprise_id: e, user_id: fixtures[0].id }))).execute();
  await db.insertInto("enterprise_managers").values({ enterprise_id: enterprises[0], user_id: fixtures[1].id }).execute();
  // Cor is a professional, Daan is switched off, Eva is an admin.
  await insertRegistrant(db, { userId: fixtures[2].id, givenName: "Cor", familyName: `Mol${TAG}` });
  await db.updateTable("users").set({ enabled: 0 }).where("id", "=", fixtures[3].id).execute();
  await db.updateTable("users").set({ role: "admin" }).where("id", "=", fixtures[4].id).execute();
  admin = await sessionFor(ADMIN);
});

const fullName = (f: Fixture) => `${f.given} ${f.family}${TAG}`;
/** The fixtures' full names in the list's default order: family name, given name, id. */
const inNameOrder = () =>
  [...fixtures].sort((a, b) => familyOf(a).localeCompare(familyOf(b)) || a.given.localeCompare(b.given) || a.id - b.id).map(fullName);

describe("the account list", () => {
  it("shows every account in its title, the columns, and the accounts by family name, then given name", async () => {
    const total = Number((await getDb().selectFrom("users").select(getDb().fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    const { res, html } = await admin.page("/accounts");
    expect(res.status).toBe(200);
    expect(heading(html)).toBe(`Accounts (${total})`);
    expect(html).toContain('placeholder="Zoek op naam, e-mail of lidmaatschap"');
    expect(columnHeaders(html).map((c) => [c.name, c.sort])).toEqual([
      ["Naam", "ascending"],
      ["E-mail", undefined],
      ["Lidmaatschap", undefined],
      ["Status", undefined],
      ["Acties", undefined],
    ]);
    expect(tableRows(html)).toHaveLength(10);

    const found = names((await admin.page(`/accounts?q=${TAG}`)).html);
    const expected = inNameOrder().slice(0, 10);
    expect(found).toEqual(expected);
  });

  it("keeps its total as accounts come and go", async () => {
    const count = async () => Number(/\((\d+)\)/.exec(heading((await admin.page("/accounts")).html))![1]);
    const before = await count();
    const extra = await insertUser(getDb(), { familyName: `Tijdelijk${TAG}` });
    expect(await count()).toBe(before + 1);
    await getDb().deleteFrom("users").where("id", "=", extra.id).execute();
    expect(await count()).toBe(before);
    const kept = await getDb().selectFrom("user_count").select("n").executeTakeFirstOrThrow();
    const counted = await getDb().selectFrom("users").select(getDb().fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(kept.n)).toBe(Number(counted.n));
  });

  it("finds accounts by a part of the name, the e-mail address or the membership, in any case", async () => {
    const search = async (q: string) => names((await admin.page(`/accounts?q=${encodeURIComponent(q)}`)).html);
    expect(await search(`ANNA VOS${TAG}`)).toEqual([fullName(fixtures[0])]);
    expect(await search(fixtures[5].email.toUpperCase())).toEqual([fullName(fixtures[5])]);
    expect((await search(`${TAG} sportschool`)).sort()).toEqual(fixtures.slice(0, 4).map(fullName).sort());
    expect(await search(`${TAG}nergens`)).toEqual([]);
    const { html } = await admin.page(`/accounts?q=${TAG}nergens`);
    expect(heading(html)).toBe("Accounts (0)");
    expect(textOf(rowElements(html)[0] ?? null) || html).toContain("Geen resultaten gevonden");
  });

  it("finds the accounts of a membership by its new name after a rename", async () => {
    await getDb().updateTable("members").set({ name: `${TAG} Tennisclub` }).where("id", "=", otherMemberId).execute();
    const search = async (q: string) => names((await admin.page(`/accounts?q=${encodeURIComponent(q)}`)).html);
    expect((await search(`${TAG} tennisclub`)).sort()).toEqual(fixtures.slice(4, 6).map(fullName).sort());
    expect(await search(`${TAG} atletiek`)).toEqual([]);
    const { html } = await admin.page(`/accounts?q=${encodeURIComponent(fullName(fixtures[4]))}`);
    expect(tableRows(html)[0][2]).toContain(`${TAG} Tennisclub`);
  });

  it("shows the membership with role badges, a count before a role held more than once, and the states as icons", async () => {
    // Each account's row, found by its own name.
    const listed = async (f: Fixture) => {
      const { html } = await admin.page(`/accounts?q=${encodeURIComponent(fullName(f))}`);
      return { html, row: row(html, fullName(f))!, titles: titles(html, fullName(f)) };
    };
    const anna = await listed(fixtures[0]);
    expect(anna.row.querySelectorAll(".role-badge").map((b) => textOf(b))).toEqual(["LB", "3 VB", "2 VC"]);
    expect(anna.row.querySelectorAll(".role-badge").map((b) => b.getAttribute("title"))).toEqual([
      "Beheerder lidmaatschap",
      "Beheerder van vestigingen (3)",
      "Contactpersoon van vestigingen (2)",
    ]);
    expect((await listed(fixtures[1])).row.querySelectorAll(".role-badge").map((b) => textOf(b))).toEqual(["LC", "VB"]);
    expect(anna.titles).toEqual(expect.arrayContaining(["Actief", "Gebruiker"]));
    expect(anna.titles).not.toContain("Professional");
    expect((await listed(fixtures[2])).titles).toContain("Professional");
    // In the spec's order: professional, active or inactive, admin or user.
    const order = (await listed(fixtures[2])).titles.filter((t) => t !== undefined && ["Professional", "Actief", "Inactief", "Beheerder", "Gebruiker"].includes(t));
    expect(order).toEqual(["Professional", expect.stringMatching(/^(Actief|Inactief)$/), expect.stringMatching(/^(Beheerder|Gebruiker)$/)]);
    expect((await listed(fixtures[3])).titles).toContain("Inactief");
    expect((await listed(fixtures[4])).titles).toContain("Beheerder");
    // Every name opens the account's page in the register, with or without a membership.
    expect(anna.row.querySelector("td")!.querySelector("a")!.getAttribute("href")).toBe(`/accounts/bewerken/${fixtures[0].id}`);
    expect((await listed(fixtures[7])).row.querySelector("td")!.querySelector("a")!.getAttribute("href")).toBe(`/accounts/bewerken/${fixtures[7].id}`);
  });

  it("sorts by e-mail address and by membership, both ways, and pages ten at a time", async () => {
    const list = async (query: string) => names((await admin.page(`/accounts?q=${TAG}&${query}`)).html);
    const byEmail = [...fixtures].sort((a, b) => a.email.localeCompare(b.email)).map(fullName);
    expect(await list("sort=e-mail")).toEqual(byEmail.slice(0, 10));
    expect(await list("sort=e-mail&dir=desc")).toEqual([...byEmail].reverse().slice(0, 10));
    // By membership: Atletiek's (now Tennisclub) and Sportschool's accounts, those without last.
    const members = (await list("sort=lidmaatschap")).slice(0, 6);
    expect(members.slice(0, 4).sort()).toEqual(fixtures.slice(0, 4).map(fullName).sort());
    expect(members.slice(4, 6).sort()).toEqual(fixtures.slice(4, 6).map(fullName).sort());
    const second = await list("page=2");
    expect(second).toHaveLength(2);
    expect(await list("page=99")).toEqual(second);
  });

  it("keeps a search in name order on every page and both ways, also after an account's name changed", async () => {
    const list = async (query: string) => names((await admin.page(`/accounts?q=${TAG}&${query}`)).html);
    expect([...(await list("page=1")), ...(await list("page=2"))]).toEqual(inNameOrder());
    expect(await list("dir=desc")).toEqual(inNameOrder().reverse().slice(0, 10));
    // Lot Zee becomes Lot Aal: first in the list from now on.
    const lot = fixtures[11];
    await getDb().updateTable("users").set({ family_name: `Aal${TAG}` }).where("id", "=", lot.id).execute();
    lot.family = "Aal";
    try {
      expect((await list("page=1"))[0]).toBe(fullName(lot));
      expect(await list("dir=desc&page=2")).toEqual(inNameOrder().reverse().slice(10));
    } finally {
      await getDb().updateTable("users").set({ family_name: `Zee${TAG}` }).where("id", "=", lot.id).execute();
      lot.family = "Zee";
    }
  });

  it("pages a search that finds many in name order both ways, walking the name index early and sorting late", async () => {
    const db = getDb();
    const token = `wijd${TAG.slice(2).toLowerCase()}`;
    const ids: number[] = [];
    const { expected, asc, desc } = await manyFoundInNameOrder({
      client: admin,
      path: "/accounts",
      table: "users",
      token,
      names,
      add: async (familyName) => {
        ids.push((await insertUser(db, { givenName: "Wim", familyName })).id);
        return `Wim ${familyName}`;
      },
      remove: () => db.deleteFrom("users").where("id", "in", ids).execute(),
    });
    expect(asc).toEqual(expected);
    expect(desc).toEqual([...expected].reverse());
  });

  it("is for admins only: others go home", async () => {
    for (const persona of ["lid@voorbeeld.nl", "vestiging@voorbeeld.nl", "professional@voorbeeld.nl"]) {
      const client = await sessionFor(persona);
      const res = await client.get("/accounts");
      expect(res.status, persona).toBe(302);
      expect(res.headers.get("location"), persona).toBe("/");
    }
  });

  it("deletes an account after a confirmation that lists the roles it holds; what it was linked to stays readable", async () => {
    const db = getDb();
    const anna = fixtures[0];
    // The delete icon of Anna's row opens the confirmation (a page without JavaScript) and returns to this view.
    const view = `/accounts?q=${encodeURIComponent(fullName(anna))}`;
    const listed = (await admin.page(view)).html;
    const remove = linkByName(row(listed, fullName(anna))!, `Verwijderen ${fullName(anna)}`);
    const back = new URL(remove.href, "http://portaal").searchParams.get("terug")!;
    expect(remove.href).toBe(`/accounts/verwijderen/${anna.id}?terug=${encodeURIComponent(back)}`);
    expect(back).toMatch(/^\/accounts\?q=Anna/);
    const confirm = pageText((await admin.page(remove.href)).html);
    expect(confirm).toContain("Weet u zeker dat u dit account wilt verwijderen?");
    expect(confirm).toContain(fullName(anna));
    expect(confirm).toContain("Let op: dit account is");
    for (const role of [`beheerder van lidmaatschap ${TAG} Sportschool`, "beheerder van 3 vestigingen", "contactpersoon van 2 vestigingen"]) {
      expect(confirm).toContain(role);
    }
    // An account without roles gets no such list; a professional's account names the professional.
    expect(pageText((await admin.page(`/accounts/verwijderen/${fixtures[9].id}`)).html)).not.toContain("Let op");
    expect(pageText((await admin.page(`/accounts/verwijderen/${fixtures[2].id}`)).html)).toContain("gekoppeld aan een FITNED.NL-professional");

    // A log entry written by Anna stays, without its author.
    await db
      .insertInto("member_log")
      .values({ member_id: memberId, action: "name_changed", account_id: null, details: "", user_id: anna.id, imitating: 0, created: new Date().toISOString() })
      .execute();
    const done = await admin.submit(`/accounts/verwijderen/${anna.id}`, { terug: back });
    expect(done.url).toBe(back);
    expect(notificationIn(done.html)).toContain("Account verwijderd.");
    expect(await db.selectFrom("users").select("id").where("id", "=", anna.id).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom("enterprise_managers").select("user_id").where("user_id", "=", anna.id).execute()).toEqual([]);
    expect(await db.selectFrom("enterprise_contacts").select("user_id").where("user_id", "=", anna.id).execute()).toEqual([]);
    const log = await db.selectFrom("member_log").select("user_id").where("member_id", "=", memberId).where("action", "=", "name_changed").execute();
    expect(log).toEqual([{ user_id: null }]);
    // The membership's own page still opens; its Logboek shows the entry's author as deleted.
    const memberPage = await admin.page(`/lidmaatschappen/bewerken/${memberId}`);
    expect(memberPage.res.status).toBe(200);
    const logPage = await admin.page(`/lidmaatschappen/bewerken/${memberId}?tab=logboek`);
    expect(logPage.res.status).toBe(200);
    expect(pageText(logPage.html)).toContain("[Account verwijderd]");
    // A second confirmation finds nothing to delete.
    const again = await admin.submit(`/accounts/verwijderen/${anna.id}`, { terug: back });
    expect(notificationIn(again.html)).toBeDefined();
    expect((await admin.get(`/accounts/verwijderen/${anna.id}`)).status).toBe(404);
  });

  it("keeps a professional without account when its account is deleted", async () => {
    const cor = fixtures[2];
    await admin.submit(`/accounts/verwijderen/${cor.id}`, {});
    const professional = await getDb().selectFrom("registrants").select(["user_id", "full_name"]).where("family_name", "=", `Mol${TAG}`).executeTakeFirstOrThrow();
    expect(professional.user_id).toBeNull();
    expect(professional.full_name).toBe(fullName(cor));
  });

  it("refuses to delete the own account, and a super admin's account unless a super admin asks", async () => {
    const db = getDb();
    const self = await db.selectFrom("users").select("id").where("email", "=", ADMIN).executeTakeFirstOrThrow();
    const refused = await admin.submit(`/accounts/verwijderen/${self.id}`, {});
    expect(notificationIn(refused.html)).toContain("U kunt uw eigen account niet verwijderen.");
    expect(await db.selectFrom("users").select("id").where("id", "=", self.id).executeTakeFirst()).toBeDefined();

    const chief = await insertUser(db, { givenName: "Sara", familyName: `Super${TAG}`, role: "super-admin" });
    const notAllowed = await admin.submit(`/accounts/verwijderen/${chief.id}`, {});
    expect(notificationIn(notAllowed.html)).toContain("Alleen een superbeheerder kan het account van een superbeheerder verwijderen.");
    expect(await db.selectFrom("users").select("id").where("id", "=", chief.id).executeTakeFirst()).toBeDefined();

    const superAdmin = await sessionFor("superbeheer@voorbeeld.nl");
    const allowed = await superAdmin.submit(`/accounts/verwijderen/${chief.id}`, {});
    expect(notificationIn(allowed.html)).toContain("Account verwijderd.");
    expect(await db.selectFrom("users").select("id").where("id", "=", chief.id).executeTakeFirst()).toBeUndefined();
  });

  it("lets only admins delete: others are sent home and nothing is deleted", async () => {
    const target = fixtures[11];
    for (const persona of ["lid@voorbeeld.nl", "vestiging@voorbeeld.nl", "professional@voorbeeld.nl"]) {
      const client = await sessionFor(persona);
      const res = await client.post(`/accounts/verwijderen/${target.id}`, {});
      expect(res.status, persona).toBe(302);
      expect(res.headers.get("location"), persona).toBe("/");
    }
    expect(await getDb().selectFrom("users").select("id").where("id", "=", target.id).executeTakeFirst()).toBeDefined();
  });
});
