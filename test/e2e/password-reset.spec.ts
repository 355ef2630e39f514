import { createUser, expect, field, hydrated, latestMailTo, linkIn, nextMailTo, signIn, test, uniqueEmail } from "./support";

const MISMATCH = "De ingevoerde waarden komen niet overeen";
const NEW_PASSWORD = "Zeilboot-langs-de-Vaart-2026";

test("password reset: request a link, choose a new password, sign in with it", async ({ page, js }, testInfo) => {
  // A user of its own: the reset changes the password.
  const email = uniqueEmail(testInfo, "reset");
  await createUser({ email, givenName: "Ruud", familyName: "Reset" });
  const before = latestMailTo(email);

  await page.goto("/");
  await hydrated(page, js);
  await page.getByRole("link", { name: "Wachtwoord vergeten?" }).click();
  await expect(page).toHaveURL(/\/wachtwoord-vergeten$/);
  await expect(page.getByRole("heading", { name: "Wachtwoord vergeten?" })).toBeVisible();
  await hydrated(page, js);
  await field(page, "E-mailadres").fill(email);
  await page.getByRole("button", { name: "Versturen" }).click();
  await expect(page.getByText("Als dit e-mailadres bij ons bekend is, ontvangt u een e-mail")).toBeVisible();

  const link = linkIn(await nextMailTo(email, before), "/resetting/reset/");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Nieuw wachtwoord instellen" })).toBeVisible();
  await hydrated(page, js);

  const password = field(page, "Nieuw wachtwoord");
  const repeat = field(page, "Herhaal wachtwoord");
  await password.fill(NEW_PASSWORD);
  await repeat.fill(`${NEW_PASSWORD}-anders`);
  await page.getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByText(MISMATCH, { exact: true })).toBeVisible();
  await expect(page.getByRole("alert").getByRole("link", { name: `Herhaal wachtwoord: ${MISMATCH}` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${link}$`));

  await password.fill(NEW_PASSWORD);
  await repeat.fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByText("Uw wachtwoord is gewijzigd. U kunt nu inloggen.")).toBeVisible();

  // The link served once; the new password signs in.
  await signIn(page, js, email, NEW_PASSWORD);
  await expect(page.getByRole("heading", { name: "Welkom Ruud Reset" })).toBeVisible();
});
