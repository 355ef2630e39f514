import type { Page, TestInfo } from "@playwright/test";
import { insertEnterprise, insertMember } from "../fixtures";
import { db, expect, field, hydrated, signIn, test } from "./support";

const ADMIN = "beheer@voorbeeld.nl";

/** Letters only (sorting stays the same in every collation), unique per test and project. */
function tagFor(testInfo: TestInfo): string {
  const n = (Date.now() * 7 + process.pid * 13 + testInfo.project.name.length * 101 + testInfo.workerIndex) % 11_881_376;
  return `Qe${Array.from(n.toString(26).padStart(5, "0"), (c) => String.fromCharCode(97 + parseInt(c, 26))).join("")}`;
}

const TOWNS = ["Goes", "Arnhem", "Ede", "Lisse", "Breda", "Hoorn", "Delft", "Kampen", "Cuijk", "Joure", "Ijlst", "Fijnaart"];

async function tableNames(page: Page): Promise<string[]> {
  return page.getByRole("main").locator("tbody tr td:nth-child(2)").allInnerTexts();
}

async function openList(page: Page, js: boolean, query = "") {
  await signIn(page, js, ADMIN);
  await page.goto(`/lidmaatschappen${query}`);
  await hydrated(page, js);
}

test("member list: search, sort by a column, go to page 2", async ({ page, js }, testInfo) => {
  const tag = tagFor(testInfo);
  const database = await db();
  for (const [i, town] of TOWNS.entries()) {
    const id = await insertMember(database, { name: `${tag} ${String.fromCharCode(65 + i)}` });
    await insertEnterprise(database, id, { town });
  }
  await openList(page, js);
  await expect(page.getByRole("heading", { level: 1, name: /^Lidmaatschappen \(\d+\)$/ })).toBeVisible();

  await field(page, "Zoek lidmaatschappen").fill(tag.toUpperCase());
  await field(page, "Zoek lidmaatschappen").press("Enter");
  await expect(page).toHaveURL(new RegExp(`\\?q=${tag.toUpperCase()}`));
  await expect(page.getByRole("heading", { level: 1, name: "Lidmaatschappen (12)" })).toBeVisible();
  expect(await tableNames(page)).toEqual(TOWNS.slice(0, 10).map((_, i) => `${tag} ${String.fromCharCode(65 + i)}`));

  // With JavaScript, sorting and paging stay in the loaded document (no full page load).
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole("columnheader", { name: "Plaats" }).getByRole("link").click();
  await expect(page).toHaveURL(/sort=plaats&dir=asc/);
  const byTown = TOWNS.map((town, i) => ({ town, name: `${tag} ${String.fromCharCode(65 + i)}` })).sort((a, b) =>
    a.town < b.town ? -1 : 1,
  );
  await expect(page.getByRole("columnheader", { name: "Plaats" })).toHaveAttribute("aria-sort", "ascending");
  await expect.poll(() => tableNames(page)).toEqual(byTown.slice(0, 10).map((r) => r.name));

  await page.getByRole("navigation", { name: "Paginering" }).getByRole("link", { name: "Pagina 2" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page).toHaveURL(/sort=plaats/);
  await expect.poll(() => tableNames(page)).toEqual(byTown.slice(10).map((r) => r.name));
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(js);

  await page.getByRole("link", { name: "Zoekopdracht wissen" }).click();
  await expect(page).not.toHaveURL(/q=/);
  await expect(page.getByRole("heading", { level: 1, name: /^Lidmaatschappen \(\d+\)$/ })).toBeVisible();
  await expect(field(page, "Zoek lidmaatschappen")).toHaveValue("");
});

test("member list: delete after confirmation, with a dialog or a page", async ({ page, js }, testInfo) => {
  const tag = tagFor(testInfo);
  const database = await db();
  const name = `${tag} Weg`;
  const id = await insertMember(database, { name });
  await insertEnterprise(database, id, { town: "Weert" });
  await openList(page, js, `?q=${tag}`);
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
    await expect(page).toHaveURL(new RegExp(`/lidmaatschappen/verwijderen/${id}`));
    await expect(page.getByRole("heading", { level: 1, name: "Item verwijderen" })).toBeVisible();
    await expect(page.getByText("Weet u zeker dat u dit item wilt verwijderen?")).toBeVisible();
    await page.getByRole("link", { name: "Annuleren" }).click();
    await expect(page).toHaveURL(new RegExp(`/lidmaatschappen\\?q=${tag}`));
  }
  await expect(row).toBeVisible();

  await row.getByRole("link", { name: `Verwijderen ${name}` }).click();
  const confirm = js ? page.getByRole("dialog", { name: "Item verwijderen" }) : page.getByRole("main");
  await confirm.getByRole("button", { name: "Definitief verwijderen" }).click();
  await expect(page.getByText("Lidmaatschap verwijderd.")).toBeVisible();
  // Back on the same search, without the deleted row.
  await expect(page).toHaveURL(new RegExp(`/lidmaatschappen\\?q=${tag}`));
  await expect(page.getByText("Geen resultaten gevonden")).toBeVisible();
  expect(await database.selectFrom("members").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
});

test("new memberships: approve after confirmation", async ({ page, js }, testInfo) => {
  const tag = tagFor(testInfo);
  const database = await db();
  const name = `${tag} Nieuw`;
  const id = await insertMember(database, { name, approved: false, inactive: true, hidden: true });
  await insertEnterprise(database, id, { town: "Urk", approved: false });
  await signIn(page, js, ADMIN);
  await page.goto("/nieuwe-lidmaatschappen");
  await hydrated(page, js);
  await expect(page.getByRole("heading", { level: 1, name: "Nieuwe lidmaatschappen" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row.getByRole("cell")).toHaveText([name, "Ja", "1", /^\d{2}-\d{2}-\d{4}$/, /Goedkeuren/]);

  await row.getByRole("link", { name: `Goedkeuren ${name}` }).click();
  const confirm = js ? page.getByRole("dialog", { name: "Lidmaatschap goedkeuren" }) : page.getByRole("main");
  if (!js) await expect(page).toHaveURL(new RegExp(`/nieuwe-lidmaatschappen/goedkeuren/${id}$`));
  await expect(confirm.getByText("Weet u zeker dat u dit lidmaatschap wilt goedkeuren?")).toBeVisible();
  await confirm.getByRole("button", { name: "Goedkeuren" }).click();

  await expect(page.getByText("Lidmaatschap goedgekeurd.")).toBeVisible();
  await expect(page).toHaveURL(/\/nieuwe-lidmaatschappen$/);
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
  const member = await database.selectFrom("members").select(["approved", "inactive", "hidden"]).where("id", "=", id).executeTakeFirstOrThrow();
  expect(member).toEqual({ approved: 1, inactive: 0, hidden: 0 });
});
