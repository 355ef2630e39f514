import { codeIn, createUser, DEMO_PASSWORD, expect, field, hydrated, latestMailTo, nextMailTo, screen, test, uniqueEmail } from "./support";
import type { Page } from "@playwright/test";

async function submitLogin(page: Page, js: boolean, email: string) {
  await page.goto("/");
  await hydrated(page, js);
  await field(page, "E-mailadres").fill(email);
  await field(page, "Wachtwoord").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Inloggen" }).click();
}

test.describe("two-factor sign-in with a mailed code", () => {
  test("the demo persona gets the code form and a wrong code is refused", async ({ page, js }) => {
    await submitLogin(page, js, "tweefactor@voorbeeld.nl");
    await expect(page.getByRole("heading", { name: "2factor code invoeren" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Versturen" })).toBeVisible();
    await hydrated(page, js);
    await field(page, "Code").fill("000000");
    await page.getByRole("button", { name: "Versturen" }).click();
    await expect(page.getByText("Verkeerde 2factor code!")).toBeVisible();
    await expect(page.getByRole("heading", { name: "2factor code invoeren" })).toBeVisible();
  });

  test("the mailed code leads to the dashboard", async ({ page, js }, testInfo) => {
    // A user of its own: every sign-in mails a new code and retires the previous one, so the
    // projects running side by side must not share the account.
    const email = uniqueEmail(testInfo, "2fa");
    await createUser({ email, givenName: "Tessa", familyName: "Tweefactor", mfa: "email" });
    const before = latestMailTo(email);
    await submitLogin(page, js, email);
    await expect(page.getByRole("heading", { name: "2factor code invoeren" })).toBeVisible();
    const code = codeIn(await nextMailTo(email, before));
    expect(code).toMatch(/^\d{6}$/);

    await hydrated(page, js);
    await field(page, "Code").fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Versturen" }).click();
    await expect(page.getByText("Verkeerde 2factor code!")).toBeVisible();

    await field(page, "Code").fill(code);
    await page.getByRole("button", { name: "Versturen" }).click();
    await expect(page.getByRole("heading", { name: "Welkom Tessa Tweefactor" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Tessa Tweefactor" })).toBeVisible();
  });
});

test.describe("admins must sign in with a second factor", () => {
  test("an admin without one chooses the mailed code before any other page", async ({ page, js }, testInfo) => {
    const email = uniqueEmail(testInfo, "admin-setup");
    await createUser({ email, givenName: "Anna", familyName: "Beheer", role: "admin", mfa: "" });
    await submitLogin(page, js, email);
    await expect(page.getByRole("heading", { name: "Tweestapsverificatie instellen" })).toBeVisible();
    await screen(page, "05-admin-second-factor-setup");
    // Nothing else opens before it is done.
    await page.goto("/lidmaatschappen");
    await expect(page.getByRole("heading", { name: "Tweestapsverificatie instellen" })).toBeVisible();

    const before = latestMailTo(email);
    await hydrated(page, js);
    await page.getByRole("radio", { name: "E-mailcode" }).check();
    await page.getByRole("button", { name: "Doorgaan" }).click();
    await expect(page.getByRole("heading", { name: "2factor code invoeren" })).toBeVisible();
    const code = codeIn(await nextMailTo(email, before));
    await hydrated(page, js);
    await field(page, "Code").fill(code);
    await page.getByRole("button", { name: "Versturen" }).click();
    await expect(page.getByRole("banner").getByRole("link", { name: "Anna Beheer" })).toBeVisible();
    await page.goto("/lidmaatschappen");
    await expect(page.getByRole("heading", { name: /Lidmaatschappen/ })).toBeVisible();
  });
});
