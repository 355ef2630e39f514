import type { Page, TestInfo } from "@playwright/test";
import { insertRegistrant, insertUser } from "../fixtures";
import { db, expect, field, hydrated, screen, signIn, test } from "./support";

const ADMIN = "beheer@voorbeeld.nl";

/** Letters only (sorting stays the same in every collation), unique per test and project. */
function tagFor(testInfo: TestInfo): string {
  const n = (Date.now() * 7 + process.pid * 13 + testInfo.project.name.length * 101 + testInfo.workerIndex) % 11_881_376;
  return `Rw${Array.from(n.toString(26).padStart(5, "0"), (c) => String.fromCharCode(97 + parseInt(c, 26))).join("")}`;
}

async function tableNames(page: Page): Promise<string[]> {
  return page.getByRole("main").locator("tbody tr td:nth-child(2)").allInnerTexts();
}

test("the register: search, filter by state and account, sort, and delete after confirmation", async ({ page, js }, testInfo) => {
  const tag = tagFor(testInfo);
  const database = await db();
  const withAccount = await insertUser(database, { givenName: "Anna", familyName: tag, password: null });
  await insertRegistrant(database, { userId: withAccount.id, givenName: "Anna", familyName: tag, email: withAccount.email, town: "Zwolle" });
  await insertRegistrant(database, { givenName: "Bram", familyName: tag, approved: false, inactive: true, hidden: true, town: "Assen" });
  await insertRegistrant(database, { givenName: "Cas", familyName: tag, hidden: true, town: "Breda" });

  await signIn(page, js, ADMIN);
  if (js) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/fitnednl");
    await page.getByText("Filters", { exact: true }).click();
    await expect(page.getByRole("checkbox", { name: "Geen account", exact: true })).toBeVisible();
    await screen(page, "40-registrant-list");
  }
  await page.goto("/fitnednl");
  await hydrated(page, js);
  await expect(page.getByRole("heading", { level: 1, name: /^FITNED\.NL \(\d+\)$/ })).toBeVisible();

  await field(page, "Zoek professionals").fill(tag);
  await field(page, "Zoek professionals").press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "FITNED.NL (3)" })).toBeVisible();
  expect(await tableNames(page)).toEqual([`Anna ${tag}`, `Bram ${tag}`, `Cas ${tag}`]);

  // The filter panel opens; 'Geen account' alone leaves Bram and Cas, without 'Niet goedgekeurd' only Cas.
  await page.getByText("Filters", { exact: true }).click();
  await page.getByRole("checkbox", { name: "Actief account", exact: true }).uncheck();
  await page.getByRole("checkbox", { name: "Inactief account", exact: true }).uncheck();
  await page.getByRole("button", { name: "Filteren" }).click();
  await expect(page).toHaveURL(/account=geen/);
  await expect.poll(() => tableNames(page)).toEqual([`Bram ${tag}`, `Cas ${tag}`]);
  await page.getByRole("group", { name: "Goedkeuring" }).getByRole("checkbox", { name: "Niet goedgekeurd", exact: true }).uncheck();
  await page.getByRole("button", { name: "Filteren" }).click();
  await expect.poll(() => tableNames(page)).toEqual([`Cas ${tag}`]);
  // The search was kept; a group with nothing ticked empties the list.
  await expect(field(page, "Zoek professionals")).toHaveValue(tag);
  await page.getByRole("checkbox", { name: "Geen account", exact: true }).uncheck();
  await page.getByRole("button", { name: "Filteren" }).click();
  await expect(page.getByText("Geen resultaten gevonden")).toBeVisible();

  // Everything ticked again, then sorted by town, descending; the filters stay in the links.
  for (const name of ["Actief account", "Inactief account", "Geen account", "Niet goedgekeurd"]) {
    await page.getByRole("checkbox", { name, exact: true }).check();
  }
  await page.getByRole("button", { name: "Filteren" }).click();
  await expect.poll(() => tableNames(page)).toEqual([`Anna ${tag}`, `Bram ${tag}`, `Cas ${tag}`]);
  await page.getByRole("columnheader", { name: "Plaats" }).getByRole("link").click();
  await page.getByRole("columnheader", { name: "Plaats" }).getByRole("link").click();
  await expect(page).toHaveURL(/sort=plaats&dir=desc/);
  await expect.poll(() => tableNames(page)).toEqual([`Anna ${tag}`, `Cas ${tag}`, `Bram ${tag}`]);

  // Delete Bram: a dialog with JavaScript, a page without; back on the same view.
  const row = page.getByRole("row").filter({ hasText: `Bram ${tag}` });
  await row.getByRole("link", { name: `Verwijderen Bram ${tag}` }).click();
  const confirm = js ? page.getByRole("dialog", { name: "Item verwijderen" }) : page.getByRole("main");
  await expect(confirm.getByText("Weet u zeker dat u dit item wilt verwijderen?")).toBeVisible();
  await confirm.getByRole("button", { name: "Definitief verwijderen" }).click();
  await expect(page.getByText("Professional verwijderd.")).toBeVisible();
  await expect(page).toHaveURL(/sort=plaats&dir=desc/);
  await expect.poll(() => tableNames(page)).toEqual([`Anna ${tag}`, `Cas ${tag}`]);
});

test("new registrations: approve one with the next numbers, delete another with its account", async ({ page, js }, testInfo) => {
  const tag = tagFor(testInfo);
  const database = await db();
  const register = async (given: string) => {
    const user = await insertUser(database, { givenName: given, familyName: tag, password: null });
    const id = await insertRegistrant(database, { userId: user.id, givenName: given, familyName: tag, email: user.email, approved: false, inactive: true, hidden: true });
    return { id, userId: user.id };
  };
  const approved = await register("Nina");
  const removed = await register("Otto");

  await signIn(page, js, ADMIN);
  await page.goto("/fitnednl/nieuwe-aanmeldingen");
  await hydrated(page, js);
  await expect(page.getByRole("heading", { level: 1, name: "Nieuwe aanmeldingen" })).toBeVisible();

  await page.getByRole("row").filter({ hasText: `Nina ${tag}` }).getByRole("link", { name: `Goedkeuren Nina ${tag}` }).click();
  const approval = js ? page.getByRole("dialog", { name: "Aanmelding goedkeuren" }) : page.getByRole("main");
  await expect(approval.getByText("Weet u zeker dat u deze aanmelding wilt goedkeuren?")).toBeVisible();
  await approval.getByRole("button", { name: "Goedkeuren", exact: true }).click();
  await expect(page.getByText("Aanmelding goedgekeurd.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: `Nina ${tag}` })).toHaveCount(0);
  const row = await database.selectFrom("registrants").selectAll().where("id", "=", approved.id).executeTakeFirstOrThrow();
  expect([row.approved, row.inactive, row.hidden]).toEqual([1, 0, 0]);
  expect(row.pass_number).not.toBeNull();
  await expect(page.getByText(`registratienummer ${row.pass_number}`)).toBeVisible();

  await page.getByRole("row").filter({ hasText: `Otto ${tag}` }).getByRole("link", { name: `Verwijderen Otto ${tag}` }).click();
  const deletion = js ? page.getByRole("dialog", { name: "Item verwijderen" }) : page.getByRole("main");
  await expect(deletion.getByText("Weet u zeker dat u deze aanmelding wilt verwijderen?")).toBeVisible();
  await deletion.getByRole("button", { name: "Definitief verwijderen" }).click();
  await expect(page.getByText("Aanmelding verwijderd.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: `Otto ${tag}` })).toHaveCount(0);
  expect(await database.selectFrom("users").select("id").where("id", "=", removed.userId).executeTakeFirst()).toBeUndefined();
});

test("every admin list's search box shows its whole hint on an office screen (800 to 1280 px)", async ({ page, js }) => {
  await signIn(page, js, ADMIN);
  for (const [width, path, label] of [800, 960, 1024, 1100, 1280].flatMap((width) => [
    [width, "/fitnednl", "Zoek professionals"],
    [width, "/vestigingen", "Zoek vestigingen"],
    [width, "/lidmaatschappen", "Zoek lidmaatschappen"],
    [width, "/accounts", "Zoek accounts"],
  ] as const)) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(path);
    const search = field(page, label);
    await expect(search).toBeVisible();
    // The hint's drawn width against the room inside the box (its width less its padding).
    const { hint, room } = await search.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = style.font;
      return {
        hint: context.measureText(input.placeholder).width,
        room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
      };
    });
    // The browser keeps the end of a search box free for its own clear button (about 16 px).
    expect(hint + 20, `${path} at ${width} px: the hint is cut off`).toBeLessThanOrEqual(room);
  }
});
