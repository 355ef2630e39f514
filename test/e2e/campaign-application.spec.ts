import crypto from "node:crypto";
import { insertEnterprise, insertMember } from "../fixtures";
import { db, expect, expectFieldError, field, hydrated, test } from "./support";

// The public campaign application form opened by a participant's personal link: an invalid submit
// shows the error summary (checked in the browser with JavaScript, by the server without it), a
// complete one thanks the participant. Each test signs its own participant up: the demo link stays
// open for the demo and the accessibility walk.

const PDF = { name: "toestemming.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n% toestemmingsformulier\n%%EOF\n") };
// A 1×1 PNG.
const PNG = {
  name: "paspoort.png",
  mimeType: "image/png",
  buffer: Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC", "base64"),
};
const BSN_INVALID = "U dient een geldig BSN in te voeren (8 of 9 cijfers)";
const CHOOSE_AGAIN = "Kies dit bestand opnieuw: bestanden worden pas bewaard als het hele formulier in orde is.";

async function newApplication(label: string): Promise<{ path: string; id: number }> {
  const database = await db();
  const memberId = await insertMember(database, { name: `E2E Aanmelding ${label} ${Date.now()}` });
  const enterpriseId = await insertEnterprise(database, memberId, { name: `E2E Aanmeldvestiging ${label} ${Date.now()}` });
  const token = crypto.randomBytes(24).toString("base64url");
  const now = new Date().toISOString();
  const row = await database
    .insertInto("campaign_applications")
    .values({
      enterprise_id: enterpriseId,
      slot: 1,
      email: `e2e-deelnemer-${label}-${Date.now()}@voorbeeld.nl`.toLowerCase(),
      course: "fitnesstrainer-b",
      trainer: "vitaal-vakopleidingen",
      date_location: "2021-11-25-arnhem",
      submitted: now,
      token_hash: crypto.createHash("sha256").update(token).digest("hex"),
      created: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { path: `/aanmelding-nederland-leert-door/${token}`, id: row.id };
}

test("a participant completes the campaign sign-up through the personal link", async ({ page, js }, testInfo) => {
  const application = await newApplication(testInfo.project.name);
  await page.goto(application.path);
  await expect(page.getByRole("heading", { name: "Aanmelding Nederland Leert Door" })).toBeVisible();
  // What the establishment chose, read-only.
  await expect(page.getByText("Fitnesstrainer B", { exact: true })).toBeVisible();
  await expect(page.getByText("Vitaal Vakopleidingen", { exact: true })).toBeVisible();
  await expect(page.getByText("25-11-2021 Arnhem", { exact: true })).toBeVisible();
  await hydrated(page, js);

  await field(page, "Geslacht").selectOption({ label: "Vrouw" });
  await field(page, "Voorletters").fill("E.");
  await field(page, "Voornaam").fill("Eva");
  await field(page, "Achternaam").fill("Jansen");
  await field(page, "Burgerservicenummer (BSN)").fill("123456789");
  await field(page, "Geboortedatum").fill("1998-07-14");
  await field(page, "Telefoonnummer").fill("06-1234 5678");
  await field(page, "Straat").fill("Stationsweg");
  await field(page, "Huisnummer").fill("3");
  await field(page, "Postcode").fill("6811 kl");
  await field(page, "Plaats").fill("Arnhem");
  await field(page, "Identiteitsbewijs").setInputFiles(PNG);
  await field(page, "Toestemmingsformulier").setInputFiles(PDF);
  await page.getByRole("button", { name: "Aanmelding versturen" }).click();

  // The eleven-proof fails: the summary links to the field, and what was typed stays.
  const summary = page.getByRole("alert").filter({ hasText: "Controleer de volgende velden" });
  await expect(summary).toBeVisible();
  await expect(summary.getByRole("link", { name: `Burgerservicenummer (BSN): ${BSN_INVALID}` })).toBeVisible();
  await expectFieldError(field(page, "Burgerservicenummer (BSN)"), BSN_INVALID);
  await expect(field(page, "Voornaam")).toHaveValue("Eva");
  await expect(field(page, "Postcode")).toHaveValue("6811 kl");
  if (!js) {
    // The server kept no file of the refused post: both must be chosen again.
    await expectFieldError(field(page, "Identiteitsbewijs"), CHOOSE_AGAIN);
    await expectFieldError(field(page, "Toestemmingsformulier"), CHOOSE_AGAIN);
    await field(page, "Identiteitsbewijs").setInputFiles(PNG);
    await field(page, "Toestemmingsformulier").setInputFiles(PDF);
  }

  await field(page, "Burgerservicenummer (BSN)").fill("123456782");
  await page.getByRole("button", { name: "Aanmelding versturen" }).click();
  await expect(page.getByRole("heading", { name: "Bedankt voor uw aanmelding" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${application.path}\\?voltooid=1$`));

  const row = await (await db()).selectFrom("campaign_applications").selectAll().where("id", "=", application.id).executeTakeFirstOrThrow();
  expect(row.completed).not.toBeNull();
  expect([row.first_name, row.address_postal_code, row.phone]).toEqual(["Eva", "6811KL", "0612345678"]);
  expect(row.bsn_sealed).not.toContain("123456782");

  // The link has served: opened again it says so.
  await page.goto(application.path);
  await expect(page.getByRole("heading", { name: "U heeft uw aanmelding reeds voltooid." })).toBeVisible();
});

test("a file that is no picture or pdf by its content is refused by the server; the other must be chosen again", async ({ page, js }, testInfo) => {
  const application = await newApplication(`${testInfo.project.name}-bestand`);
  await page.goto(application.path);
  await hydrated(page, js);
  const values: [string, string][] = [
    ["Voorletters", "K."],
    ["Voornaam", "Kees"],
    ["Achternaam", "Bakker"],
    ["Burgerservicenummer (BSN)", "111222333"],
    ["Geboortedatum", "1990-01-31"],
    ["Telefoonnummer", "0201234567"],
    ["Straat", "Dorpsstraat"],
    ["Huisnummer", "1"],
    ["Postcode", "1234AB"],
    ["Plaats", "Haarlem"],
  ];
  await field(page, "Geslacht").selectOption({ label: "Man" });
  for (const [label, value] of values) await field(page, label).fill(value);
  // An HTML page renamed to .jpg: only its content tells.
  await field(page, "Identiteitsbewijs").setInputFiles({ name: "paspoort.jpg", mimeType: "image/jpeg", buffer: Buffer.from("<html><body>geen foto</body></html>") });
  await field(page, "Toestemmingsformulier").setInputFiles(PDF);
  await page.getByRole("button", { name: "Aanmelding versturen" }).click();

  await expectFieldError(field(page, "Identiteitsbewijs"), "Dit bestandstype is niet toegestaan. Toegestaan: jpg, png, pdf.");
  await expectFieldError(field(page, "Toestemmingsformulier"), CHOOSE_AGAIN);
  // With JavaScript too the fields are emptied, as the messages say; everything typed stays.
  for (const label of ["Identiteitsbewijs", "Toestemmingsformulier"]) {
    expect(await field(page, label).evaluate((input) => (input as HTMLInputElement).files?.length ?? 0)).toBe(0);
  }
  for (const [label, value] of values) await expect(field(page, label)).toHaveValue(value);

  await field(page, "Identiteitsbewijs").setInputFiles(PDF);
  await field(page, "Toestemmingsformulier").setInputFiles(PDF);
  await page.getByRole("button", { name: "Aanmelding versturen" }).click();
  await expect(page.getByRole("heading", { name: "Bedankt voor uw aanmelding" })).toBeVisible();
});

test("an empty submit lists every required field in the error summary", async ({ page, js }, testInfo) => {
  const application = await newApplication(`${testInfo.project.name}-leeg`);
  await page.goto(application.path);
  await hydrated(page, js);
  await page.getByRole("button", { name: "Aanmelding versturen" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "Controleer de volgende velden" });
  await expect(summary).toBeVisible();
  for (const label of ["Geslacht", "Voorletters", "Voornaam", "Achternaam", "Burgerservicenummer (BSN)", "Geboortedatum", "Identiteitsbewijs", "Toestemmingsformulier"]) {
    await expect(summary.getByRole("link", { name: `${label}: Dit is een verplicht veld` })).toBeVisible();
  }
  await expect(summary.getByRole("link", { name: /^Tussenvoegsel/ })).toHaveCount(0);
  const row = await (await db()).selectFrom("campaign_applications").select("completed").where("id", "=", application.id).executeTakeFirstOrThrow();
  expect(row.completed).toBeNull();
});

test("an unknown link says it is not valid", async ({ page }) => {
  const res = await page.goto("/aanmelding-nederland-leert-door/geen-geldige-link");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Deze link is niet geldig." })).toBeVisible();
});
