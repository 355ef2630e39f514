import { DEMO_PASSWORD, expect, field, hydrated, linkIn, nextMailTo, signIn, test, uniqueEmail } from "./support";

const NEW_PASSWORD = "Kettlebell-aan-de-Maas-2026";
const MISMATCH = "De ingevoerde waarden komen niet overeen";

test("a professional registers, activates the account and reaches the new registrations", async ({ page, js }, testInfo) => {
  const email = uniqueEmail(testInfo, "registratie");
  const familyName = `Registrant${testInfo.project.name}${Date.now().toString(36)}`;

  await page.goto("/");
  await page.getByRole("link", { name: "Registreren als FITNED.NL-professional" }).click();
  await expect(page.getByRole("heading", { name: "Registreren als FITNED.NL-professional" })).toBeVisible();
  await hydrated(page, js);

  await field(page, "E-mailadres").fill(email);
  await field(page, "Herhaal e-mailadres").fill(`ander-${email}`);
  await field(page, "Voornaam").fill("Noor");
  await field(page, "Achternaam").fill(familyName);
  await field(page, "Straat").fill("Maasboulevard");
  await field(page, "Huisnummer").fill("3");
  await field(page, "Postcode").fill("3011 tb");
  await field(page, "Plaats").fill("Rotterdam");
  await field(page, "Telefoonnummer").fill("010-1234567");
  await field(page, "Geslacht").selectOption({ label: "Vrouw" });
  await page.getByRole("button", { name: "Registreren" }).click();

  // The repeat differs and the terms are not ticked: nothing is sent, the typing stays.
  const summary = page.getByRole("alert");
  await expect(summary.getByRole("link", { name: `Herhaal e-mailadres: ${MISMATCH}` })).toBeVisible();
  await expect(summary.getByRole("link", { name: /Ik ga akkoord met de algemene voorwaarden/ })).toBeVisible();
  await expect(field(page, "Straat")).toHaveValue("Maasboulevard");
  await expect(field(page, "Geslacht")).toHaveValue("f");

  await hydrated(page, js);
  await field(page, "Herhaal e-mailadres").fill(email);
  await page.getByLabel("Ik ga akkoord met de algemene voorwaarden").check();
  await page.getByLabel("Ik ga akkoord met de privacyverklaring").check();
  await page.getByRole("button", { name: "Registreren" }).click();
  await expect(page.getByRole("heading", { name: "Bedankt voor uw registratie" })).toBeVisible();

  // The activation mail: the names come prefilled, a password makes the account active.
  await page.goto(linkIn(await nextMailTo(email), "/register/confirm/"));
  await expect(page.getByRole("heading", { name: "Account activeren" })).toBeVisible();
  await hydrated(page, js);
  await expect(field(page, "Voornaam")).toHaveValue("Noor");
  await expect(field(page, "Achternaam")).toHaveValue(familyName);
  await field(page, "Wachtwoord").fill(NEW_PASSWORD);
  await field(page, "Herhaal wachtwoord").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Account activeren" }).click();
  await expect(page.getByText("Uw account is geactiveerd. U kunt nu inloggen.")).toBeVisible();

  await signIn(page, js, "beheer@voorbeeld.nl", DEMO_PASSWORD);
  await page.goto("/fitnednl/nieuwe-aanmeldingen");
  await expect(page.getByRole("row").filter({ hasText: `Noor ${familyName}` })).toBeVisible();
});

test("a non-member asks for a trial membership, which reaches the new memberships", async ({ page, js }, testInfo) => {
  const email = uniqueEmail(testInfo, "proef");
  const organisation = `Proefclub ${testInfo.project.name} ${Date.now().toString(36)}`;

  await page.goto("/");
  await page.getByRole("link", { name: "Proeflidmaatschap aanvragen voor niet-leden" }).click();
  await expect(page.getByRole("heading", { name: "Proeflidmaatschap voor niet-leden" })).toBeVisible();
  await expect(page.getByText(/€\s275,00 excl\. btw per vestiging/)).toBeVisible();
  await hydrated(page, js);

  await page.getByLabel("Ik heb interesse in een volwaardig lidmaatschap").check();
  await field(page, "E-mailadres").fill(email);
  await field(page, "Herhaal e-mailadres").fill(email);
  await field(page, "Voornaam").fill("Bram");
  await field(page, "Achternaam").fill("Proef");
  await field(page, "Naam organisatie (statutaire of handelsnaam)").fill(organisation);
  await field(page, "Naam vestiging").fill(`${organisation} Centrum`);
  await field(page, "Straat").fill("Stationsplein");
  await field(page, "Huisnummer").fill("1");
  await field(page, "Postcode").fill("12345");
  await field(page, "Plaats").fill("Zwolle");
  await page.getByRole("button", { name: "Aanmelden" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: /Postcode: U dient een postcode van de vorm "1234AB" in te voeren/ })).toBeVisible();
  await expect(page.getByRole("alert").getByRole("link", { name: /Ik ga akkoord met de privacyverklaring/ })).toBeVisible();

  await hydrated(page, js);
  await field(page, "Postcode").fill("8011 cw");
  await page.getByLabel("Ik ga akkoord met de privacyverklaring").check();
  await page.getByRole("button", { name: "Aanmelden" }).click();
  await expect(page.getByRole("heading", { name: "Bedankt voor uw aanmelding" })).toBeVisible();
  expect(linkIn(await nextMailTo(email), "/register/confirm/")).toContain("/register/confirm/");

  await signIn(page, js, "beheer@voorbeeld.nl", DEMO_PASSWORD);
  await page.goto("/nieuwe-lidmaatschappen");
  await expect(page.getByText(organisation, { exact: true })).toBeVisible();
});
