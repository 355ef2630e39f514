import type { Page } from "@playwright/test";
import { expect, field, hydrated, openOwnEstablishment, test } from "./support";

/**
 * What JavaScript hides by what is chosen (the RI&E files, the second time slot, the invoice
 * address) is hidden from the first paint, not once the scripts have taken over: on a slow computer
 * the page showed every field first and then jumped. Each page is opened with the portal's scripts
 * held back (the browser runs scripts, the page's own do not arrive), then as usual; the part
 * around what is hidden has the same height both times. The second slot's toggle, shown for the
 * scripts, is disabled until they have taken over.
 */
const group = (page: Page, name: string) => page.getByRole("group", { name, exact: true });
const height = async (page: Page, name: string) => (await group(page, name).boundingBox())?.height;

test("parts that JavaScript hides are hidden before the scripts have run, so the page does not jump; its toggles wait for them", async ({ page, js }, testInfo) => {
  const id = await openOwnEstablishment(page, js, { testInfo, label: "Eerste beeld", givenName: "Eva", familyName: "Beeld" });
  const pages = [
    { tab: "keuring", part: "Pijler 1: Wet- en regelgeving", hidden: () => field(page, "Datum RI&E-rapport") },
    { tab: "info-media", part: "Openingstijden", hidden: () => group(page, "Maandag").getByLabel("Tweede tijdvak van") },
    { tab: "algemeen", part: "Facturatie", hidden: () => field(page, "E-mailadres voor facturen") },
  ];
  for (const { tab, part, hidden } of pages) {
    const path = `/mijn-vestigingen/bewerken/${id}?tab=${tab}`;
    await page.route(/\.js(\?|$)/, (route) => route.abort());
    await page.goto(path);
    await expect(group(page, part)).toBeVisible();
    await expect(hidden()).toBeHidden();
    const toggle = group(page, "Maandag").getByRole("button", { name: "Tweede tijdvak toevoegen" });
    if (tab === "info-media") {
      // Shown for the scripts to work, but a click before they have taken over would do nothing.
      await expect(toggle).toBeVisible();
      await expect(toggle).toBeDisabled();
    }
    const before = await height(page, part);

    await page.unrouteAll();
    await page.goto(path);
    await hydrated(page, js);
    await expect(hidden()).toBeHidden();
    if (tab === "info-media") await expect(toggle).toBeEnabled();
    expect(await height(page, part), `${tab}: ${part}`).toBe(before);
  }
});
