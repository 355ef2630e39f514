import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page, TestInfo } from "@playwright/test";
import { catalogueByKey, type CatalogueKey } from "../../app/catalogues/definitions";
import { db, expect, hydrated, screen, signIn, test } from "./support";

// Reordering a catalogue (part 2 §2.4 "List behaviour"): without JavaScript on the reorder page with
// its buttons, with JavaScript in the list's dialog by keyboard and by mouse; the specialisations'
// one-step moves in both. Each test works in a scope (catalogue, category) of its own per project,
// so the two projects never reorder the same entries at the same time.

const ADMIN = "beheer@voorbeeld.nl";

/** A prefix unique to the test run and project, to find the test's own entries. */
const tagFor = (testInfo: TestInfo) => `E2E${testInfo.project.name}${Date.now() % 1_000_000}`;

/** Inserts entries at the end of a scope; returns their ids in order. */
async function insertEntries(key: CatalogueKey, names: string[], category?: string): Promise<number[]> {
  const catalogue = catalogueByKey(key);
  const database = await db();
  const ids: number[] = [];
  for (const name of names) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the catalogue tables, each with its own columns
    const table = catalogue.table as any;
    const last = (await database.selectFrom(table).select((eb) => eb.fn.max("sequence").as("n")).executeTakeFirst()) as { n: number | null };
    const row: Record<string, string | number> = { name, sequence: Number(last?.n ?? 0) + 1 };
    for (const field of catalogue.fields) {
      if (field.name === "name") continue;
      if (field.kind === "select") row[field.column] = category ?? field.options[0].value;
      else if (field.kind === "number") row[field.column] = 3;
      else if (field.kind === "checkbox") row[field.column] = 0;
      else row[field.column] = "Niveau 3";
    }
    const inserted = await database.insertInto(table).values(row).returning("id").executeTakeFirstOrThrow();
    ids.push(Number((inserted as { id: number }).id));
  }
  return ids;
}

/** The stored order of the given entries. */
async function storedOrder(key: CatalogueKey, ids: number[]): Promise<number[]> {
  const database = await db();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see insertEntries
  const rows = (await database.selectFrom(catalogueByKey(key).table as any).select("id").orderBy("sequence").orderBy("id").execute()) as { id: number }[];
  return rows.map((r) => Number(r.id)).filter((id) => ids.includes(id));
}

/** The names of the test's own entries as a list (the page's or the dialog's) shows them. */
async function shownOrder(scope: Page | Locator, tag: string): Promise<string[]> {
  const names = await scope.locator(".reorder-list__name").allInnerTexts();
  return names.map((n) => n.trim()).filter((n) => n.startsWith(tag));
}

test("reorders on the reorder page with 'Omhoog' and 'Omlaag', then 'Opslaan'", async ({ page, js }, testInfo) => {
  // Without JavaScript the list's link opens this page; with it, the page works as well.
  const key: CatalogueKey = js ? "qualification" : "fitness_type";
  const catalogue = catalogueByKey(key);
  const tag = tagFor(testInfo);
  const names = [`${tag} Alfa`, `${tag} Bravo`, `${tag} Charlie`];
  const ids = await insertEntries(key, names);
  await signIn(page, js, ADMIN);
  if (js) {
    await page.goto(`/beheer/${catalogue.slug}/volgorde`);
  } else {
    await page.goto(`/beheer/${catalogue.slug}`);
    await page.getByRole("link", { name: "Volgorde wijzigen" }).click();
  }
  await hydrated(page, js);
  await expect(page.getByRole("heading", { level: 1, name: `Volgorde wijzigen: ${catalogue.title}` })).toBeVisible();
  await expect(page.getByRole("button", { name: `${names[0]} omhoog` })).toBeEnabled();

  await page.getByRole("button", { name: `${names[2]} omhoog` }).click();
  await expect(page.getByText("De nieuwe volgorde is nog niet opgeslagen.")).toBeVisible();
  expect(await shownOrder(page, tag)).toEqual([names[0], names[2], names[1]]);
  if (js) await expect(page.getByRole("button", { name: `${names[2]} omhoog` })).toBeFocused();
  await page.getByRole("button", { name: `${names[2]} omhoog` }).click();
  await expect.poll(() => shownOrder(page, tag)).toEqual([names[2], names[0], names[1]]);
  await page.getByRole("button", { name: `${names[0]} omlaag` }).click();
  await expect.poll(() => shownOrder(page, tag)).toEqual([names[2], names[1], names[0]]);
  // Nothing is stored before 'Opslaan'.
  expect(await storedOrder(key, ids)).toEqual(ids);
  await screen(page, `catalogue-reorder-page-${testInfo.project.name}`);

  await page.getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByText("Volgorde opgeslagen.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(`^${catalogue.title.replace(/'/g, ".")} \\(\\d+\\)$`) })).toBeVisible();
  expect(await storedOrder(key, ids)).toEqual([ids[2], ids[1], ids[0]]);
});

test("the reorder page refuses a list that changed meanwhile and shows the new order", async ({ page, js }, testInfo) => {
  const key: CatalogueKey = "group_lesson";
  const category = js ? "algemeen" : "clubjoy";
  const tag = tagFor(testInfo);
  const ids = await insertEntries(key, [`${tag} Een`, `${tag} Twee`], category);
  await signIn(page, js, ADMIN);
  await page.goto(`/beheer/groepslessen/volgorde?categorie=${category}`);
  await hydrated(page, js);
  const categories = page.getByRole("navigation", { name: "Categorieën" });
  await expect(categories.getByRole("link")).toHaveText(["Algemeen", "Les Mills", "ClubJoy"]);
  await expect(categories.getByRole("link", { name: js ? "Algemeen" : "ClubJoy" })).toHaveAttribute("aria-current", "page");
  await page.getByRole("button", { name: `${tag} Twee omhoog` }).click();
  await expect.poll(() => shownOrder(page, tag)).toEqual([`${tag} Twee`, `${tag} Een`]);
  const [late] = await insertEntries(key, [`${tag} Drie`], category);
  await page.getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByRole("alert")).toContainText("De lijst is intussen gewijzigd. Bekijk de nieuwe volgorde en probeer het opnieuw.");
  await expect.poll(() => shownOrder(page, tag)).toEqual([`${tag} Een`, `${tag} Twee`, `${tag} Drie`]);
  expect(await storedOrder(key, [...ids, late])).toEqual([...ids, late]);
});

test.describe("the reorder dialog (with JavaScript)", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "without JavaScript the list's link opens the reorder page");

  test("by keyboard: Space picks up, the arrows move, Space puts down, Escape puts back; announced in Dutch", async ({ page, js }, testInfo) => {
    const tag = tagFor(testInfo);
    const names = [`${tag} Aerobics`, `${tag} Bodyflow`, `${tag} Cycling`];
    const ids = await insertEntries("group_lesson", names, "les_mills");
    await signIn(page, js, ADMIN);
    await page.goto("/beheer/groepslessen");
    await hydrated(page, js);
    const opener = page.getByRole("link", { name: "Volgorde wijzigen" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Volgorde wijzigen: Groepslessen" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Categorie").selectOption({ label: "Les Mills" });
    const handle = (name: string) => dialog.getByRole("button", { name, exact: true });
    await expect(handle(names[2])).toBeVisible();
    const count = await dialog.locator(".reorder-list__item").count();
    const live = dialog.locator("[aria-live=assertive]");

    await handle(names[2]).focus();
    await page.keyboard.press("Space");
    await expect(live).toHaveText(`${names[2]} opgepakt. Positie ${count} van ${count}.`);
    await page.keyboard.press("ArrowUp");
    await expect(live).toHaveText(`${names[2]} verplaatst naar positie ${count - 1} van ${count}.`);
    await expect(handle(names[2])).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Space");
    await expect(live).toHaveText(`${names[2]} neergezet op positie ${count - 2}.`);
    expect(await shownOrder(dialog, tag)).toEqual([names[2], names[0], names[1]]);

    // Escape while picked up puts the entry back and keeps the dialog open.
    await handle(names[0]).focus();
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowDown");
    expect(await shownOrder(dialog, tag)).toEqual([names[2], names[1], names[0]]);
    await page.keyboard.press("Escape");
    await expect(live).toHaveText(`Verplaatsen geannuleerd. ${names[0]} staat weer op positie ${count - 1}.`);
    await expect(dialog).toBeVisible();
    expect(await shownOrder(dialog, tag)).toEqual([names[2], names[0], names[1]]);
    await screen(page, "catalogue-reorder-dialog");
    const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

    // The 'Omhoog' and 'Omlaag' buttons do the same.
    await dialog.getByRole("button", { name: `${names[1]} omhoog` }).click();
    expect(await shownOrder(dialog, tag)).toEqual([names[2], names[1], names[0]]);
    await expect(dialog.getByRole("button", { name: `${names[1]} omhoog` })).toBeFocused();

    await dialog.getByRole("button", { name: "Opslaan" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Volgorde opgeslagen.")).toBeVisible();
    await expect(opener).toBeFocused();
    expect(await storedOrder("group_lesson", ids)).toEqual([ids[2], ids[1], ids[0]]);

    // Escape closes the dialog without saving; focus returns to the button.
    await opener.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("by mouse: drag an entry onto another's place; a list changed meanwhile is refused in the dialog", async ({ page, js }, testInfo) => {
    const tag = tagFor(testInfo);
    const names = [`${tag} Kinderen`, `${tag} Ouderen`, `${tag} Sporters`];
    const ids = await insertEntries("target_group", names);
    await signIn(page, js, ADMIN);
    await page.goto("/beheer/doelgroepen");
    await hydrated(page, js);
    await page.getByRole("link", { name: "Volgorde wijzigen" }).click();
    const dialog = page.getByRole("dialog", { name: "Volgorde wijzigen: Doelgroepen" });
    const handle = (name: string) => dialog.getByRole("button", { name, exact: true });
    await expect(handle(names[2])).toBeVisible();

    const from = (await handle(names[2]).boundingBox())!;
    const to = (await handle(names[0]).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2 - 4, { steps: 12 });
    await page.mouse.up();
    await expect.poll(() => shownOrder(dialog, tag)).toEqual([names[2], names[0], names[1]]);
    await expect(dialog.locator("[aria-live=assertive]")).toContainText(`${names[2]} neergezet op positie`);

    // Someone else adds an entry before 'Opslaan': refused, with the stored order shown.
    const [late] = await insertEntries("target_group", [`${tag} Zwemmers`]);
    await dialog.getByRole("button", { name: "Opslaan" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("De lijst is intussen gewijzigd. Bekijk de nieuwe volgorde en probeer het opnieuw.");
    await expect.poll(() => shownOrder(dialog, tag)).toEqual([...names, `${tag} Zwemmers`]);
    expect(await storedOrder("target_group", [...ids, late])).toEqual([...ids, late]);

    // Again, now on the fresh order.
    await dialog.getByRole("button", { name: `${tag} Zwemmers omhoog` }).click();
    await dialog.getByRole("button", { name: "Opslaan" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Volgorde opgeslagen.")).toBeVisible();
    expect(await storedOrder("target_group", [...ids, late])).toEqual([ids[0], ids[1], late, ids[2]]);
  });
});

test("specialisations: 'Omhoog' and 'Omlaag' in the list move a row one step within its category", async ({ page, js }, testInfo) => {
  const tag = tagFor(testInfo);
  const category = js ? "doelgroepen" : "clubjoy";
  const names = [`${tag} Eerste`, `${tag} Tweede`];
  const ids = await insertEntries("specialisation", names, category);
  await signIn(page, js, ADMIN);
  await page.goto(`/beheer/specialisaties?q=${tag}`);
  await hydrated(page, js);
  const rows = () => page.getByRole("main").locator("tbody tr td:first-child").allInnerTexts();
  await expect.poll(rows).toEqual(names);

  await page.getByRole("button", { name: `${names[1]} omhoog` }).click();
  await expect(page.getByText("Volgorde opgeslagen.")).toBeVisible();
  await expect.poll(rows).toEqual([names[1], names[0]]);
  // The same view of the list: the search stays.
  await expect(page.getByRole("searchbox")).toHaveValue(tag);
  if (js) await expect(page.getByRole("button", { name: `${names[1]} omhoog` })).toBeFocused();
  expect(await storedOrder("specialisation", ids)).toEqual([ids[1], ids[0]]);
  await screen(page, `specialisation-steps-${testInfo.project.name}`);

  await page.getByRole("button", { name: `${names[1]} omlaag` }).click();
  await expect.poll(rows).toEqual(names);
  expect(await storedOrder("specialisation", ids)).toEqual(ids);
});
