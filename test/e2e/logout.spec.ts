import { expect, hydrated, signIn, test } from "./support";

const QUESTION = "Weet u zeker dat u wilt uitloggen?";

test.describe("logout asks for confirmation", () => {
  test.beforeEach(async ({ page, js }) => {
    await signIn(page, js, "lid@voorbeeld.nl");
    await expect(page.getByRole("heading", { name: "Welkom Lotte van der Vaart" })).toBeVisible();
    await hydrated(page, js);
  });

  test("without JavaScript: a confirmation page", async ({ page, js }) => {
    test.skip(js, "the page is what a browser without JavaScript gets");
    await page.getByRole("banner").getByRole("link", { name: "Uitloggen" }).click();
    await expect(page).toHaveURL(/\/uitloggen$/);
    await expect(page.getByRole("heading", { name: "Uitloggen" })).toBeVisible();
    await expect(page.getByText(QUESTION)).toBeVisible();
    await expect(page.getByRole("button", { name: "Uitloggen" })).toBeVisible();

    await page.getByRole("main").getByRole("link", { name: "Annuleren" }).click();
    await expect(page.getByRole("heading", { name: "Welkom Lotte van der Vaart" })).toBeVisible();

    await page.getByRole("banner").getByRole("link", { name: "Uitloggen" }).click();
    await page.getByRole("button", { name: "Uitloggen" }).click();
    await expect(page.getByRole("button", { name: "Inloggen" })).toBeVisible();
    await expect(page.getByLabel("E-mailadres")).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Lotte van der Vaart" })).toHaveCount(0);
  });

  test("with JavaScript: a dialog", async ({ page, js }) => {
    test.skip(!js, "the dialog needs JavaScript");
    await page.getByRole("banner").getByRole("link", { name: "Uitloggen" }).click();
    const dialog = page.getByRole("dialog", { name: "Uitloggen" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(QUESTION)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await dialog.getByRole("button", { name: "Annuleren" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("heading", { name: "Welkom Lotte van der Vaart" })).toBeVisible();

    await page.getByRole("banner").getByRole("link", { name: "Uitloggen" }).click();
    await dialog.getByRole("button", { name: "Uitloggen" }).click();
    await expect(page.getByRole("button", { name: "Inloggen" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Lotte van der Vaart" })).toHaveCount(0);
  });
});
