import type { Locator, Page } from "@playwright/test";
import { createUser, DEMO_PASSWORD, expect, hydrated, latestMailTo, linkIn, nextMailTo, screen, signIn, signInThroughForm, test, uniqueEmail } from "./support";

const NEW_PASSWORD = "Fietsen-langs-het-Spaarne-2026";

/** The input labelled `label` inside one section of the page (several forms ask for 'Huidig wachtwoord'). */
function fieldIn(scope: Locator, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return scope.getByLabel(new RegExp(`^${escaped}\\s*\\*?$`)).and(scope.locator("input"));
}

const section = (page: Page, title: string) => page.getByRole("region", { name: title });

test("change the password on Mijn gegevens with the current one", async ({ page, js }, testInfo) => {
  const email = uniqueEmail(testInfo, "wachtwoord");
  await createUser({ email, givenName: "Wim", familyName: "Wachtwoord" });
  await signIn(page, js, email);
  await page.goto("/mijn-gegevens");
  await hydrated(page, js);
  const form = section(page, "Wachtwoord wijzigen");
  await fieldIn(form, "Huidig wachtwoord").fill("niet-het-goede-wachtwoord");
  await fieldIn(form, "Nieuw wachtwoord").fill(NEW_PASSWORD);
  await fieldIn(form, "Herhaal wachtwoord").fill(NEW_PASSWORD);
  await form.getByRole("button", { name: "Wachtwoord wijzigen" }).click();
  await expect(form.getByText("Het huidige wachtwoord klopt niet.", { exact: true })).toBeVisible();
  await screen(page, "13-password-change-error");

  await hydrated(page, js);
  await fieldIn(form, "Huidig wachtwoord").fill(DEMO_PASSWORD);
  await fieldIn(form, "Nieuw wachtwoord").fill(NEW_PASSWORD);
  await fieldIn(form, "Herhaal wachtwoord").fill(NEW_PASSWORD);
  await form.getByRole("button", { name: "Wachtwoord wijzigen" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Uw wachtwoord is gewijzigd." })).toBeVisible();
});

test("change the e-mail address: confirmed by the link sent to the new address", async ({ page, js }, testInfo) => {
  const email = uniqueEmail(testInfo, "oud-adres");
  const newEmail = uniqueEmail(testInfo, "nieuw-adres");
  await createUser({ email, givenName: "Eva", familyName: "Email" });
  await signIn(page, js, email);
  await page.goto("/mijn-gegevens");
  await hydrated(page, js);
  const form = section(page, "Accountgegevens");
  await fieldIn(form, "E-mailadres").fill(newEmail);
  await form.getByRole("button", { name: "Opslaan" }).click();
  await expect(form.getByText("Vul uw huidige wachtwoord in.", { exact: true })).toBeVisible();
  // What was typed is still there.
  await expect(fieldIn(form, "E-mailadres")).toHaveValue(newEmail);

  const before = latestMailTo(newEmail);
  await hydrated(page, js);
  await fieldIn(form, "Huidig wachtwoord").fill(DEMO_PASSWORD);
  await form.getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByText(`We hebben een bevestigingslink gestuurd naar ${newEmail}.`, { exact: false })).toBeVisible();

  await page.goto(linkIn(await nextMailTo(newEmail, before), "/mijn-gegevens/e-mailadres-bevestigen/"));
  await expect(page.getByRole("heading", { name: "E-mailadres bevestigen" })).toBeVisible();
  await screen(page, "14-confirm-email");
  await hydrated(page, js);
  await page.getByRole("button", { name: "E-mailadres bevestigen" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Uw e-mailadres is gewijzigd." })).toBeVisible();
  await expect(fieldIn(section(page, "Accountgegevens"), "E-mailadres")).toHaveValue(newEmail);
});

test("log out on all other devices", async ({ page, js, browser }, testInfo) => {
  const email = uniqueEmail(testInfo, "apparaten");
  await createUser({ email, givenName: "Anouk", familyName: "Apparaat" });
  const other = await browser.newContext({ javaScriptEnabled: js, baseURL: process.env.E2E_BASE_URL });
  const otherPage = await other.newPage();
  try {
    await signInThroughForm(otherPage, js, email);
    await signInThroughForm(page, js, email);
    await page.goto("/mijn-gegevens");
    const devices = section(page, "Ingelogde apparaten");
    await expect(devices.getByRole("row")).toHaveCount(3);
    await expect(devices.getByText("(dit apparaat)")).toBeVisible();
    await screen(page, "15-own-sessions");
    await hydrated(page, js);
    await devices.getByRole("button", { name: "Uitloggen op alle andere apparaten" }).click();
    await expect(page.getByRole("status").filter({ hasText: "U bent uitgelogd op alle andere apparaten." })).toBeVisible();
    await expect(section(page, "Ingelogde apparaten").getByRole("row")).toHaveCount(2);
    await otherPage.goto("/mijn-gegevens");
    await expect(otherPage.getByRole("button", { name: "Inloggen", exact: true })).toBeVisible();
  } finally {
    await other.close();
  }
});
