import type { Page } from "@playwright/test";
import { expect, field, hydrated, signIn, test } from "./support";

const MEMBER = "Lotte van der Vaart";

async function openImitationPage(page: Page, js: boolean) {
  await signIn(page, js, "superbeheer@voorbeeld.nl");
  await hydrated(page, js);
  // 'Imiteer gebruiker' sits in the Beheer group, which unfolds on hover on wide screens.
  const menu = page.getByRole("navigation", { name: "Hoofdmenu" });
  await menu.getByText("Beheer", { exact: true }).hover();
  await menu.getByRole("link", { name: "Imiteer gebruiker" }).click();
  await expect(page).toHaveURL(/\/imitate$/);
  await expect(page.getByRole("heading", { name: "Imiteer gebruiker", level: 1 })).toBeVisible();
  await hydrated(page, js);
}

async function expectImitating(page: Page) {
  await expect(page.getByRole("banner").getByText(`U imiteert ${MEMBER}`)).toBeVisible();
  await expect(page.getByRole("heading", { name: `Welkom ${MEMBER}` })).toBeVisible();
}

async function stopImitating(page: Page) {
  await page.getByRole("banner").getByRole("link", { name: "Stop imiteren" }).click();
  await expect(page).toHaveURL(/\/imitate$/);
  await page.getByRole("main").getByRole("button", { name: "Stop imiteren" }).click();
  await expect(page.getByText("Imiteren gestopt.")).toBeVisible();
  await expect(page.getByRole("banner").getByText("U imiteert")).toHaveCount(0);
  await expect(page.getByRole("banner").getByRole("link", { name: "Sanne Superbeheer" })).toBeVisible();
}

test("imitation: search, imitate a member, stop; with JavaScript also by a suggestion", async ({ page, js }) => {
  await openImitationPage(page, js);
  const search = field(page, "Zoek gebruiker");
  await search.fill("vaart");
  await page.getByRole("button", { name: "Zoeken" }).click();
  await expect(page).toHaveURL(/\/imitate\?q=vaart$/);
  const row = page.getByRole("main").getByRole("listitem").filter({ hasText: MEMBER });
  await expect(row).toBeVisible();
  await expect(row).toContainText("lid@voorbeeld.nl");
  await row.getByRole("button", { name: "Imiteren" }).click();

  // With JavaScript the notification closes by itself after three seconds: it is checked first.
  await expect(page.getByText(`U imiteert nu ${MEMBER}.`)).toBeVisible();
  await expectImitating(page);
  await stopImitating(page);
  if (!js) return;

  // With JavaScript the field suggests users from three characters on; picking one imitates.
  await hydrated(page, js);
  await search.fill("");
  await expect(search).toHaveRole("combobox");
  await search.pressSequentially("va");
  await page.waitForTimeout(400);
  await expect(page.getByRole("option")).toHaveCount(0);
  await search.pressSequentially("a");
  const suggestion = page.getByRole("listbox", { name: "Zoek gebruiker" }).getByRole("option", { name: new RegExp(MEMBER) });
  await expect(suggestion).toBeVisible();
  await expect(search).toHaveAttribute("aria-expanded", "true");
  await suggestion.click();

  await expectImitating(page);
  // The success notification closes by itself.
  await expect(page.getByText(`U imiteert nu ${MEMBER}.`)).toBeHidden({ timeout: 6_000 });
  await stopImitating(page);
});
