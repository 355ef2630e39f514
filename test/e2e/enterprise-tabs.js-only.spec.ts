import { PERSONAS } from "../route-table";
import { db, expect, hydrated, signIn, test } from "./support";

/**
 * Tabs Info & Media and Licenties load their code apart from the page (app/ui/LazyPanel.tsx): the
 * page hydrates with their server HTML in place, and they render once opened, without a hydration
 * error or warning, also when the page opens on one of them.
 */
test("the tabs whose code loads apart keep their content and hydrate without errors", async ({ page, js }) => {
  const problems: string[] = [];
  page.on("console", (m) => {
    // The harness blocks the service worker (playwright.config.ts) and says so: not the page's problem.
    if (m.text() === "Service Worker registration blocked by Playwright") return;
    if (m.type() === "error" || m.type() === "warning") problems.push(m.text());
  });
  page.on("pageerror", (e) => problems.push(String(e)));
  await signIn(page, js, PERSONAS.member);
  const { id } = await (await db()).selectFrom("enterprises").select("id").where("name", "=", "Sportcentrum De Vaart Centrum").executeTakeFirstOrThrow();
  await page.goto(`/mijn-vestigingen/bewerken/${id}`);
  await hydrated(page, js);
  expect((await page.locator("#info-media .lazy-panel").innerHTML()).length).toBeGreaterThan(1000);

  await page.getByRole("link", { name: "Info & Media" }).click();
  await expect(page.getByRole("checkbox", { name: "Logo verwijderen" })).toBeVisible();
  await page.getByRole("link", { name: "Licenties" }).click();
  await expect(page.getByRole("checkbox", { name: "Muziek (Sena)" })).toBeVisible();

  // Opened on one of them.
  await page.goto(`/mijn-vestigingen/bewerken/${id}#licenties`);
  await hydrated(page, js);
  await expect(page.getByRole("checkbox", { name: "Muziek (Sena)" })).toBeChecked();
  await expect(page.locator("#licenties .lazy-panel")).not.toHaveAttribute("aria-busy", "true");
  expect(problems).toEqual([]);
});
