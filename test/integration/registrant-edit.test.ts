import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { insertRegistrant, insertUser } from "../fixtures";
import {
  Client,
  control,
  disabledTabNames,
  errorsIn,
  fieldError,
  getDb,
  heading,
  linkByName,
  notificationIn,
  openTab,
  pageText,
  region,
  sessionFor,
  signIn,
  statusButtons,
  tabNames,
  tabPanel,
} from "./support";

/**
 * A professional's record page without JavaScript: the admin's add and edit pages and the
 * professional's own 'Mijn FITNED.NL', each tab's posts, and what a forged post changes (nothing).
 * Every professional and account changed here is a fixture of this file.
 */
const ADMIN = "beheer@voorbeeld.nl";
const TAG = `Pe${Date.now().toString(36)}`;
const NUMBER_BASE = 700_000_000 + (Date.now() % 100_000) * 100;

let admin: Client;
/** A professional with an account of its own, signed in. */
let own: { client: Client; registrantId: number; userId: number; email: string };

const editPath = (id: number) => `/fitnednl/bewerken/${id}`;
const OWN = "/mijn-fitnednl";
/** A professional's page with one of its tabs open (`?tab=`): where the tab's link and forms lead. */
const onTab = (path: string, tab: string) => `${path}?tab=${tab}`;
const row = (id: number) => getDb().selectFrom("registrants").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** The profile form as a browser posts it, with `fields` over the given defaults. */
function profile(fields: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "profile",
    user: "",
    givenName: "",
    namePreposition: "",
    familyName: "",
    email: "",
    idFitNed: "",
    passNumber: "",
    gender: "",
    dateOfBirth: "",
    registered: "",
    phone: "",
    website: "",
    addressStreet: "",
    addressHouseNr: "",
    addressPostalCode: "",
    addressTown: "",
    voucher: "",
    infoText: "",
    memo: "",
    "socialMediaLinks[0].platform": "",
    "socialMediaLinks[0].link": "",
    ...fields,
  };
}

beforeAll(async () => {
  const db = getDb();
  admin = await sessionFor(ADMIN);
  const user = await insertUser(db, { givenName: "Olga", familyName: TAG });
  const registrantId = await insertRegistrant(db, { userId: user.id, givenName: "Olga", familyName: TAG, email: user.email, passNumber: NUMBER_BASE + 1, idFitNed: NUMBER_BASE + 2 });
  own = { client: await signIn(user.email), registrantId, userId: user.id, email: user.email };
});

describe("adding a professional (admin)", () => {
  it("opens with only the first tab and asks a professional without account for its name and e-mail", async () => {
    const { res, html } = await admin.page("/fitnednl/toevoegen");
    expect(res.status).toBe(200);
    expect(heading(html)).toBe("Professional toevoegen");
    expect(tabNames(html)).toEqual(["Persoonsgegevens"]);
    expect(disabledTabNames(html)).toEqual(["Specialisaties", "Diploma's", "Accreditatie", "Sportcentra"]);

    const refused = await admin.submit("/fitnednl/toevoegen", profile({ givenName: "Piet", website: "geen url" }));
    expect(refused.status).toBe(400);
    expect(fieldError(refused.html, "Achternaam")).toBe("Dit is een verplicht veld");
    expect(fieldError(refused.html, "E-mailadres")).toBe("Dit is een verplicht veld");
    expect(fieldError(refused.html, "Website")).toMatch(/^U dient een geldige URL in te voeren/);
    // What was typed stays.
    expect(control(refused.html, "Voornaam").getAttribute("value")).toBe("Piet");
  });

  it("makes an approved, active and visible professional with the next ID and registration number", async () => {
    const email = `nieuw-${TAG.toLowerCase()}@voorbeeld.nl`;
    const { status, html, url } = await admin.submit(
      "/fitnednl/toevoegen",
      profile({ givenName: "Piet", namePreposition: "de", familyName: `Nieuw${TAG}`, email, addressTown: "Zwolle", createPass: "on" }),
    );
    expect(status).toBe(302);
    expect(notificationIn(html)).toBe("Professional toegevoegd.");
    const id = Number(/\/fitnednl\/bewerken\/(\d+)/.exec(url)?.[1]);
    const stored = await row(id);
    expect(stored).toMatchObject({ approved: 1, inactive: 0, hidden: 0, full_name: `Piet de Nieuw${TAG}`, email, create_pass: 1, user_id: null });
    expect(stored.id_fit_ned).toBeGreaterThan(0);
    expect(stored.pass_number).toBeGreaterThan(0);
    expect(heading(html)).toBe(`Piet de Nieuw${TAG} (#${stored.id_fit_ned})`);
    expect(statusButtons(html)).toEqual(["Deactiveren", "Verbergen"]);
  });
});

describe("editing a professional (admin)", () => {
  it("refuses a registration number in use, keeping what was typed", async () => {
    const other = await insertRegistrant(getDb(), { familyName: `Ander${TAG}`, passNumber: NUMBER_BASE + 10, idFitNed: NUMBER_BASE + 11 });
    const { status, html } = await admin.submit(onTab(editPath(other), "persoonsgegevens"), profile({ familyName: `Ander${TAG}`, email: `ander-${TAG.toLowerCase()}@voorbeeld.nl`, passNumber: String(NUMBER_BASE + 1), addressTown: "Assen" }));
    expect(status).toBe(400);
    expect(fieldError(html, "Registratienummer")).toBe("Dit registratienummer is al in gebruik.");
    expect(control(html, "Plaats").getAttribute("value")).toBe("Assen");
    expect((await row(other)).pass_number).toBe(NUMBER_BASE + 10);
  });

  it("links a free account (its name and e-mail become the professional's) and refuses one linked to another professional", async () => {
    const other = await insertRegistrant(getDb(), { familyName: `Koppel${TAG}`, passNumber: NUMBER_BASE + 20, idFitNed: NUMBER_BASE + 21 });
    const taken = await admin.submit(onTab(editPath(other), "persoonsgegevens"), profile({ user: String(own.userId), passNumber: String(NUMBER_BASE + 20), idFitNed: String(NUMBER_BASE + 21) }));
    expect(taken.status).toBe(400);
    expect(pageText(taken.html)).toContain("Dit account is al gekoppeld aan een andere professional.");
    expect((await row(other)).user_id).toBeNull();

    const free = await insertUser(getDb(), { givenName: "Vrij", familyName: `Account${TAG}` });
    // The search without JavaScript lists it.
    const search = await admin.submit(onTab(editPath(other), "persoonsgegevens"), profile({ intent: "account-search", userQuery: `Account${TAG}` }));
    expect(search.status).toBe(200);
    expect(pageText(search.html)).toContain(`Vrij Account${TAG} (${free.email})`);

    const linked = await admin.submit(onTab(editPath(other), "persoonsgegevens"), profile({ user: String(free.id), passNumber: String(NUMBER_BASE + 20), idFitNed: String(NUMBER_BASE + 21) }));
    expect(notificationIn(linked.html)).toBe("Persoonsgegevens opgeslagen.");
    expect(await row(other)).toMatchObject({ user_id: free.id, email: free.email, full_name: `Vrij Account${TAG}` });
  });

  it("switches active and visible with the status buttons", async () => {
    const id = await insertRegistrant(getDb(), { familyName: `Status${TAG}` });
    const done = await admin.submit(editPath(id), { intent: "toggle-inactive" });
    expect(notificationIn(done.html)).toMatch(/gedeactiveerd/i);
    expect((await row(id)).inactive).toBe(1);
    // Approval has its own page.
    expect((await admin.post(editPath(id), { intent: "approve" })).status).toBe(400);
  });

  it("shows 'Nog niet goedgekeurd' instead of status buttons for an unapproved professional", async () => {
    const id = await insertRegistrant(getDb(), { familyName: `Wacht${TAG}`, approved: false });
    const { html } = await admin.page(editPath(id));
    expect(pageText(html)).toContain("Nog niet goedgekeurd");
    expect(statusButtons(html)).toEqual([]);
  });

  it("keeps the diplomas an admin ticks and shows the highest level", async () => {
    const db = getDb();
    const low = await db.insertInto("qualifications").values({ name: `Laag ${TAG}`, sequence: 900, level: "Niveau 2", level_value: 2, recognized: 1 }).returning("id").executeTakeFirstOrThrow();
    const high = await db.insertInto("qualifications").values({ name: `Hoog ${TAG}`, sequence: 901, level: "Niveau 4", level_value: 4, recognized: 0 }).returning("id").executeTakeFirstOrThrow();
    const id = await insertRegistrant(db, { familyName: `Diploma${TAG}` });
    const ticked = (...ids: number[]) => {
      const form = new FormData();
      form.set("intent", "qualifications");
      for (const q of ids) form.append("qualifications[]", String(q));
      return form;
    };
    const saved = await admin.submit(onTab(editPath(id), "diplomas"), ticked(low.id, high.id));
    expect(saved.url).toBe(`${onTab(editPath(id), "diplomas")}#diplomas`);
    expect(notificationIn(saved.html)).toBe("Diploma's opgeslagen.");
    const held = await db.selectFrom("registrant_qualifications").select("qualification_id").where("registrant_id", "=", id).execute();
    expect(held.map((h) => h.qualification_id).sort()).toEqual([low.id, high.id].sort());
    const { html } = await admin.page(onTab(editPath(id), "diplomas"));
    expect(pageText(tabPanel(html, "Diploma's")!)).toContain("Hoogste niveau: Niveau 4");

    // An id that is no diploma refuses the whole post.
    const refused = await admin.submit(onTab(editPath(id), "diplomas"), ticked(low.id, 999_999_999));
    expect(notificationIn(refused.html)).toMatch(/^Ongeldig/);
    expect((await db.selectFrom("registrant_qualifications").select("qualification_id").where("registrant_id", "=", id).execute()).length).toBe(2);
  });

  it("keeps the accreditation text", async () => {
    const id = await insertRegistrant(getDb(), { familyName: `Accr${TAG}` });
    const { html, url } = await admin.submit(onTab(editPath(id), "accreditatie"), { intent: "accreditation", accreditationTotal: "12 punten (2026)" });
    expect(url).toBe(`${onTab(editPath(id), "accreditatie")}#accreditatie`);
    expect(notificationIn(html)).toBe("Accreditatie opgeslagen.");
    expect((await row(id)).accreditation_total).toBe("12 punten (2026)");
  });
});

describe("the specialisations", () => {
  it("sets a category's empty answers to Nee, saves the answers and refuses an unknown one", async () => {
    const db = getDb();
    const a = await db.insertInto("specialisations").values({ name: `Spec A ${TAG}`, sequence: 900, category: "clubjoy", description: "" }).returning("id").executeTakeFirstOrThrow();
    const b = await db.insertInto("specialisations").values({ name: `Spec B ${TAG}`, sequence: 901, category: "clubjoy", description: "" }).returning("id").executeTakeFirstOrThrow();
    const id = await insertRegistrant(db, { familyName: `Spec${TAG}` });
    // This file's two specialisations (the demo's other ClubJoy ones are answered too).
    const answers = () =>
      db
        .selectFrom("registrant_specialisations")
        .select(["entry_id", "value"])
        .where("registrant_id", "=", id)
        .where("entry_id", "in", [a.id, b.id])
        .orderBy("entry_id")
        .execute();

    const before = await admin.page(onTab(editPath(id), "specialisaties"));
    expect(pageText(tabPanel(before.html, "Specialisaties")!)).toContain("U heeft nog niet voor alle onderstaande opties ‘Ja’ of ‘Nee’ ingevuld.");

    // The category's button stores Nee for the empty ones only, and the form shows again as posted.
    const filled = await admin.submit(onTab(editPath(id), "specialisaties"), { intent: "specialisations-nee:clubjoy", [`specialisations[${a.id}]`]: "on" });
    expect(filled.status).toBe(200);
    expect(openTab(filled.html)).toBe("Specialisaties");
    expect(await answers()).toEqual([{ entry_id: b.id, value: 0 }]);
    // Every other empty ClubJoy specialisation too, and nothing of another category.
    const stored = await db.selectFrom("registrant_specialisations").select("entry_id").where("registrant_id", "=", id).execute();
    const clubjoy = await db.selectFrom("specialisations").select("id").where("category", "=", "clubjoy").where("id", "!=", a.id).execute();
    expect(stored.map((o) => o.entry_id).sort()).toEqual(clubjoy.map((c) => c.id).sort());

    const saved = await admin.submit(onTab(editPath(id), "specialisaties"), { intent: "specialisations", [`specialisations[${a.id}]`]: "on", [`specialisations[${b.id}]`]: "off" });
    expect(saved.url).toBe(`${onTab(editPath(id), "specialisaties")}#specialisaties`);
    expect(notificationIn(saved.html)).toBe("Specialisaties opgeslagen.");
    expect(await answers()).toEqual([
      { entry_id: a.id, value: 1 },
      { entry_id: b.id, value: 0 },
    ]);

    const forged = await admin.submit(onTab(editPath(id), "specialisaties"), { intent: "specialisations", "specialisations[999999999]": "on" });
    expect(forged.status).toBe(400);
    expect(await answers()).toHaveLength(2);
  });
});

describe("the professional's own page", () => {
  it("shows 'Mijn FITNED.NL' without Accreditatie and without admin-only fields", async () => {
    const { res, html } = await own.client.page("/mijn-fitnednl");
    expect(res.status).toBe(200);
    expect(heading(html)).toMatch(/^Mijn FITNED\.NL/);
    expect(tabNames(html)).toEqual(["Persoonsgegevens", "Specialisaties", "Diploma's", "Sportcentra"]);
    const text = pageText(html);
    expect(text).toContain(own.email);
    for (const label of ["Registratienummer", "Memo (alleen zichtbaar voor beheerders)", "Pas maken", "Account zoeken"]) expect(text).not.toContain(label);
    expect(statusButtons(html)).toEqual([]);

    // Asking for the admin's tab by its name opens the first tab, without Accreditatie's form.
    const asked = await own.client.page(onTab(OWN, "accreditatie"));
    expect(asked.res.status).toBe(200);
    expect(openTab(asked.html)).toBe("Persoonsgegevens");
    expect(asked.html).not.toContain('name="accreditationTotal"');
  });

  it("requires the address, and ignores admin-only fields it posts", async () => {
    const missing = await own.client.submit(onTab(OWN, "persoonsgegevens"), profile({ addressStreet: "Dorpsstraat" }));
    expect(missing.status).toBe(400);
    expect(fieldError(missing.html, "Huisnummer")).toBe("Dit is een verplicht veld");
    expect(fieldError(missing.html, "Postcode")).toBe("Dit is een verplicht veld");

    const saved = await own.client.submit(
      onTab(OWN, "persoonsgegevens"),
      profile({
        addressStreet: "Dorpsstraat",
        addressHouseNr: "1",
        addressPostalCode: "1234 ab",
        addressTown: "Ede",
        phone: "06-12345678",
        // Forged: only admins set these.
        memo: "door de professional",
        passNumber: "1",
        createPass: "on",
        user: "1",
        familyName: "Ander",
      }),
    );
    expect(notificationIn(saved.html)).toBe("Persoonsgegevens opgeslagen.");
    expect(await row(own.registrantId)).toMatchObject({
      address_postal_code: "1234AB",
      phone: "0612345678",
      memo: "",
      pass_number: NUMBER_BASE + 1,
      create_pass: 0,
      user_id: own.userId,
      family_name: TAG,
    });
  });

  it("refuses a photo above 10 MB and a post with more files than the form has, keeping what was typed and storing nothing", async () => {
    const before = await row(own.registrantId);
    const files = async () => Number((await getDb().selectFrom("files").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    const filesBefore = await files();
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#0a0" } }).png().toBuffer();
    const typed = () => {
      const body = new FormData();
      for (const [k, v] of Object.entries(profile({ addressStreet: "Groteweg", addressHouseNr: "9", addressPostalCode: "1234AB", addressTown: "Ede" }))) body.set(k, v);
      return body;
    };
    // Just over the limit: read, checked, refused beside the field, the typed values kept.
    const big = Buffer.alloc(10 * 1024 * 1024 + 1);
    png.copy(big);
    const tooBig = typed();
    tooBig.set("image", new Blob([new Uint8Array(big)], { type: "image/png" }), "groot.png");
    const refused = await own.client.post(onTab(OWN, "persoonsgegevens"), tooBig);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(errorsIn(html)).toContain("Het bestand is te groot (maximaal 10 MB).");
    expect(html).toContain('value="Groteweg"');
    // Two files where the form has one: refused unread.
    const twice = typed();
    twice.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "een.png");
    twice.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "twee.png");
    const forged = await own.client.post(onTab(OWN, "persoonsgegevens"), twice);
    expect(forged.status).toBe(413);
    expect(errorsIn(await forged.text())).toContain("De bestanden zijn samen te groot (maximaal 20 MB per keer opslaan).");
    expect(await row(own.registrantId)).toEqual(before);
    expect(await files()).toBe(filesBefore);
  });

  it("refuses the admin's posts: status, diplomas and accreditation", async () => {
    expect((await own.client.post("/mijn-fitnednl", { intent: "toggle-inactive" })).headers.get("location")).toBe("/");
    expect((await own.client.post("/mijn-fitnednl", { intent: "qualifications", "qualifications[]": "1" })).headers.get("location")).toBe("/");
    expect((await own.client.post("/mijn-fitnednl", { intent: "accreditation", accreditationTotal: "x" })).status).toBe(400);
    expect(await row(own.registrantId)).toMatchObject({ inactive: 0, accreditation_total: "" });
  });

  it("is what the professional's dashboard leads to, with what asks for attention", async () => {
    const { html } = await own.client.page("/");
    const card = region(html, "Mijn FITNED.NL")!;
    expect(pageText(card)).toContain(`Uw registratienummer: ${NUMBER_BASE + 1}`);
    expect(linkByName(card, "U heeft nog niet alle specialisaties met Ja of Nee ingevuld.").href).toBe("/mijn-fitnednl?tab=specialisaties#specialisaties");
    expect(linkByName(card, "Naar Mijn FITNED.NL").href).toBe("/mijn-fitnednl");
    // Without establishments there is nothing to say about them.
    expect(region(html, "Meldingen over uw vestigingen")).toBeUndefined();
  });

  it("sends an account without professional home", async () => {
    const user = await insertUser(getDb(), { familyName: `Zonder${TAG}` });
    const client = await signIn(user.email);
    const res = await client.get("/mijn-fitnednl");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
  });

  it("is not an admin page: the professional cannot open another's", async () => {
    const res = await own.client.get(editPath(own.registrantId));
    expect(res.headers.get("location")).toBe("/");
  });
});

describe("the export of the register", () => {
  it("streams every professional as CSV for admins only", async () => {
    const res = await admin.get("/fitnednl/export/fitnednl.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="fitnednl-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(text.startsWith("\uFEFFID;Registratienummer;Voornaam;Tussenvoegsel;Achternaam;Naam;E-mailadres")).toBe(true);
    expect(text).toContain(`${NUMBER_BASE + 2};${NUMBER_BASE + 1};Olga;;${TAG};Olga ${TAG};${own.email}`);

    const page = await admin.page("/fitnednl/export");
    expect(pageText(page.html)).toContain("Download als CSV");
    expect((await own.client.get("/fitnednl/export/fitnednl.csv")).headers.get("location")).toBe("/");
  });
});
