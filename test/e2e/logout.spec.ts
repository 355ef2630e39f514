import { expect, field, hydrated, signIn, test } from "./support";

const QUESTION = "Weet u zeker dat u wilt uitloggen?";

test("logout asks for confirmation: a page without JavaScript, a dialog with it", async ({ page, js }) => {
  await signIn(page, js, "lid@voorbeeld.nl");
  const greeting = page.getByRole("heading", { name: "Welkom Lotte van der Vaart" });
  const logout = page.getByRole("banner").getByRole("link", { name: "Uitloggen" });
  await expect(greeting).toBeVisible();
  await hydrated(page, js);

  if (js) {
    await logout.click();
    const dialog = page.getByRole("dialog", { name: "Uitloggen" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(QUESTION)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await dialog.getByRole("button", { name: "Annuleren" }).click();
    await expect(dialog).toBeHidden();
    await expect(greeting).toBeVisible();

    await logout.click();
    await dialog.getByRole("button", { name: "Uitloggen" }).click();
  } else {
    await logout.click();
    await expect(page).toHaveURL(/\/uitloggen$/);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: "Uitloggen" })).toBeVisible();
    await expect(main.getByText(QUESTION)).toBeVisible();
    await expect(main.getByRole("button", { name: "Uitloggen" })).toBeVisible();

    await main.getByRole("link", { name: "Annuleren" }).click();
    await expect(greeting).toBeVisible();

    await logout.click();
    await page.getByRole("main").getByRole("button", { name: "Uitloggen" }).click();
  }
  await expect(page.getByRole("button", { name: "Inloggen" })).toBeVisible();
  await expect(field(page, "E-mailadres")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Lotte van der Vaart" })).toHaveCount(0);
  // Signed out on the server too: a page for members sends back to home.
  await page.goto("/uitloggen");
  await expect(page).toHaveURL(/\/$/);
});
