import type { Page } from "@playwright/test";
import { PERSONAS } from "../route-table";
import { db, expect, hydrated, signIn, test } from "./support";

/**
 * Tabs Info & Media and Licenties load their code apart from the page (app/ui/LazyPanel.tsx), and
 * only the open tab's panel is on the page: a page opened on Algemeen has neither panel nor their
 * code; a tab link opens one and draws its form; a page opened on one of them hydrates with the
 * server's form in place while the code loads, then renders it, without a hydration error or warning.
 */

const tabLink = (page: Page, name: string) => page.getByRole("navigation", { name: "Onderdelen van de vestiging" }).getByRole("link", { name: new RegExp(`^${name}`) });
const panel = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
/** The split-off code of the two tabs, as the build names it. */
const LAZY_CODE = /\/assets\/(InfoTab|LicensesTab)-[^/]+\.js$/;

test("the tabs whose code loads apart are drawn when opened and hydrate without errors", async ({ page, js }) => {
  const problems: string[] = [];
  page.on("console", (m) => {
    // The harness blocks the service worker (playwright.config.ts) and says so: not the page's problem.
    if (m.text() === "Service Worker registration blocked by Playwright") return;
    if (m.type() === "error" || m.type() === "warning") problems.push(m.text());
  });
  page.on("pageerror", (e) => problems.push(String(e)));
  const lazyRequests: string[] = [];
  page.on("request", (request) => {
    if (LAZY_CODE.test(new URL(request.url()).pathname)) lazyRequests.push(request.url());
  });
  await signIn(page, js, PERSONAS.member);
  const { id } = await (await db()).selectFrom("enterprises").select("id").where("name", "=", "Sportcentrum De Vaart Centrum").executeTakeFirstOrThrow();

  // Opened on Algemeen: neither panel is on the page, nor is their code loaded.
  await page.goto(`/mijn-vestigingen/bewerken/${id}`);
  await hydrated(page, js);
  await expect(tabLink(page, "Algemeen")).toHaveAttribute("aria-current", "page");
  await expect(panel(page, "Algemeen")).toBeVisible();
  await expect(panel(page, "Info & Media")).toHaveCount(0);
  await expect(page.locator("#info-media")).toHaveCount(0);
  await expect(panel(page, "Licenties")).toHaveCount(0);
  expect(lazyRequests).toEqual([]);

  // Their tab links open them in the page, each with its form.
  await tabLink(page, "Info & Media").click();
  await expect(page).toHaveURL(/\?tab=info-media#info-media$/);
  await expect(panel(page, "Info & Media").getByRole("checkbox", { name: "Logo verwijderen" })).toBeVisible();
  await expect(tabLink(page, "Info & Media")).toHaveAttribute("aria-current", "page");
  await expect(panel(page, "Algemeen")).toHaveCount(0);
  await tabLink(page, "Licenties").click();
  await expect(page).toHaveURL(/\?tab=licenties#licenties$/);
  await expect(panel(page, "Licenties").getByRole("checkbox", { name: "Muziek (Sena)" })).toBeVisible();
  await expect(panel(page, "Info & Media")).toHaveCount(0);

  // Opened on Licenties, its code held back until the page has hydrated: the server's form is in
  // place, as the server drew it (not drawn by React: the code is not there yet).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(LAZY_CODE, async (route) => {
    await held;
    await route.continue();
  });
  // (From another page: the same URL with its hash would be a jump within this document.)
  await page.goto("/");
  await page.goto(`/mijn-vestigingen/bewerken/${id}?tab=licenties#licenties`);
  await hydrated(page, js);
  const sena = panel(page, "Licenties").getByRole("checkbox", { name: "Muziek (Sena)" });
  const drawnByReact = () => sena.evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactProps")));
  await expect(sena).toBeChecked();
  expect((await page.locator("#licenties .lazy-panel").innerHTML()).length).toBeGreaterThan(1000);
  expect(await drawnByReact()).toBe(false);
  // Then the code comes and React draws the panel from the same data.
  release();
  await expect.poll(drawnByReact).toBe(true);
  await expect(page.locator("#licenties .lazy-panel")).not.toHaveAttribute("aria-busy", "true");
  await expect(sena).toBeVisible();
  await expect(sena).toBeChecked();
  await page.unroute(LAZY_CODE);
  expect(problems).toEqual([]);
});
