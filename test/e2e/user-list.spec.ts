import type { Page, TestInfo } from "@playwright/test";
import { insertMember, insertUser } from "../fixtures";
import { db, expect, field, hydrated, screen, signIn, test } from "./support";

const ADMIN = "beheer@voorbeeld.nl";

/** Letters only (sorting stays the same in every collation), unique per test and project. */
function tagFor(testInfo: TestInfo): string {
  const n = (Date.now() * 7 + process.pid * 13 + testInfo.project.name.length * 101 + testInfo.workerIndex) % 11_881_376;
  return `Ul${Array.from(n.toString(26).padStart(5, "0"), (c) => String.fromCharCode(97 + parseInt(c, 26))).join("")}`;
}

const tableNames = (page: Page) => page.getByRole("main").locator("tbody tr td:nth-child(1)").allInnerTexts();

test("the account list: search by membership, sort by e-mail, page through the results", async ({ page, js }, testInfo) => {
  const tag = tagFor(testInfo);
  const database = await db();
  const memberId = await insertMember(database, { name: `${tag} Sportschool` });
  // Twelve accounts of one membership: two pages. Their e-mail addresses sort the other way round.
  const given = ["Anna", "Bram", "Cor", "Daan", "Eva", "Fleur", "Gert", "Hans", "Ilse", "Jan", "Kim", "Lot"];
  for (const [i, name] of given.entries()) {
    await insertUser(database, { givenName: name, familyName: tag, email: `${String.fromCharCode(122 - i)}.${tag.toLowerCase()}@voorbeeld.nl`, memberId, password: null });
  }

  await signIn(page, js, ADMIN);
  await page.goto("/accounts");
  await hydrated(page, js);
  await expect(page.getByRole("heading", { level: 1, name: /^Accounts \(\d+\)$/ })).toBeVisible();

  await field(page, "Zoek accounts").fill(`${tag} sportschool`);
  await field(page, "Zoek accounts").press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Accounts (12)" })).toBeVisible();
  await expect.poll(() => tableNames(page)).toEqual(given.slice(0, 10).map((name) => `${name} ${tag}`));
  await expect(page.getByRole("row").filter({ hasText: `Anna ${tag}` }).getByRole("cell").nth(2)).toHaveText(`${tag} Sportschool`);
  if (js) await screen(page, "60-user-list");

  // Sorted by e-mail: Lot's address comes first; the search stays.
  await page.getByRole("columnheader", { name: "E-mail" }).getByRole("link").click();
  await expect(page).toHaveURL(/sort=e-mail/);
  await expect.poll(async () => (await tableNames(page))[0]).toBe(`Lot ${tag}`);
  await expect(field(page, "Zoek accounts")).toHaveValue(`${tag} sportschool`);

  // The second page holds the last two.
  await page.getByRole("navigation", { name: "Paginering" }).getByRole("link", { name: "Pagina 2" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect.poll(() => tableNames(page)).toEqual([`Bram ${tag}`, `Anna ${tag}`]);
});

test("deleting an account: the confirmation lists the roles it holds", async ({ page, js }, testInfo) => {
  const tag = tagFor(testInfo);
  const database = await db();
  const memberId = await insertMember(database, { name: `${tag} Zwemclub` });
  const manager = await insertUser(database, { givenName: "Mira", familyName: tag, memberId, managerMember: true, password: null });

  await signIn(page, js, ADMIN);
  await page.goto(`/accounts?q=${tag}`);
  await hydrated(page, js);
  await page.getByRole("row").filter({ hasText: `Mira ${tag}` }).getByRole("link", { name: `Verwijderen Mira ${tag}` }).click();
  const confirm = js ? page.getByRole("dialog", { name: "Item verwijderen" }) : page.getByRole("main");
  await expect(confirm.getByText("Weet u zeker dat u dit account wilt verwijderen?")).toBeVisible();
  await expect(confirm.getByText("Let op: dit account is")).toBeVisible();
  await expect(confirm.getByRole("listitem").filter({ hasText: /beheerder|contactpersoon|professional/ })).toHaveText([`beheerder van lidmaatschap ${tag} Zwemclub`]);
  if (js) await screen(page, "61-user-delete");
  await confirm.getByRole("button", { name: "Definitief verwijderen" }).click();
  await expect(page.getByText("Account verwijderd.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  await expect(page.getByRole("row").filter({ hasText: `Mira ${tag}` })).toHaveCount(0);
  expect(await database.selectFrom("users").select("id").where("id", "=", manager.id).executeTakeFirst()).toBeUndefined();
});
