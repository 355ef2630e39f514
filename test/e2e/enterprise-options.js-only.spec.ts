import type { Page } from "@playwright/test";
import { insertEnterprise, insertMember } from "../fixtures";
import { db, expect, hydrated, screen, signIn, test } from "./support";

// Tab Aanbod with JavaScript only (the project without it ignores *.js-only.spec.ts): the notice that
// follows the choices, and the screenshots with their accessibility check. The rest of the tab, with
// and without JavaScript, is enterprise-options.spec.ts.

const NOTICE = "U heeft nog niet voor alle onderstaande opties Ja of Nee ingevuld.";

const panel = (page: Page) => page.getByRole("region", { name: "Aanbod", exact: true });
const group = (page: Page, name: string) => panel(page).getByRole("region", { name, exact: true });
const item = (page: Page, groupName: string, name: string | RegExp) => group(page, groupName).getByRole("group", { name });

test("the notice follows the choices with JavaScript; an admin may answer admin-only target groups", async ({ page, js, violations }) => {
  const database = await db();
  const memberId = await insertMember(database);
  const id = await insertEnterprise(database, memberId, { name: `E2E Aanbod admin ${Date.now()}` });
  await signIn(page, js, "beheer@voorbeeld.nl");
  await page.goto(`/vestigingen/bewerken/${id}?tab=aanbod#aanbod`);
  await hydrated(page, js);
  await expect(panel(page)).toBeVisible();
  await expect(item(page, "Doelgroepen", "Revalidatie").getByLabel("Ja")).toBeEnabled();
  await expect(panel(page).getByText(NOTICE)).toBeVisible();
  expect(await violations()).toEqual([]);
  for (const fieldset of await panel(page).getByRole("group").all()) await fieldset.getByLabel("Nee").check();
  await expect(panel(page).getByText(NOTICE)).toHaveCount(0);
  await screen(page, "enterprise-options-admin");
});

test("screens of tab Aanbod for lid@voorbeeld.nl", async ({ page, js, violations }) => {
  const database = await db();
  const noord = await database.selectFrom("enterprises").select("id").where("name", "=", "Sportcentrum De Vaart Noord").executeTakeFirstOrThrow();
  await signIn(page, js, "lid@voorbeeld.nl");
  await page.goto(`/mijn-vestigingen/bewerken/${noord.id}?tab=aanbod#aanbod`);
  await hydrated(page, js);
  await expect(panel(page).getByText(NOTICE)).toBeVisible();
  expect(await violations()).toEqual([]);
  await screen(page, "enterprise-options-member");
});
