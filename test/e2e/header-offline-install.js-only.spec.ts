import { devices } from "@playwright/test";
import { expect, hydrated, signIn, test } from "./support";

// What the header shows with JavaScript only: the offline marker (by a check of /online, not only the
// browser's network flag) and the install button.

test("the header shows when the portal cannot be reached, and when it is back", async ({ page, context, js }) => {
  await page.goto("/registratie-fitnednl");
  await hydrated(page, js);
  const header = page.getByRole("banner");
  await expect(header.getByText("Offline")).toHaveCount(0);

  // The network is gone: the browser says so.
  await context.setOffline(true);
  await expect(header.getByRole("status").getByText("Offline")).toBeVisible();
  await context.setOffline(false);
  await expect(header.getByRole("status").getByText("Weer online")).toBeVisible();
  await expect(header.getByText("Weer online")).toHaveCount(0, { timeout: 10_000 });

  // The network is up but the portal does not answer: /online decides.
  await page.route("**/online", (route) => route.abort("connectionrefused"));
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await expect(header.getByRole("status").getByText("Offline")).toBeVisible();
  await page.unroute("**/online");
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  await expect(header.getByRole("status").getByText("Weer online")).toBeVisible();
});

test("the menu is shown online only: gone while the portal cannot be reached, back with it", async ({ page, context, js }) => {
  await signIn(page, js, "beheer@voorbeeld.nl");
  await page.goto("/vestigingen");
  await hydrated(page, js);
  const menu = page.getByRole("navigation", { name: "Hoofdmenu" });
  await expect(menu.getByRole("link", { name: "Lidmaatschappen", exact: true })).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByRole("banner").getByRole("status").getByText("Offline")).toBeVisible();
  await expect(menu).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Menu" }).or(page.getByText("Menu", { exact: true }))).toHaveCount(0);

  await context.setOffline(false);
  await expect(page.getByRole("banner").getByRole("status").getByText("Weer online")).toBeVisible();
  await expect(menu.getByRole("link", { name: "Lidmaatschappen", exact: true })).toBeVisible();
});

test("where the browser offers installing, the header's button asks", async ({ page, js }) => {
  await page.goto("/");
  await hydrated(page, js);
  const install = page.getByRole("button", { name: "App installeren" });
  await expect(install).toHaveCount(0);
  // The browser's offer, as Chromium hands it to the page.
  await page.evaluate(() => {
    const offer = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
      prompt: () => {
        (window as unknown as { asked: number }).asked = ((window as unknown as { asked?: number }).asked ?? 0) + 1;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: "accepted" }),
    });
    window.dispatchEvent(offer);
  });
  await install.click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { asked?: number }).asked)).toBe(1);
  await expect(install).toHaveCount(0);
});

test("on an iPhone the button explains how to install by hand", async ({ browser }) => {
  const context = await browser.newContext({ ...devices["iPhone 13"], baseURL: process.env.E2E_BASE_URL });
  try {
    const page = await context.newPage();
    await page.goto("/");
    await hydrated(page, true);
    const install = page.getByRole("button", { name: "App installeren" });
    await expect(install).toHaveAttribute("aria-expanded", "false");
    await install.click();
    await expect(install).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText("Tik in Safari onderaan op de deelknop (het vierkant met de pijl omhoog) en kies ‘Zet op beginscherm’.")).toBeVisible();
  } finally {
    await context.close();
  }
});
