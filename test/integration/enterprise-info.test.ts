import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { HTMLElement } from "node-html-parser";
import { insertManagedEnterprise, insertUser } from "../fixtures";
import { Client, fileExists, control, fieldErrors, fieldsOf, getDb, notificationIn, sessionFor, tabPanel, tabs, textOf } from "./support";

/**
 * Tab Info & Media of an establishment (part 1 §2 "Info & Media form", §3 "Info data", §5 "Info
 * form", §7): each section saved and shown again, the checks with their messages, uploads checked
 * by content, rows added without JavaScript, what associate memberships do not see (nor change),
 * refused posts, the log, and the files deleted with the establishment.
 */
const tag = `Info${process.pid}${Date.now().toString(36)}`;
const SAVED = "Info & Media opgeslagen.";
const REQUIRED = "Dit is een verplicht veld";
const URL_HINT = 'U dient een geldige URL in te voeren, beginnend met "https://" of "http://"';
const URL_INVALID = "U dient een geldige URL in te voeren";
const PRICE_INVALID = "U dient een bedrag in te voeren, zoals 1.234,50";
const NOT_ALLOWED = "Dit bestandstype is niet toegestaan. Toegestaan: jpg, png.";

const PNG = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#06c" } }).png().toBuffer();
const JPG = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c60" } }).jpeg().toBuffer();
const PDF = Buffer.from("%PDF-1.4\n% geen afbeelding\n");

/** The tab's id: its `?tab=`, and the hash of its panel. */
const TAB = "info-media";
/** A page of an establishment, with one of its tabs open when `tab` is given. */
const withTab = (path: string, tab?: string) => (tab ? `${path}?tab=${tab}` : path);
const editPath = (id: number, tab?: string) => withTab(`/vestigingen/bewerken/${id}`, tab);
const ownPath = (id: number, tab?: string) => withTab(`/mijn-vestigingen/bewerken/${id}`, tab);
const panelOf = (html: string) => tabPanel(html, "Info & Media")!;

type Upload = { name: string; bytes: Buffer; type: string };

/** The Info & Media form as a browser posts it (Conform's field names), with its files. */
function post(fields: Record<string, string>, files: Record<string, Upload> = {}) {
  const body = new FormData();
  body.set("intent", "info");
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  for (const name of ["logo", "header"]) if (!files[name]) body.set(name, new Blob([]), "");
  for (const [name, file] of Object.entries(files)) body.set(name, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return body;
}

/** The values of a rendered form as the browser would post them again (no files). */
function formValues(panel: HTMLElement): Record<string, string> {
  return Object.fromEntries(fieldsOf(panel).map(([name, value]) => [name, value]));
}

const valueOf = (panel: HTMLElement, name: string) => {
  const el = panel.querySelector(`[name="${name}"]`);
  if (!el) return undefined;
  if (el.tagName === "SELECT") return el.querySelector("option[selected]")?.getAttribute("value") ?? "";
  if (el.tagName === "TEXTAREA") return textOf(el);
  return el.getAttribute("value") ?? "";
};
const errorOn = (panel: HTMLElement, name: string) => fieldErrors(panel).find((e) => e.name === name)?.error;
const buttonNamed = (panel: HTMLElement, name: string) => panel.querySelectorAll("button").find((b) => textOf(b) === name);

async function stored(enterpriseId: number) {
  return getDb().selectFrom("enterprise_info").selectAll().where("enterprise_id", "=", enterpriseId).executeTakeFirst();
}
async function images(enterpriseId: number) {
  return getDb().selectFrom("enterprise_images").select(["id", "file_id"]).where("enterprise_id", "=", enterpriseId).orderBy("position").execute();
}
async function logRows(enterpriseId: number) {
  return getDb().selectFrom("enterprise_log").select(["form", "user_id", "imitating"]).where("enterprise_id", "=", enterpriseId).orderBy("id").execute();
}
/** A membership with one establishment and its manager member. */
const fixture = ({ associate = false } = {}) =>
  insertManagedEnterprise(getDb(), { associate, name: `Vestiging ${tag}`, manager: { givenName: "Iris", familyName: `Info${tag}` } });

const demoEnterprise = (name: string) => getDb().selectFrom("enterprises").select(["id", "member_id"]).where("name", "=", name).executeTakeFirstOrThrow();

const FULL = {
  infoText: "<p>Welkom <strong>bij ons</strong></p><script>alert(1)</script>",
  "socialMediaLinks[0].platform": "instagram",
  "socialMediaLinks[0].link": "https://instagram.com/wij",
  "socialMediaLinks[1].platform": "youtube",
  "socialMediaLinks[1].link": "https://youtube.com/wij",
  "openHours.notes": "Feestdagen gesloten",
  "openHours.mo.from1": "07:00",
  "openHours.mo.till1": "12:00",
  "openHours.mo.from2": "13:30",
  "openHours.mo.till2": "22:00",
  "openHours.su.closed": "on",
  "openHours.su.from1": "10:00",
  "openHours.su.till1": "14:00",
  "subscriptionPlans.unlimited_price": "€ 1.234,5",
  "subscriptionPlans.unlimited_per": "four_weeks",
  "subscriptionPlans.cheapest_price": "19,95",
  "subscriptionPlans.cheapest_per": "other",
  "subscriptionPlans.cheapest_per_other": "kwartaal",
  "subscriptionPlans.additionalCosts": "Inschrijfgeld € 25",
  "subscriptionPlans.notes": "Korting voor studenten",
  "images[0].id": "",
  "videoLinks[0]": "https://youtube.com/watch?v=1",
  "videoLinks[1]": "",
};

let admin: Client;
beforeAll(async () => {
  admin = await sessionFor("beheer@voorbeeld.nl");
});

describe("tab Info & Media", () => {
  it("sits between Aanbod and Licenties in every context and shows the demo's stored info with its sections", async () => {
    const centrum = await demoEnterprise("Sportcentrum De Vaart Centrum");
    const noord = await demoEnterprise("Sportcentrum De Vaart Noord");
    const pages: [string, string][] = [
      ["beheer@voorbeeld.nl", editPath(centrum.id, TAB)],
      ["beheer@voorbeeld.nl", withTab(`/lidmaatschappen/bewerken/${centrum.member_id}/vestiging/${centrum.id}`, TAB)],
      ["lid@voorbeeld.nl", ownPath(centrum.id, TAB)],
      ["vestiging@voorbeeld.nl", withTab("/mijn-vestiging", TAB)],
    ];
    for (const [persona, path] of pages) {
      const client = persona === "beheer@voorbeeld.nl" ? admin : await sessionFor(persona);
      const { res, html } = await client.page(path);
      expect(res.status, path).toBe(200);
      const names = tabs(html).map((t) => t.name);
      expect(names.indexOf("Info & Media"), path).toBe(names.indexOf("Aanbod") + 1);
      expect(names.indexOf("Licenties"), path).toBe(names.indexOf("Info & Media") + 1);
      const panel = panelOf(html);
      const legends = panel.querySelectorAll("legend").map((l) => textOf(l));
      expect(legends).toEqual(expect.arrayContaining(["Logo en headerafbeelding", "Social media", "Openingstijden", "Abonnementen", "Afbeeldingen", "Video's"]));
      expect(legends).toEqual(expect.arrayContaining(["Maandag", "Dinsdag", "Woensdag", "Donderdag", "Vrijdag", "Zaterdag", "Zondag"]));
      expect(control(panel, "Informatie over de vestiging").tagName).toBe("TEXTAREA");
      expect(textOf(panel)).toContain("Opslaan");
      expect(textOf(panel)).toContain("Annuleren");
    }
    const { html } = await admin.page(editPath(centrum.id, TAB));
    const panel = panelOf(html);
    expect(valueOf(panel, "subscriptionPlans.unlimited_price")).toBe("49,95");
    expect(valueOf(panel, "subscriptionPlans.unlimited_per")).toBe("four_weeks");
    expect(valueOf(panel, "socialMediaLinks[0].link")).toBe("https://www.instagram.com/devaartcentrum");
    expect(panel.querySelector('[name="openHours.sa.closed"]')!.hasAttribute("checked")).toBe(false);
    expect(valueOf(panel, "openHours.we.till2")).toBe("22:30");
    expect(panel.querySelectorAll("img").length).toBe(4);
    // The periods as the spec names them.
    const periods = panel.querySelector('[name="subscriptionPlans.unlimited_per"]')!.querySelectorAll("option").map((o) => textOf(o));
    expect(periods).toEqual(["Maak een keuze", "maand", "4 weken", "anders"]);
    const platforms = panel.querySelector('[name="socialMediaLinks[0].platform"]')!.querySelectorAll("option").map((o) => o.getAttribute("value"));
    expect(platforms).toEqual(["", "youtube", "facebook", "instagram", "linkedin", "twitter"]);
    // The image shows for who may see the page.
    const src = panel.querySelector("img")!.getAttribute("src")!;
    expect((await admin.get(src)).headers.get("content-type")).toBe("image/jpeg");
    // Time fields step by 15 minutes.
    expect(panel.querySelector('[name="openHours.mo.from1"]')!.getAttribute("step")).toBe("900");
    // De Vaart Noord is closed in the weekend.
    const closed = panelOf((await admin.page(editPath(noord.id, TAB))).html);
    expect(closed.querySelector('[name="openHours.sa.closed"]')!.hasAttribute("checked")).toBe(true);
  });

  it("saves and shows again every section, logged with form 'info'; a closed day keeps no times and the rich text is cleaned", async () => {
    const { enterpriseId, manager } = await fixture();
    const client = await sessionFor(manager.email);
    const path = ownPath(enterpriseId, TAB);
    const saved = await client.submit(path, post({ ...FULL }, { "images[0].file": { name: "zaal.png", bytes: PNG, type: "image/png" }, logo: { name: "logo.jpg", bytes: JPG, type: "image/jpeg" } }));
    expect(saved.status).toBe(302);
    expect(notificationIn(saved.html)).toBe(SAVED);
    const row = (await stored(enterpriseId))!;
    expect(row.info_text).toBe("<p>Welkom <strong>bij ons</strong></p>");
    expect(JSON.parse(row.social_links)).toEqual([
      { platform: "instagram", link: "https://instagram.com/wij" },
      { platform: "youtube", link: "https://youtube.com/wij" },
    ]);
    const hours = JSON.parse(row.open_hours);
    expect(hours.days.mo).toEqual({ from1: "07:00", till1: "12:00", from2: "13:30", till2: "22:00" });
    expect(hours.days.su).toEqual({ closed: true });
    expect(hours.notes).toBe("Feestdagen gesloten");
    const plans = JSON.parse(row.subscription);
    expect(plans).toMatchObject({ unlimitedPrice: 123450, unlimitedPer: "four_weeks", cheapestPrice: 1995, cheapestPer: "other", cheapestPerOther: "kwartaal" });
    expect(JSON.parse(row.video_links)).toEqual(["https://youtube.com/watch?v=1"]);
    expect(await fileExists(row.logo_file_id)).toBe(true);
    expect(await images(enterpriseId)).toHaveLength(1);
    expect(await logRows(enterpriseId)).toEqual([{ form: "info", user_id: manager.id, imitating: 0 }]);

    const panel = panelOf(saved.html);
    expect(valueOf(panel, "subscriptionPlans.unlimited_price")).toBe("1.234,50");
    expect(valueOf(panel, "subscriptionPlans.cheapest_price")).toBe("19,95");
    expect(valueOf(panel, "subscriptionPlans.cheapest_per_other")).toBe("kwartaal");
    expect(valueOf(panel, "socialMediaLinks[1].platform")).toBe("youtube");
    expect(valueOf(panel, "openHours.mo.from2")).toBe("13:30");
    expect(panel.querySelector('[name="openHours.su.closed"]')!.hasAttribute("checked")).toBe(true);
    expect(valueOf(panel, "openHours.su.from1")).toBe("");
    expect(valueOf(panel, "videoLinks[0]")).toBe("https://youtube.com/watch?v=1");
    expect(valueOf(panel, "infoText")).toBe("<p>Welkom <strong>bij ons</strong></p>");
    // The stored image and the logo show with their remove choices.
    expect(control(panel, "Logo verwijderen").getAttribute("type")).toBe("checkbox");
    expect(control(panel, "Afbeelding verwijderen (1)").getAttribute("type")).toBe("checkbox");
    // The Logboek's filter finds the entry under Info & Media.
    const log = await client.page(`${ownPath(enterpriseId, "logboek")}&form=info-media#logboek`);
    expect(textOf(tabPanel(log.html, "Logboek"))).toContain("Info & Media");
  });

  it("refuses bad links, a second slot without its end, bad times and prices with the messages beside the fields, keeping everything typed", async () => {
    const { enterpriseId } = await fixture();
    const path = editPath(enterpriseId, TAB);
    const res = await admin.submit(
      path,
      post({
        ...FULL,
        "socialMediaLinks[0].link": "instagram.com/wij",
        "socialMediaLinks[1].link": "geen url",
        "socialMediaLinks[1].platform": "",
        "openHours.mo.till2": "",
        "openHours.tu.from1": "08:10",
        "subscriptionPlans.unlimited_price": "twaalf",
        "subscriptionPlans.cheapest_per_other": "",
        "videoLinks[0]": "youtube.com/x",
      }),
    );
    expect(res.status).toBe(400);
    const panel = panelOf(res.html);
    expect(errorOn(panel, "socialMediaLinks[0].link")).toBe(URL_HINT);
    expect(errorOn(panel, "socialMediaLinks[1].link")).toBe(URL_INVALID);
    expect(errorOn(panel, "socialMediaLinks[1].platform")).toBe(REQUIRED);
    expect(errorOn(panel, "openHours.mo.till2")).toBe(REQUIRED);
    expect(errorOn(panel, "openHours.tu.from1")).toBe("U dient een tijd in stappen van 15 minuten in te voeren, zoals 08:30");
    expect(errorOn(panel, "subscriptionPlans.unlimited_price")).toBe(PRICE_INVALID);
    expect(errorOn(panel, "subscriptionPlans.cheapest_per_other")).toBe(REQUIRED);
    expect(errorOn(panel, "videoLinks[0]")).toBe(URL_HINT);
    // Everything typed is kept.
    expect(valueOf(panel, "socialMediaLinks[0].link")).toBe("instagram.com/wij");
    expect(valueOf(panel, "subscriptionPlans.unlimited_price")).toBe("twaalf");
    expect(valueOf(panel, "openHours.mo.from2")).toBe("13:30");
    expect(valueOf(panel, "openHours.notes")).toBe("Feestdagen gesloten");
    expect(valueOf(panel, "subscriptionPlans.notes")).toBe("Korting voor studenten");
    expect(panel.querySelector('[role="alert"]')).toBeTruthy();
    expect(await stored(enterpriseId)).toBeUndefined();
    expect(await logRows(enterpriseId)).toEqual([]);
    // A closed day's times are not checked.
    const closed = await admin.submit(path, post({ "openHours.we.closed": "on", "openHours.we.from2": "09:00", "images[0].id": "" }));
    expect(closed.status).toBe(302);
  });

  it("checks uploads by their content: a pdf named .png is refused with everything else kept, and nothing is stored", async () => {
    const { enterpriseId } = await fixture();
    const path = editPath(enterpriseId, TAB);
    const res = await admin.submit(
      path,
      post({ ...FULL }, { header: { name: "header.png", bytes: PDF, type: "image/png" }, "images[0].file": { name: "foto.jpg", bytes: PDF, type: "image/jpeg" } }),
    );
    expect(res.status).toBe(400);
    const panel = panelOf(res.html);
    expect(errorOn(panel, "header")).toBe(NOT_ALLOWED);
    expect(errorOn(panel, "images[0].file")).toBe(NOT_ALLOWED);
    expect(valueOf(panel, "subscriptionPlans.cheapest_per_other")).toBe("kwartaal");
    expect(valueOf(panel, "socialMediaLinks[1].link")).toBe("https://youtube.com/wij");
    expect(await stored(enterpriseId)).toBeUndefined();
    expect(await images(enterpriseId)).toEqual([]);
  });

  it("refuses files together over 20 MB with a message on the form and the field, keeping what was typed, storing nothing", async () => {
    const { enterpriseId } = await fixture();
    const path = editPath(enterpriseId, TAB);
    const TOO_LARGE = "De bestanden zijn samen te groot (maximaal 20 MB per keer opslaan).";
    const filler = (size: number) => {
      const bytes = Buffer.alloc(size);
      PNG.copy(bytes);
      return { name: "groot.png", bytes, type: "image/png" };
    };
    const nearly = 10 * 1024 * 1024 - 1024;
    const res = await admin.submit(
      path,
      post({ "images[0].id": "", "images[1].id": "", "openHours.notes": "Blijft staan" }, { "images[0].file": filler(nearly), "images[1].file": filler(nearly), header: filler(150 * 1024) }),
    );
    expect(res.status).toBe(400);
    const panel = panelOf(res.html);
    expect(textOf(panel)).toContain(TOO_LARGE);
    expect(valueOf(panel, "openHours.notes")).toBe("Blijft staan");
    // The file past the 20 MB is not kept: it says so beside its field too.
    expect(errorOn(panel, "header")).toBe(TOO_LARGE);
    // However much larger: read as it streams in, refused the same way with what was typed.
    const huge = await admin.submit(
      path,
      post({ "images[0].id": "", "images[1].id": "", "openHours.notes": "Nog steeds" }, { "images[0].file": filler(nearly), "images[1].file": filler(nearly), header: filler(9 * 1024 * 1024) }),
    );
    expect(huge.status).toBe(400);
    expect(textOf(panelOf(huge.html))).toContain(TOO_LARGE);
    expect(valueOf(panelOf(huge.html), "openHours.notes")).toBe("Nog steeds");
    // More files than the page's forms post: refused unread, on the page.
    const files = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`images[${i}].file`, { name: `${i}.png`, bytes: PNG, type: "image/png" }]));
    const many = await admin.post(path, post({}, files));
    expect(many.status).toBe(413);
    expect(textOf(panelOf(await many.text()))).toContain(TOO_LARGE);
    expect(await stored(enterpriseId)).toBeUndefined();
    expect(await images(enterpriseId)).toEqual([]);
  });

  it("replaces and removes the logo and header image, deleting the old files", async () => {
    const { enterpriseId } = await fixture();
    const path = editPath(enterpriseId, TAB);
    await admin.submit(path, post({}, { logo: { name: "a.png", bytes: PNG, type: "image/png" }, header: { name: "b.jpg", bytes: JPG, type: "image/jpeg" } }));
    const first = (await stored(enterpriseId))!;
    expect(await fileExists(first.logo_file_id)).toBe(true);
    expect(await fileExists(first.header_file_id)).toBe(true);
    await admin.submit(path, post({}, { logo: { name: "c.jpg", bytes: JPG, type: "image/jpeg" } }));
    const second = (await stored(enterpriseId))!;
    expect(second.logo_file_id).not.toBe(first.logo_file_id);
    expect(second.header_file_id).toBe(first.header_file_id);
    expect(await fileExists(first.logo_file_id)).toBe(false);
    // The page shows the new logo and the kept header image, each from its own file.
    const shown = panelOf((await admin.page(path)).html);
    expect(shown.querySelector('img[alt="Huidig logo"]')?.getAttribute("src")).toMatch(new RegExp(`^/image/${second.logo_file_id}/`));
    expect(shown.querySelector('img[alt="Huidige headerafbeelding"]')?.getAttribute("src")).toMatch(new RegExp(`^/image/${first.header_file_id}/`));
    const removed = await admin.submit(path, post({ logoRemove: "on", headerRemove: "on" }));
    expect(removed.status).toBe(302);
    const third = (await stored(enterpriseId))!;
    expect(third.logo_file_id).toBeNull();
    expect(third.header_file_id).toBeNull();
    expect(await fileExists(second.logo_file_id)).toBe(false);
    expect(await fileExists(first.header_file_id)).toBe(false);
    expect(panelOf(removed.html).querySelectorAll("img")).toHaveLength(0);
  });

  it("adds images, keeps and changes their order, and removes those marked for removal on save; at least one row always shows", async () => {
    const { enterpriseId } = await fixture();
    const path = editPath(enterpriseId, TAB);
    await admin.submit(
      path,
      post({ "images[0].id": "", "images[1].id": "" }, { "images[0].file": { name: "een.png", bytes: PNG, type: "image/png" }, "images[1].file": { name: "twee.jpg", bytes: JPG, type: "image/jpeg" } }),
    );
    const [one, two] = await images(enterpriseId);
    expect(one && two).toBeTruthy();
    const page = panelOf((await admin.page(path)).html);
    expect(valueOf(page, "images[0].id")).toBe(String(one.id));
    expect(valueOf(page, "images[1].id")).toBe(String(two.id));
    // Posted in the other order: stored and shown in that order (the later image first).
    await admin.submit(path, post({ "images[0].id": String(two.id), "images[1].id": String(one.id) }));
    expect((await images(enterpriseId)).map((i) => i.id)).toEqual([two.id, one.id]);
    const reordered = panelOf((await admin.page(path)).html);
    expect(valueOf(reordered, "images[0].id")).toBe(String(two.id));
    expect(valueOf(reordered, "images[1].id")).toBe(String(one.id));
    // Marked for removal: gone with its file on save; the other stays.
    const saved = await admin.submit(path, post({ "images[0].id": String(one.id), "images[0].remove": "on", "images[1].id": String(two.id) }));
    expect(saved.status).toBe(302);
    expect((await images(enterpriseId)).map((i) => i.id)).toEqual([two.id]);
    expect(await fileExists(one.file_id)).toBe(false);
    // An image id of another establishment changes nothing there, nor here.
    const other = await fixture();
    await admin.submit(editPath(other.enterpriseId), post({ "images[0].id": "" }, { "images[0].file": { name: "x.png", bytes: PNG, type: "image/png" } }));
    const [foreign] = await images(other.enterpriseId);
    await admin.submit(path, post({ "images[0].id": String(foreign.id), "images[0].remove": "on", "images[1].id": String(two.id) }));
    expect(await images(other.enterpriseId)).toHaveLength(1);
    expect((await images(enterpriseId)).map((i) => i.id)).toEqual([two.id]);
    // A save that names no image (an older form) removes none.
    await admin.submit(path, post({ "openHours.notes": "Alleen tekst" }));
    expect((await images(enterpriseId)).map((i) => i.id)).toEqual([two.id]);
    // All removed: one empty row with a file field remains.
    const empty = await admin.submit(path, post({ "images[0].id": String(two.id), "images[0].remove": "on" }));
    expect(await images(enterpriseId)).toEqual([]);
    const panel = panelOf(empty.html);
    expect(panel.querySelector('[name="images[0].file"]')?.getAttribute("type")).toBe("file");
    expect(panel.querySelector('[name="images[1].file"]')).toBeNull();
    expect(panel.querySelector('[name="videoLinks[0]"]')).toBeTruthy();
  });

  it("without JavaScript, 'add row' buttons show the form again with one more row, keeping what was typed and saving nothing", async () => {
    const { enterpriseId } = await fixture();
    const path = editPath(enterpriseId, TAB);
    const panel = panelOf((await admin.page(path)).html);
    for (const [button, name] of [
      ["Videolink toevoegen", "videoLinks[1]"],
      ["Social-medialink toevoegen", "socialMediaLinks[1].link"],
      ["Afbeelding toevoegen", "images[1].file"],
    ] as const) {
      const el = buttonNamed(panel, button)!;
      expect(el.getAttribute("type")).toBe("submit");
      const body = post({ ...formValues(panel), "openHours.notes": "Nog niet opgeslagen" });
      body.set(el.getAttribute("name")!, el.getAttribute("value")!);
      const res = await admin.submit(path, body);
      expect(res.status, button).toBe(200);
      const again = panelOf(res.html);
      expect(again.querySelector(`[name="${name}"]`), button).toBeTruthy();
      expect(valueOf(again, "openHours.notes")).toBe("Nog niet opgeslagen");
    }
    // A row's remove button takes it out again.
    const two = post({ ...formValues(panel), "videoLinks[0]": "https://a.nl", "videoLinks[1]": "https://b.nl" });
    const insert = buttonNamed(panel, "Videolink toevoegen")!;
    two.set(insert.getAttribute("name")!, insert.getAttribute("value")!);
    const added = panelOf((await admin.submit(path, two)).html);
    expect(valueOf(added, "videoLinks[1]")).toBe("https://b.nl");
    const remove = added.querySelectorAll("button").find((b) => b.getAttribute("aria-label") === "Videolink 1: verwijderen")!;
    const body = post(formValues(added));
    body.set(remove.getAttribute("name")!, remove.getAttribute("value")!);
    const removed = panelOf((await admin.submit(path, body)).html);
    expect(valueOf(removed, "videoLinks[0]")).toBe("https://b.nl");
    expect(valueOf(removed, "videoLinks[1]")).toBe("");
    expect(valueOf(removed, "videoLinks[2]")).toBeUndefined();
    expect(await stored(enterpriseId)).toBeUndefined();
    expect(await logRows(enterpriseId)).toEqual([]);
  });

  it("shows an associate membership no logo, social media, subscriptions, images or videos, and ignores its forged posts of them", async () => {
    const associate = await sessionFor("nietlid@voorbeeld.nl");
    const { html } = await associate.page(withTab("/mijn-vestiging", TAB));
    const demo = panelOf(html);
    const legends = demo.querySelectorAll("legend").map((l) => textOf(l));
    expect(legends).toContain("Openingstijden");
    expect(legends).not.toEqual(expect.arrayContaining(["Social media"]));
    for (const hidden of ["Social media", "Abonnementen", "Afbeeldingen", "Video's", "Logo en headerafbeelding"]) expect(legends).not.toContain(hidden);
    expect(demo.querySelector('[name="logo"]')).toBeNull();
    expect(demo.querySelector('[name="header"]')).toBeTruthy();

    const { enterpriseId, manager } = await fixture({ associate: true });
    const client = await sessionFor(manager.email);
    const res = await client.submit(
      ownPath(enterpriseId, TAB),
      post({ ...FULL, "openHours.tu.from1": "09:00" }, { logo: { name: "l.png", bytes: PNG, type: "image/png" }, "images[0].file": { name: "i.png", bytes: PNG, type: "image/png" } }),
    );
    expect(res.status).toBe(302);
    const row = (await stored(enterpriseId))!;
    expect(row.logo_file_id).toBeNull();
    expect(JSON.parse(row.social_links)).toEqual([]);
    expect(JSON.parse(row.subscription)).toEqual({});
    expect(JSON.parse(row.video_links)).toEqual([]);
    expect(JSON.parse(row.open_hours).days.tu).toEqual({ from1: "09:00" });
    expect(row.info_text).toBe("<p>Welkom <strong>bij ons</strong></p>");
    expect(await images(enterpriseId)).toEqual([]);
  });

  it("lets a contact person see, not post; and changes nothing on a forged post for another establishment", async () => {
    const { memberId, enterpriseId } = await fixture();
    const db = getDb();
    const contact = await insertUser(db, { memberId });
    await db.insertInto("enterprise_contacts").values({ enterprise_id: enterpriseId, user_id: contact.id }).execute();
    await admin.submit(editPath(enterpriseId), post({ ...FULL }, { logo: { name: "logo.png", bytes: PNG, type: "image/png" } }));
    const contactClient = await sessionFor(contact.email);
    const { html } = await contactClient.page(withTab("/mijn-vestiging", TAB));
    const shown = panelOf(html);
    expect(shown.querySelector("form")).toBeNull();
    expect(textOf(shown)).toMatch(/€\s1\.234,50 per 4 weken/);
    expect(textOf(shown)).toContain("Ma 07:00–12:00, 13:30–22:00");
    expect(textOf(shown)).toContain("Zo gesloten");
    expect(shown.querySelector('img[alt="Logo"]')).toBeTruthy();
    const before = await stored(enterpriseId);
    const logCount = (await logRows(enterpriseId)).length;
    const contactPost = await contactClient.post("/mijn-vestiging", post({ ...FULL }));
    expect(contactPost.headers.get("location")).toBe("/");

    const other = await fixture();
    const intruder = await sessionFor(other.manager.email);
    for (const path of [ownPath(enterpriseId), editPath(enterpriseId)]) {
      const res = await intruder.post(path, post({ ...FULL, "openHours.notes": "Vervalst" }));
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
    }
    const res = await admin.post(`/lidmaatschappen/bewerken/${other.memberId}/vestiging/${enterpriseId}`, post({ ...FULL, "openHours.notes": "Vervalst" }));
    expect(res.status).toBe(404);
    expect(await stored(enterpriseId)).toEqual(before);
    expect(await stored(other.enterpriseId)).toBeUndefined();
    expect(await logRows(enterpriseId)).toHaveLength(logCount);
  });

  it("logs a save while a super admin imitates the member with the imitation flag", async () => {
    const { enterpriseId, manager } = await fixture();
    const superAdmin = await sessionFor("superbeheer@voorbeeld.nl");
    expect((await superAdmin.submit("/imitate", { intent: "start", userId: String(manager.id) })).status).toBe(302);
    const result = await superAdmin.submit(ownPath(enterpriseId), post({ "openHours.open247": "on" }));
    expect(notificationIn(result.html)).toBe(SAVED);
    expect(await logRows(enterpriseId)).toEqual([{ form: "info", user_id: manager.id, imitating: 1 }]);
    expect(JSON.parse((await stored(enterpriseId))!.open_hours).open247).toBe(true);
  });

  it("deletes the logo, header image and images with the establishment", async () => {
    const { enterpriseId } = await fixture();
    await admin.submit(
      editPath(enterpriseId),
      post({ "images[0].id": "" }, { logo: { name: "a.png", bytes: PNG, type: "image/png" }, header: { name: "b.png", bytes: PNG, type: "image/png" }, "images[0].file": { name: "c.png", bytes: PNG, type: "image/png" } }),
    );
    const row = (await stored(enterpriseId))!;
    const [image] = await images(enterpriseId);
    const res = await admin.post(`/vestigingen/verwijderen/${enterpriseId}`, {});
    expect(res.status).toBeLessThan(400);
    expect(await stored(enterpriseId)).toBeUndefined();
    for (const id of [row.logo_file_id, row.header_file_id, image.file_id]) expect(await fileExists(id)).toBe(false);
  });
});
