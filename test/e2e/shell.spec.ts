import { createUser, DEMO_PASSWORD, expect, field, hydrated, signIn, test, uniqueEmail } from "./support";

test.describe("shell", () => {
  test("breadcrumbs start with a home icon", async ({ page, js }) => {
    await signIn(page, js, "lid@voorbeeld.nl");
    await page.goto("/uitloggen");
    const crumbs = page.getByRole("navigation", { name: "Kruimelpad" });
    const home = crumbs.getByRole("listitem").first().getByRole("link", { name: "Home" });
    await expect(home).toBeVisible();
    await expect(home.locator("svg")).toHaveCount(1);
    await expect(crumbs.getByRole("listitem").nth(1)).toHaveText("Uitloggen");
    await hydrated(page, js);
    await home.click();
    await expect(page.getByRole("heading", { name: "Welkom Lotte van der Vaart" })).toBeVisible();
  });

  test("a signed-in page keeps the name and 'Uitloggen' in its header while it starts", async ({ page, js }) => {
    await signIn(page, js, "lid@voorbeeld.nl");
    // Counts every change of the page after which the header's 'Uitloggen' is gone again.
    await page.addInitScript(() => {
      const w = window as unknown as { headerGaps: number };
      w.headerGaps = 0;
      let shown = false;
      new MutationObserver(() => {
        if (document.querySelector('header a[href="/uitloggen"]')) shown = true;
        else if (shown) w.headerGaps++;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto("/mijn-gegevens");
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: "Lotte van der Vaart" })).toBeVisible();
    await expect(banner.getByRole("link", { name: "Uitloggen" })).toBeVisible();
    await hydrated(page, js);
    // With JavaScript the router's first updates follow hydration; they are over once the network is quiet.
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => (window as unknown as { headerGaps: number }).headerGaps)).toBe(0);
    await expect(banner.getByRole("link", { name: "Uitloggen" })).toBeVisible();
  });

  test("a success notification closes by itself, and has its close button, only with JavaScript", async ({ page, js }, testInfo) => {
    // Asking for a new sign-in code is a post that ends with a success notification.
    const email = uniqueEmail(testInfo, "notify");
    await createUser({ email, mfa: "email" });
    await page.goto("/");
    await hydrated(page, js);
    await field(page, "E-mailadres").fill(email);
    await field(page, "Wachtwoord").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Inloggen" }).click();
    await page.getByRole("button", { name: "Stuur een nieuwe code" }).click();
    const notification = page.getByRole("status").filter({ hasText: "Er is een nieuwe code naar uw e-mailadres verstuurd." });
    await expect(notification).toBeVisible();
    // Its close button works only with JavaScript, so only then is it there.
    await expect(notification.getByRole("button", { name: "Sluiten" })).toBeVisible({ visible: js });
    if (js) {
      const shownAt = Date.now();
      await expect(notification).toBeHidden({ timeout: 6_000 });
      // Not at once: it stayed up for a while (a loose bound, the machine may be busy).
      expect(Date.now() - shownAt).toBeGreaterThan(1_000);
    } else {
      await page.waitForTimeout(4_000);
      await expect(notification).toBeVisible();
      await page.reload();
      await expect(page.getByRole("heading", { name: "2factor code invoeren" })).toBeVisible();
      await expect(notification).toHaveCount(0);
    }
  });

  test("the mobile menu opens without JavaScript", async ({ page, js }) => {
    await page.setViewportSize({ width: 400, height: 800 });
    await signIn(page, js, "lid@voorbeeld.nl");
    // Whatever element makes the toggle (details/summary or a checkbox label), it is the text 'Menu'.
    const toggle = page.getByRole("banner").getByText("Menu", { exact: true });
    const menu = page.getByRole("navigation", { name: "Hoofdmenu" });
    await expect(toggle).toBeVisible();
    await expect(menu).toBeHidden();
    await toggle.click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Home" })).toBeVisible();
    await toggle.click();
    await expect(menu).toBeHidden();
  });
});
