import { beforeAll, describe, expect, it } from "vitest";
import { LICENSES_TO_CONFIRM } from "../../app/home/dashboard.server";
import { insertManagedEnterprise, insertUser } from "../fixtures";
import { Client, fileExists, control, fieldError, getDb, notificationIn, parsePage, region, sessionFor, tabPanel, tabs, textOf } from "./support";

/**
 * Tab Licenties of an establishment (part 1 §2 "Licenties form", §4, §5 "Licences", §6, §7) and
 * the Logboek's Details comparing a declaration with the one before it: the rules, the two save
 * modes (a manager's confirmed declaration, an admin's licence number and file), the log with
 * its content, the '!' and the dashboard, the comparison and its permission.
 */
const tag = `Lic${process.pid}${Date.now().toString(36)}`;
const REQUIRED = "Dit is een verplicht veld";
const NUMERIC = "U dient hier alleen cijfers in te voeren";
const IBAN_ERROR = "U dient een geldig IBAN in te voeren";
const NO_SPACES = "U heeft nog geen ruimten ingevoerd";
const SENT = "Licenties vastgelegd en verzonden.";
const ADMIN_SAVED = "Licentiegegevens opgeslagen.";
const CONFIRM_TEXT = "Weet u zeker dat u deze opgave wilt vastleggen en aan de vereniging wilt verzenden?";
const NOTICE = "De vereniging heeft de licentiegegevens tussentijds gewijzigd; dit is nog niet doorgegeven. Controleer de opgave en kies ‘Vastleggen en verzenden’ om haar door te geven.";
const SPACES_LEGEND = "Ruimten (voor Sena en Buma)";

const PDF = Buffer.from("%PDF-1.4\n% een licentie\n");
const EXE = Buffer.from("MZ\x90\x00 geen document");

/** The tab's id: its `?tab=`, and the hash of its panel. */
const TAB = "licenties";
/** A page of an establishment, with one of its tabs open when `tab` is given. */
const withTab = (path: string, tab?: string) => (tab ? `${path}?tab=${tab}` : path);
const editPath = (id: number, tab?: string) => withTab(`/vestigingen/bewerken/${id}`, tab);
const ownPath = (id: number, tab?: string) => withTab(`/mijn-vestigingen/bewerken/${id}`, tab);
const filePath = (id: number) => `${editPath(id)}/licenties/videma-licentie`;
const detailsPath = (id: number, entry: number) => `${editPath(id)}/logboek/${entry}`;

const attention = (html: string) => tabs(html).find((t) => t.name === "Licenties")?.attention;
const panel = (html: string) => tabPanel(html, "Licenties")!;

/** A declaration as a browser without JavaScript posts it. */
function declare(fields: Record<string, string>, step: "vragen" | "bevestigd" = "bevestigd") {
  const body = new FormData();
  for (const [name, value] of Object.entries({ intent: "licenses", step, ...fields })) body.set(name, value);
  return body;
}

/** The admin's form: number and file. */
function adminPost(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type: string }) {
  const body = new FormData();
  body.set("intent", "licenses-admin");
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  body.set("videmaLicense", file ? new Blob([new Uint8Array(file.bytes)], { type: file.type }) : new Blob([]), file?.name ?? "");
  return body;
}

const VALID = {
  sena: "on",
  buma: "on",
  authorizationSena: "on",
  bumaSenaChangeDate: "2026-05-01",
  "spaces.fitness[0].name": "Zaal",
  "spaces.fitness[0].area": "300",
  "spaces.fitness[1].name": "Zonder oppervlakte",
  "spaces.fitness[1].area": "",
  "spaces.wellness[0].name": "Sauna",
  "spaces.wellness[0].area": "40",
  authorizationName: "Jansen Sport",
  authorizationIban: "nl91 abna-0417 1643 00",
  authorizationBic: "ABNANL2A",
};

async function stored(enterpriseId: number) {
  return getDb().selectFrom("enterprise_licenses").selectAll().where("enterprise_id", "=", enterpriseId).executeTakeFirst();
}

async function logRows(enterpriseId: number) {
  return getDb()
    .selectFrom("enterprise_log")
    .select(["id", "form", "finalize", "user_id", "content"])
    .where("enterprise_id", "=", enterpriseId)
    .orderBy("id")
    .execute();
}

/** A membership with one establishment and its manager member. */
const fixture = ({ associate = false } = {}) =>
  insertManagedEnterprise(getDb(), { associate, name: `Vestiging ${tag}`, manager: { givenName: "Lies", familyName: `Licentie${tag}` } });

async function warningsOf(client: Client): Promise<string[]> {
  const { html } = await client.page("/");
  const section = region(parsePage(html), "Meldingen over uw vestigingen");
  return section ? section.querySelectorAll("li").map((li) => textOf(li).replace(/\s+/g, " ").trim()) : [];
}

let admin: Client;
beforeAll(async () => {
  admin = await sessionFor("beheer@voorbeeld.nl");
});

describe("tab Licenties", () => {
  it("sits after Aanbod, right before Keuring, in every context; a manager gets the form, an admin the declaration read-only with number and file", async () => {
    const centrum = await getDb().selectFrom("enterprises").select(["id", "member_id"]).where("name", "=", "Sportcentrum De Vaart Centrum").executeTakeFirstOrThrow();
    for (const [client, path] of [
      [admin, editPath(centrum.id, TAB)],
      [admin, withTab(`/lidmaatschappen/bewerken/${centrum.member_id}/vestiging/${centrum.id}`, TAB)],
      [await sessionFor("lid@voorbeeld.nl"), ownPath(centrum.id, TAB)],
    ] as const) {
      const { res, html } = await client.page(path);
      expect(res.status, path).toBe(200);
      const names = tabs(html).map((t) => t.name);
      // After Aanbod (and Info & Media), right before Keuring.
      expect(names.indexOf("Licenties"), path).toBeGreaterThan(names.indexOf("Aanbod"));
      expect(names.indexOf("Keuring"), path).toBe(names.indexOf("Licenties") + 1);
    }
    const manager = panel((await (await sessionFor("lid@voorbeeld.nl")).page(ownPath(centrum.id, TAB))).html);
    expect(control(manager, "Muziek (Sena)").hasAttribute("checked")).toBe(true);
    expect(control(manager, "Televisie en video (Videma)").hasAttribute("checked")).toBe(true);
    expect(control(manager, "Aantal televisies").getAttribute("value")).toBe("6");
    expect(control(manager, "Oppervlakte (m²) Groepsles 2").getAttribute("value")).toBe("80");
    // Each category one empty row more to fill in.
    expect(control(manager, "Oppervlakte (m²) Groepsles 3").getAttribute("value") ?? "").toBe("");
    expect(manager.querySelectorAll("button:not([aria-hidden])").map((b) => textOf(b))).toContain("Vastleggen en verzenden");
    expect(textOf(manager)).toContain("Annuleren");
    expect(() => control(manager, "Videma-licentienummer")).toThrow();

    const adminPanel = panel((await admin.page(editPath(centrum.id, TAB))).html);
    expect(adminPanel.querySelector('input[name="sena"]')).toBeNull();
    expect(textOf(adminPanel)).toContain("Fitnesszaal: 450 m²");
    expect(control(adminPanel, "Videma-licentienummer").getAttribute("type")).toBe("text");
    expect(control(adminPanel, "Videma-licentie").getAttribute("type")).toBe("file");
    expect(adminPanel.querySelectorAll("button").map((b) => textOf(b))).toEqual(["Opslaan"]);
  });

  it("is hidden for an associate membership, whose posts to it are refused, and disabled on the add page", async () => {
    const associate = await sessionFor("nietlid@voorbeeld.nl");
    expect(tabs((await associate.page("/mijn-vestiging")).html).map((t) => t.name)).not.toContain("Licenties");
    const { enterpriseId, manager } = await fixture({ associate: true });
    const res = await (await sessionFor(manager.email)).post(ownPath(enterpriseId), declare(VALID));
    expect(res.status).toBe(400);
    expect(await stored(enterpriseId)).toBeUndefined();
    expect(tabs((await admin.page("/vestigingen/toevoegen")).html).find((t) => t.name === "Licenties")).toMatchObject({ disabled: true });
  });

  it("refuses every rule of part 1 §5 beside its field, keeping everything typed and storing nothing", async () => {
    const { enterpriseId, manager } = await fixture();
    const client = await sessionFor(manager.email);
    const path = ownPath(enterpriseId, TAB);

    // Sena or Buma: the change date and a total area above 0.
    let res = await client.submit(path, declare({ buma: "on", "spaces.horeca[0].name": "Bar", "spaces.horeca[0].area": "0" }));
    expect(res.status).toBe(400);
    let p = panel(res.html);
    expect(fieldError(p, "Ingangsdatum wijziging Buma/Sena")).toBe(REQUIRED);
    expect(fieldError(p, SPACES_LEGEND)).toBe(NO_SPACES);
    expect(control(p, "Muziek (Buma)").hasAttribute("checked")).toBe(true);
    expect(control(p, "Naam ruimte Horeca 1").getAttribute("value")).toBe("Bar");

    // Videma: the number of televisions (numeric) and the change date; areas numeric.
    res = await client.submit(path, declare({ videma: "on", tvSets: "zes", "spaces.fitness[0].area": "veel" }));
    p = panel(res.html);
    expect(fieldError(p, "Aantal televisies")).toBe(NUMERIC);
    expect(fieldError(p, "Ingangsdatum wijziging Videma")).toBe(REQUIRED);
    expect(fieldError(p, "Oppervlakte (m²) Fitness 1")).toBe(NUMERIC);
    expect(control(p, "Aantal televisies").getAttribute("value")).toBe("zes");
    res = await client.submit(path, declare({ videma: "on", videmaChangeDate: "2026-05-01" }));
    expect(fieldError(panel(res.html), "Aantal televisies")).toBe(REQUIRED);
    res = await client.submit(path, declare({ videma: "on", videmaChangeDate: "2026-05-01", tvSets: "12345678", "spaces.overig[0].area": "99999999" }));
    expect(fieldError(panel(res.html), "Aantal televisies")).toBe("Vul een getal van maximaal 7 cijfers in");
    expect(fieldError(panel(res.html), "Oppervlakte (m²) Overig 1")).toBe("Vul een getal van maximaal 7 cijfers in");

    // An authorisation of a chosen licence: the account holder and a valid IBAN.
    res = await client.submit(path, declare({ ...VALID, authorizationName: "", authorizationIban: "" }));
    p = panel(res.html);
    expect(fieldError(p, "Naam rekeninghouder")).toBe(REQUIRED);
    expect(fieldError(p, "IBAN")).toBe(REQUIRED);
    res = await client.submit(path, declare({ ...VALID, authorizationIban: "NL00 GEEN 0000 0000 00" }));
    p = panel(res.html);
    expect(fieldError(p, "IBAN")).toBe(IBAN_ERROR);
    expect(fieldError(p, "Naam rekeninghouder")).toBeUndefined();
    expect(control(p, "IBAN").getAttribute("value")).toBe("NL00 GEEN 0000 0000 00");
    expect(control(p, "Naam rekeninghouder").getAttribute("value")).toBe("Jansen Sport");

    // An authorisation without its licence asks for nothing; nor does an empty declaration.
    res = await client.submit(path, declare({ authorizationVidema: "on" }, "vragen"));
    expect(res.status).toBe(200);
    expect(textOf(panel(res.html))).toContain(CONFIRM_TEXT);

    expect(await stored(enterpriseId)).toBeUndefined();
    expect(await logRows(enterpriseId)).toEqual([]);
  });

  it("asks for the confirmation first (a step without JavaScript that posts the same form), then stores only rows with an area, the IBAN without spaces, and logs the content", async () => {
    const { enterpriseId, manager } = await fixture();
    const client = await sessionFor(manager.email);
    const path = ownPath(enterpriseId, TAB);

    const asked = await client.submit(path, declare(VALID, "vragen"));
    expect(asked.status).toBe(200);
    let p = panel(asked.html);
    expect(textOf(p)).toContain(CONFIRM_TEXT);
    const confirm = p.querySelectorAll("button").find((b) => textOf(b) === "Ja, vastleggen en verzenden")!;
    expect(confirm.getAttribute("name")).toBe("step");
    expect(confirm.getAttribute("value")).toBe("bevestigd");
    expect(confirm.closest("form")!.querySelector('input[name="intent"]')!.getAttribute("value")).toBe("licenses");
    // Everything typed is in the form the confirmation posts.
    expect(control(p, "IBAN").getAttribute("value")).toBe("nl91 abna-0417 1643 00");
    expect(control(p, "Oppervlakte (m²) Wellness 1").getAttribute("value")).toBe("40");
    expect(await stored(enterpriseId)).toBeUndefined();
    // Without the confirmation's step (a forged or old post) nothing is finalized either.
    const withoutStep = declare(VALID);
    withoutStep.delete("step");
    expect((await client.post(path, withoutStep)).status).toBe(200);
    expect(await logRows(enterpriseId)).toEqual([]);

    const sent = await client.submit(path, declare({ ...VALID, videmaLicentieNummer: "VID-GESMOKKELD" }));
    expect(sent.url).toBe(`${ownPath(enterpriseId)}?tab=licenties#licenties`);
    expect(notificationIn(sent.html)).toBe(SENT);
    const row = (await stored(enterpriseId))!;
    expect(row).toMatchObject({
      sena: 1,
      buma: 1,
      videma: 0,
      authorization_sena: 1,
      authorization_buma: 0,
      authorization_iban: "NL91ABNA0417164300",
      authorization_bic: "ABNANL2A",
      buma_sena_change_date: "2026-05-01",
      videma_licentie_nummer: "",
      dirty: 0,
    });
    const spaces = JSON.parse(row.spaces);
    expect(spaces.fitness).toEqual([{ name: "Zaal", area: 300 }]);
    expect(spaces.wellness).toEqual([{ name: "Sauna", area: 40 }]);
    const log = await logRows(enterpriseId);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ form: "licenses", finalize: 1, user_id: manager.id });
    expect(JSON.parse(log[0].content)).toEqual({
      sena: true,
      buma: true,
      videma: false,
      authorizationSena: true,
      authorizationBuma: false,
      authorizationVidema: false,
      tvSets: null,
      spaces: { fitness: [{ name: "Zaal", area: 300 }], groepsles: [], horeca: [], wellness: [{ name: "Sauna", area: 40 }], zwembad: [], kinderopvang: [], behandel: [], overig: [] },
      authorizationName: "Jansen Sport",
      authorizationIban: "NL91ABNA0417164300",
      authorizationBic: "ABNANL2A",
    });
    p = panel(sent.html);
    expect(control(p, "Oppervlakte (m²) Fitness 1").getAttribute("value")).toBe("300");
    expect(control(p, "Naam ruimte Fitness 2").getAttribute("value") ?? "").toBe("");
    expect(textOf(tabPanel((await client.page(ownPath(enterpriseId, "logboek"))).html, "Logboek"))).toContain("Tab Licenties gewijzigd en doorgegeven");
  });

  it("adds a space row without JavaScript with a submit that saves nothing and keeps what was typed", async () => {
    const { enterpriseId, manager } = await fixture();
    const client = await sessionFor(manager.email);
    const path = ownPath(enterpriseId, TAB);
    const p = panel((await client.page(path)).html);
    const add = p.querySelectorAll("button").find((b) => textOf(b) === "Ruimte toevoegen (Zwembad)")!;
    // As the browser posts it: the typed row and the empty one.
    const body = declare({ sena: "on", "spaces.zwembad[0].name": "Bad", "spaces.zwembad[0].area": "200", "spaces.zwembad[1].name": "", "spaces.zwembad[1].area": "" }, "vragen");
    body.delete("step");
    body.set(add.getAttribute("name")!, add.getAttribute("value")!);
    const res = await client.submit(path, body);
    expect(res.status).toBe(200);
    const after = panel(res.html);
    expect(control(after, "Oppervlakte (m²) Zwembad 1").getAttribute("value")).toBe("200");
    expect(control(after, "Muziek (Sena)").hasAttribute("checked")).toBe(true);
    expect(control(after, "Oppervlakte (m²) Zwembad 2").getAttribute("value") ?? "").toBe("");
    expect(control(after, "Naam ruimte Zwembad 3")).toBeTruthy();
    expect(await stored(enterpriseId)).toBeUndefined();
  });

  it("lets an admin save the licence number and a licence file checked by content, without confirmation, which asks the establishment to confirm ('!', notice, dashboard)", async () => {
    const { enterpriseId, manager } = await fixture();
    const client = await sessionFor(manager.email);
    await client.submit(ownPath(enterpriseId), declare(VALID));
    const path = editPath(enterpriseId, TAB);

    // An admin cannot declare: the selections are read-only for them.
    expect((await admin.post(path, declare({ ...VALID, videma: "on", tvSets: "3", videmaChangeDate: "2026-01-01" }))).status).toBe(400);
    expect((await stored(enterpriseId))!.videma).toBe(0);

    const refused = await admin.submit(path, adminPost({ videmaLicentieNummer: "VID-123" }, { name: "licentie.pdf", bytes: EXE, type: "application/pdf" }));
    expect(refused.status).toBe(400);
    expect(fieldError(panel(refused.html), "Videma-licentie")).toBe("Dit bestandstype is niet toegestaan. Toegestaan: jpg, png, pdf.");
    expect(control(panel(refused.html), "Videma-licentienummer").getAttribute("value")).toBe("VID-123");
    expect((await stored(enterpriseId))!.videma_licentie_nummer).toBe("");

    const saved = await admin.submit(path, adminPost({ videmaLicentieNummer: " VID-123 " }, { name: "licentie.pdf", bytes: PDF, type: "application/pdf" }));
    expect(notificationIn(saved.html)).toBe(ADMIN_SAVED);
    const row = (await stored(enterpriseId))!;
    expect(row).toMatchObject({ videma_licentie_nummer: "VID-123", dirty: 1, sena: 1 });
    expect(await fileExists(row.videma_license_file_id)).toBe(true);
    expect((await logRows(enterpriseId)).map((r) => [r.form, r.finalize, r.user_id !== manager.id])).toEqual([
      ["licenses", 1, false],
      ["licenses", 0, true],
    ]);
    const download = await admin.get(filePath(enterpriseId));
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toContain("attachment");
    expect((await client.get(filePath(enterpriseId))).status).toBe(200);
    const outsider = await sessionFor((await fixture()).manager.email);
    expect((await outsider.get(filePath(enterpriseId))).headers.get("location")).toBe("/");

    // The establishment sees the '!' and the notice, and its dashboard lists it, until it confirms.
    const page = (await client.page(ownPath(enterpriseId, TAB))).html;
    expect(attention(page)).toBe(true);
    expect(textOf(panel(page))).toContain(NOTICE);
    expect(await warningsOf(client)).toContain(`Vestiging ${tag} ${LICENSES_TO_CONFIRM}`);
    const sent = await client.submit(ownPath(enterpriseId, TAB), declare(VALID));
    expect(notificationIn(sent.html)).toBe(SENT);
    expect(attention(sent.html)).toBe(false);
    expect(textOf(panel(sent.html))).not.toContain(NOTICE);
    expect(await warningsOf(client)).not.toContain(`Vestiging ${tag} ${LICENSES_TO_CONFIRM}`);
    expect((await stored(enterpriseId))!.videma_licentie_nummer).toBe("VID-123");

    // Removing the file deletes it.
    await admin.submit(path, adminPost({ videmaLicentieNummer: "VID-123", videmaLicenseRemove: "on" }));
    expect(await fileExists(row.videma_license_file_id)).toBe(false);
    expect((await admin.get(filePath(enterpriseId))).status).toBe(404);
  });

  it("changes nothing on a forged post: another establishment's manager, a non-admin's admin fields, a contact person", async () => {
    const { enterpriseId, memberId, manager } = await fixture();
    const other = await fixture();
    const intruder = await sessionFor(other.manager.email);
    for (const path of [ownPath(enterpriseId), editPath(enterpriseId)]) {
      const res = await intruder.post(path, declare(VALID));
      expect(res.headers.get("location")).toBe("/");
    }
    const nonAdmin = await sessionFor(manager.email);
    const forged = await nonAdmin.post(ownPath(enterpriseId), adminPost({ videmaLicentieNummer: "VID-VALS" }, { name: "l.pdf", bytes: PDF, type: "application/pdf" }));
    expect(forged.headers.get("location")).toBe("/");
    const db = getDb();
    const contact = await insertUser(db, { memberId });
    await db.insertInto("enterprise_contacts").values({ enterprise_id: enterpriseId, user_id: contact.id }).execute();
    const contactClient = await sessionFor(contact.email);
    const { html } = await contactClient.page(withTab("/mijn-vestiging", TAB));
    expect(panel(html).querySelector("form")).toBeNull();
    expect((await contactClient.post("/mijn-vestiging", declare(VALID))).headers.get("location")).toBe("/");
    expect(await stored(enterpriseId)).toBeUndefined();
    expect(await logRows(enterpriseId)).toEqual([]);
  });

  it("deletes the licence data and file with the establishment", async () => {
    const { enterpriseId } = await fixture();
    await admin.submit(editPath(enterpriseId), adminPost({ videmaLicentieNummer: "V-1" }, { name: "l.pdf", bytes: PDF, type: "application/pdf" }));
    const row = (await stored(enterpriseId))!;
    expect(await fileExists(row.videma_license_file_id)).toBe(true);
    expect((await admin.post(`/vestigingen/verwijderen/${enterpriseId}`, {})).status).toBeLessThan(400);
    expect(await stored(enterpriseId)).toBeUndefined();
    expect(await fileExists(row.videma_license_file_id)).toBe(false);
  });
});

describe("the Logboek's Details of a licence declaration", () => {
  it("offers Details only on finalized Licenties entries and compares the demo's two declarations side by side, marking what changed", async () => {
    const centrum = await getDb().selectFrom("enterprises").select("id").where("name", "=", "Sportcentrum De Vaart Centrum").executeTakeFirstOrThrow();
    const entries = await getDb().selectFrom("enterprise_log").select(["id", "user_id"]).where("enterprise_id", "=", centrum.id).where("form", "=", "licenses").orderBy("created").execute();
    const [first, second] = entries;
    const lid = await sessionFor("lid@voorbeeld.nl");
    const log = tabPanel((await lid.page(`${ownPath(centrum.id, "logboek")}&logboek-tab=licenties`)).html, "Logboek")!;
    const details = log.querySelectorAll("a").filter((a) => textOf(a) === "Details");
    expect(details.map((a) => a.getAttribute("href"))).toEqual(expect.arrayContaining([detailsPath(centrum.id, second.id), detailsPath(centrum.id, first.id)]));

    const { res, html } = await lid.page(detailsPath(centrum.id, second.id));
    expect(res.status).toBe(200);
    const page = parsePage(html);
    const rows = page.querySelectorAll("tr").map((tr) => tr.querySelectorAll("th, td").map((c) => textOf(c).replace(/\s+/g, " ").trim()));
    const row = (label: string) => rows.find((r) => r[0].startsWith(label))!;
    expect(row("Door")).toEqual(["Door", "[import]", "Lotte van der Vaart"]);
    expect(row("Televisie en video (Videma)")).toEqual(["Televisie en video (Videma) (gewijzigd)", "Nee", "Ja"]);
    expect(row("Muziek (Sena)")).toEqual(["Muziek (Sena)", "Ja", "Ja"]);
    expect(row("Fitness")).toEqual(["Fitness (gewijzigd)", "Fitnesszaal: 400 m² Subtotaal: 400 m²", "Fitnesszaal: 450 m² Subtotaal: 450 m²"]);
    expect(row("Groepsles")[2]).toBe("Studio 1: 120 m² Studio 2: 80 m² Subtotaal: 200 m²");
    expect(row("Totaal")).toEqual(["Totaal (gewijzigd)", "520 m²", "710 m²"]);
    expect(row("Aantal televisies")).toEqual(["Aantal televisies (gewijzigd)", "–", "6"]);
    expect(row("Machtiging Buma")).toEqual(["Machtiging Buma (gewijzigd)", "Nee", "Ja"]);
    expect(row("Rekeninghouder")).toEqual(["Rekeninghouder", "De Vaart B.V.", "De Vaart B.V."]);
    expect(row("IBAN")).toEqual(["IBAN", "NL91ABNA0417164300", "NL91ABNA0417164300"]);
    expect(row("BIC")).toEqual(["BIC (gewijzigd)", "–", "ABNANL2A"]);
    expect(html).toContain(`href="${ownPath(centrum.id)}?tab=logboek#logboek"`);

    // The first declaration has none before it.
    const firstPage = await lid.page(detailsPath(centrum.id, first.id));
    expect(textOf(parsePage(firstPage.html))).toContain("Dit is de eerste opgave");
    expect(textOf(parsePage(firstPage.html))).not.toContain("gewijzigd)");

    // The dialog's data: the same comparison as JSON.
    const json = await lid.get(`${detailsPath(centrum.id, second.id)}/details.json`);
    expect(json.headers.get("content-type")).toContain("application/json");
    expect(await json.json()).toMatchObject({ current: { id: second.id, declaration: { tvSets: 6 } }, previous: { id: first.id, by: "[import]" } });
  });

  it("is refused to whoever may not see that establishment's Logboek, and 404 for an entry of another establishment or another kind", async () => {
    const { enterpriseId, memberId, manager } = await fixture();
    const client = await sessionFor(manager.email);
    await client.submit(ownPath(enterpriseId), declare(VALID));
    const [entry] = await logRows(enterpriseId);
    expect((await client.get(detailsPath(enterpriseId, entry.id))).status).toBe(200);
    expect((await admin.get(detailsPath(enterpriseId, entry.id))).status).toBe(200);

    const other = await fixture();
    const otherClient = await sessionFor(other.manager.email);
    expect((await otherClient.get(detailsPath(enterpriseId, entry.id))).headers.get("location")).toBe("/");
    expect((await otherClient.get(`${detailsPath(enterpriseId, entry.id)}/details.json`)).headers.get("location")).toBe("/");
    // Another establishment's entry under one's own establishment.
    expect((await otherClient.get(detailsPath(other.enterpriseId, entry.id))).status).toBe(404);
    // An entry that is no finalized declaration.
    await admin.submit(editPath(enterpriseId), adminPost({ videmaLicentieNummer: "V-2" }));
    const adminEntry = (await logRows(enterpriseId)).find((r) => r.finalize === 0)!;
    // Details only on the finalized declaration, not on the admin's save.
    const log = tabPanel((await client.page(ownPath(enterpriseId, "logboek"))).html, "Logboek")!;
    expect(textOf(log)).toContain("Tab Licenties gewijzigd");
    expect(log.querySelectorAll("a").filter((a) => textOf(a) === "Details").map((a) => a.getAttribute("href"))).toEqual([detailsPath(enterpriseId, entry.id)]);
    expect((await client.get(detailsPath(enterpriseId, adminEntry.id))).status).toBe(404);
    expect((await client.get(detailsPath(enterpriseId, 0))).status).toBe(404);

    const db = getDb();
    const contact = await insertUser(db, { memberId });
    await db.insertInto("enterprise_contacts").values({ enterprise_id: enterpriseId, user_id: contact.id }).execute();
    expect((await (await sessionFor(contact.email)).get(detailsPath(enterpriseId, entry.id))).headers.get("location")).toBe("/");
    expect((await new Client().get(detailsPath(enterpriseId, entry.id))).status).toBe(302);

    // An associate membership has no Licenties: not even an entry written for it is shown.
    const associate = await fixture({ associate: true });
    await db.insertInto("enterprise_log").values({ enterprise_id: associate.enterpriseId, form: "licenses", finalize: 1, user_id: null, imitating: 0, content: "{}", created: new Date().toISOString() }).execute();
    const [associateEntry] = await logRows(associate.enterpriseId);
    expect((await (await sessionFor(associate.manager.email)).get(detailsPath(associate.enterpriseId, associateEntry.id))).status).toBe(404);
  });

  it("names who declared while an admin imitated the manager as 'Beheerder namens'", async () => {
    const { enterpriseId, manager } = await fixture();
    const superAdmin = await sessionFor("superbeheer@voorbeeld.nl");
    expect((await superAdmin.submit("/imitate", { intent: "start", userId: String(manager.id) })).status).toBe(302);
    const sent = await superAdmin.submit(ownPath(enterpriseId), declare(VALID));
    expect(notificationIn(sent.html)).toBe(SENT);
    const [entry] = await getDb().selectFrom("enterprise_log").select(["id", "imitating", "user_id"]).where("enterprise_id", "=", enterpriseId).execute();
    expect(entry).toMatchObject({ imitating: 1, user_id: manager.id });
    const { html } = await superAdmin.page(detailsPath(enterpriseId, entry.id));
    expect(textOf(parsePage(html))).toContain(`Beheerder namens Lies Licentie${tag}`);
  });
});
