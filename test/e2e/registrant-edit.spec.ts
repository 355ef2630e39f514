import type { TestInfo } from "@playwright/test";
import { insertRegistrant, insertUser } from "../fixtures";
import { db, expect, expectFieldError, field, hydrated, screen, signIn, test } from "./support";

const ADMIN = "beheer@voorbeeld.nl";

/** Letters only, unique per test and project. */
function tagFor(testInfo: TestInfo): string {
  const n = (Date.now() * 7 + process.pid * 13 + testInfo.project.name.length * 101 + testInfo.workerIndex) % 11_881_376;
  return `Pr${Array.from(n.toString(26).padStart(5, "0"), (c) => String.fromCharCode(97 + parseInt(c, 26))).join("")}`;
}

test("an admin adds a professional, then records its diplomas and accreditation", async ({ page, js }, testInfo) => {
  const tag = tagFor(testInfo);
  await signIn(page, js, ADMIN);
  await page.goto("/fitnednl");
  await page.getByRole("link", { name: "Toevoegen" }).click();
  await hydrated(page, js);
  await expect(page.getByRole("heading", { level: 1, name: "Professional toevoegen" })).toBeVisible();

  // Without account the professional's own name and e-mail are asked for.
  await field(page, "Voornaam").fill("Sanne");
  await field(page, "Website").fill("geen website");
  await page.getByRole("button", { name: "Opslaan" }).click();
  await expectFieldError(field(page, "Achternaam"), "Dit is een verplicht veld");
  await expect(field(page, "Voornaam")).toHaveValue("Sanne");

  await field(page, "Achternaam").fill(tag);
  await field(page, "E-mailadres").fill(`${tag.toLowerCase()}@voorbeeld.nl`);
  await field(page, "Website").fill("https://sanne.example.nl");
  await field(page, "Plaats").fill("Zwolle");
  await page.getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByText("Professional toegevoegd.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(`^Sanne ${tag} \\(#\\d+\\)$`) })).toBeVisible();
  await expect(page.getByRole("button", { name: "Deactiveren" })).toBeVisible();
  if (js) await screen(page, "44-registrant-edit");

  await hydrated(page, js);
  await page.getByRole("link", { name: "Diploma's" }).click();
  await page.getByRole("checkbox", { name: /^Personal Trainer/ }).check();
  await page.locator("#diplomas").getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByText("Diploma's opgeslagen.")).toBeVisible();
  await expect(page.locator("#diplomas").getByText("Hoogste niveau: Niveau 4")).toBeVisible();

  await hydrated(page, js);
  await page.getByRole("link", { name: "Accreditatie" }).click();
  await field(page, "Accreditatie (totaal)").fill("8 punten in 2026");
  await page.locator("#accreditatie").getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByText("Accreditatie opgeslagen.")).toBeVisible();
  await expect(field(page, "Accreditatie (totaal)")).toHaveValue("8 punten in 2026");

  // The register links the name to the page.
  await page.goto(`/fitnednl?q=${tag}`);
  await page.getByRole("link", { name: `Sanne ${tag}`, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(`^Sanne ${tag}`) })).toBeVisible();
});

test("a professional keeps its own page: address required, specialisations answered", async ({ page, js }, testInfo) => {
  const tag = tagFor(testInfo);
  const database = await db();
  const user = await insertUser(database, { givenName: "Ruud", familyName: tag });
  await insertRegistrant(database, { userId: user.id, givenName: "Ruud", familyName: tag, email: user.email, passNumber: null, idFitNed: null });
  await signIn(page, js, user.email);
  await expect(page.getByRole("heading", { level: 2, name: "Mijn FITNED.NL" })).toBeVisible();
  await page.getByRole("link", { name: "Naar Mijn FITNED.NL" }).click();
  await hydrated(page, js);
  await expect(page.getByRole("heading", { level: 1, name: /^Mijn FITNED\.NL/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "Accreditatie" })).toHaveCount(0);
  await expect(page.getByText(user.email)).toBeVisible();

  await page.getByRole("button", { name: "Opslaan" }).click();
  await expectFieldError(field(page, "Straat"), "Dit is een verplicht veld");
  await field(page, "Straat").fill("Kerkstraat");
  await field(page, "Huisnummer").fill("4");
  await field(page, "Postcode").fill("1234 ab");
  await field(page, "Plaats").fill("Ede");
  await page.getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByText("Persoonsgegevens opgeslagen.")).toBeVisible();
  await expect(field(page, "Postcode")).toHaveValue("1234AB");

  await hydrated(page, js);
  await page.getByRole("link", { name: /^Specialisaties/ }).click();
  const sheet = page.locator("#specialisaties");
  await expect(sheet.getByText("U heeft nog niet voor alle onderstaande opties ‘Ja’ of ‘Nee’ ingevuld.")).toBeVisible();
  await sheet.getByRole("group", { name: "Personal training" }).getByRole("radio", { name: "Ja" }).check();
  for (const category of ["Algemeen", "Les Mills", "ClubJoy", "Doelgroepen"]) {
    await page.getByRole("region", { name: category }).getByRole("button", { name: "Alle niet-ingevulde op 'Nee' zetten" }).click();
    await expect(page.getByRole("region", { name: category }).getByRole("radio", { name: "Niet ingevuld", checked: true })).toHaveCount(0);
  }
  await expect(sheet.getByText("U heeft nog niet voor alle onderstaande opties ‘Ja’ of ‘Nee’ ingevuld.")).toHaveCount(0);
  await sheet.getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByText("Specialisaties opgeslagen.")).toBeVisible();
  await expect(page.locator("#specialisaties").getByRole("group", { name: "Personal training" }).getByRole("radio", { name: "Ja" })).toBeChecked();
  if (js) await screen(page, "45-my-registrant");
});
