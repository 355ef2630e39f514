import { DEMO_PASSWORD, expect, field, hydrated, signInThroughForm, test } from "./support";

test.describe("sign-in on home", () => {
  test("signs in and greets the member by name, in the header too", async ({ page, js }) => {
    await signInThroughForm(page, js, "lid@voorbeeld.nl");
    await expect(page.getByRole("heading", { name: "Welkom Lotte van der Vaart" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Lotte van der Vaart" })).toBeVisible();
  });

  test("refuses a wrong password and keeps the e-mail", async ({ page, js }) => {
    await page.goto("/");
    await hydrated(page, js);
    await field(page, "E-mailadres").fill("lid@voorbeeld.nl");
    await field(page, "Wachtwoord").fill("verkeerd-wachtwoord");
    await page.getByRole("button", { name: "Inloggen" }).click();
    await expect(page.getByText("Inloggen niet gelukt.")).toBeVisible();
    await expect(field(page, "E-mailadres")).toHaveValue("lid@voorbeeld.nl");
    // The server never sends a password back (with JavaScript the field keeps what was typed).
    if (!js) await expect(field(page, "Wachtwoord")).toHaveValue("");
  });

  test("tells a disabled account it is not active", async ({ page, js }) => {
    await page.goto("/");
    await hydrated(page, js);
    await field(page, "E-mailadres").fill("inactief@voorbeeld.nl");
    await field(page, "Wachtwoord").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Inloggen" }).click();
    await expect(page.getByText("Deze gebruiker is niet actief!")).toBeVisible();
    await expect(field(page, "E-mailadres")).toHaveValue("inactief@voorbeeld.nl");
  });

  test("asks for a valid e-mail address", async ({ page, js }) => {
    const message = "U dient een geldig e-mailadres in te voeren";
    const posts: string[] = [];
    page.on("request", (r) => r.method() === "POST" && posts.push(r.url()));
    await page.goto("/");
    await hydrated(page, js);
    const email = field(page, "E-mailadres");
    await email.fill("geen-adres");
    if (js) {
      // In the browser, before anything is sent: leaving the field shows nothing yet (no page
      // shift under the pointer); the submit does, and moves focus to the field.
      await field(page, "Wachtwoord").fill(DEMO_PASSWORD);
      await expect(page.getByText(message, { exact: true })).toHaveCount(0);
      await page.getByRole("button", { name: "Inloggen" }).click();
      await expect(page.getByText(message, { exact: true })).toBeVisible();
      await expect(email).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByRole("alert").getByRole("link", { name: `E-mailadres: ${message}` })).toBeVisible();
      await expect(email).toBeFocused();
      // Once shown, the message follows the typing.
      await email.fill("lid@voorbeeld.nl");
      await expect(page.getByText(message, { exact: true })).toHaveCount(0);
      expect(posts).toEqual([]);
    } else {
      // Without JavaScript the server answers with the same message.
      await field(page, "Wachtwoord").fill(DEMO_PASSWORD);
      await page.getByRole("button", { name: "Inloggen" }).click();
      await expect(page.getByText(message, { exact: true })).toBeVisible();
      await expect(page.getByRole("alert").getByRole("link", { name: `E-mailadres: ${message}` })).toBeVisible();
      await expect(email).toHaveValue("geen-adres");
      expect(posts).toHaveLength(1);
    }
  });
});
