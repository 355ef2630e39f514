import type { Page } from "@playwright/test";
import { insertEnterprise, insertMember } from "../fixtures";
import { db, expect, expectFieldError, field, hydrated, openOwnEstablishment, screen, signIn, test } from "./support";

// Tab Licenties with JavaScript and without: a manager declares and confirms (a dialog with
// JavaScript, a confirmation step without), an admin saves the licence number, the Logboek's
// Details compare the demo's two declarations (a dialog with JavaScript, a page without), and an
// associate membership has no Licenties.

const REQUIRED = "Dit is een verplicht veld";
const NO_SPACES = "U heeft nog geen ruimten ingevoerd";
const CONFIRM = "Ja, vastleggen en verzenden";

const panel = (page: Page) => page.getByRole("region", { name: "Licenties", exact: true });
const tabLink = (page: Page, name: RegExp) => page.getByRole("navigation", { name: "Onderdelen van de vestiging" }).getByRole("link", { name });
const tab = (page: Page) => tabLink(page, /^Licenties/);

test("a manager declares the licences, spaces and mandate, and confirms before they are sent", async ({ page, js, violations }, testInfo) => {
  const id = await openOwnEstablishment(page, js, { testInfo, label: "Licenties", givenName: "Lars", familyName: "Licentie" });
  await tab(page).click();
  await expect(panel(page)).toBeVisible();

  await panel(page).getByLabel("Muziek (Buma)").check();
  await panel(page).getByLabel("Machtiging automatische incasso Buma").check();
  await panel(page).getByRole("button", { name: "Vastleggen en verzenden", exact: true }).click();
  await expectFieldError(field(page, "Ingangsdatum wijziging Buma/Sena"), REQUIRED);
  await expectFieldError(field(page, "Naam rekeninghouder"), REQUIRED);
  await expect(panel(page).getByText(NO_SPACES, { exact: true })).toBeVisible();
  await expect(panel(page).getByLabel("Muziek (Buma)")).toBeChecked();

  await field(page, "Ingangsdatum wijziging Buma/Sena").fill("2026-06-01");
  await field(page, "Naam ruimte Fitness 1").fill("Fitnesszaal");
  await field(page, "Oppervlakte (m²) Fitness 1").fill("250");
  // A second row: added in the browser with JavaScript, by the server without; nothing is saved.
  await panel(page).getByRole("button", { name: "Ruimte toevoegen (Fitness)" }).click();
  await field(page, "Oppervlakte (m²) Fitness 2").fill("35");
  await expect(field(page, "Oppervlakte (m²) Fitness 1")).toHaveValue("250");
  await field(page, "Naam rekeninghouder").fill("Lars Licentie");
  await field(page, "IBAN").fill("NL91-ABNA-0417-1643-00");
  await screen(page, `licences-tab-${js ? "js" : "nojs"}`);
  // axe runs in the page: with JavaScript only (the pages without it are the same documents).
  if (js) expect(await violations()).toEqual([]);
  await panel(page).getByRole("button", { name: "Vastleggen en verzenden", exact: true }).click();

  if (js) {
    const dialog = page.getByRole("dialog", { name: "Licenties vastleggen en verzenden" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: CONFIRM })).toBeFocused();
    expect(await violations()).toEqual([]);
    // Annuleren closes the dialog without sending.
    await dialog.getByRole("button", { name: "Annuleren" }).click();
    await expect(dialog).toHaveCount(0);
    await panel(page).getByRole("button", { name: "Vastleggen en verzenden", exact: true }).click();
    await page.getByRole("dialog", { name: "Licenties vastleggen en verzenden" }).getByRole("button", { name: CONFIRM }).click();
  } else {
    // Without JavaScript the server shows the confirmation with everything typed.
    await expect(panel(page).getByRole("heading", { name: "Licenties vastleggen en verzenden" })).toBeVisible();
    await screen(page, "licences-confirmation-nojs");
    await expect(field(page, "IBAN")).toHaveValue("NL91-ABNA-0417-1643-00");
    await panel(page).getByRole("button", { name: CONFIRM }).click();
  }
  await expect(page.getByText("Licenties vastgelegd en verzonden.")).toBeVisible();
  await hydrated(page, js);
  const row = await (await db()).selectFrom("enterprise_licenses").selectAll().where("enterprise_id", "=", id).executeTakeFirstOrThrow();
  expect(row).toMatchObject({ buma: 1, authorization_buma: 1, authorization_iban: "NL91ABNA0417164300", buma_sena_change_date: "2026-06-01", dirty: 0 });
  expect(JSON.parse(row.spaces).fitness).toEqual([
    { name: "Fitnesszaal", area: 250 },
    { name: "", area: 35 },
  ]);
  await tabLink(page, /^Logboek/).click();
  await expect(page.getByRole("region", { name: "Logboek", exact: true }).getByText("Tab Licenties gewijzigd en doorgegeven")).toBeVisible();
});

test("an admin sees the declaration read-only and saves the videma licence number with one Opslaan", async ({ page, js }, testInfo) => {
  const database = await db();
  const memberId = await insertMember(database);
  const id = await insertEnterprise(database, memberId, { name: `Licenties beheer ${testInfo.project.name} ${Date.now()}` });
  await signIn(page, js, "beheer@voorbeeld.nl");
  await page.goto(`/vestigingen/bewerken/${id}?tab=licenties#licenties`);
  await hydrated(page, js);
  await tab(page).click();
  await expect(panel(page).getByRole("heading", { name: "Opgave van de vestiging" })).toBeVisible();
  await expect(panel(page).getByRole("checkbox")).toHaveCount(0);
  await field(page, "Videma-licentienummer").fill("VID-2026-001");
  await panel(page).getByRole("button", { name: "Opslaan", exact: true }).click();
  await expect(page.getByText("Licentiegegevens opgeslagen.")).toBeVisible();
  await hydrated(page, js);
  await expect(field(page, "Videma-licentienummer")).toHaveValue("VID-2026-001");
  // The establishment is asked to confirm: the tab's '!'.
  await expect(tab(page).getByLabel("(vraagt aandacht)")).toBeVisible();
});

test("the Logboek's Details compare a declaration with the one before it", async ({ page, js, violations }) => {
  await signIn(page, js, "lid@voorbeeld.nl");
  const centrum = await (await db()).selectFrom("enterprises").select("id").where("name", "=", "Sportcentrum De Vaart Centrum").executeTakeFirstOrThrow();
  await page.goto(`/mijn-vestigingen/bewerken/${centrum.id}?tab=logboek&logboek-tab=licenties#logboek`);
  await hydrated(page, js);
  const log = page.getByRole("region", { name: "Logboek", exact: true });
  await expect(log).toBeVisible();
  // The demo's newest declaration (of 3 February 2026) beside the imported one of 2025.
  await log.getByRole("link", { name: "Details van de opgave van 03-02-2026 15:30" }).click();
  const scope = js ? page.getByRole("dialog", { name: "Details licenties" }) : page.getByRole("main");
  await expect(scope.getByRole("row", { name: /^Door/ })).toContainText("[import]");
  await expect(scope.getByRole("row", { name: /^Door/ })).toContainText("Lotte van der Vaart");
  await expect(scope.getByRole("row", { name: /^Totaal \(gewijzigd\)/ })).toContainText("710 m²");
  await expect(scope.getByRole("row", { name: /^Aantal televisies \(gewijzigd\)/ })).toContainText("6");
  await expect(scope.getByRole("row", { name: /^IBAN/ })).toContainText("NL91ABNA0417164300");
  await screen(page, `licence-comparison-${js ? "dialog" : "page"}`);
  if (js) expect(await violations()).toEqual([]);
  if (js) {
    await scope.getByRole("button", { name: "Sluiten" }).click();
    await expect(scope).toHaveCount(0);
    await expect(log.getByRole("link", { name: "Details van de opgave van 03-02-2026 15:30" })).toBeFocused();
  } else {
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Details licenties Sportcentrum De Vaart Centrum");
    await page.getByRole("link", { name: "Terug naar het logboek" }).click();
    await expect(log).toBeVisible();
  }
});

test("an associate membership has no tab Licenties", async ({ page, js }) => {
  await signIn(page, js, "nietlid@voorbeeld.nl");
  await page.goto("/mijn-vestiging");
  await hydrated(page, js);
  await expect(tabLink(page, /^Algemeen/)).toBeVisible();
  await expect(tab(page)).toHaveCount(0);
});
