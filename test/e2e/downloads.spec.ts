import type { Page } from "@playwright/test";
import { expect, hydrated, screen, signIn, test } from "./support";

const category = (page: Page, name: string) => page.getByRole("heading", { name, level: 2, exact: true });
const documentHeading = (page: Page, name: string) => page.getByRole("heading", { name, level: 3, exact: true });

test.describe("downloads", () => {
  test("an admin opens one category at a time and downloads a file", async ({ page, js }, testInfo) => {
    await signIn(page, js, "beheer@voorbeeld.nl");
    await page.getByRole("link", { name: "Downloads", exact: true }).first().click();
    await expect(page).toHaveURL(/\/downloads$/);
    await hydrated(page, js);
    await expect(page.getByRole("heading", { name: "Downloads", level: 1 })).toBeVisible();

    // The first category is open, the second closed.
    await expect(documentHeading(page, "Cao Fitnessbranche 2026")).toBeVisible();
    await expect(page.getByRole("link", { name: "Cao-fitnessbranche-2026.pdf" })).toBeVisible();
    await expect(documentHeading(page, "Checklist veilige sportaccommodatie")).toBeHidden();
    if (js) await screen(page, `downloads-${testInfo.project.name}`);

    // Opening the second closes the first: one open at a time, with or without JavaScript.
    await category(page, "Veiligheid en keuring").click();
    await expect(documentHeading(page, "Checklist veilige sportaccommodatie")).toBeVisible();
    await expect(documentHeading(page, "Cao Fitnessbranche 2026")).toBeHidden();

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Checklist-veilige-sportaccommodatie.pdf" }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe("Checklist-veilige-sportaccommodatie.pdf");
    expect(await saved.failure()).toBeNull();
    // The page stays where it was.
    await expect(page).toHaveURL(/\/downloads$/);

    // And back: the first opens, the second closes.
    await category(page, "Cao en arbeidsvoorwaarden").click();
    await expect(documentHeading(page, "Cao Fitnessbranche 2026")).toBeVisible();
    await expect(documentHeading(page, "Checklist veilige sportaccommodatie")).toBeHidden();
  });

  test("an associate member sees only the categories open to non-members", async ({ page, js }) => {
    await signIn(page, js, "nietlid@voorbeeld.nl");
    await page.goto("/downloads");
    await hydrated(page, js);
    await expect(category(page, "Veiligheid en keuring")).toBeVisible();
    await expect(documentHeading(page, "Checklist veilige sportaccommodatie")).toBeVisible();
    await expect(category(page, "Cao en arbeidsvoorwaarden")).toHaveCount(0);
    await expect(page.getByText("Cao Fitnessbranche 2026")).toHaveCount(0);
  });

  test("a professional without an establishment sees the text for those without access", async ({ page, js }) => {
    await signIn(page, js, "professional@voorbeeld.nl");
    await page.getByRole("link", { name: "Downloads", exact: true }).first().click();
    await hydrated(page, js);
    await expect(page.getByRole("heading", { name: "Downloads", level: 1 })).toBeVisible();
    await expect(page.getByText("De downloads zijn alleen beschikbaar voor leden met een vestiging.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveCount(0);
  });
});
