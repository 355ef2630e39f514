import { catalogueByKey, type CatalogueKey } from "../../app/catalogues/definitions";
import { expect, hydrated, screen, signIn, test } from "./support";
import { ADMIN, insertEntries, shownOrder, storedOrder, tagFor } from "./catalogue-reorder-support";

// Reordering a catalogue (part 2 §2.4 "List behaviour") on the reorder page with its buttons, with
// and without JavaScript, and the specialisations' one-step moves from the list. The list's dialog
// is catalogue-reorder-dialog.js-only.spec.ts. Each test works in a scope (catalogue, category) of its own
// per project, so the two projects never reorder the same entries at the same time.

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
