import type { Page, TestInfo } from "@playwright/test";
import { db, expect, hydrated, openOwnEstablishment, test } from "./support";

const NOTICE = "U heeft nog niet voor alle onderstaande opties Ja of Nee ingevuld.";
const FILL = "Alle niet-ingevulde op Nee zetten";

const panel = (page: Page) => page.getByRole("region", { name: "Aanbod", exact: true });
const group = (page: Page, name: string) => panel(page).getByRole("region", { name, exact: true });
const item = (page: Page, groupName: string, name: string | RegExp) => group(page, groupName).getByRole("group", { name });
const tab = (page: Page) => page.getByRole("navigation", { name: "Onderdelen van de vestiging" }).getByRole("link", { name: /^Aanbod/ });

/** An establishment of the test's own, its manager member signed in, on tab Aanbod. */
async function openAsManager(page: Page, js: boolean, testInfo: TestInfo) {
  const id = await openOwnEstablishment(page, js, { testInfo, label: "Aanbod", givenName: "Anna", familyName: "Aanbod" });
  await tab(page).click();
  await expect(panel(page)).toBeVisible();
  return id;
}

test("a member answers the offer: Ja by keyboard, a group's empty ones to Nee, Opslaan", async ({ page, js }, testInfo) => {
  const id = await openAsManager(page, js, testInfo);
  await expect(tab(page).getByLabel("(vraagt aandacht)")).toBeVisible();
  await expect(panel(page).getByText(NOTICE)).toBeVisible();
  for (const name of ["Sportaanbod", "Faciliteiten", "Groepslessen", "Doelgroepen"]) {
    await expect(group(page, name).getByRole("button", { name: FILL })).toBeVisible();
  }
  await expect(group(page, "Groepslessen").getByRole("heading", { level: 3 })).toHaveText(["Algemeen", "Les Mills", "ClubJoy"]);

  // The keyboard: the arrow keys move within an item's three choices.
  const fitness = item(page, "Sportaanbod", "Fitness");
  await expect(fitness.getByLabel("Niet ingevuld")).toBeChecked();
  await fitness.getByLabel("Niet ingevuld").focus();
  await page.keyboard.press("ArrowLeft");
  await expect(fitness.getByLabel("Nee")).toBeChecked();
  await page.keyboard.press("ArrowLeft");
  await expect(fitness.getByLabel("Ja")).toBeChecked();
  await item(page, "Faciliteiten", "Sauna").getByLabel("Ja").check();

  // A group's button stores Nee for its empty items and keeps the other choices as they are.
  await group(page, "Sportaanbod").getByRole("button", { name: FILL }).click();
  await expect(item(page, "Sportaanbod", "Yoga").getByLabel("Nee")).toBeChecked();
  await expect(item(page, "Sportaanbod", "Fitness").getByLabel("Ja")).toBeChecked();
  await expect(item(page, "Faciliteiten", "Sauna").getByLabel("Ja")).toBeChecked();
  await expect(item(page, "Faciliteiten", "Kinderopvang").getByLabel("Niet ingevuld")).toBeChecked();
  const database = await db();
  const stored = await database.selectFrom("enterprise_fitness_types").select(["entry_id", "value"]).where("enterprise_id", "=", id).execute();
  expect(stored.length).toBeGreaterThan(0);
  expect(stored.every((r) => r.value === 0)).toBe(true);
  expect(await database.selectFrom("enterprise_facilities").select("entry_id").where("enterprise_id", "=", id).execute()).toEqual([]);

  await panel(page).getByRole("button", { name: "Opslaan", exact: true }).click();
  await expect(page.getByText("Aanbod opgeslagen.")).toBeVisible();
  await hydrated(page, js);
  await expect(panel(page)).toBeVisible();
  await expect(item(page, "Sportaanbod", "Fitness").getByLabel("Ja")).toBeChecked();
  await expect(item(page, "Faciliteiten", "Sauna").getByLabel("Ja")).toBeChecked();
  // Still open items elsewhere: the notice and the '!' stay.
  await expect(panel(page).getByText(NOTICE)).toBeVisible();
  await expect(tab(page).getByLabel("(vraagt aandacht)")).toBeVisible();

  // The admin-only target group is shown, not changeable, and counts as Nee.
  const adminOnly = item(page, "Doelgroepen", /^Revalidatie/);
  await expect(adminOnly.getByLabel("Nee")).toBeChecked();
  await expect(adminOnly.getByLabel("Ja")).toBeDisabled();
});
