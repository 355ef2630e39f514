import type { Page } from "@playwright/test";
import { db, expect, expectFieldError, field, hydrated, openOwnEstablishment, submit, test } from "./support";

// Tab Keuring with JavaScript and without: the two save modes with the red notice and the '!', the
// RIE rules with their messages beside the fields, the files, and unticking RIE.

const NOTICE = "Uw wijzigingen zijn tussentijds opgeslagen en nog niet doorgegeven. Kies ‘Opslaan en verzenden’ om ze door te geven.";
const RIE = "RI&E (risico-inventarisatie en -evaluatie) aanwezig";
const REQUIRED = "Dit is een verplicht veld";

const panel = (page: Page) => page.getByRole("region", { name: "Keuring", exact: true });
const tabLink = (page: Page, name: RegExp) => page.getByRole("navigation", { name: "Onderdelen van de vestiging" }).getByRole("link", { name });
const tab = (page: Page) => tabLink(page, /^Keuring/);
const button = (page: Page, name: string) => panel(page).getByRole("button", { name, exact: true });

test("a member saves the Keuring in between, then sends it; RIE asks for its files and dates, and unticking it removes them", async ({ page, js }, testInfo) => {
  const id = await openOwnEstablishment(page, js, { testInfo, label: "Keuring", givenName: "Karin", familyName: "Keuring" });
  const database = await db();
  await tab(page).click();
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByRole("group", { name: "Pijler 1: Wet- en regelgeving" })).toBeVisible();
  await expect(panel(page).getByRole("group", { name: "Pijler 2: Het register" })).toBeVisible();
  await expect(panel(page).getByText(NOTICE)).toHaveCount(0);
  await expect(tab(page).getByLabel("(vraagt aandacht)")).toHaveCount(0);

  // With JavaScript the RIE documents show once RIE is ticked; without, they always show.
  if (js) await expect(field(page, "Datum RI&E-rapport")).toBeHidden();
  await panel(page).getByLabel(RIE).check();
  await panel(page).getByLabel("Dopingconvenant ondertekend").check();
  await field(page, "Datum RI&E-rapport").fill("2026-03-01");
  await field(page, "Opmerking").fill("Zonnebank wordt vervangen");
  await button(page, "Opslaan").click();
  await expectFieldError(field(page, "Datum plan van aanpak"), REQUIRED);
  await expectFieldError(field(page, "RI&E-rapport"), REQUIRED);
  await expectFieldError(field(page, "Plan van aanpak (RI&E)"), REQUIRED);
  // What was typed stays.
  await expect(field(page, "Datum RI&E-rapport")).toHaveValue("2026-03-01");
  await expect(field(page, "Opmerking")).toHaveValue("Zonnebank wordt vervangen");
  await expect(panel(page).getByLabel("Dopingconvenant ondertekend")).toBeChecked();

  await field(page, "Datum plan van aanpak").fill("2026-03-15");
  await field(page, "RI&E-rapport").setInputFiles({ name: "rapport.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n% rapport\n") });
  await field(page, "Plan van aanpak (RI&E)").setInputFiles({ name: "plan.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n% plan\n") });
  await button(page, "Opslaan").click();
  await expect(page.getByText("Keuring tussentijds opgeslagen.")).toBeVisible();
  await hydrated(page, js);
  await expect(panel(page).getByText(NOTICE)).toBeVisible();
  await expect(tab(page).getByLabel("(vraagt aandacht)")).toBeVisible();
  await expect(panel(page).getByRole("link", { name: "rapport.pdf" })).toBeVisible();
  await expect(panel(page).getByLabel(RIE)).toBeChecked();

  await button(page, "Opslaan en verzenden").click();
  await expect(page.getByText("Keuring opgeslagen en doorgegeven.")).toBeVisible();
  await hydrated(page, js);
  await expect(panel(page).getByText(NOTICE)).toHaveCount(0);
  await expect(tab(page).getByLabel("(vraagt aandacht)")).toHaveCount(0);
  const row = await database.selectFrom("enterprise_inspections").selectAll().where("enterprise_id", "=", id).executeTakeFirstOrThrow();
  expect(row).toMatchObject({ rie: 1, dopingconvenant: 1, dirty: 0, rie_rapport_date: "2026-03-01", rie_pva_date: "2026-03-15" });

  // Unticking RIE removes both files and dates.
  await panel(page).getByLabel(RIE).uncheck();
  // The notification of the save before may still be on screen: wait for this save's answer.
  await submit(button(page, "Opslaan en verzenden"));
  await expect(page.getByText("Keuring opgeslagen en doorgegeven.")).toBeVisible();
  await hydrated(page, js);
  await expect(panel(page).getByLabel(RIE)).not.toBeChecked();
  await expect(panel(page).getByRole("link", { name: "rapport.pdf" })).toHaveCount(0);
  const after = await database.selectFrom("enterprise_inspections").selectAll().where("enterprise_id", "=", id).executeTakeFirstOrThrow();
  expect(after).toMatchObject({ rie: 0, rie_rapport_file_id: null, rie_pva_file_id: null, rie_rapport_date: null, rie_pva_date: null });

  await tabLink(page, /^Logboek/).click();
  const log = page.getByRole("region", { name: "Logboek", exact: true });
  await expect(log.getByText("Tab Keuring gewijzigd en doorgegeven")).toHaveCount(2);
  await expect(log.getByText("Tab Keuring gewijzigd", { exact: true })).toHaveCount(1);
});
