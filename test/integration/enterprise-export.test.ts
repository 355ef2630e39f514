import { beforeAll, describe, expect, it } from "vitest";
import { insertEnterprise, insertMember, insertUser } from "../fixtures";
import { Client, getDb, links, sessionFor } from "./support";

/**
 * The export page and its three CSV files: for Dutch Excel (UTF-8 with BOM, semicolons, CRLF),
 * streamed in batches, for admins only. Rows checked here are fixtures of this file.
 */
const ADMIN = "beheer@voorbeeld.nl";
const MEMBER = "lid@voorbeeld.nl";
const TAG = `Exp${Date.now().toString(36)}`;
const LID = 1_800_000_000 + (Date.now() % 100_000) * 1000;
const BOM = [0xef, 0xbb, 0xbf];

const ids = { member: 0, enterprise: 0, plain: 0 };

async function download(client: Client, file: string) {
  const res = await client.get(`/vestigingen/export/${file}`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  return { res, bytes, text, lines: text.replace(/^\uFEFF/, "").split("\r\n") };
}

beforeAll(async () => {
  const db = getDb();
  ids.member = await insertMember(db, { name: `Export ${TAG} BV` });
  // A name with a semicolon and quotes: the cell must be quoted.
  ids.enterprise = await insertEnterprise(db, ids.member, {
    name: `Sport "${TAG}"; Centrum`,
    lidnummer: LID,
    street: "Kerkstraat",
    houseNr: "12a",
    postalCode: "1234AB",
    town: "Utrecht",
  });
  await db
    .updateTable("enterprises")
    .set({
      phone: "0201234567",
      email: `info-${TAG}@voorbeeld.nl`,
      franchise: 1,
      campaign_nld_interest: 1,
      campaign_email: `campagne-${TAG}@voorbeeld.nl`,
      campaign_first_name: "Sanne",
      campaign_last_name_prefix: "de",
      campaign_last_name: "Vries",
      campaign_interest_date: "2021-10-04T09:00:00.000Z",
    })
    .where("id", "=", ids.enterprise)
    .execute();
  const contact = await insertUser(db, { givenName: "Karel", familyName: `Appel${TAG}`, memberId: ids.member });
  await db.insertInto("enterprise_contacts").values({ enterprise_id: ids.enterprise, user_id: contact.id }).execute();
  await db
    .insertInto("campaign_applications")
    .values({
      enterprise_id: ids.enterprise,
      slot: 1,
      email: `deelnemer-${TAG}@voorbeeld.nl`,
      course: "fitnesstrainer-a",
      trainer: "fit-academie-nederland",
      date_location: "2021-11-15-amsterdam",
      submitted: "2021-10-05T10:00:00.000Z",
      token_hash: `hash-${TAG}`,
      created: "2021-10-05T10:00:00.000Z",
    })
    .execute();
  // A slot saved but never submitted is not a sign-up.
  await db
    .insertInto("campaign_applications")
    .values({ enterprise_id: ids.enterprise, slot: 2, email: `open-${TAG}@voorbeeld.nl`, created: "2021-10-05T10:00:00.000Z" })
    .execute();
  // Interest off: not in the interest export.
  ids.plain = await insertEnterprise(db, ids.member, { name: `Zonder interesse ${TAG}`, approved: false });
});

describe("export page", () => {
  it("shows admins the three download buttons, opening in a new window", async () => {
    const admin = await sessionFor(ADMIN);
    const { res, html } = await admin.page("/vestigingen/export");
    expect(res.status).toBe(200);
    expect(html).toContain("<h1>Export</h1>");
    for (const [file, label] of [
      ["campagne-interesse.csv", "Interesse-registraties scholingscampagne"],
      ["campagne-aanmeldingen.csv", "Alle aanmeldingen scholingscampagne"],
      ["vestigingen.csv", "Vestigingen"],
    ]) {
      const link = links(html).find((l) => l.href === `/vestigingen/export/${file}`);
      expect(link?.name).toBe(label);
      expect(link?.el.getAttribute("target")).toBe("_blank");
    }
  });

  it("sends others home and anonymous visitors to the login", async () => {
    const member = await sessionFor(MEMBER);
    expect((await member.get("/vestigingen/export")).headers.get("location")).toBe("/");
    const anonymous = new Client();
    expect((await anonymous.get("/vestigingen/export")).headers.get("location")).toBe(
      `/?next=${encodeURIComponent("/vestigingen/export")}`,
    );
  });
});

describe("export files", () => {
  let admin: Client;
  beforeAll(async () => {
    admin = await sessionFor(ADMIN);
  });

  it("serves the establishments as a dated CSV attachment for Dutch Excel", async () => {
    const { res, bytes, text, lines } = await download(admin, "vestigingen.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="vestigingen-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([...bytes.slice(0, 3)]).toEqual(BOM);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(lines[0]).toBe(
      "Lidnummer;Naam vestiging;Lidmaatschap;Niet-lid;Straat;Huisnummer;Postcode;Plaats;Telefoon;E-mailadres;" +
        "Openbaar e-mailadres;Website;KvK-nummer;Contactpersonen;E-mailadressen contactpersonen;Franchise;" +
        "Goedgekeurd;Actief;Zichtbaar;Status;Aangemaakt",
    );
    const row = lines.find((l) => l.startsWith(`${LID};`));
    expect(row).toMatch(
      new RegExp(
        `^${LID};"Sport ""${TAG}""; Centrum";Export ${TAG} BV;Nee;Kerkstraat;12a;1234AB;Utrecht;0201234567;` +
          `info-${TAG}@voorbeeld.nl;;;;Karel Appel${TAG};fixture-[^;]+@voorbeeld.nl;Ja;Ja;Ja;Ja;Actief;\\d{2}-\\d{2}-\\d{4}$`,
      ),
    );
    const pending = lines.find((l) => l.includes(`Zonder interesse ${TAG}`));
    expect(pending).toMatch(/;Nee;Ja;Ja;Nog niet goedgekeurd;/);
    // Demo establishments are there too.
    expect(text).toContain("Sportcentrum De Vaart Noord");
  });

  it("serves the campaign interest registrations", async () => {
    const { res, bytes, lines } = await download(admin, "campagne-interesse.csv");
    expect(res.status).toBe(200);
    expect([...bytes.slice(0, 3)]).toEqual(BOM);
    expect(res.headers.get("content-disposition")).toMatch(/filename="scholingscampagne-interesse-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(lines[0]).toBe(
      "Lidnummer;Naam vestiging;Lidmaatschap;Plaats;Telefoon vestiging;Voornaam contactpersoon;Tussenvoegsel;Achternaam;" +
        "E-mailadres contactpersoon;Interesse sinds;Aantal aanmeldingen;Aantal voltooid",
    );
    expect(lines).toContain(
      `${LID};"Sport ""${TAG}""; Centrum";Export ${TAG} BV;Utrecht;0201234567;Sanne;de;Vries;campagne-${TAG}@voorbeeld.nl;04-10-2021;1;0`,
    );
    expect(lines.some((l) => l.includes(`Zonder interesse ${TAG}`))).toBe(false);
  });

  it("serves every submitted campaign sign-up with catalogue labels", async () => {
    const { res, bytes, lines } = await download(admin, "campagne-aanmeldingen.csv");
    expect(res.status).toBe(200);
    expect([...bytes.slice(0, 3)]).toEqual(BOM);
    expect(lines[0]).toBe(
      "Lidnummer;Naam vestiging;Lidmaatschap;Deelnemer;E-mailadres deelnemer;Opleiding;Opleider;Datum en locatie;" +
        "Vrijstelling praktijk;Aangemeld op;Contactpersoon campagne;E-mailadres contactpersoon;" +
        "Voltooid op;Geslacht;Voorletters;Voornaam;Tussenvoegsel;Achternaam;Geboortedatum;Telefoon;Straat;Huisnummer;Postcode;Plaats",
    );
    // Not completed by the participant: the completion's columns are empty.
    expect(lines).toContain(
      `${LID};"Sport ""${TAG}""; Centrum";Export ${TAG} BV;1;deelnemer-${TAG}@voorbeeld.nl;Fitnesstrainer A;` +
        `Fit Academie Nederland;15-11-2021 Amsterdam;Nee;05-10-2021;Sanne de Vries;campagne-${TAG}@voorbeeld.nl;;;;;;;;;;;;`,
    );
    expect(lines.some((l) => l.includes(`open-${TAG}@`))).toBe(false);
  });

  it("streams more rows than one batch without losing or repeating any", async () => {
    const db = getDb();
    const member = await insertMember(db, { name: `Bulk ${TAG}` });
    const count = 1234;
    const rows = Array.from({ length: count }, (_, i) => ({
      member_id: member,
      name: `Bulk ${TAG} ${String(i).padStart(4, "0")}`,
      created: new Date().toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 200) await db.insertInto("enterprises").values(rows.slice(i, i + 200)).execute();
    const { lines } = await download(admin, "vestigingen.csv");
    const bulk = lines.filter((l) => l.includes(`;Bulk ${TAG};`));
    expect(bulk).toHaveLength(count);
    expect(new Set(bulk).size).toBe(count);
    const total = await db.selectFrom("enterprises").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    // Header, one line per establishment, and the empty string after the last CRLF.
    expect(lines.length).toBe(Number(total.n) + 2);
    await db.deleteFrom("enterprises").where("member_id", "=", member).execute();
    await db.deleteFrom("members").where("id", "=", member).execute();
  });

  it("answers an unknown file name with 404 for admins", async () => {
    expect((await admin.get("/vestigingen/export/leden.csv")).status).toBe(404);
    expect((await admin.get("/vestigingen/export/..%2Fpasswd")).status).toBe(404);
  });

  it("refuses anonymous visitors and non-admins, whatever the file name", async () => {
    const anonymous = new Client();
    const member = await sessionFor(MEMBER);
    for (const file of ["vestigingen.csv", "campagne-interesse.csv", "campagne-aanmeldingen.csv", "leden.csv"]) {
      const path = `/vestigingen/export/${file}`;
      const anon = await anonymous.get(path);
      expect(anon.status).toBe(302);
      expect(anon.headers.get("location")).toBe(`/?next=${encodeURIComponent(path)}`);
      const other = await member.get(path);
      expect(other.status).toBe(302);
      expect(other.headers.get("location")).toBe("/");
      expect(other.headers.get("content-type") ?? "").not.toContain("text/csv");
    }
  });

  it("does not answer a forged POST with data", async () => {
    const member = await sessionFor(MEMBER);
    const res = await member.post("/vestigingen/export/vestigingen.csv", { intent: "export" });
    expect(res.headers.get("content-type") ?? "").not.toContain("text/csv");
    expect([302, 405]).toContain(res.status);
  });
});
