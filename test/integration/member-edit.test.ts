import { sql, type Insertable } from "kysely";
import type { MemberLogTable } from "../../db/types";
import { beforeAll, describe, expect, it } from "vitest";
import { insertEnterprise, insertMember, insertUser, uniqueEmail } from "../fixtures";
import { breadcrumbs, Client, decodeEntities, disabledTabNames, errorsIn, getDb, heading, notificationIn, openTab, sections, sessionFor, tabNames, tabPanelHtml } from "./support";

const ADMIN = "beheer@voorbeeld.nl";
const SUPER = "superbeheer@voorbeeld.nl";
const MEMBER = "lid@voorbeeld.nl";
const ASSOCIATE = "nietlid@voorbeeld.nl";

const REQUIRED = "Dit is een verplicht veld";
const EMAIL = "U dient een geldig e-mailadres in te voeren";
const PHONE = "Het telefoonnummer dient uit 10 cijfers te bestaan";
const FRANCHISE = "Een franchisevestiging kan niet de hoofdvestiging zijn";
const PICK = "Kies een waarde uit de lijst";
const OOPS = "Oeps, er gaat iets mis!";

const tag = `${process.pid}${Date.now().toString(36)}`;
// Lidnummers are unique over the whole database: each test run takes its own range.
let nextLidnummer = 600000 + (Date.now() % 300000);
const lidnummer = () => nextLidnummer++;

/** Page text without React's separators between adjacent text parts. */
const text = (html: string) => decodeEntities(html.replace(/<!-- -->/g, ""));

/** The breadcrumbs after the home icon: 'label → href' for links, else the label. */
const crumbs = breadcrumbs;

/** The markup of the panel of the tab `id` ('' unless that tab is the one open). */
const panel = tabPanelHtml;

/** The names of the tabs a page offers (links), and the disabled ones. */
const tabLinks = tabNames;
const disabledTabs = disabledTabNames;

const editPath = (id: number) => `/lidmaatschappen/bewerken/${id}`;
/** A membership page with one of its tabs open (`?tab=`), as the tab's link opens it. */
const onTab = (path: string, tab: string) => `${path}?tab=${tab}`;

async function memberRow(id: number) {
  return getDb().selectFrom("members").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

async function idOf(email: string): Promise<number> {
  return (await getDb().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}

async function logRows(memberId: number) {
  return getDb().selectFrom("member_log").selectAll().where("member_id", "=", memberId).orderBy("id").execute();
}

/** A general-form post with every field; `extra` overrides. */
function general(values: Record<string, string>): Record<string, string> {
  return {
    intent: "general",
    name: "",
    legalForm: "",
    adminAccountable: "",
    adminAccountableEmail: "",
    adminAccountablePhone: "",
    ...values,
  };
}

/** A user of a membership with roles, returning id, e-mail and the name shown. */
async function memberUser(memberId: number, roles: { manager?: boolean; contact?: boolean } = {}, familyName = `Fixture${tag}`) {
  const user = await insertUser(getDb(), { email: uniqueEmail("lidm"), familyName, memberId });
  await getDb()
    .updateTable("users")
    .set({ manager_member: roles.manager ? 1 : 0, contact_member: roles.contact ? 1 : 0 })
    .where("id", "=", user.id)
    .execute();
  return user;
}

let admin: Client;
beforeAll(async () => {
  admin = await sessionFor(ADMIN);
});

describe("adding a membership", () => {
  it("shows the general form with the other tabs disabled", async () => {
    const { res, html } = await admin.page("/lidmaatschappen/toevoegen");
    expect(res.status).toBe(200);
    expect(html).toContain("<h1>Lidmaatschap toevoegen</h1>");
    expect(disabledTabs(html)).toEqual(["Vestigingen", "Rollen", "Accounts", "Logboek"]);
    expect(crumbs(html)).toEqual(["Lidmaatschappen → /lidmaatschappen", "Toevoegen"]);
    for (const label of ["Naam", "Rechtsvorm", "Naam eigenaar", "E-mailadres eigenaar", "Telefoonnummer eigenaar", "Niet-lid", "Interesse in lidmaatschap"]) {
      expect(text(html)).toContain(`>${label}`);
    }
    for (const option of ["Eenmanszaak", "BV", "NV", "VOF"]) expect(html).toContain(`>${option}</option>`);
    // No establishments yet, so nothing to choose as principal.
    expect(html).not.toContain('name="principalEnterprise"');
    expect(html).toContain(">Opslaan</button>");
    expect(html).toContain(">Annuleren</a>");
  });

  it("shows the Dutch messages and keeps what was typed", async () => {
    const res = await admin.post("/lidmaatschappen/toevoegen", general({ name: "  ", adminAccountable: "Piet Eigenaar", adminAccountableEmail: "geen-adres", adminAccountablePhone: "06 123" }));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(errorsIn(html)).toEqual([REQUIRED, EMAIL, PHONE]);
    expect(html).toContain('value="Piet Eigenaar"');
    expect(html).toContain('value="geen-adres"');
    expect(html).toContain('value="06 123"');
    expect(html).toContain("Controleer de volgende velden:");
  });

  it("creates an approved, active and visible membership and opens its edit page", async () => {
    const name = `Nieuw lidmaatschap ${tag}`;
    const res = await admin.post(
      "/lidmaatschappen/toevoegen",
      general({ name, legalForm: "vof", adminAccountable: "Eva Eigenaar", adminAccountableEmail: "eva@voorbeeld.nl", adminAccountablePhone: "06-1234 5678", associate: "on", interestMembership: "on" }),
    );
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/^\/lidmaatschappen\/bewerken\/\d+$/);
    const id = Number(location.split("/").pop());
    const row = await memberRow(id);
    expect(row).toMatchObject({
      name,
      legal_form: "vof",
      admin_accountable: "Eva Eigenaar",
      admin_accountable_email: "eva@voorbeeld.nl",
      admin_accountable_phone: "0612345678",
      associate: 1,
      interest_membership: 1,
      approved: 1,
      inactive: 0,
      hidden: 0,
      principal_enterprise_id: null,
    });
    const { html } = await admin.page(location);
    expect(notificationIn(html)).toBe("Lidmaatschap toegevoegd.");
    expect(heading(html)).toBe(`${name} (Niet-lid)`);
    expect(tabLinks(html)).toEqual(["Algemeen", "Vestigingen", "Rollen", "Accounts", "Logboek"]);
  });

  it("refuses a non-admin: home, nothing created", async () => {
    const member = await sessionFor(MEMBER);
    const name = `Vervalst ${tag}`;
    const res = await member.post("/lidmaatschappen/toevoegen", general({ name }));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    expect(await getDb().selectFrom("members").select("id").where("name", "=", name).executeTakeFirst()).toBeUndefined();
  });
});

describe("editing tab Algemeen (admin)", () => {
  let memberId: number;
  let main: number;
  let franchise: number;
  let mainNumber: number;
  let foreign: number;
  const name = `Bewerkcentrum ${tag}`;

  beforeAll(async () => {
    const db = getDb();
    memberId = await insertMember(db, { name, legalForm: "nv" });
    franchise = await insertEnterprise(db, memberId, { name: `Franchise ${tag}`, franchise: true, lidnummer: lidnummer() });
    mainNumber = lidnummer();
    main = await insertEnterprise(db, memberId, { name: `Hoofd ${tag}`, lidnummer: mainNumber });
    await db.updateTable("members").set({ principal_enterprise_id: main }).where("id", "=", memberId).execute();
    foreign = await insertEnterprise(db, await insertMember(db), { name: `Elders ${tag}` });
  });

  it("shows the lidnummer the member list shows: the principal establishment's, none while it has none", async () => {
    const db = getDb();
    const member = await insertMember(db, { name: `Zonder nummer ${tag}` });
    // The first establishment (by id) has a number, the principal one none.
    const numbered = lidnummer();
    await insertEnterprise(db, member, { name: `Eerste ${tag}`, lidnummer: numbered });
    const principal = await insertEnterprise(db, member, { name: `Hoofd zonder nummer ${tag}` });
    await db.updateTable("members").set({ principal_enterprise_id: principal }).where("id", "=", member).execute();
    expect(heading((await admin.page(editPath(member))).html)).toBe(`Zonder nummer ${tag}`);
    const list = text((await admin.page(`/lidmaatschappen?q=${encodeURIComponent(`Zonder nummer ${tag}`)}`)).html);
    expect(list).toContain(`Zonder nummer ${tag}`);
    expect(list).not.toContain(String(numbered));
  });

  it("shows the name, the principal's lidnummer, the status buttons and the filled form", async () => {
    const { res, html } = await admin.page(editPath(memberId));
    expect(res.status).toBe(200);
    expect(heading(html)).toBe(`${name} lidnummer ${mainNumber}`);
    expect(text(html)).not.toContain("(Niet-lid)");
    expect(crumbs(html)).toEqual(["Lidmaatschappen → /lidmaatschappen", name]);
    expect(html).toContain(">Deactiveren</button>");
    expect(html).toContain(">Verbergen</button>");
    expect(tabLinks(html)).toEqual(["Algemeen", "Vestigingen", "Rollen", "Accounts", "Logboek"]);
    const form = panel(html, "algemeen");
    expect(form).toContain(`value="${name}"`);
    expect(form).toMatch(/<option value="nv" selected="">NV<\/option>/);
    // Only establishments that are not franchise can be principal.
    expect(form).toMatch(new RegExp(`<option value="${main}" selected="">Hoofd ${tag}</option>`));
    expect(form).not.toContain(`Franchise ${tag}`);
    expect(form).toContain(">Hoofdvestiging");
    expect(form).toContain(">Niet-lid");
  });

  it("checks name, e-mail and phone and keeps what was typed", async () => {
    const res = await admin.post(
      editPath(memberId),
      general({ name: "", adminAccountableEmail: "a@b", adminAccountablePhone: "012345678", principalEnterprise: String(main), adminAccountable: "Getypt" }),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(errorsIn(html)).toEqual([REQUIRED, EMAIL, PHONE]);
    expect(html).toContain('value="Getypt"');
    expect(html).toContain('value="a@b"');
    expect((await memberRow(memberId)).name).toBe(name);
  });

  it("requires a principal establishment when there is one to choose", async () => {
    const res = await admin.post(editPath(memberId), general({ name, principalEnterprise: "" }));
    expect(res.status).toBe(400);
    expect(errorsIn(await res.text())).toEqual([REQUIRED]);
  });

  it("refuses a franchise establishment and one of another membership as principal", async () => {
    const res = await admin.post(editPath(memberId), general({ name: `${name} x`, principalEnterprise: String(franchise) }));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(errorsIn(html)).toEqual([FRANCHISE]);
    expect(html).toContain(`value="${name} x"`);
    const other = await admin.post(editPath(memberId), general({ name, principalEnterprise: String(foreign) }));
    expect(errorsIn(await other.text())).toEqual([PICK]);
    const row = await memberRow(memberId);
    expect(row.principal_enterprise_id).toBe(main);
    expect(row.name).toBe(name);
  });

  it("does not require a principal when all establishments are franchise", async () => {
    const db = getDb();
    const only = await insertMember(db, { name: `Alleen franchise ${tag}` });
    await insertEnterprise(db, only, { franchise: true });
    const res = await admin.post(editPath(only), general({ name: `Alleen franchise ${tag}` }));
    expect(res.status).toBe(302);
  });

  it("saves, normalises the phone and logs a name change with the acting admin", async () => {
    const renamed = `${name} hernoemd`;
    const { html } = await admin.submit(
      editPath(memberId),
      general({ name: ` ${renamed} `, legalForm: "bv", adminAccountablePhone: "020 - 123 45 67", principalEnterprise: String(main), associate: "on" }),
    );
    expect(notificationIn(html)).toBe("Lidmaatschap opgeslagen.");
    const row = await memberRow(memberId);
    expect(row).toMatchObject({ name: renamed, legal_form: "bv", admin_accountable_phone: "0201234567", associate: 1, principal_enterprise_id: main });
    const log = await logRows(memberId);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: "name_changed", user_id: await idOf(ADMIN), imitating: 0, details: `${name} → ${renamed}` });
    // The page comes back on tab Algemeen; the change is in tab Logboek.
    expect(openTab(html)).toBe("Algemeen");
    const logTab = text(panel((await admin.page(onTab(editPath(memberId), "logboek"))).html, "logboek"));
    expect(logTab).toContain(`Naam gewijzigd: ${name} → ${renamed}`);
    expect(logTab).toContain("Bart de Beheerder");
    expect(logTab).toMatch(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
    expect(heading(html)).toBe(`${renamed} lidnummer ${mainNumber} (Niet-lid)`);

    // Saving again without a new name writes no log row.
    await admin.submit(editPath(memberId), general({ name: renamed, principalEnterprise: String(main) }));
    expect(await logRows(memberId)).toHaveLength(1);
    expect((await memberRow(memberId)).associate).toBe(0);
  });

  it("keeps what was typed and changes nothing when the write fails", async () => {
    const db = getDb();
    const id = await insertMember(db, { name: `Faalt ${tag}` });
    // The log row of the rename fails, so the rename in the same transaction must not stay either.
    if (process.env.DATABASE_URL?.startsWith("postgres")) {
      await sql`create or replace function refuse_member_log() returns trigger as $$ begin raise exception 'refused'; end $$ language plpgsql`.execute(db);
      await sql.raw(`create trigger refuse_log_${id} before insert on member_log for each row when (new.member_id = ${id}) execute function refuse_member_log()`).execute(db);
    } else {
      await sql.raw(`create trigger refuse_log_${id} before insert on member_log when new.member_id = ${id} begin select raise(abort, 'refused'); end`).execute(db);
    }
    try {
      const res = await admin.post(editPath(id), general({ name: `Faalt anders ${tag}`, adminAccountable: "Blijft staan" }));
      expect(res.status).toBe(500);
      const html = await res.text();
      expect(errorsIn(html)).toEqual([OOPS]);
      expect(html).toContain(`value="Faalt anders ${tag}"`);
      expect(html).toContain('value="Blijft staan"');
      const row = await memberRow(id);
      expect(row.name).toBe(`Faalt ${tag}`);
      expect(row.admin_accountable).toBe("");
    } finally {
      const drop = process.env.DATABASE_URL?.startsWith("postgres") ? `drop trigger refuse_log_${id} on member_log` : `drop trigger refuse_log_${id}`;
      await sql.raw(drop).execute(db);
    }
  });
});

describe("status buttons", () => {
  it("deactivates and activates; hiding only while active", async () => {
    const id = await insertMember(getDb(), { name: `Status ${tag}` });
    let page = await admin.submit(editPath(id), { intent: "toggle-inactive" });
    expect(page.url).toBe(editPath(id));
    expect(notificationIn(page.html)).toBe("Gedeactiveerd.");
    expect(page.html).toContain(">Activeren</button>");
    expect(page.html).not.toContain(">Verbergen</button>");
    expect((await memberRow(id)).inactive).toBe(1);

    // Hiding an inactive membership is not offered and does not happen.
    page = await admin.submit(editPath(id), { intent: "toggle-hidden" });
    expect(notificationIn(page.html)).toBe(OOPS);
    expect((await memberRow(id)).hidden).toBe(0);

    page = await admin.submit(editPath(id), { intent: "toggle-inactive" });
    expect(notificationIn(page.html)).toBe("Geactiveerd.");
    page = await admin.submit(editPath(id), { intent: "toggle-hidden" });
    expect(notificationIn(page.html)).toBe("Verborgen.");
    expect(page.html).toContain(">Zichtbaar maken</button>");
    expect(await memberRow(id)).toMatchObject({ inactive: 0, hidden: 1 });
    page = await admin.submit(editPath(id), { intent: "toggle-hidden" });
    expect(notificationIn(page.html)).toBe("Zichtbaar gemaakt.");
    expect((await memberRow(id)).hidden).toBe(0);
  });

  it("shows 'Nog niet goedgekeurd' instead of buttons for an unapproved membership, and refuses toggles", async () => {
    const id = await insertMember(getDb(), { name: `Nieuw ${tag}`, approved: false });
    const { html } = await admin.page(editPath(id));
    expect(html).toContain("Nog niet goedgekeurd");
    expect(html).not.toContain(">Deactiveren</button>");
    await admin.submit(editPath(id), { intent: "toggle-inactive" });
    expect(await memberRow(id)).toMatchObject({ approved: 0, inactive: 0 });
  });

  it("refuses status posts of a non-admin on the own page and on the admin URL", async () => {
    const member = await sessionFor(MEMBER);
    const vaart = (await getDb().selectFrom("users").select("member_id").where("email", "=", MEMBER).executeTakeFirstOrThrow()).member_id!;
    const before = await memberRow(vaart);
    for (const path of ["/mijn-lidmaatschap", editPath(vaart)]) {
      const res = await member.post(path, { intent: "toggle-inactive" });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
    }
    expect(await memberRow(vaart)).toEqual(before);
  });
});

describe("tab Rollen", () => {
  it("shows contacts and managers, and lets an admin change them", async () => {
    const db = getDb();
    const id = await insertMember(db, { name: `Rollen ${tag}` });
    const anna = await memberUser(id, { contact: true }, `Anna${tag}`);
    const bert = await memberUser(id, { manager: true }, `Bert${tag}`);
    const cees = await memberUser(id, {}, `Cees${tag}`);
    const outsider = await memberUser(await insertMember(db), {}, `Buiten${tag}`);

    const { html } = await admin.page(onTab(editPath(id), "rollen"));
    const roles = text(panel(html, "rollen"));
    expect(roles).toContain("Contactpersonen");
    expect(roles).toContain("Beheerders");
    expect(roles).toContain("<summary");
    expect(roles).toContain("Beheren</summary>");
    const [contactsPart, managersPart] = roles.split('id="rollen-beheerders"');
    expect(contactsPart.split("<details")[0]).toContain(`Anna${tag}`);
    expect(contactsPart).not.toContain(`Bert${tag}</a>`);
    expect(managersPart.split("<details")[0]).toContain(`Bert${tag}`);
    expect(roles).toContain(`value="${cees.id}"`);

    const res = await admin.post(onTab(editPath(id), "rollen"), { intent: "roles", contacts: String(cees.id), managers: String(anna.id) });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${editPath(id)}?tab=rollen#rollen`);
    const both = new URLSearchParams([
      ["intent", "roles"],
      ["contacts", String(cees.id)],
      ["contacts", String(outsider.id)],
      ["managers", String(anna.id)],
      ["managers", String(cees.id)],
      ["managers", String(outsider.id)],
    ]);
    const form = new FormData();
    for (const [k, v] of both) form.append(k, v);
    const page = await admin.submit(onTab(editPath(id), "rollen"), form);
    expect(notificationIn(page.html)).toBe("Rollen opgeslagen.");
    const flags = await db.selectFrom("users").select(["id", "contact_member", "manager_member"]).where("id", "in", [anna.id, bert.id, cees.id, outsider.id]).orderBy("id").execute();
    expect(flags).toEqual([
      { id: anna.id, contact_member: 0, manager_member: 1 },
      { id: bert.id, contact_member: 0, manager_member: 0 },
      { id: cees.id, contact_member: 1, manager_member: 1 },
      { id: outsider.id, contact_member: 0, manager_member: 0 },
    ]);
  });

  it("refuses a roles post by a non-admin manager, on the own page and the admin URL", async () => {
    const member = await sessionFor(MEMBER);
    const vaart = (await getDb().selectFrom("users").select("member_id").where("email", "=", MEMBER).executeTakeFirstOrThrow()).member_id!;
    const snapshot = () =>
      getDb().selectFrom("users").select(["id", "contact_member", "manager_member"]).where("member_id", "=", vaart).orderBy("id").execute();
    const before = await snapshot();
    const lotte = await idOf(MEMBER);
    for (const path of ["/mijn-lidmaatschap", editPath(vaart)]) {
      const res = await member.post(path, { intent: "roles", contacts: String(lotte), managers: String(lotte) });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("tab Vestigingen", () => {
  it("puts each establishment in exactly one group", async () => {
    const db = getDb();
    const id = await insertMember(db, { name: `Groepen ${tag}` });
    const n = lidnummer();
    await insertEnterprise(db, id, { name: `Actief ${tag}`, lidnummer: n, street: "Kade", houseNr: "12a", postalCode: "1234AB", town: "Zwolle" });
    await insertEnterprise(db, id, { name: `Franchise ${tag}`, franchise: true });
    await insertEnterprise(db, id, { name: `FranchiseVerborgen ${tag}`, franchise: true, hidden: true });
    await insertEnterprise(db, id, { name: `Verborgen ${tag}`, hidden: true });
    await insertEnterprise(db, id, { name: `InactiefVerborgen ${tag}`, inactive: true, hidden: true });
    await insertEnterprise(db, id, { name: `Inactief ${tag}`, inactive: true });
    await insertEnterprise(db, id, { name: `NieuwInactief ${tag}`, approved: false, inactive: true });

    const { html } = await admin.page(onTab(editPath(id), "vestigingen"));
    const tab = text(panel(html, "vestigingen"));
    const groups = Object.fromEntries(
      sections(panel(html, "vestigingen")).map((s) => [s.name, s.items.map((name) => name.replace(` ${tag}`, ""))]),
    );
    expect(groups).toEqual({
      Vestigingen: ["Actief"],
      Franchisenemers: ["Franchise"],
      "Niet zichtbaar": ["FranchiseVerborgen", "Verborgen"],
      "Niet actief": ["InactiefVerborgen", "Inactief"],
      "Niet goedgekeurd": ["NieuwInactief"],
    });
    expect(tab).toContain("Kade 12a, 1234AB Zwolle");
    expect(tab).toContain(`Lidnummer ${n}`);
    // With no principal, the first establishment gives the lidnummer.
    expect(heading(html)).toBe(`Groepen ${tag} lidnummer ${n}`);

    const empty = await admin.page(onTab(editPath(await insertMember(db)), "vestigingen"));
    expect(text(panel(empty.html, "vestigingen"))).toContain("Er zijn nog geen vestigingen.");
    expect(text(panel(empty.html, "vestigingen"))).not.toContain("<h2");
  });

  it("links each establishment card to its page in the membership and 'Toevoegen' to the add page", async () => {
    const db = getDb();
    const id = await insertMember(db);
    const enterpriseId = await insertEnterprise(db, id, { name: `Kaartvestiging ${tag}` });
    const { html } = await admin.page(onTab(editPath(id), "vestigingen"));
    const tab = panel(html, "vestigingen");
    expect(tab).toContain(`href="${editPath(id)}/vestiging-toevoegen"`);
    expect(tab).toMatch(new RegExp(`<a href="${editPath(id)}/vestiging/${enterpriseId}"[^>]*>Kaartvestiging ${tag}</a>`));
    // The links lead to pages that exist.
    expect((await admin.get(`${editPath(id)}/vestiging-toevoegen`)).status).toBe(200);
    expect((await admin.get(`${editPath(id)}/vestiging/${enterpriseId}`)).status).toBe(200);
  });
});

describe("tabs Accounts and Logboek", () => {
  it("shows the accounts of the membership", async () => {
    const id = await insertMember(getDb());
    await memberUser(id, {}, `Accounthouder${tag}`);
    const { html } = await admin.page(onTab(editPath(id), "accounts"));
    const tab = text(panel(html, "accounts"));
    expect(tab).toContain(`Femke Accounthouder${tag}`);
    expect(tab).toContain(`${editPath(id)}/account-toevoegen`);
  });

  it("pages the log ten at a time with ?logboek=N, labels actions and shows removed accounts", async () => {
    const db = getDb();
    const id = await insertMember(db);
    const adminId = await idOf(ADMIN);
    const gone = await memberUser(id, {}, `Weg${tag}`);
    const kept = await memberUser(id, {}, `Blijft${tag}`);
    const rows: Insertable<MemberLogTable>[] = Array.from({ length: 12 }, (_, i) => ({
      member_id: id,
      action: "name_changed",
      account_id: null,
      details: `Naam ${i} → Naam ${i + 1}`,
      user_id: adminId,
      imitating: 0,
      created: new Date(Date.UTC(2024, 0, 1 + i, 9, 30)).toISOString(),
    }));
    rows.push(
      { member_id: id, action: "account_created", account_id: kept.id, details: "", user_id: gone.id, imitating: 0, created: "2025-02-01T10:00:00.000Z" },
      { member_id: id, action: "account_created", account_id: gone.id, details: "", user_id: kept.id, imitating: 1, created: "2025-02-02T10:00:00.000Z" },
    );
    await db.insertInto("member_log").values(rows).execute();
    await db.deleteFrom("users").where("id", "=", gone.id).execute();

    const first = text(panel((await admin.page(onTab(editPath(id), "logboek"))).html, "logboek"));
    expect(first).toContain("<th scope=\"col\">Actie</th>");
    expect(first).toContain("<th scope=\"col\">Door</th>");
    expect(first).toContain("<th scope=\"col\">Datum</th>");
    expect(first).toContain("Account aangemaakt: [Account verwijderd]");
    expect(first).toContain(`Beheerder namens Femke Blijft${tag}`);
    expect(first).toContain(`Account aangemaakt: Femke Blijft${tag}`);
    expect(first).toContain("01-02-2025 11:00");
    expect(first).toContain('aria-label="Pagina 2"');
    // Paging keeps the log's tab open.
    expect(first).toContain("?tab=logboek&logboek=2#logboek");
    expect((first.match(/<tr>/g) ?? []).length).toBe(11);

    const second = text(panel((await admin.page(`${onTab(editPath(id), "logboek")}&logboek=2`)).html, "logboek"));
    expect((second.match(/<tr>/g) ?? []).length).toBe(5);
    expect(second).toContain("Naam gewijzigd: Naam 0 → Naam 1");
    expect(second).toContain("01-01-2024 10:30");

    const none = await admin.page(onTab(editPath(await insertMember(db)), "logboek"));
    expect(text(panel(none.html, "logboek"))).toContain("Er zijn nog geen logregels.");
  });
});

describe("unknown memberships", () => {
  it("answers 404 'Dit item bestaat niet (meer).' for unknown, malformed and deleted ids", async () => {
    const db = getDb();
    const deleted = await insertMember(db);
    await db.deleteFrom("members").where("id", "=", deleted).execute();
    for (const path of [editPath(999999999), "/lidmaatschappen/bewerken/abc", editPath(deleted)]) {
      const { res, html } = await admin.page(path);
      expect(res.status).toBe(404);
      expect(html).toContain("Dit item bestaat niet (meer).");
    }
    const res = await admin.post(editPath(deleted), general({ name: "Spook" }));
    expect(res.status).toBe(404);
  });
});

describe("own membership (/mijn-lidmaatschap)", () => {
  it("shows a manager the own membership: read-only status, tabs Algemeen, Rollen, Logboek, no admin fields", async () => {
    const member = await sessionFor(MEMBER);
    const { res, html } = await member.page("/mijn-lidmaatschap");
    expect(res.status).toBe(200);
    expect(heading(html)).toBe("Sportcentrum De Vaart lidnummer 1001");
    expect(crumbs(html)).toEqual(["Lidmaatschap"]);
    expect(tabLinks(html)).toEqual(["Algemeen", "Rollen", "Logboek"]);
    expect(html).toContain("status--readonly");
    expect(text(html)).toMatch(/<dt>Goedgekeurd<\/dt><dd>Ja<\/dd>.*<dt>Actief<\/dt><dd>Ja<\/dd>.*<dt>Zichtbaar<\/dt><dd>Ja<\/dd>/s);
    expect(html).not.toContain(">Deactiveren</button>");
    expect(html).not.toContain('name="principalEnterprise"');
    expect(html).not.toContain('name="associate"');
    expect(html).toContain('name="interestMembership"');
    const rolesPage = await member.page(onTab("/mijn-lidmaatschap", "rollen"));
    expect(rolesPage.res.status).toBe(200);
    expect(rolesPage.html).not.toContain(">Deactiveren</button>");
    const roles = text(panel(rolesPage.html, "rollen"));
    expect(roles).toContain("Lotte van der Vaart");
    expect(roles).not.toContain("Beheren");
    expect(roles).not.toContain('name="contacts"');
  });

  it("hides Rollen for an associate membership", async () => {
    const associate = await sessionFor(ASSOCIATE);
    const { res, html } = await associate.page("/mijn-lidmaatschap");
    expect(res.status).toBe(200);
    expect(heading(html)).toMatch(/^Buurtsport Oost lidnummer \d+ \(Niet-lid\)$/);
    expect(tabLinks(html)).toEqual(["Algemeen", "Logboek"]);
    expect(html).not.toContain('id="rollen"');
    // Asked for by its URL, it is not there either: the page opens on Algemeen.
    const asked = await associate.page(onTab("/mijn-lidmaatschap", "rollen"));
    expect(asked.res.status).toBe(200);
    expect(openTab(asked.html)).toBe("Algemeen");
    expect(asked.html).not.toContain('id="rollen"');
  });

  it("ignores admin-only fields that lid@ forges and changes nothing else", async () => {
    const member = await sessionFor(MEMBER);
    const vaart = (await getDb().selectFrom("users").select("member_id").where("email", "=", MEMBER).executeTakeFirstOrThrow()).member_id!;
    const before = await memberRow(vaart);
    const other = await getDb().selectFrom("enterprises").select("id").where("member_id", "=", vaart).where("id", "!=", before.principal_enterprise_id!).executeTakeFirstOrThrow();
    const { html } = await member.submit(
      "/mijn-lidmaatschap",
      general({
        // The stored values, so the demo membership stays as it is.
        name: before.name,
        legalForm: before.legal_form,
        adminAccountable: before.admin_accountable,
        adminAccountableEmail: before.admin_accountable_email,
        adminAccountablePhone: before.admin_accountable_phone,
        ...(before.interest_membership ? { interestMembership: "on" } : {}),
        associate: "on",
        principalEnterprise: String(other.id),
      }),
    );
    expect(notificationIn(html)).toBe("Lidmaatschap opgeslagen.");
    expect(await memberRow(vaart)).toEqual(before);
  });

  it("lets a manager save the own membership, logging a name change, also while imitated", async () => {
    const db = getDb();
    const id = await insertMember(db, { name: `Eigen ${tag}` });
    const principal = await insertEnterprise(db, id);
    await db.updateTable("members").set({ principal_enterprise_id: principal }).where("id", "=", id).execute();
    const manager = await memberUser(id, { manager: true }, `Manager${tag}`);
    const own = await sessionFor(manager.email);

    // Forged admin-only fields are ignored; the rest is saved.
    const page = await own.submit("/mijn-lidmaatschap", general({ name: `Eigen nieuw ${tag}`, associate: "on", principalEnterprise: "" }));
    expect(notificationIn(page.html)).toBe("Lidmaatschap opgeslagen.");
    expect(await memberRow(id)).toMatchObject({ name: `Eigen nieuw ${tag}`, associate: 0, principal_enterprise_id: principal });
    const ownLog = text(panel((await own.page(onTab("/mijn-lidmaatschap", "logboek"))).html, "logboek"));
    expect(ownLog).toContain(`Naam gewijzigd: Eigen ${tag} → Eigen nieuw ${tag}`);
    expect(ownLog).toContain(`Femke Manager${tag}`);

    const invalid = await own.post("/mijn-lidmaatschap", general({ name: "", adminAccountableEmail: "x" }));
    expect(invalid.status).toBe(400);
    expect(errorsIn(await invalid.text())).toEqual([REQUIRED, EMAIL]);

    // An admin imitating the manager: the log says 'Beheerder namens …'.
    const superAdmin = await sessionFor(SUPER);
    const started = await superAdmin.post("/imitate", { intent: "start", userId: String(manager.id) });
    expect(started.status).toBe(302);
    const imitated = await superAdmin.submit("/mijn-lidmaatschap", general({ name: `Eigen namens ${tag}` }));
    expect(notificationIn(imitated.html)).toBe("Lidmaatschap opgeslagen.");
    const log = await logRows(id);
    expect(log.map((l) => [l.action, l.user_id, l.imitating])).toEqual([
      ["name_changed", manager.id, 0],
      ["name_changed", manager.id, 1],
    ]);
    expect(text(panel((await superAdmin.page(onTab("/mijn-lidmaatschap", "logboek"))).html, "logboek"))).toContain(`Beheerder namens Femke Manager${tag}`);
  });

  it("sends admins and people without a managed membership home", async () => {
    for (const email of [ADMIN, "vestiging@voorbeeld.nl"]) {
      const res = await (await sessionFor(email)).get("/mijn-lidmaatschap");
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
    }
  });
});
