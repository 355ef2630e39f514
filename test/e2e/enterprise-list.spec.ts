import type { Page, TestInfo } from "@playwright/test";
import { insertEnterprise, insertMember } from "../fixtures";
import { db, expect, field, hydrated, screen, signIn, test } from "./support";

const ADMIN = "beheer@voorbeeld.nl";

/** Letters only (sorting stays the same in every collation), unique per test and project. */
function tagFor(testInfo: TestInfo): string {
  const n = (Date.now() * 7 + process.pid * 13 + testInfo.project.name.length * 101 + testInfo.workerIndex) % 11_881_376;
  return `Qw${Array.from(n.toString(26).padStart(5, "0"), (c) => String.fromCharCode(97 + parseInt(c, 26))).join("")}`;
}

const TOWNS = ["Goes", "Arnhem", "Ede", "Lisse", "Breda", "Hoorn", "Delft", "Kampen", "Cuijk", "Joure", "Ijlst", "Fijnaart"];
const letter = (i: number) => String.fromCharCode(65 + i);

async function tableNames(page: Page): Promise<string[]> {
  return page.getByRole("main").locator("tbody tr td:nth-child(2)").allInnerTexts();
}

async function openAsAdmin(page: Page, js: boolean, path: string) {
  await signIn(page, js, ADMIN);
  await page.goto(path);
  await hydrated(page, js);
}

test("establishment list: search, sort by a column, go to page 2", async ({ page, js }, testInfo) => {
  const tag = tagFor(testInfo);
  const database = await db();
  const member = await insertMember(database, { name: `${tag} Lidmaatschap` });
  // Streets in reverse order of the names, so sorting by address turns the list around.
  for (const [i, town] of TOWNS.entries()) {
    await insertEnterprise(database, member, { name: `${tag} ${letter(i)}`, street: `${letter(25 - i)}straat`, houseNr: "1", town });
  }
  await signIn(page, js, ADMIN);
  if (js) {
    // The demo's establishments of De Vaart: a franchise, one not yet approved, contact persons.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/vestigingen?q=vaart");
    await expect(page.getByRole("row").filter({ hasText: "Sportcentrum De Vaart Oost" })).toBeVisible();
    await screen(page, "20-enterprise-list");
  }
  await page.goto("/vestigingen");
  await hydrated(page, js);
  await expect(page.getByRole("heading", { level: 1, name: /^Vestigingen \(\d+\)$/ })).toBeVisible();

  await field(page, "Zoek vestigingen").fill(tag.toUpperCase());
  await field(page, "Zoek vestigingen").press("Enter");
  await expect(page).toHaveURL(new RegExp(`\\?q=${tag.toUpperCase()}`));
  await expect(page.getByRole("heading", { level: 1, name: "Vestigingen (12)" })).toBeVisible();
  expect(await tableNames(page)).toEqual(TOWNS.slice(0, 10).map((_, i) => `${tag} ${letter(i)}`));
  await expect(page.getByRole("row").filter({ hasText: `${tag} A` }).getByRole("cell").nth(2)).toHaveText("Zstraat 1, Goes");

  await page.getByRole("columnheader", { name: "Adres" }).getByRole("link").click();
  await expect(page).toHaveURL(/sort=adres&dir=asc/);
  await expect(page.getByRole("columnheader", { name: "Adres" })).toHaveAttribute("aria-sort", "ascending");
  const byStreet = TOWNS.map((_, i) => `${tag} ${letter(i)}`).reverse();
  await expect.poll(() => tableNames(page)).toEqual(byStreet.slice(0, 10));

  await page.getByRole("navigation", { name: "Paginering" }).getByRole("link", { name: "Pagina 2" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page).toHaveURL(/sort=adres/);
  await expect.poll(() => tableNames(page)).toEqual(byStreet.slice(10));

  await page.getByRole("link", { name: "Zoekopdracht wissen" }).click();
  await expect(page).not.toHaveURL(/q=/);
  await expect(page.getByRole("heading", { level: 1, name: /^Vestigingen \(\d+\)$/ })).toBeVisible();
  await expect(field(page, "Zoek vestigingen")).toHaveValue("");
});

test("establishment list: delete after confirmation, with a dialog or a page", async ({ page, js }, testInfo) => {
  const tag = tagFor(testInfo);
  const database = await db();
  const name = `${tag} Weg`;
  const member = await insertMember(database, { name: `${tag} Lidmaatschap` });
  const id = await insertEnterprise(database, member, { name, town: "Weert" });
  await openAsAdmin(page, js, `/vestigingen?q=${tag}`);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toBeVisible();

  // Cancelling first changes nothing.
  await row.getByRole("link", { name: `Verwijderen ${name}` }).click();
  if (js) {
    const dialog = page.getByRole("dialog", { name: "Item verwijderen" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Weet u zeker dat u dit item wilt verwijderen?");
    await dialog.getByRole("button", { name: "Annuleren" }).click();
    await expect(dialog).toBeHidden();
  } else {
    await expect(page).toHaveURL(new RegExp(`/vestigingen/verwijderen/${id}`));
    await expect(page.getByRole("heading", { level: 1, name: "Item verwijderen" })).toBeVisible();
    await expect(page.getByText("Weet u zeker dat u dit item wilt verwijderen?")).toBeVisible();
    await page.getByRole("link", { name: "Annuleren" }).click();
    await expect(page).toHaveURL(new RegExp(`/vestigingen\\?q=${tag}`));
  }
  await expect(row).toBeVisible();

  await row.getByRole("link", { name: `Verwijderen ${name}` }).click();
  const confirm = js ? page.getByRole("dialog", { name: "Item verwijderen" }) : page.getByRole("main");
  await confirm.getByRole("button", { name: "Definitief verwijderen" }).click();
  await expect(page.getByText("Vestiging verwijderd.")).toBeVisible();
  // Back on the same search, without the deleted row.
  await expect(page).toHaveURL(new RegExp(`/vestigingen\\?q=${tag}`));
  await expect(page.getByText("Geen resultaten gevonden")).toBeVisible();
  expect(await database.selectFrom("enterprises").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
});

test("new establishments: approve after confirmation, with the next free lidnummer", async ({ page, js }, testInfo) => {
  const tag = tagFor(testInfo);
  const database = await db();
  const name = `${tag} Nieuw`;
  const member = await insertMember(database, { name: `${tag} Lidmaatschap` });
  const id = await insertEnterprise(database, member, { name, town: "Urk", approved: false, inactive: true, hidden: true });
  await openAsAdmin(page, js, "/vestigingen/nieuwe-vestigingen");
  await expect(page.getByRole("heading", { level: 1, name: "Nieuwe vestigingen" })).toBeVisible();
  await expect(page.getByText("Vestigingen van een lidmaatschap dat nog niet is goedgekeurd, worden hier niet getoond.")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row.getByRole("cell")).toHaveText([name, `${tag} Lidmaatschap`, "Ja", "Urk", /^\d{2}-\d{2}-\d{4}$/, /Goedkeuren/]);

  await row.getByRole("link", { name: `Goedkeuren ${name}` }).click();
  const confirm = js ? page.getByRole("dialog", { name: "Vestiging goedkeuren" }) : page.getByRole("main");
  if (!js) await expect(page).toHaveURL(new RegExp(`/vestigingen/nieuwe-vestigingen/goedkeuren/${id}$`));
  await expect(confirm.getByText("Weet u zeker dat u deze vestiging wilt goedkeuren?")).toBeVisible();
  await confirm.getByRole("button", { name: "Goedkeuren" }).click();

  await expect(page.getByText("Vestiging goedgekeurd.")).toBeVisible();
  const given = (await page.getByText(/^Lidnummer \d+\.$/).innerText()).match(/\d+/)![0];
  await expect(page).toHaveURL(/\/vestigingen\/nieuwe-vestigingen$/);
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
  const after = await database.selectFrom("enterprises").select(["approved", "inactive", "hidden", "lidnummer"]).where("id", "=", id).executeTakeFirstOrThrow();
  expect(after).toMatchObject({ approved: 1, inactive: 0, hidden: 0 });
  expect(after.lidnummer).toBe(Number(given));
});
