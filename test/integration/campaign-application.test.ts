import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { sha256 } from "../../app/lib/crypto.server";
import { formatDate } from "../../app/lib/format";
import { purgeStale } from "../../app/lib/housekeeping.server";
import { openBytes, openText, sealedKeyIdOfBytes, sealedKeyIdOfText } from "../../app/lib/personal-data.server";
import { resealPersonalData } from "../../app/registration/campaign-application.server";
import { insertEnterprise, insertManagedEnterprise, insertMember, insertUser } from "../fixtures";
import {
  Client,
  control,
  errorSummary,
  fieldError,
  getDb,
  hasLink,
  heading,
  links,
  pageText,
  serverLogEntries,
  sessionFor,
} from "./support";

/**
 * The public campaign application form (part 2 §2.1 register_campaign_nld, §3, §4.6, §5 Campaign
 * form) through a browser without JavaScript, and what follows from a completed sign-up: the BSN
 * and documents sealed at rest, shown to admins only (masked, downloads logged), the exports, the
 * retention job and the key rotation. Every application here is a fixture of this file: the demo
 * participant's link stays open for the demo and the accessibility walk.
 */
const ADMIN = "beheer@voorbeeld.nl";
const MEMBER = "lid@voorbeeld.nl";
const ESTABLISHMENT = "vestiging@voorbeeld.nl";
const TAG = `Nld${Date.now().toString(36)}`;
const PAGE = "/aanmelding-nederland-leert-door";

const REQUIRED = "Dit is een verplicht veld";
const BSN_INVALID = "U dient een geldig BSN in te voeren (8 of 9 cijfers)";
const POSTCODE_INVALID = 'U dient een postcode van de vorm "1234AB" in te voeren';
const PHONE_INVALID = "Het telefoonnummer dient uit 10 cijfers te bestaan";
const CHOOSE_AGAIN = "Kies dit bestand opnieuw: bestanden worden pas bewaard als het hele formulier in orde is.";
const WRONG_TYPE = "Dit bestandstype is niet toegestaan. Toegestaan: jpg, png, pdf.";
const TOO_LARGE = "Het bestand is te groot (maximaal 10 MB).";
const NOT_FOUND = "Deze link is niet geldig.";
const ALREADY = "U heeft uw aanmelding reeds voltooid.";
const THANKS = "Bedankt voor uw aanmelding";

const LABELS = {
  gender: "Geslacht",
  initials: "Voorletters",
  firstName: "Voornaam",
  lastNamePrefix: "Tussenvoegsel",
  lastName: "Achternaam",
  bsn: "Burgerservicenummer (BSN)",
  dateOfBirth: "Geboortedatum",
  phone: "Telefoonnummer",
  addressStreet: "Straat",
  addressHouseNr: "Huisnummer",
  addressPostalCode: "Postcode",
  addressTown: "Plaats",
  idDoc: "Identiteitsbewijs",
  consentDoc: "Toestemmingsformulier",
} as const;

/** What a participant types, as typed: the postcode with a space, the phone with a dash. */
const TYPED: Record<string, string> = {
  gender: "f",
  initials: "J.M.",
  firstName: "Julia",
  lastNamePrefix: "van",
  lastName: `Dijk${TAG}`,
  bsn: "111222333",
  dateOfBirth: "1995-04-30",
  phone: "06-1234 5678",
  addressStreet: "Kerkstraat",
  addressHouseNr: "12a",
  addressPostalCode: "1234 ab",
  addressTown: "Haarlem",
};

const PDF = Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% toestemming ${TAG}\n%%EOF\n`);
let JPEG: Buffer;
/** An HTML page renamed to .jpg: refused by its content. */
const DISGUISED = Buffer.from("<html><body><script>alert('x')</script></body></html>");

type Upload = { bytes: Buffer; name: string; type: string };
const pdf = (name = "toestemming.pdf"): Upload => ({ bytes: PDF, name, type: "application/pdf" });
const jpeg = (name = "paspoort.jpg"): Upload => ({ bytes: JPEG, name, type: "image/jpeg" });

/** The multipart post of the form: the fields as given and the files chosen (none: an empty file input). */
function formPost(fields: Record<string, string>, files: { idDoc?: Upload; consentDoc?: Upload } = {}): FormData {
  const form = new FormData();
  form.append("homepage", fields.homepage ?? "");
  for (const [name, value] of Object.entries(fields)) if (name !== "homepage") form.append(name, value);
  for (const name of ["idDoc", "consentDoc"] as const) {
    const file = files[name];
    if (file) form.append(name, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    else form.append(name, new Blob([], { type: "application/octet-stream" }), "");
  }
  return form;
}

const complete = () => formPost(TYPED, { idDoc: jpeg(), consentDoc: pdf() });

/** An establishment of this file's own with interest in the campaign. */
async function newEnterprise(): Promise<number> {
  const db = getDb();
  const memberId = await insertMember(db, { name: `Campagne ${TAG} BV` });
  const id = await insertEnterprise(db, memberId, { name: `Campagne ${TAG} ${Math.random().toString(36).slice(2, 7)}` });
  await db.updateTable("enterprises").set({ campaign_nld_interest: 1, campaign_email: `contact-${TAG}@voorbeeld.nl` }).where("id", "=", id).execute();
  return id;
}

let counter = 0;
/** A participant slot signed up by `enterpriseId` with a personal link; returns the link's token. */
async function newApplication(enterpriseId?: number, { slot = 1, submitted = true } = {}) {
  const enterprise = enterpriseId ?? (await newEnterprise());
  counter += 1;
  const token = `test-${TAG}-${counter}-${Math.random().toString(36).slice(2)}`;
  const row = await getDb()
    .insertInto("campaign_applications")
    .values({
      enterprise_id: enterprise,
      slot,
      email: `deelnemer-${TAG}-${counter}@voorbeeld.nl`,
      course: "fitnesstrainer-a",
      trainer: "fit-academie-nederland",
      date_location: "2021-11-15-amsterdam",
      submitted: submitted ? new Date().toISOString() : null,
      token_hash: sha256(token),
      created: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { token, id: row.id, enterpriseId: enterprise, path: `${PAGE}/${token}`, email: `deelnemer-${TAG}-${counter}@voorbeeld.nl` };
}

async function stored(id: number) {
  return getDb().selectFrom("campaign_applications").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

async function documentsOf(id: number) {
  return getDb().selectFrom("files").selectAll().where("purpose", "=", "campaign_document").where("owner_id", "=", id).orderBy("id").execute();
}

/** Nothing of the participant was written: the slot is open and no document is stored. */
async function expectNothingWritten(id: number) {
  const row = await stored(id);
  expect(row.completed).toBeNull();
  expect(row.bsn_sealed).toBeNull();
  expect(row.first_name).toBe("");
  expect(await documentsOf(id)).toEqual([]);
}

const uploads = () => path.join(process.env.DATA_DIR!, "uploads");
const valueOf = (html: string, label: string) => control(html, label).getAttribute("value");
const selectedOf = (html: string, label: string) => control(html, label).querySelector("option[selected]")?.getAttribute("value");
const documentPath = (enterpriseId: number, slot: number, document: string) =>
  `/vestigingen/bewerken/${enterpriseId}/scholingscampagne/${slot}/${document}`;

beforeAll(async () => {
  JPEG = await sharp({ create: { width: 8, height: 6, channels: 3, background: "#3366cc" } }).jpeg().toBuffer();
});

describe("the personal link", () => {
  it("without a token leads home", async () => {
    const res = await new Client().get(PAGE);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
  });

  it("answers an unknown link, and a slot saved but never submitted, with 404 'Deze link is niet geldig.'", async () => {
    for (const token of ["onbekend-token", encodeURIComponent("?x=1/../")]) {
      const { res, html } = await new Client().page(`${PAGE}/${token}`);
      expect(res.status).toBe(404);
      expect(heading(html)).toBe(NOT_FOUND);
      expect(html).not.toContain('name="bsn"');
    }
    const open = await newApplication(undefined, { submitted: false });
    const { res, html } = await new Client().page(open.path);
    expect(res.status).toBe(404);
    expect(heading(html)).toBe(NOT_FOUND);
  });

  it("shows the form with the establishment's choices read-only, to anyone, signed in or not", async () => {
    const application = await newApplication();
    for (const client of [new Client(), await sessionFor(MEMBER)]) {
      const { res, html } = await client.page(application.path);
      expect(res.status).toBe(200);
      expect(heading(html)).toBe("Aanmelding Nederland Leert Door");
      const text = pageText(html);
      expect(text).toContain(`E-mailadres ${application.email}`);
      expect(text).toContain("Opleiding Fitnesstrainer A");
      expect(text).toContain("Opleider Fit Academie Nederland");
      expect(text).toContain("Datum en locatie 15-11-2021 Amsterdam");
      for (const label of Object.values(LABELS)) expect(control(html, label)).toBeTruthy();
      expect(control(html, LABELS.gender).querySelectorAll("option").map((o) => o.text)).toEqual(["Maak een keuze", "Man", "Vrouw", "Anders"]);
      expect(control(html, LABELS.dateOfBirth).getAttribute("type")).toBe("date");
      expect(control(html, LABELS.idDoc).getAttribute("type")).toBe("file");
      expect(html).toMatch(/<form[^>]*enctype="multipart\/form-data"/i);
    }
  });
});

describe("validation (part 2 §5 Campaign form)", () => {
  it("requires every field but the prefix, both files too, and keeps what was typed", async () => {
    const application = await newApplication();
    const client = new Client();
    const empty = Object.fromEntries(Object.keys(TYPED).map((name) => [name, ""]));
    const res = await client.submit(application.path, formPost({ ...empty, initials: " J. " }));
    expect(res.status).toBe(400);
    for (const [name, label] of Object.entries(LABELS)) {
      if (name === "lastNamePrefix" || name === "initials") expect(fieldError(res.html, label)).toBeUndefined();
      else expect(fieldError(res.html, label), label).toBe(REQUIRED);
    }
    expect(valueOf(res.html, LABELS.initials)).toBe(" J. ");
    const summary = errorSummary(res.html)!;
    expect(summary.fields.map((f) => f.text)).toContain(`${LABELS.idDoc}: ${REQUIRED}`);
    expect(summary.fields.map((f) => f.text)).toContain(`${LABELS.bsn}: ${REQUIRED}`);
    await expectNothingWritten(application.id);
  });

  it("checks the BSN with the eleven-proof, 8 digits padded to 9", async () => {
    const application = await newApplication();
    const client = new Client();
    // The files are left out, so no post completes the sign-up: only the BSN's own message counts.
    for (const bsn of ["123456789", "12345678", "1234567", "1234567890", "000000000", "12345678a"]) {
      const res = await client.submit(application.path, formPost({ ...TYPED, bsn }));
      expect(res.status).toBe(400);
      expect(fieldError(res.html, LABELS.bsn), bsn).toBe(BSN_INVALID);
      expect(valueOf(res.html, LABELS.bsn)).toBe(bsn);
    }
    for (const bsn of ["111222333", "123456782", "12345672", " 012345672 "]) {
      const res = await client.submit(application.path, formPost({ ...TYPED, bsn }));
      expect(res.status).toBe(400);
      expect(fieldError(res.html, LABELS.bsn), bsn).toBeUndefined();
      expect(fieldError(res.html, LABELS.idDoc)).toBe(REQUIRED);
    }
    await expectNothingWritten(application.id);
  });

  it("accepts the postcode and phone as people type them and refuses other formats", async () => {
    const application = await newApplication();
    const client = new Client();
    for (const [addressPostalCode, phone] of [
      ["1234 ab", "06-1234 5678"],
      ["1234AB", "0612345678"],
    ]) {
      const res = await client.submit(application.path, formPost({ ...TYPED, addressPostalCode, phone }));
      expect(fieldError(res.html, LABELS.addressPostalCode)).toBeUndefined();
      expect(fieldError(res.html, LABELS.phone)).toBeUndefined();
    }
    const res = await client.submit(application.path, formPost({ ...TYPED, addressPostalCode: "1234 A", phone: "061234567", gender: "x", dateOfBirth: "1995-02-30" }));
    expect(res.status).toBe(400);
    expect(fieldError(res.html, LABELS.addressPostalCode)).toBe(POSTCODE_INVALID);
    expect(fieldError(res.html, LABELS.phone)).toBe(PHONE_INVALID);
    expect(fieldError(res.html, LABELS.gender)).toBe("Kies een waarde uit de lijst");
    expect(fieldError(res.html, LABELS.dateOfBirth)).toBe("U dient een geldige datum in te voeren (DD-MM-JJJJ)");
    expect(valueOf(res.html, LABELS.addressPostalCode)).toBe("1234 A");
    await expectNothingWritten(application.id);
  });
});

describe("the documents", () => {
  it("refuses a file whose content is no jpg, png or pdf, and asks to choose the good one again, keeping every field", async () => {
    const application = await newApplication();
    const res = await new Client().submit(
      application.path,
      formPost(TYPED, { idDoc: { bytes: DISGUISED, name: "paspoort.jpg", type: "image/jpeg" }, consentDoc: pdf() }),
    );
    expect(res.status).toBe(400);
    expect(fieldError(res.html, LABELS.idDoc)).toBe(WRONG_TYPE);
    expect(fieldError(res.html, LABELS.consentDoc)).toBe(CHOOSE_AGAIN);
    for (const name of ["initials", "firstName", "lastNamePrefix", "lastName", "bsn", "dateOfBirth", "phone", "addressStreet", "addressHouseNr", "addressPostalCode", "addressTown"] as const) {
      expect(valueOf(res.html, LABELS[name]), name).toBe(TYPED[name]);
    }
    expect(selectedOf(res.html, LABELS.gender)).toBe("f");
    // Files are never sent back.
    expect(res.html).not.toContain("paspoort.jpg");
    await expectNothingWritten(application.id);
  });

  it("refuses a file over 10 MB beside its field, with the rest kept", async () => {
    const application = await newApplication();
    const large = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 10, 0x20)]);
    const res = await new Client().submit(application.path, formPost(TYPED, { idDoc: jpeg(), consentDoc: { bytes: large, name: "groot.pdf", type: "application/pdf" } }));
    expect(res.status).toBe(400);
    expect(fieldError(res.html, LABELS.consentDoc)).toBe(TOO_LARGE);
    expect(fieldError(res.html, LABELS.idDoc)).toBe(CHOOSE_AGAIN);
    expect(valueOf(res.html, LABELS.firstName)).toBe(TYPED.firstName);
    await expectNothingWritten(application.id);
  });

  it("asks to choose both files again when another field is refused", async () => {
    const application = await newApplication();
    const res = await new Client().submit(application.path, formPost({ ...TYPED, bsn: "123456789" }, { idDoc: jpeg(), consentDoc: pdf() }));
    expect(res.status).toBe(400);
    expect(fieldError(res.html, LABELS.bsn)).toBe(BSN_INVALID);
    expect(fieldError(res.html, LABELS.idDoc)).toBe(CHOOSE_AGAIN);
    expect(fieldError(res.html, LABELS.consentDoc)).toBe(CHOOSE_AGAIN);
    expect(valueOf(res.html, LABELS.lastName)).toBe(TYPED.lastName);
    await expectNothingWritten(application.id);
  });

  it("answers a post with more files than the form has with 413 on the file fields", async () => {
    const application = await newApplication();
    const form = complete();
    form.append("idDoc", new Blob([new Uint8Array(PDF)], { type: "application/pdf" }), "extra.pdf");
    const res = await new Client().submit(application.path, form);
    expect(res.status).toBe(413);
    expect(fieldError(res.html, LABELS.idDoc)).toBe(TOO_LARGE);
    await expectNothingWritten(application.id);
  });
});

describe("abuse", () => {
  it("answers a filled honeypot exactly like a success and writes nothing", async () => {
    const application = await newApplication();
    const res = await new Client().post(application.path, formPost({ ...TYPED, homepage: "https://spam.example" }, { idDoc: jpeg(), consentDoc: pdf() }));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${application.path}?voltooid=1`);
    await expectNothingWritten(application.id);
    await expect.poll(() => serverLogEntries().some((e) => e.event === "honeypot" && e.form === "campaign")).toBe(true);
  });

  it("refuses a valid post beyond the address's limit with 'Teveel verkeer', everything typed kept, nothing written", async () => {
    const application = await newApplication();
    const client = new Client();
    await getDb()
      .insertInto("rate_limits")
      .values({ key: `publicFormIp:${client.ip}`, count: 60, reset_at: new Date(Date.now() + 3600_000).toISOString() })
      .execute();
    const res = await client.submit(application.path, complete());
    expect(res.status).toBe(429);
    expect(errorSummary(res.html)?.formErrors.join(" ")).toMatch(/^Teveel verkeer: /);
    expect(valueOf(res.html, LABELS.bsn)).toBe(TYPED.bsn);
    expect(valueOf(res.html, LABELS.addressPostalCode)).toBe(TYPED.addressPostalCode);
    expect(fieldError(res.html, LABELS.idDoc)).toBe(CHOOSE_AGAIN);
    await expectNothingWritten(application.id);
  });
});

describe("a completed sign-up", () => {
  const done = { id: 0, enterpriseId: 0, path: "", open: 0 };

  beforeAll(async () => {
    const application = await newApplication();
    // Slot 2 of the same establishment: submitted, not completed.
    done.open = (await newApplication(application.enterpriseId, { slot: 2 })).id;
    const res = await new Client().post(application.path, complete());
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${application.path}?voltooid=1`);
    Object.assign(done, { id: application.id, enterpriseId: application.enterpriseId, path: application.path });
  });

  it("thanks the participant, then says it was completed", async () => {
    const client = new Client();
    const thanks = await client.page(`${done.path}?voltooid=1`);
    expect(thanks.res.status).toBe(200);
    expect(heading(thanks.html)).toBe(THANKS);
    const again = await client.page(done.path);
    expect(again.res.status).toBe(200);
    expect(heading(again.html)).toBe(ALREADY);
    expect(again.html).not.toContain('name="bsn"');
  });

  it("stores the fields normalised, the BSN sealed and both documents sealed under generic names", async () => {
    const row = await stored(done.id);
    expect(row.completed).not.toBeNull();
    expect(row).toMatchObject({
      gender: "f",
      initials: "J.M.",
      first_name: "Julia",
      last_name_prefix: "van",
      last_name: TYPED.lastName,
      date_of_birth: "1995-04-30",
      phone: "0612345678",
      address_street: "Kerkstraat",
      address_house_nr: "12a",
      address_postal_code: "1234AB",
      address_town: "Haarlem",
      personal_data_removed: null,
    });
    expect(row.bsn_sealed).not.toContain("111222333");
    expect(sealedKeyIdOfText(row.bsn_sealed!)).toBe("demo");
    expect(openText(row.bsn_sealed!)).toBe("111222333");

    const files = await documentsOf(done.id);
    expect(files.map((f) => [f.id, f.original_name, f.mime])).toEqual([
      [row.id_doc_file_id, "identiteitsbewijs.jpg", "image/jpeg"],
      [row.consent_doc_file_id, "toestemmingsformulier.pdf", "application/pdf"],
    ]);
    for (const file of files) {
      const onDisk = fs.readFileSync(path.join(uploads(), file.storage_name));
      expect(onDisk.includes("%PDF")).toBe(false);
      expect(onDisk.includes(Buffer.from(TAG))).toBe(false);
      expect([...onDisk.subarray(0, 3)]).not.toEqual([0xff, 0xd8, 0xff]);
      expect(sealedKeyIdOfBytes(onDisk)).toBe("demo");
    }
    expect(openBytes(fs.readFileSync(path.join(uploads(), files[1].storage_name)))).toEqual(PDF);
  });

  it("logs the completion, never the BSN", async () => {
    await expect
      .poll(() => serverLogEntries().some((e) => e.event === "campaign_application_completed" && e.subject === done.id && e.outcome === "success"))
      .toBe(true);
    expect(fs.readFileSync(path.join(process.env.DATA_DIR!, "server.log"), "utf8")).not.toContain("111222333");
  });

  it("refuses a second post: the page says it was completed and nothing changes", async () => {
    const before = await stored(done.id);
    const res = await new Client().post(done.path, complete());
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(done.path);
    expect(await stored(done.id)).toEqual(before);
    expect(await documentsOf(done.id)).toHaveLength(2);
  });

  it("completes a sign-up posted twice at once only once", async () => {
    const application = await newApplication();
    const answers = await Promise.all([new Client().post(application.path, complete()), new Client().post(application.path, complete())]);
    const locations = answers.map((a) => a.headers.get("location")).sort();
    expect(locations).toEqual([application.path, `${application.path}?voltooid=1`]);
    expect(await documentsOf(application.id)).toHaveLength(2);
  });

  it("shows on tab Algemeen whether it was completed, and admins only the name, the masked BSN and the documents", async () => {
    const admin = await sessionFor(ADMIN);
    const { res, html } = await admin.page(`/vestigingen/bewerken/${done.enterpriseId}`);
    expect(res.status).toBe(200);
    const text = pageText(html);
    expect(text).toContain(`Aanmelding voltooid op ${formatDate(new Date())}`);
    expect(text).toContain("Nog niet voltooid door de deelnemer");
    expect(text).toContain(`Naam deelnemer Julia van ${TYPED.lastName}`);
    expect(text).toContain("BSN *****2333");
    expect(html).not.toContain("111222333");
    expect(links(html).filter((l) => l.href.includes("/scholingscampagne/")).map((l) => [l.name, l.href])).toEqual([
      ["Identiteitsbewijs van deelnemer 1", documentPath(done.enterpriseId, 1, "identiteitsbewijs")],
      ["Toestemmingsformulier van deelnemer 1", documentPath(done.enterpriseId, 1, "toestemmingsformulier")],
    ]);

    // A manager of the establishment sees only that it was completed.
    const managed = await insertManagedEnterprise(getDb());
    const application = await newApplication(managed.enterpriseId);
    expect((await new Client().post(application.path, complete())).status).toBe(302);
    const manager = await sessionFor(managed.manager.email);
    const own = await manager.page(`/mijn-vestigingen/bewerken/${managed.enterpriseId}`);
    expect(own.res.status).toBe(200);
    const ownText = pageText(own.html);
    expect(ownText).toContain(`Aanmelding voltooid op ${formatDate(new Date())}`);
    expect(ownText).not.toContain("*****");
    expect(ownText).not.toContain(TYPED.lastName);
    expect(ownText).not.toContain("Naam deelnemer");
    expect(hasLink(own.html, /^Identiteitsbewijs/)).toBe(false);
    expect(own.html).not.toContain("/scholingscampagne/");
  });

  it("lets admins download the documents, opened and logged", async () => {
    const admin = await sessionFor(ADMIN);
    const adminId = (await getDb().selectFrom("users").select("id").where("email", "=", ADMIN).executeTakeFirstOrThrow()).id;
    const consent = await admin.get(documentPath(done.enterpriseId, 1, "toestemmingsformulier"));
    expect(consent.status).toBe(200);
    expect(consent.headers.get("content-type")).toBe("application/pdf");
    expect(consent.headers.get("content-disposition")).toMatch(/^attachment; filename="toestemmingsformulier.pdf"/);
    expect(consent.headers.get("x-content-type-options")).toBe("nosniff");
    expect(consent.headers.get("cache-control")).toBe("no-store");
    expect(Buffer.from(await consent.arrayBuffer())).toEqual(PDF);

    const id = await admin.get(documentPath(done.enterpriseId, 1, "identiteitsbewijs"));
    expect(id.status).toBe(200);
    expect(id.headers.get("content-type")).toBe("image/jpeg");
    const image = await sharp(Buffer.from(await id.arrayBuffer())).metadata();
    expect([image.format, image.width, image.height]).toEqual(["jpeg", 8, 6]);

    await expect
      .poll(() => serverLogEntries().filter((e) => e.event === "personal_data_read" && e.subject === done.id).map((e) => [e.document, e.account, e.log]))
      .toEqual([
        ["toestemmingsformulier", adminId, "security"],
        ["identiteitsbewijs", adminId, "security"],
      ]);

    // No document behind an open slot, an unknown name or another establishment's slot.
    for (const other of [
      documentPath(done.enterpriseId, 2, "identiteitsbewijs"),
      documentPath(done.enterpriseId, 1, "paspoort"),
      documentPath(done.enterpriseId, 3, "identiteitsbewijs"),
      documentPath(done.enterpriseId + 100_000, 1, "identiteitsbewijs"),
    ]) {
      expect((await admin.get(other)).status, other).toBe(404);
    }
  });

  it("refuses the documents to everyone else as on every admin-only page, logging no read", async () => {
    const path = documentPath(done.enterpriseId, 1, "identiteitsbewijs");
    const before = serverLogEntries().filter((e) => e.event === "personal_data_read").length;
    const anonymous = await new Client().get(path);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe(`/?next=${encodeURIComponent(path)}`);
    // A member, an establishment manager, and a manager of the establishment's own membership.
    const memberId = (await getDb().selectFrom("enterprises").select("member_id").where("id", "=", done.enterpriseId).executeTakeFirstOrThrow()).member_id;
    const ownManager = await insertUser(getDb(), { memberId, managerMember: true });
    for (const email of [MEMBER, ESTABLISHMENT, ownManager.email]) {
      const res = await (await sessionFor(email)).get(path);
      expect(res.status, email).toBe(302);
      expect(res.headers.get("location"), email).toBe("/");
    }
    expect(serverLogEntries().filter((e) => e.event === "personal_data_read").length).toBe(before);
  });

  it("never serves a document as an image, not even to an admin", async () => {
    const admin = await sessionFor(ADMIN);
    const row = await stored(done.id);
    for (const size of ["150/0", "420/0", "150/100"]) {
      const res = await admin.get(`/image/${row.id_doc_file_id}/${size}/x`);
      expect(res.status, size).toBe(404);
    }
  });

  it("puts the completion in the exports, never the BSN or the documents", async () => {
    const admin = await sessionFor(ADMIN);
    const csv = async (file: string) => (await (await admin.get(`/vestigingen/export/${file}`)).text()).replace(/^\uFEFF/, "").split("\r\n");
    const applications = await csv("campagne-aanmeldingen.csv");
    expect(applications[0]).toMatch(
      /;Voltooid op;Geslacht;Voorletters;Voornaam;Tussenvoegsel;Achternaam;Geboortedatum;Telefoon;Straat;Huisnummer;Postcode;Plaats$/,
    );
    const row = applications.find((l) => l.includes(TYPED.lastName))!;
    expect(row).toContain(`;${formatDate(new Date())};Vrouw;J.M.;Julia;van;${TYPED.lastName};30-04-1995;0612345678;Kerkstraat;12a;1234AB;Haarlem`);
    const open = applications.find((l) => l.includes(`;2;deelnemer-${TAG}`) && l.includes(`Campagne ${TAG}`))!;
    expect(open).toMatch(/;;;;;;;;;;;;$/);
    const all = applications.join("\n");
    expect(all).not.toContain("111222333");
    expect(all).not.toContain("*****");
    expect(all.toLowerCase()).not.toContain("identiteitsbewijs");

    const interest = await csv("campagne-interesse.csv");
    expect(interest[0]).toMatch(/;Aantal aanmeldingen;Aantal voltooid$/);
    const name = (await getDb().selectFrom("enterprises").select("name").where("id", "=", done.enterpriseId).executeTakeFirstOrThrow()).name;
    expect(interest.find((l) => l.includes(name))).toMatch(/;2;1$/);
  });
});

describe("retention and key rotation", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  async function completed() {
    const application = await newApplication();
    const res = await new Client().post(application.path, complete());
    expect(res.headers.get("location")).toBe(`${application.path}?voltooid=1`);
    return { ...application, row: await stored(application.id), files: await documentsOf(application.id) };
  }

  it("removes the BSN and both documents after the retention period, and keeps younger sign-ups", async () => {
    const old = await completed();
    const young = await completed();
    const longAgo = new Date(Date.now() - 400 * 24 * 3600_000).toISOString();
    await getDb().updateTable("campaign_applications").set({ completed: longAgo }).where("id", "=", old.id).execute();
    const lines: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    vi.spyOn(process.stdout, "write").mockImplementation(((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return write(chunk);
    }) as typeof process.stdout.write);

    await purgeStale();

    const row = await stored(old.id);
    expect(row).toMatchObject({ bsn_sealed: null, id_doc_file_id: null, consent_doc_file_id: null, last_name: TYPED.lastName, completed: longAgo });
    expect(row.personal_data_removed).not.toBeNull();
    expect(await documentsOf(old.id)).toEqual([]);
    for (const file of old.files) expect(fs.existsSync(path.join(uploads(), file.storage_name))).toBe(false);
    const logged = lines.filter((l) => l.includes('"personal_data_removed"')).map((l) => JSON.parse(l));
    expect(logged.map((e) => [e.subject, e.outcome, e.log])).toEqual([[old.id, "success", "security"]]);

    // The younger one is untouched.
    expect(await stored(young.id)).toEqual(young.row);
    expect(await documentsOf(young.id)).toHaveLength(2);

    // Once removed, a second run does nothing; the admin sees when it was removed and no downloads.
    await purgeStale();
    expect(await stored(old.id)).toEqual(row);
    const admin = await sessionFor(ADMIN);
    const { html } = await admin.page(`/vestigingen/bewerken/${old.enterpriseId}`);
    const text = pageText(html);
    expect(text).toContain(`Persoonsgegevens verwijderd op ${formatDate(row.personal_data_removed)}`);
    expect(text).toContain(`Aanmelding voltooid op ${formatDate(longAgo)}`);
    expect(text).not.toContain("*****");
    expect(html).not.toContain("/scholingscampagne/");
    expect((await admin.get(documentPath(old.enterpriseId, 1, "identiteitsbewijs"))).status).toBe(404);
  });

  it("seals every BSN and document under an old key anew with the current key, and back", async () => {
    const application = await completed();
    const demo = `demo:${Buffer.from("ledenportaal-demo-persoonsgegevens").subarray(0, 32).toString("base64")}`;
    const next = `volgende:${Buffer.alloc(32, 9).toString("base64")}`;
    const keyIds = async () => {
      const row = await stored(application.id);
      const files = await documentsOf(application.id);
      return [sealedKeyIdOfText(row.bsn_sealed!), ...files.map((f) => sealedKeyIdOfBytes(fs.readFileSync(path.join(uploads(), f.storage_name))))];
    };
    expect(await keyIds()).toEqual(["demo", "demo", "demo"]);

    // A new key first: everything under the demo key is sealed anew (every sign-up of the run).
    // Stubbed: put back after the test (afterEach), for the next test files in this process.
    vi.stubEnv("PERSONAL_DATA_KEYS", `${next},${demo}`);
    const forward = await resealPersonalData();
    expect(forward.bsns).toBeGreaterThanOrEqual(1);
    expect(forward.documents).toBeGreaterThanOrEqual(2);
    expect(await keyIds()).toEqual(["volgende", "volgende", "volgende"]);
    expect(openText((await stored(application.id)).bsn_sealed!)).toBe("111222333");
    const consent = (await documentsOf(application.id))[1];
    expect(openBytes(fs.readFileSync(path.join(uploads(), consent.storage_name)))).toEqual(PDF);
    expect(consent.size).toBe(fs.statSync(path.join(uploads(), consent.storage_name)).size);
    // Nothing is left under the old key: a second run seals nothing.
    expect(await resealPersonalData()).toEqual({ bsns: 0, documents: 0 });

    // And back under the demo key the server runs with: the admin downloads the original again.
    vi.stubEnv("PERSONAL_DATA_KEYS", `${demo},${next}`);
    const back = await resealPersonalData();
    expect(back).toEqual(forward);
    expect(await keyIds()).toEqual(["demo", "demo", "demo"]);
    const admin = await sessionFor(ADMIN);
    const res = await admin.get(documentPath(application.enterpriseId, 1, "toestemmingsformulier"));
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PDF);
  });
});
