import { createUser, DEMO_PASSWORD, expect, field, hydrated, latestMailTo, linkIn, nextMailTo, screen, signIn, test, uniqueEmail } from "./support";

// PNGs for a visual check in test-results/screens/ (runs in the JavaScript project only).
test.describe("screens", () => {
  test("home, dashboard, two-factor form, logout dialog", async ({ page, js }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    await hydrated(page, js);
    await screen(page, "01-home-anonymous");

    await signIn(page, js, "lid@voorbeeld.nl");
    await expect(page.getByRole("heading", { name: "Welkom Lotte van der Vaart" })).toBeVisible();
    await hydrated(page, js);
    await screen(page, "02-dashboard-lid");

    await page.getByRole("banner").getByRole("link", { name: "Uitloggen" }).click();
    const dialog = page.getByRole("dialog", { name: "Uitloggen" });
    await expect(dialog).toBeVisible();
    await screen(page, "04-logout-dialog");
    await dialog.getByRole("button", { name: "Uitloggen" }).click();

    const email = uniqueEmail(testInfo, "screen-2fa");
    await createUser({ email, givenName: "Tessa", familyName: "Tweefactor", mfa: "email" });
    await expect(field(page, "E-mailadres")).toBeVisible();
    await hydrated(page, js);
    await field(page, "E-mailadres").fill(email);
    await field(page, "Wachtwoord").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Inloggen" }).click();
    await expect(page.getByRole("heading", { name: "2factor code invoeren" })).toBeVisible();
    await screen(page, "03-two-factor-form");
  });

  test("narrow screen with the menu open", async ({ page, js }) => {
    await page.setViewportSize({ width: 400, height: 800 });
    await signIn(page, js, "superbeheer@voorbeeld.nl");
    await page.goto("/imitate?q=vaart");
    await screen(page, "11-mobile-imitate-results");
    await page.getByRole("banner").getByText("Menu", { exact: true }).click();
    await expect(page.getByRole("navigation", { name: "Hoofdmenu" })).toBeVisible();
    await screen(page, "12-mobile-menu-open");
  });

  test("password reset pages", async ({ page, js }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const email = uniqueEmail(testInfo, "screen-reset");
    await createUser({ email });
    const before = latestMailTo(email);
    await page.goto("/wachtwoord-vergeten");
    await hydrated(page, js);
    await screen(page, "05-reset-request");
    await field(page, "E-mailadres").fill(email);
    await page.getByRole("button", { name: "Versturen" }).click();
    await expect(page.getByText("Als dit e-mailadres bij ons bekend is")).toBeVisible();
    await screen(page, "06-reset-requested-notification");
    await page.goto(linkIn(await nextMailTo(email, before), "/resetting/reset/"));
    await hydrated(page, js);
    await field(page, "Nieuw wachtwoord").fill("Zeilboot-langs-de-Vaart-2026");
    await field(page, "Herhaal wachtwoord").fill("iets-anders-dan-dat");
    await page.getByRole("button", { name: "Opslaan" }).click();
    await expect(page.getByText("De ingevoerde waarden komen niet overeen", { exact: true })).toBeVisible();
    await screen(page, "07-set-password-mismatch");
  });

  test("imitation page with results and suggestions", async ({ page, js }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, js, "superbeheer@voorbeeld.nl");
    await page.goto("/imitate?q=vaart");
    await hydrated(page, js);
    await expect(page.getByRole("button", { name: "Imiteren" }).first()).toBeVisible();
    await screen(page, "08-imitate-results");
    const search = field(page, "Zoek gebruiker");
    await search.fill("");
    await search.pressSequentially("lot");
    await expect(page.getByRole("option").first()).toBeVisible();
    await screen(page, "09-imitate-suggestions");
    await page.getByRole("option").first().click();
    await expect(page.getByRole("banner").getByText("U imiteert")).toBeVisible();
    await screen(page, "10-imitating-dashboard");
  });
});
