import { sql } from "kysely";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { insertEnterprise, insertMember, insertUser } from "../fixtures";
import {
  Client,
  decodeEntities,
  disabledTabNames,
  errorsIn,
  errorSummary,
  getDb,
  notificationIn,
  openTab,
  parsePage,
  sessionFor,
  tabNames,
  tabPanel,
  tabs,
  textOf,
} from "./support";

const ADMIN = "beheer@voorbeeld.nl";

const REQUIRED = "Dit is een verplicht veld";
const NUMERIC = "U dient hier alleen cijfers in te voeren";
const EMAIL = "U dient een geldig e-mailadres in te voeren";
const URL_HINT = 'U dient een geldige URL in te voeren, beginnend met "https://" of "http://"';
const POSTCODE = 'U dient een postcode van de vorm "1234AB" in te voeren';
const PHONE = "Het telefoonnummer dient uit 10 cijfers te bestaan";
const CONFLICT = "Dit lidnummer is al in gebruik.";
const PICK = "Kies een waarde uit de lijst";
const SWITCH_WARNING =
  "Let op: bij het wisselen van lidmaatschap worden de contactpersonen en beheerders van deze vestiging ontkoppeld.";
const ON_APPROVAL = "Deze vestiging is nog niet goedgekeurd: bij het goedkeuren krijgt zij het volgende vrije lidnummer.";

const tag = `${process.pid}${Date.now().toString(36)}`;
/** A lidnummer no establishment has (unique over the database; admin adds take the highest + 1 too). */
async function lidnummer(): Promise<number> {
  const row = await getDb()
    .selectFrom("enterprises")
    .select((eb) => eb.fn.max("lidnummer").as("highest"))
    .executeTakeFirst();
  return Number(row?.highest ?? 1000) + 1;
}

/** The admin edit page, with one of its tabs open when `tab` is given. */
const editPath = (id: number, tab?: string) => `/vestigingen/bewerken/${id}${tab ? `?tab=${tab}` : ""}`;
const memberEnterprisePath = (memberId: number, id: number) => `/lidmaatschappen/bewerken/${memberId}/vestiging/${id}`;

const PDF = Buffer.from("%PDF-1.4\n% een uittreksel\n");
/** A real (tiny) PNG: images are decoded at upload, so a bare signature no longer passes. */
const PNG = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#00f" } }).png().toBuffer();
/** A PNG signature with nothing readable behind it. */
const BROKEN_PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

/** Page text without React's separators between adjacent text parts. */
const text = (html: string) => decodeEntities(html.replace(/<!-- -->/g, ""));

/** The establishment form as a browser posts it: intent save plus `fields` (lists repeat the name). */
function form(fields: Record<string, string | string[]>, file?: { name: string; bytes: Buffer; type: string }): FormData {
  const data = new FormData();
  data.set("intent", "save");
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) data.append(name, v);
  }
  if (file) data.set("kvkExtract", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return data;
}

async function row(id: number) {
  return getDb().selectFrom("enterprises").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

async function people(id: number) {
  const db = getDb();
  const [contacts, managers] = await Promise.all([
    db.selectFrom("enterprise_contacts").select("user_id").where("enterprise_id", "=", id).orderBy("user_id").execute(),
    db.selectFrom("enterprise_managers").select("user_id").where("enterprise_id", "=", id).orderBy("user_id").execute(),
  ]);
  return { contacts: contacts.map((r) => r.user_id), managers: managers.map((r) => r.user_id) };
}

async function logCount(id: number) {
  const rows = await getDb().selectFrom("enterprise_log").select(["form", "user_id"]).where("enterprise_id", "=", id).execute();
  return rows.length;
}

/** A membership with one establishment and two accounts of its own (one a manager member). */
async function fixture(options: { associate?: boolean; approved?: boolean } = {}) {
  const db = getDb();
  const memberId = await insertMember(db, { associate: options.associate, approved: options.approved });
  const enterpriseId = await insertEnterprise(db, memberId, { name: `Vestiging ${tag}`, lidnummer: await lidnummer(), postalCode: "1011AB" });
  const manager = await insertUser(db, { memberId, familyName: `Beheerder${tag}` });
  await db.updateTable("users").set({ manager_member: 1 }).where("id", "=", manager.id).execute();
  const colleague = await insertUser(db, { memberId, familyName: `Collega${tag}` });
  return { memberId, enterpriseId, manager, colleague };
}

let admin: Client;
beforeAll(async () => {
  admin = await sessionFor(ADMIN);
});

describe("the admin edit page", () => {
  it("shows the establishment with its tabs, status buttons, next free number and stored values", async () => {
    const { enterpriseId } = await fixture();
    const { res, html } = await admin.page(editPath(enterpriseId));
    expect(res.status).toBe(200);
    const page = text(html);
    expect(page).toContain(`<h1 class="member-heading">Vestiging ${tag}`);
    expect(tabNames(html)).toEqual(expect.arrayContaining(["Algemeen", "Logboek"]));
    expect(page).toContain("Deactiveren");
    expect(page).toMatch(/Volgende vrije nummer: <strong>\d+<\/strong>/);
    expect(page).toContain('value="1011AB"');
    for (const label of ["Vestiging", "Scholingscampagne Nederland Leert Door", "Facturatie", "Eigenschappen en voorkeuren"]) {
      expect(page).toContain(`<legend>${label}</legend>`);
    }
    expect(res.headers.get("cache-control")).toContain("no-store");
  });

  it("draws only the open tab: Algemeen without ?tab= or for an unknown one, else the one named; the tab bar keeps every tab and its '!'", async () => {
    const noord = await getDb().selectFrom("enterprises").select("id").where("name", "=", "Sportcentrum De Vaart Noord").executeTakeFirstOrThrow();
    // The demo's De Vaart Noord: Aanbod partly answered, Keuring changed in between, open invitations.
    const bar = [
      { name: "Algemeen", disabled: false, attention: false },
      { name: "Aanbod", disabled: false, attention: true },
      { name: "Info & Media", disabled: false, attention: false },
      { name: "Licenties", disabled: false, attention: false },
      { name: "Keuring", disabled: false, attention: true },
      { name: "Professionals", disabled: false, attention: true },
      { name: "Logboek", disabled: false, attention: false },
    ];
    const ids = ["algemeen", "aanbod", "info-media", "licenties", "keuring", "professionals", "logboek"];
    const shown = (html: string) => {
      const doc = parsePage(html);
      return {
        panels: doc.querySelectorAll("section.tab-panel").map((panel) => [panel.id, panel.getAttribute("aria-label")]),
        ids: ids.filter((id) => doc.querySelector(`[id="${id}"]`)),
        current: doc
          .querySelectorAll('nav[aria-label="Onderdelen van de vestiging"] a[aria-current="page"]')
          .map((a) => [a.getAttribute("href"), a.classList.contains("tabs__tab--active")]),
      };
    };

    for (const path of [editPath(noord.id), editPath(noord.id, "unknown")]) {
      const { res, html } = await admin.page(path);
      expect(res.status, path).toBe(200);
      expect(tabs(html), path).toEqual(bar);
      expect(openTab(html), path).toBe("Algemeen");
      expect(shown(html), path).toEqual({
        panels: [["algemeen", "Algemeen"]],
        ids: ["algemeen"],
        current: [[`${editPath(noord.id, "algemeen")}#algemeen`, true]],
      });
      expect(textOf(tabPanel(html, "Algemeen")), path).toContain("Naam vestiging");
    }

    const { res, html } = await admin.page(editPath(noord.id, "keuring"));
    expect(res.status).toBe(200);
    expect(tabs(html)).toEqual(bar);
    expect(openTab(html)).toBe("Keuring");
    expect(shown(html)).toEqual({
      panels: [["keuring", "Keuring"]],
      ids: ["keuring"],
      current: [[`${editPath(noord.id, "keuring")}#keuring`, true]],
    });
    expect(textOf(tabPanel(html, "Keuring"))).toContain("Pijler 1: Wet- en regelgeving");
    expect(tabPanel(html, "Algemeen")).toBeUndefined();
  });

  it("saves the general tab, shows 'Vestiging opgeslagen.' and writes a log entry in the Logboek", async () => {
    const { memberId, enterpriseId } = await fixture();
    const number = await lidnummer();
    const result = await admin.submit(
      editPath(enterpriseId),
      form({
        member: String(memberId),
        name: `Opgeslagen ${tag}`,
        lidnummer: String(number),
        addressStreet: "Kade",
        addressHouseNr: "12a",
        addressPostalCode: "1234 ab",
        addressTown: "Zaandam",
        phone: "020-123 45 67",
        email: "info@voorbeeld.nl",
        emailPublic: "balie@voorbeeld.nl",
        website: "https://voorbeeld.nl",
        kvkNr: "12345678",
        establishedDate: "2001-02-03",
        building: "rented",
        invoiceVia: "enterprise",
        invoiceContact: "Jan",
        invoiceName: "De Vaart BV",
        kostenplaats: "KP-1",
        franchise: "on",
        preventiecentrum: "on",
        nlfb: "on",
      }),
    );
    expect(result.url).toBe(editPath(enterpriseId));
    expect(notificationIn(result.html)).toBe("Vestiging opgeslagen.");
    const saved = await row(enterpriseId);
    expect(saved).toMatchObject({
      name: `Opgeslagen ${tag}`,
      lidnummer: number,
      address_house_nr: "12a",
      address_postal_code: "1234AB",
      phone: "0201234567",
      website: "https://voorbeeld.nl",
      kvk_nr: "12345678",
      established_date: "2001-02-03",
      building: "rented",
      invoice_via: "enterprise",
      invoice_name: "De Vaart BV",
      kostenplaats: "KP-1",
      franchise: 1,
      preventiecentrum: 1,
      nlfb: 1,
    });
    const log = await getDb().selectFrom("enterprise_log").selectAll().where("enterprise_id", "=", enterpriseId).execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ form: "main", finalize: 0, imitating: 0 });
    const adminId = (await getDb().selectFrom("users").select("id").where("email", "=", ADMIN).executeTakeFirstOrThrow()).id;
    expect(log[0].user_id).toBe(adminId);
    const logTab = textOf(tabPanel((await admin.page(editPath(enterpriseId, "logboek"))).html, "Logboek"));
    expect(logTab).toContain("Tab Algemeen gewijzigd");
    expect(logTab).toContain("Bart de Beheerder");
  });

  it("refuses invalid input with the Dutch messages of §5, keeps what was typed and saves nothing", async () => {
    const { memberId, enterpriseId } = await fixture();
    const before = await row(enterpriseId);
    const res = await admin.post(
      editPath(enterpriseId),
      form({
        member: String(memberId),
        name: " ",
        lidnummer: "12a",
        addressPostalCode: "123AB",
        phone: "06-1234",
        email: "geen-adres",
        emailPublic: "ook@niet",
        website: "voorbeeld.nl",
        addressTown: `Getypt ${tag}`,
      }),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(errorsIn(html).sort()).toEqual([EMAIL, EMAIL, NUMERIC, PHONE, POSTCODE, REQUIRED, URL_HINT].sort());
    expect(text(html)).toContain(`value="Getypt ${tag}"`);
    expect(text(html)).toContain('value="123AB"');
    expect(errorSummary(html)?.fields.length).toBeGreaterThan(0);
    expect(await row(enterpriseId)).toEqual(before);
    expect(await logCount(enterpriseId)).toBe(0);
  });

  it("applies the invoicing conditions: e-mail required and valid, or the four address fields", async () => {
    const { memberId, enterpriseId } = await fixture();
    const base = { member: String(memberId), name: `Factuur ${tag}` };

    let res = await admin.post(editPath(enterpriseId), form({ ...base, invoiceVia: "email" }));
    expect(res.status).toBe(400);
    expect(errorsIn(await res.text())).toEqual([REQUIRED]);
    res = await admin.post(editPath(enterpriseId), form({ ...base, invoiceVia: "email", invoiceEmail: "fout" }));
    expect(errorsIn(await res.text())).toEqual([EMAIL]);

    res = await admin.post(editPath(enterpriseId), form({ ...base, invoiceVia: "address", "invoiceAddress.postalCode": "12345" }));
    expect(res.status).toBe(400);
    expect(errorsIn(await res.text()).sort()).toEqual([POSTCODE, REQUIRED, REQUIRED, REQUIRED].sort());

    // Together with a field of its own that fails, in one submit: every message at once.
    res = await admin.post(editPath(enterpriseId), form({ ...base, name: "", invoiceVia: "email" }));
    expect(errorsIn(await res.text())).toEqual([REQUIRED, REQUIRED]);

    // The address fields are not required for the other ways, the e-mail only for 'Via e-mail'.
    res = await admin.post(editPath(enterpriseId), form({ ...base, invoiceVia: "enterprise" }));
    expect(res.status).toBe(302);
    res = await admin.post(
      editPath(enterpriseId),
      form({
        ...base,
        invoiceVia: "address",
        "invoiceAddress.street": "Postbus",
        "invoiceAddress.houseNr": "7",
        "invoiceAddress.postalCode": "9999 aa",
        "invoiceAddress.town": "Assen",
      }),
    );
    expect(res.status).toBe(302);
    expect(await row(enterpriseId)).toMatchObject({
      invoice_via: "address",
      invoice_street: "Postbus",
      invoice_house_nr: "7",
      invoice_postal_code: "9999AA",
      invoice_town: "Assen",
    });
    res = await admin.post(editPath(enterpriseId), form({ ...base, invoiceVia: "email", invoiceEmail: "facturen@voorbeeld.nl" }));
    expect(res.status).toBe(302);
    expect((await row(enterpriseId)).invoice_email).toBe("facturen@voorbeeld.nl");
  });

  it("refuses a lidnummer another establishment has with the lidnummer conflict message", async () => {
    const { memberId, enterpriseId } = await fixture();
    const other = await fixture();
    const taken = (await row(other.enterpriseId)).lidnummer!;
    const before = await row(enterpriseId);
    const res = await admin.post(editPath(enterpriseId), form({ member: String(memberId), name: "Dubbel", lidnummer: String(taken) }));
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(errorsIn(html)).toEqual([CONFLICT]);
    expect(text(html)).toContain('value="Dubbel"');
    expect(await row(enterpriseId)).toEqual(before);
    // Keeping its own number is no conflict.
    const same = await admin.post(editPath(enterpriseId), form({ member: String(memberId), name: "Eigen", lidnummer: String(before.lidnummer) }));
    expect(same.status).toBe(302);
  });

  it("warns about and, on a membership switch, detaches the managers and contacts and the principal mark", async () => {
    const { memberId, enterpriseId, manager, colleague } = await fixture();
    const db = getDb();
    await db.insertInto("enterprise_managers").values({ enterprise_id: enterpriseId, user_id: manager.id }).execute();
    await db.insertInto("enterprise_contacts").values({ enterprise_id: enterpriseId, user_id: colleague.id }).execute();
    await db.updateTable("members").set({ principal_enterprise_id: enterpriseId }).where("id", "=", memberId).execute();
    const { html } = await admin.page(editPath(enterpriseId));
    expect(text(html)).toContain(SWITCH_WARNING);

    const target = await fixture();
    const res = await admin.post(
      editPath(enterpriseId),
      // The boxes still ticked in the form must not reattach the old membership's people.
      form({ member: String(target.memberId), name: `Verhuisd ${tag}`, roles: "1", contacts: String(colleague.id), managers: String(manager.id) }),
    );
    expect(res.status).toBe(302);
    expect((await row(enterpriseId)).member_id).toBe(target.memberId);
    expect(await people(enterpriseId)).toEqual({ contacts: [], managers: [] });
    const old = await db.selectFrom("members").select("principal_enterprise_id").where("id", "=", memberId).executeTakeFirstOrThrow();
    expect(old.principal_enterprise_id).toBeNull();
  });

  it("refuses to make the principal establishment a franchise", async () => {
    const { memberId, enterpriseId } = await fixture();
    await getDb().updateTable("members").set({ principal_enterprise_id: enterpriseId }).where("id", "=", memberId).execute();
    const res = await admin.post(editPath(enterpriseId), form({ member: String(memberId), name: "Hoofd", franchise: "on" }));
    expect(res.status).toBe(409);
    expect(errorsIn(await res.text())).toEqual(["Een franchisevestiging kan niet de hoofdvestiging zijn"]);
    expect((await row(enterpriseId)).franchise).toBe(0);
  });

  it("refuses a membership that does not exist and requires one", async () => {
    const { enterpriseId } = await fixture();
    const before = await row(enterpriseId);
    let res = await admin.post(editPath(enterpriseId), form({ member: "999999999", name: "Nergens" }));
    expect(res.status).toBe(400);
    expect(errorsIn(await res.text())).toEqual([PICK]);
    res = await admin.post(editPath(enterpriseId), form({ member: "", name: "Nergens" }));
    expect(res.status).toBe(400);
    expect(errorsIn(await res.text())).toEqual([REQUIRED]);
    expect(await row(enterpriseId)).toEqual(before);
  });

  it("saves contact persons and managers chosen with 'Beheren', only accounts of the membership", async () => {
    const { memberId, enterpriseId, manager, colleague } = await fixture();
    const stranger = await insertUser(getDb(), { memberId: (await fixture()).memberId });
    const { html } = await admin.page(editPath(enterpriseId));
    expect(text(html)).toContain("Beheren");
    expect(html).toContain(`name="contacts" value="${colleague.id}"`);
    const res = await admin.post(
      editPath(enterpriseId),
      form({
        member: String(memberId),
        name: "Rollen",
        roles: "1",
        contacts: [String(colleague.id), String(stranger.id)],
        managers: [String(manager.id), String(colleague.id)],
      }),
    );
    expect(res.status).toBe(302);
    expect(await people(enterpriseId)).toEqual({ contacts: [colleague.id], managers: [manager.id, colleague.id].sort((a, b) => a - b) });
    // Unticking everyone counts too.
    await admin.post(editPath(enterpriseId), form({ member: String(memberId), name: "Rollen", roles: "1" }));
    expect(await people(enterpriseId)).toEqual({ contacts: [], managers: [] });
  });

  it("shows a not yet approved establishment without number that it gets one on approval", async () => {
    const db = getDb();
    const memberId = await insertMember(db);
    const id = await insertEnterprise(db, memberId, { approved: false, lidnummer: null });
    const { html } = await admin.page(editPath(id));
    expect(text(html)).toContain(ON_APPROVAL);
    expect(text(html)).toContain("Nog niet goedgekeurd");
    const numbered = await insertEnterprise(db, memberId, { approved: false, lidnummer: await lidnummer() });
    expect(text((await admin.page(editPath(numbered))).html)).not.toContain(ON_APPROVAL);
  });

  it("shows the geocoding warning while the postcode is the stored one, without a location, after a lookup", async () => {
    const { enterpriseId } = await fixture();
    const warning = "Deze postcode kon niet gevalideerd worden.";
    expect(text((await admin.page(editPath(enterpriseId))).html)).not.toContain(warning);
    await getDb()
      .updateTable("enterprises")
      .set({ geocoded: new Date().toISOString(), geocoding_failed: 1, location_lat: null, location_lon: null })
      .where("id", "=", enterpriseId)
      .execute();
    expect(text((await admin.page(editPath(enterpriseId))).html)).toContain(warning);
  });
});

describe("a write that fails", () => {
  it("keeps what was typed, says 'Oeps, er gaat iets mis!' and leaves no half write", async () => {
    const { memberId, enterpriseId, manager } = await fixture();
    const db = getDb();
    const before = await row(enterpriseId);
    // The log entry fails, so nothing else of the same transaction may stay either.
    const postgres = process.env.DATABASE_URL?.startsWith("postgres");
    if (postgres) {
      await sql`create or replace function refuse_enterprise_log() returns trigger as $$ begin raise exception 'refused'; end $$ language plpgsql`.execute(db);
      await sql.raw(`create trigger refuse_elog_${enterpriseId} before insert on enterprise_log for each row when (new.enterprise_id = ${enterpriseId}) execute function refuse_enterprise_log()`).execute(db);
    } else {
      await sql.raw(`create trigger refuse_elog_${enterpriseId} before insert on enterprise_log when new.enterprise_id = ${enterpriseId} begin select raise(abort, 'refused'); end`).execute(db);
    }
    try {
      const res = await admin.post(
        editPath(enterpriseId),
        form(
          { member: String(memberId), name: `Mislukt ${tag}`, addressTown: "Blijft staan", roles: "1", managers: String(manager.id) },
          { name: "uittreksel.pdf", bytes: PDF, type: "application/pdf" },
        ),
      );
      expect(res.status).toBe(500);
      const html = await res.text();
      expect(errorsIn(html)).toEqual(["Oeps, er gaat iets mis!"]);
      expect(text(html)).toContain(`value="Mislukt ${tag}"`);
      expect(text(html)).toContain('value="Blijft staan"');
      expect(await row(enterpriseId)).toEqual(before);
      expect(await people(enterpriseId)).toEqual({ contacts: [], managers: [] });
    } finally {
      await sql.raw(postgres ? `drop trigger refuse_elog_${enterpriseId} on enterprise_log` : `drop trigger refuse_elog_${enterpriseId}`).execute(db);
    }
  });
});

describe("the reduced form of an associate membership", () => {
  it("leaves out lidnummer, franchise, KvK, invoicing, preventiecentrum, contacts and managers", async () => {
    const { enterpriseId } = await fixture({ associate: true });
    const { html } = await admin.page(editPath(enterpriseId));
    for (const name of ["lidnummer", "franchise", "kvkNr", "kvkExtract", "invoiceVia", "invoiceEmail", "preventiecentrum", "contacts", "managers"]) {
      expect(html, name).not.toContain(`name="${name}"`);
    }
    for (const name of ["name", "nlfb", "addressPostalCode", "campaignNldInterest"]) expect(html, name).toContain(`name="${name}"`);
    expect(text(html)).toContain("(Niet-lid)");
    expect(text(html)).not.toContain("<legend>Facturatie</legend>");

    // Its hidden tabs, asked for by name, open tab Algemeen.
    for (const hidden of ["licenties", "keuring", "professionals"]) {
      const asked = await admin.page(`${editPath(enterpriseId)}?tab=${hidden}`);
      expect(openTab(asked.html), hidden).toBe("Algemeen");
      expect(tabNames(asked.html), hidden).not.toContain("Licenties");
    }
  });

  it("ignores those fields when they are posted anyway", async () => {
    const { memberId, enterpriseId, manager } = await fixture({ associate: true });
    const before = await row(enterpriseId);
    const res = await admin.post(
      editPath(enterpriseId),
      form(
        {
          member: String(memberId),
          name: `Niet-lid ${tag}`,
          lidnummer: String(await lidnummer()),
          franchise: "on",
          preventiecentrum: "on",
          kvkNr: "87654321",
          invoiceVia: "email",
          invoiceEmail: "",
          nlfb: "on",
          roles: "1",
          managers: String(manager.id),
        },
        { name: "uittreksel.pdf", bytes: PDF, type: "application/pdf" },
      ),
    );
    expect(res.status).toBe(302);
    const after = await row(enterpriseId);
    expect(after).toMatchObject({
      name: `Niet-lid ${tag}`,
      nlfb: 1,
      lidnummer: before.lidnummer,
      franchise: 0,
      preventiecentrum: 0,
      kvk_nr: before.kvk_nr,
      kvk_extract_file_id: null,
      invoice_via: before.invoice_via,
    });
    expect(await people(enterpriseId)).toEqual({ contacts: [], managers: [] });
  });
});

describe("the KvK extract", () => {
  it("is uploaded, served to those who may edit, replaced and removed", async () => {
    const { memberId, enterpriseId, manager } = await fixture();
    const base = { member: String(memberId), name: `KvK ${tag}` };
    let res = await admin.post(editPath(enterpriseId), form(base, { name: "uittreksel.pdf", bytes: PDF, type: "application/pdf" }));
    expect(res.status).toBe(302);
    const first = (await row(enterpriseId)).kvk_extract_file_id!;
    expect(first).not.toBeNull();
    const { html } = await admin.page(editPath(enterpriseId));
    expect(text(html)).toContain(`href="${editPath(enterpriseId)}/kvk-uittreksel"`);
    expect(text(html)).toContain("uittreksel.pdf");

    const download = await admin.get(`${editPath(enterpriseId)}/kvk-uittreksel`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("content-disposition")).toContain('attachment; filename="uittreksel.pdf"');
    expect(Buffer.from(await download.arrayBuffer())).toEqual(PDF);
    // The membership's manager may edit the establishment, so may fetch it; an outsider may not.
    expect((await (await sessionFor(manager.email)).get(`${editPath(enterpriseId)}/kvk-uittreksel`)).status).toBe(200);
    const outsider = await insertUser(getDb(), { memberId: (await fixture()).memberId });
    const refused = await (await sessionFor(outsider.email)).get(`${editPath(enterpriseId)}/kvk-uittreksel`);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe("/");

    res = await admin.post(editPath(enterpriseId), form(base, { name: "scan.png", bytes: PNG, type: "image/png" }));
    expect(res.status).toBe(302);
    const second = (await row(enterpriseId)).kvk_extract_file_id!;
    expect(second).not.toBe(first);
    expect(await getDb().selectFrom("files").select("id").where("id", "=", first).executeTakeFirst()).toBeUndefined();

    res = await admin.post(editPath(enterpriseId), form({ ...base, kvkExtractRemove: "on" }));
    expect(res.status).toBe(302);
    expect((await row(enterpriseId)).kvk_extract_file_id).toBeNull();
    expect(await getDb().selectFrom("files").select("id").where("id", "=", second).executeTakeFirst()).toBeUndefined();
    expect((await admin.get(`${editPath(enterpriseId)}/kvk-uittreksel`)).status).toBe(404);
  });

  it("refuses a file that is no PDF or image by its content, whatever its name", async () => {
    const { memberId, enterpriseId } = await fixture();
    const res = await admin.post(
      editPath(enterpriseId),
      form({ member: String(memberId), name: `Getypt ${tag}` }, { name: "uittreksel.pdf", bytes: Buffer.from("<html>nep</html>"), type: "application/pdf" }),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(errorsIn(html)).toEqual(["Dit bestandstype is niet toegestaan. Toegestaan: jpg, png, pdf."]);
    expect(text(html)).toContain(`value="Getypt ${tag}"`);
    expect((await row(enterpriseId)).kvk_extract_file_id).toBeNull();
  });

  it("refuses an image that cannot be read, keeping what was typed", async () => {
    const { memberId, enterpriseId } = await fixture();
    const res = await admin.post(
      editPath(enterpriseId),
      form({ member: String(memberId), name: `Kapot ${tag}` }, { name: "scan.png", bytes: BROKEN_PNG, type: "image/png" }),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(errorsIn(html)).toEqual(["Deze afbeelding kan niet worden gelezen. Kies een ander jpg- of png-bestand."]);
    expect(text(html)).toContain(`value="Kapot ${tag}"`);
    expect((await row(enterpriseId)).kvk_extract_file_id).toBeNull();
  });
});

describe("the buttons that show the form again without saving", () => {
  it("'Vernieuwen' of the next lidnummer keeps what was typed, shows no messages and saves nothing", async () => {
    const { memberId, enterpriseId } = await fixture();
    const before = await row(enterpriseId);
    const data = form({ member: String(memberId), name: "", phone: "12", addressTown: `Onbewaard ${tag}` });
    data.set("intent", "lidnummer-refresh");
    const res = await admin.post(editPath(enterpriseId), data);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(errorsIn(html)).toEqual([]);
    expect(text(html)).toContain(`value="Onbewaard ${tag}"`);
    expect(text(html)).toMatch(/Volgende vrije nummer: <strong>\d+<\/strong>/);
    expect(await row(enterpriseId)).toEqual(before);
  });

  it("'Keuzes bijwerken' of the campaign shows the form again without messages and saves nothing", async () => {
    const { memberId, enterpriseId } = await fixture();
    const before = await row(enterpriseId);
    const data = form({
      member: String(memberId),
      name: `Campagne ${tag}`,
      campaignNldInterest: "on",
      "campaignNldApplications[0].email": "deelnemer@voorbeeld.nl",
    });
    data.set("intent", "campaign-refresh");
    const res = await admin.post(editPath(enterpriseId), data);
    expect(res.status).toBe(200);
    const html = text(await res.text());
    expect(errorsIn(html)).toEqual([]);
    expect(html).toContain('value="deelnemer@voorbeeld.nl"');
    expect(html).toContain(`value="Campagne ${tag}"`);
    expect(await row(enterpriseId)).toEqual(before);
    expect(await logCount(enterpriseId)).toBe(0);
  });

  it("'Zoeken' lists the memberships found to choose from, without JavaScript", async () => {
    const db = getDb();
    const wanted = await insertMember(db, { name: `Zoekclub ${tag} Een` });
    await insertMember(db, { name: `Zoekclub ${tag} Twee`, associate: true });
    const { memberId, enterpriseId } = await fixture();
    const data = form({ member: String(memberId), memberQuery: `zoekclub ${tag}`, name: `Zoekend ${tag}` });
    data.set("intent", "member-search");
    const res = await admin.post(editPath(enterpriseId), data);
    expect(res.status).toBe(200);
    const html = text(await res.text());
    expect(html).toMatch(new RegExp(`<select[^>]*name="member"`));
    expect(html).toContain(`<option value="${wanted}">Zoekclub ${tag} Een</option>`);
    expect(html).toContain(`Zoekclub ${tag} Twee (Niet-lid)</option>`);
    expect(html).toContain(`value="Zoekend ${tag}"`);
    expect(errorsIn(html)).toEqual([]);
  });

  it("answers the autocomplete with JSON for admins", async () => {
    const db = getDb();
    const id = await insertMember(db, { name: `Autoclub ${tag}` });
    const res = await admin.get(`/vestigingen/lidmaatschappen-zoeken?q=${encodeURIComponent(`autoclub ${tag}`)}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ id, label: `Autoclub ${tag}`, associate: false }]);
    const member = await sessionFor("lid@voorbeeld.nl");
    expect((await member.get(`/vestigingen/lidmaatschappen-zoeken?q=autoclub`)).status).toBe(403);
  });
});

describe("adding an establishment (admin)", () => {
  it("requires a membership, then creates it approved with the next free lidnummer and goes to its edit page", async () => {
    const memberId = await insertMember(getDb());
    const res = await admin.post("/vestigingen/toevoegen", form({ name: `Nieuw ${tag}` }));
    expect(res.status).toBe(400);
    expect(errorsIn(await res.text())).toEqual([REQUIRED]);

    const result = await admin.submit("/vestigingen/toevoegen", form({ member: String(memberId), name: `Nieuw ${tag}`, addressTown: "Delft" }));
    const created = await getDb().selectFrom("enterprises").selectAll().where("name", "=", `Nieuw ${tag}`).executeTakeFirstOrThrow();
    expect(result.url).toBe(editPath(created.id));
    expect(notificationIn(result.html)).toBe("Vestiging toegevoegd.");
    expect(created).toMatchObject({ member_id: memberId, approved: 1, inactive: 0, hidden: 0, address_town: "Delft" });
    expect(created.lidnummer).not.toBeNull();
    expect(await logCount(created.id)).toBe(1);
  });

  it("takes a typed lidnummer, and leaves one of an unapproved membership unapproved without number", async () => {
    const db = getDb();
    const number = await lidnummer();
    const memberId = await insertMember(db);
    const typed = await admin.post("/vestigingen/toevoegen", form({ member: String(memberId), name: `Getypt nummer ${tag}`, lidnummer: String(number) }));
    expect(typed.status).toBe(302);
    expect((await db.selectFrom("enterprises").select("lidnummer").where("name", "=", `Getypt nummer ${tag}`).executeTakeFirstOrThrow()).lidnummer).toBe(number);

    const pending = await insertMember(db, { approved: false });
    const res = await admin.post("/vestigingen/toevoegen", form({ member: String(pending), name: `Wachtend ${tag}` }));
    expect(res.status).toBe(302);
    const created = await db.selectFrom("enterprises").selectAll().where("name", "=", `Wachtend ${tag}`).executeTakeFirstOrThrow();
    expect(created).toMatchObject({ approved: 0, lidnummer: null });
  });

  it("shows only tab Algemeen active on add, with Annuleren to the list", async () => {
    const { html } = await admin.page("/vestigingen/toevoegen");
    expect(text(html)).toContain("<h1>Vestiging toevoegen</h1>");
    expect(disabledTabNames(html)).toContain("Logboek");
    expect(html).toMatch(/href="\/vestigingen"[^>]*>Annuleren</);
  });
});

describe("the establishment pages of a membership (admin)", () => {
  it("adds to the membership of the URL and goes to the edit page in that membership", async () => {
    const memberId = await insertMember(getDb(), { name: `Context ${tag}` });
    const page = await admin.page(`/lidmaatschappen/bewerken/${memberId}/vestiging-toevoegen`);
    expect(text(page.html)).toContain(`<strong>Lidmaatschap:</strong> Context ${tag}`);
    expect(page.html).toContain(`href="/lidmaatschappen/bewerken/${memberId}?tab=vestigingen#vestigingen"`);
    const result = await admin.submit(
      `/lidmaatschappen/bewerken/${memberId}/vestiging-toevoegen`,
      form({ member: String(memberId), name: `In context ${tag}` }),
    );
    const created = await getDb().selectFrom("enterprises").select(["id", "member_id"]).where("name", "=", `In context ${tag}`).executeTakeFirstOrThrow();
    expect(created.member_id).toBe(memberId);
    expect(result.url).toBe(memberEnterprisePath(memberId, created.id));
    expect(notificationIn(result.html)).toBe("Vestiging toegevoegd.");
  });

  it("edits an establishment of that membership, Annuleren back to #vestigingen; another one is not found", async () => {
    const { memberId, enterpriseId } = await fixture();
    const other = await fixture();
    const { html } = await admin.page(memberEnterprisePath(memberId, enterpriseId));
    expect(html).toMatch(new RegExp(`href="/lidmaatschappen/bewerken/${memberId}\\?tab=vestigingen#vestigingen"[^>]*>Annuleren<`));
    const result = await admin.submit(memberEnterprisePath(memberId, enterpriseId), form({ member: String(memberId), name: `Context bewerkt ${tag}` }));
    expect(result.url).toBe(memberEnterprisePath(memberId, enterpriseId));
    expect((await row(enterpriseId)).name).toBe(`Context bewerkt ${tag}`);

    expect((await admin.get(memberEnterprisePath(memberId, other.enterpriseId))).status).toBe(404);
    const before = await row(other.enterpriseId);
    const forged = await admin.post(memberEnterprisePath(memberId, other.enterpriseId), form({ member: String(memberId), name: "Gekaapt" }));
    expect(forged.status).toBe(404);
    expect(await row(other.enterpriseId)).toEqual(before);
  });

  it("sends Annuleren of every tab's form back to #vestigingen of the membership; outside it, Annuleren reloads the tab", async () => {
    const { memberId, enterpriseId } = await fixture();
    const back = `/lidmaatschappen/bewerken/${memberId}?tab=vestigingen#vestigingen`;
    for (const tab of ["aanbod", "info-media", "licenties", "keuring"]) {
      const inMembership = await admin.page(`${memberEnterprisePath(memberId, enterpriseId)}?tab=${tab}`);
      expect(inMembership.html, tab).toMatch(new RegExp(`href="${back.replace(/[?]/g, "\\?")}"[^>]*>Annuleren<`));
      const alone = await admin.page(`${editPath(enterpriseId)}?tab=${tab}`);
      expect(alone.html, tab).toMatch(new RegExp(`href="${editPath(enterpriseId)}\\?tab=${tab}#${tab}"[^>]*>Annuleren<`));
    }
  });
});

describe("status buttons", () => {
  it("are dispatched from the edit page to the status change", async () => {
    const { enterpriseId } = await fixture();
    const res = await admin.post(editPath(enterpriseId), { intent: "toggle-inactive" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(editPath(enterpriseId));
    expect((await row(enterpriseId)).inactive).toBe(1);
  });
});

describe("what non-admins may change", () => {
  it("ignores admin-only fields a manager member posts, and shows them read-only", async () => {
    const { memberId, enterpriseId, manager } = await fixture();
    const client = await sessionFor(manager.email);
    const path = `/mijn-vestigingen/bewerken/${enterpriseId}`;
    const { html } = await client.page(path);
    for (const name of ["member", "memberQuery", "lidnummer", "franchise", "preventiecentrum", "nlfb"]) {
      expect(html, name).not.toContain(`name="${name}"`);
    }
    expect(text(html)).toContain("<dt>Lidnummer</dt>");
    expect(text(html)).not.toContain("Deactiveren");

    const before = await row(enterpriseId);
    const target = await fixture();
    const res = await client.post(
      path,
      form({
        member: String(target.memberId),
        name: `Door beheerder ${tag}`,
        lidnummer: String(await lidnummer()),
        franchise: "on",
        preventiecentrum: "on",
        nlfb: "on",
      }),
    );
    expect(res.status).toBe(302);
    const after = await row(enterpriseId);
    expect(after).toMatchObject({
      name: `Door beheerder ${tag}`,
      member_id: memberId,
      lidnummer: before.lidnummer,
      franchise: 0,
      preventiecentrum: 0,
      nlfb: 0,
    });
    // Nor the status.
    const status = await client.post(path, { intent: "toggle-inactive" });
    expect(status.headers.get("location")).toBe("/");
    expect((await row(enterpriseId)).inactive).toBe(0);
  });

  it("lets a manager member choose the contacts and managers on the own page", async () => {
    const { enterpriseId, manager, colleague } = await fixture();
    const client = await sessionFor(manager.email);
    const path = `/mijn-vestigingen/bewerken/${enterpriseId}`;
    const { html } = await client.page(path);
    expect(html).toContain(`name="managers" value="${colleague.id}"`);
    const res = await client.post(path, form({ name: `Rollen eigen ${tag}`, roles: "1", contacts: String(manager.id), managers: String(colleague.id) }));
    expect(res.status).toBe(302);
    expect(await people(enterpriseId)).toEqual({ contacts: [manager.id], managers: [colleague.id] });
  });

  it("lets a branch manager (not a manager member) edit but not choose the contacts and managers", async () => {
    const { memberId, enterpriseId, manager, colleague } = await fixture();
    await getDb().insertInto("enterprise_managers").values({ enterprise_id: enterpriseId, user_id: colleague.id }).execute();
    const client = await sessionFor(colleague.email);
    const path = `/mijn-vestigingen/bewerken/${enterpriseId}`;
    const { html } = await client.page(path);
    expect(html).not.toContain('name="contacts"');
    expect(text(html)).toContain(`Femke Collega${tag}`);
    const res = await client.post(path, form({ name: `Door vestigingsmanager ${tag}`, roles: "1", managers: String(manager.id), member: String(memberId) }));
    expect(res.status).toBe(302);
    expect(await people(enterpriseId)).toEqual({ contacts: [], managers: [colleague.id] });
  });

  it("changes nothing for a post to an establishment the account may not change", async () => {
    const { enterpriseId } = await fixture();
    const other = await fixture();
    const client = await sessionFor(other.manager.email);
    const before = await row(enterpriseId);
    for (const path of [`/mijn-vestigingen/bewerken/${enterpriseId}`, editPath(enterpriseId)]) {
      const res = await client.post(path, form({ name: "Gekaapt" }));
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
    }
    expect(await row(enterpriseId)).toEqual(before);
    expect(await logCount(enterpriseId)).toBe(0);
  });
});
