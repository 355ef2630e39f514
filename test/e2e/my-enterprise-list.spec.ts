import type { Page, TestInfo } from "@playwright/test";
import { insertEnterprise, insertMember } from "../fixtures";
import { createUser, db, expect, field, hydrated, screen, signIn, test, uniqueEmail } from "./support";

/** Unique per test and project, letters and digits only. */
const tagFor = (testInfo: TestInfo) => `Mv${testInfo.project.name}${Date.now().toString(36)}${testInfo.workerIndex}`;

/** A membership with establishments in every section, a manager member and a contact person. */
async function fixture(testInfo: TestInfo) {
  const tag = tagFor(testInfo);
  const database = await db();
  const memberId = await insertMember(database, { name: `Lidmaatschap ${tag}` });
  const add = (name: string, extra: Parameters<typeof insertEnterprise>[2] = {}) =>
    insertEnterprise(database, memberId, { name: `${tag} ${name}`, street: "Havenweg", houseNr: "2", postalCode: "1781AA", ...extra });
  const ids = {
    alkmaar: await add("Alkmaar", { town: "Alkmaar" }),
    bergen: await add("Bergen", { town: "Bergen" }),
    franchise: await add("Franchise", { town: "Castricum", franchise: true }),
    hidden: await add("Verborgen", { town: "Den Helder", hidden: true }),
    inactive: await add("Slapend", { town: "Edam", inactive: true }),
    unapproved: await add("Nieuw", { town: "Enkhuizen", approved: false }),
  };
  const manager = uniqueEmail(testInfo, "mv-manager");
  const managerId = await createUser({ email: manager, memberId, givenName: "Mila", familyName: "Manager" });
  await database.updateTable("users").set({ manager_member: 1 }).where("id", "=", managerId).execute();
  // Contact person of Alkmaar and of the franchise, branch manager of Bergen.
  const contact = uniqueEmail(testInfo, "mv-contact");
  const contactId = await createUser({ email: contact, memberId, givenName: "Cora", familyName: "Contact" });
  await database.insertInto("enterprise_contacts").values([
    { enterprise_id: ids.alkmaar, user_id: contactId },
    { enterprise_id: ids.franchise, user_id: contactId },
  ]).execute();
  await database.insertInto("enterprise_managers").values({ enterprise_id: ids.bergen, user_id: contactId }).execute();
  return { tag, ids, manager, contact };
}

/** The sections' headings with the names on their cards. */
async function shown(page: Page): Promise<[string, string[]][]> {
  const sections = page.getByRole("main").getByRole("region");
  const result: [string, string[]][] = [];
  for (const section of await sections.all()) {
    result.push([await section.getByRole("heading", { level: 2 }).innerText(), await section.getByRole("heading", { level: 3 }).allInnerTexts()]);
  }
  return result;
}

test("own establishments: sections, links only where the account may change, search", async ({ page, js }, testInfo) => {
  const { tag, ids, manager } = await fixture(testInfo);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, js, manager);
  await page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("link", { name: "Vestigingen", exact: true }).click();
  await expect(page).toHaveURL(/\/mijn-vestigingen$/);
  await hydrated(page, js);
  await expect(page.getByRole("heading", { level: 1, name: "Vestigingen" })).toBeVisible();
  expect(await shown(page)).toEqual([
    ["Vestigingen", [`${tag} Alkmaar`, `${tag} Bergen`]],
    ["Franchise(s)", [`${tag} Franchise`]],
    ["Niet zichtbaar", [`${tag} Verborgen`]],
    ["Niet actief", [`${tag} Slapend`]],
    ["Niet goedgekeurd", [`${tag} Nieuw`]],
  ]);
  await expect(page.getByRole("link", { name: `${tag} Franchise` })).toHaveAttribute("href", `/mijn-vestigingen/bewerken/${ids.franchise}`);
  await expect(page.getByRole("link", { name: "Toevoegen" })).toHaveAttribute("href", "/mijn-vestigingen/toevoegen");
  if (js) await screen(page, "20-my-enterprise-list");

  // With JavaScript the cards filter while typing, without a request; without it Enter asks the server.
  const requests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/mijn-vestigingen")) requests.push(request.url());
  });
  const search = field(page, "Zoek vestigingen");
  if (js) {
    await search.pressSequentially("castri");
    await expect.poll(() => shown(page)).toEqual([["Franchise(s)", [`${tag} Franchise`]]]);
    expect(requests).toEqual([]);
    await expect(page).toHaveURL(/\?q=castri$/);
  } else {
    await search.fill("castri");
    await search.press("Enter");
    await expect(page).toHaveURL(/\?q=castri$/);
    expect(await shown(page)).toEqual([["Franchise(s)", [`${tag} Franchise`]]]);
  }

  // Several words, each in its own field (name and town).
  await search.fill(`${tag} edam`);
  if (!js) await search.press("Enter");
  await expect.poll(() => shown(page)).toEqual([["Niet actief", [`${tag} Slapend`]]]);

  await search.fill(`${tag} Zaandam`);
  if (!js) await search.press("Enter");
  await expect(page.getByText("Geen resultaten gevonden")).toBeVisible();

  await page.getByRole("link", { name: "Zoekopdracht wissen" }).click();
  await expect(search).toHaveValue("");
  await expect.poll(async () => (await shown(page)).length).toBe(5);
  if (js) expect(requests).toEqual([]);
  await expect(page).toHaveURL(/\/mijn-vestigingen$/);
});

test("own establishments: a contact person sees cards without links and no 'Toevoegen'", async ({ page, js }, testInfo) => {
  const { tag, ids, contact } = await fixture(testInfo);
  await signIn(page, js, contact);
  await page.goto("/mijn-vestigingen");
  await hydrated(page, js);
  expect(await shown(page)).toEqual([
    ["Vestigingen", [`${tag} Alkmaar`, `${tag} Bergen`]],
    ["Franchise(s)", [`${tag} Franchise`]],
  ]);
  await expect(page.getByRole("link", { name: `${tag} Bergen` })).toHaveAttribute("href", `/mijn-vestigingen/bewerken/${ids.bergen}`);
  await expect(page.getByRole("link", { name: `${tag} Alkmaar` })).toHaveCount(0);
  await expect(page.getByRole("link", { name: `${tag} Franchise` })).toHaveCount(0);
  await expect(page.getByRole("main").getByText(`${tag} Franchise`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Toevoegen" })).toHaveCount(0);

  await field(page, "Zoek vestigingen").fill("bergen");
  if (!js) await field(page, "Zoek vestigingen").press("Enter");
  await expect.poll(() => shown(page)).toEqual([["Vestigingen", [`${tag} Bergen`]]]);
});
