import type { Page } from "@playwright/test";
import { insertEnterprise, insertMember } from "../fixtures";
import { db, expect, expectFieldError, expectFieldErrors, field, hydrated, screen, signIn, test } from "./support";

const general = (page: Page) => page.getByRole("region", { name: "Algemeen", exact: true });
const group = (page: Page, name: string) => general(page).getByRole("group", { name, exact: true });
const saveButton = (page: Page) => general(page).getByRole("button", { name: "Opslaan", exact: true }).last();

async function afterLoad(page: Page, js: boolean) {
  await hydrated(page, js);
  await expect(general(page)).toBeVisible();
}

test("admin edits an establishment: invoicing rules, save, notification, top of the page", async ({ page, js }, testInfo) => {
  const database = await db();
  const stamp = `${testInfo.project.name} ${Date.now()}`;
  const memberId = await insertMember(database, { name: `E2E Vestigingclub ${stamp}` });
  const id = await insertEnterprise(database, memberId, { name: `E2E Vestiging ${stamp}`, town: "Delft" });

  await signIn(page, js, "beheer@voorbeeld.nl");
  await page.goto(`/vestigingen/bewerken/${id}`);
  await afterLoad(page, js);
  await expect(page.getByRole("heading", { name: `E2E Vestiging ${stamp}`, level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Deactiveren" })).toBeVisible();
  await expect(general(page).getByText(`Lidmaatschap: E2E Vestigingclub ${stamp}`)).toBeVisible();
  await expect(general(page).getByText(/Volgende vrije nummer: \d+/)).toBeVisible();

  // Invoices to another address: with JavaScript only that way's fields show; all four are required.
  const address = group(page, "Factuuradres");
  const invoiceEmail = field(page, "E-mailadres voor facturen");
  if (js) {
    await expect(address).toBeHidden();
    await expect(invoiceEmail).toBeHidden();
  } else {
    await expect(address).toBeVisible();
    await expect(invoiceEmail).toBeVisible();
  }
  // Its hint says when the e-mail address is required, the same before and after the scripts run.
  await group(page, "Factuur versturen").getByLabel("Via e-mail").check();
  await expect(invoiceEmail).toBeVisible();
  await expect(invoiceEmail).toHaveAccessibleDescription("Verplicht bij 'Via e-mail'.");
  await group(page, "Factuur versturen").getByLabel("Naar een ander adres").check();
  await expect(address).toBeVisible();
  await expect(address).toHaveAccessibleDescription("Verplicht bij 'Naar een ander adres'.");
  if (js) await expect(invoiceEmail).toBeHidden();
  await address.getByLabel("Straat").fill("Postbus");
  await saveButton(page).click();
  await expectFieldErrors(address, "Dit is een verplicht veld", 3);
  await expect(page.getByRole("alert").filter({ hasText: "Controleer de volgende velden:" })).toBeVisible();
  if (js) await expect(address.getByLabel("Huisnummer")).toBeFocused();

  await address.getByLabel("Huisnummer").fill("12");
  await address.getByLabel("Postcode").fill("2611 ab");
  await address.getByLabel("Plaats").fill("Delft");
  await field(page, "Telefoonnummer").fill("015-123 45 67");
  await general(page).getByLabel("Pand").selectOption({ label: "Huurpand" });
  await page.mouse.wheel(0, 4000);
  await saveButton(page).click();
  await expect(page.getByText("Vestiging opgeslagen.")).toBeVisible();
  await afterLoad(page, js);
  // The page starts again at the top, with the stored values.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(field(page, "Telefoonnummer")).toHaveValue("0151234567");
  await expect(group(page, "Factuuradres").getByLabel("Postcode")).toHaveValue("2611AB");
  await expect(general(page).getByLabel("Pand")).toHaveValue("rented");
  await screen(page, `enterprise-edit-${testInfo.project.name}`);

  // The save is in the Logboek.
  await page.getByRole("navigation", { name: "Onderdelen van de vestiging" }).getByRole("link", { name: "Logboek" }).click();
  await expect(page.getByRole("region", { name: "Logboek", exact: true }).getByText("Tab Algemeen gewijzigd")).toBeVisible();
});

test("admin adds an establishment, choosing the membership by search", async ({ page, js }, testInfo) => {
  const database = await db();
  const stamp = `${testInfo.project.name} ${Date.now()}`;
  const memberName = `E2E Zoekclub ${stamp}`;
  await insertMember(database, { name: memberName });

  await signIn(page, js, "beheer@voorbeeld.nl");
  await page.goto("/vestigingen/toevoegen");
  await afterLoad(page, js);
  await expect(page.getByRole("heading", { name: "Vestiging toevoegen", level: 1 })).toBeVisible();

  // Without a membership the form is refused.
  await field(page, "Naam vestiging").fill(`E2E Nieuwe vestiging ${stamp}`);
  await saveButton(page).click();
  // The membership is chosen by search, not in a control of its own: the error summary links to it.
  await expect(page.getByRole("alert").getByRole("link", { name: "Lidmaatschap: Dit is een verplicht veld" })).toBeVisible();
  await expect(general(page).getByText("Dit is een verplicht veld", { exact: true })).toBeVisible();

  const search = field(page, "Lidmaatschap zoeken");
  await search.fill(memberName);
  if (js) {
    await general(page).getByRole("option", { name: memberName }).click();
    await expect(general(page).getByText(`Lidmaatschap: ${memberName}`)).toBeVisible();
  } else {
    await general(page).getByRole("button", { name: "Zoeken" }).click();
    await field(page, "Lidmaatschap").selectOption({ label: memberName });
    await expect(field(page, "Naam vestiging")).toHaveValue(`E2E Nieuwe vestiging ${stamp}`);
  }
  await saveButton(page).click();
  await expect(page.getByText("Vestiging toegevoegd.")).toBeVisible();
  await expect(page.getByRole("heading", { name: `E2E Nieuwe vestiging ${stamp}`, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/vestigingen\/bewerken\/\d+$/);
  await expect(general(page).getByText(`Lidmaatschap: ${memberName}`)).toBeVisible();
});

test("lid@voorbeeld.nl adds an own establishment and edits it", async ({ page, js }, testInfo) => {
  const name = `E2E Eigen vestiging ${testInfo.project.name} ${Date.now()}`;
  const database = await db();
  try {
    await signIn(page, js, "lid@voorbeeld.nl");
    await page.goto("/mijn-vestigingen/toevoegen");
    await afterLoad(page, js);
    await expect(page.getByRole("heading", { name: "Vestiging toevoegen", level: 1 })).toBeVisible();
    // The membership and the admin's fields are not there.
    await expect(field(page, "Lidmaatschap zoeken")).toHaveCount(0);
    await expect(field(page, "Lidnummer")).toHaveCount(0);
    await expect(general(page).getByRole("link", { name: "Annuleren" })).toHaveAttribute("href", "/mijn-vestigingen");

    await field(page, "Naam vestiging").fill(name);
    await group(page, "Vestiging").getByLabel("Postcode").fill("12345");
    await saveButton(page).click();
    await expectFieldError(group(page, "Vestiging").getByLabel("Postcode"), 'U dient een postcode van de vorm "1234AB" in te voeren');
    await group(page, "Vestiging").getByLabel("Postcode").fill("1234 ab");
    await saveButton(page).click();
    await expect(page.getByText("Vestiging toegevoegd.")).toBeVisible();
    await expect(page).toHaveURL(/\/mijn-vestigingen\/bewerken\/\d+$/);
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    // Not yet approved: shown read-only, without buttons.
    await expect(page.getByRole("button", { name: "Deactiveren" })).toHaveCount(0);
    await expect(general(page).getByText("Nog geen lidnummer")).toBeVisible();

    await afterLoad(page, js);
    await field(page, "Website").fill("voorbeeld.nl");
    await saveButton(page).click();
    await expectFieldError(field(page, "Website"), 'U dient een geldige URL in te voeren, beginnend met "https://" of "http://"');
    await field(page, "Website").fill("https://voorbeeld.nl");
    await saveButton(page).click();
    await expect(page.getByText("Vestiging opgeslagen.")).toBeVisible();
    await afterLoad(page, js);
    await expect(field(page, "Website")).toHaveValue("https://voorbeeld.nl");
  } finally {
    // The demo membership keeps its own establishments for the other tests.
    const created = await database.selectFrom("enterprises").select("id").where("name", "=", name).execute();
    for (const { id } of created) {
      await database.deleteFrom("enterprise_log").where("enterprise_id", "=", id).execute();
      await database.deleteFrom("enterprises").where("id", "=", id).execute();
    }
  }
});

test("admin moves an establishment to another membership after the warning", async ({ page, js }, testInfo) => {
  const database = await db();
  const stamp = `${testInfo.project.name} ${Date.now()}`;
  const from = await insertMember(database, { name: `E2E Vertrekclub ${stamp}` });
  const toName = `E2E Aankomstclub ${stamp}`;
  const to = await insertMember(database, { name: toName, associate: true });
  const id = await insertEnterprise(database, from, { name: `E2E Verhuizer ${stamp}` });
  const warning = general(page).getByText("Let op: bij het wisselen van lidmaatschap worden de contactpersonen en beheerders van deze vestiging ontkoppeld.");

  await signIn(page, js, "beheer@voorbeeld.nl");
  await page.goto(`/vestigingen/bewerken/${id}`);
  await afterLoad(page, js);
  await field(page, "Lidmaatschap zoeken").fill(toName);
  if (js) {
    // The warning appears once another membership is chosen; the reduced form of an associate one follows.
    await expect(warning).toHaveCount(0);
    await expect(group(page, "Facturatie")).toBeVisible();
    await general(page).getByRole("option", { name: `${toName} (Niet-lid)` }).click();
    await expect(warning).toBeVisible();
    await expect(group(page, "Facturatie")).toHaveCount(0);
  } else {
    await expect(warning).toBeVisible();
    await general(page).getByRole("button", { name: "Zoeken" }).click();
    await field(page, "Lidmaatschap").selectOption({ label: `${toName} (Niet-lid)` });
  }
  await saveButton(page).click();
  await expect(page.getByText("Vestiging opgeslagen.")).toBeVisible();
  await expect(general(page).getByText(`Lidmaatschap: ${toName} (Niet-lid)`)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 }).getByRole("link", { name: "(Niet-lid)" })).toHaveAttribute("href", `/lidmaatschappen/bewerken/${to}`);
  const stored = await database.selectFrom("enterprises").select("member_id").where("id", "=", id).executeTakeFirstOrThrow();
  expect(stored.member_id).toBe(to);
});
