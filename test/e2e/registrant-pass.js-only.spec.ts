import type { Browser } from "@playwright/test";
import { insertRegistrant } from "../fixtures";
import { db, expect, hydrated, signIn, test } from "./support";

// The pass reset clears every professional of the export, so the two ways of working run one after
// the other in one test (a browser without JavaScript, then one with it), never side by side.
const ADMIN = "beheer@voorbeeld.nl";

async function exportAndReset(browser: Browser, js: boolean, tag: string) {
  const database = await db();
  const name = `Pien ${tag} ${js ? "js" : "nojs"}`;
  const id = await insertRegistrant(database, { givenName: "Pien", familyName: `${tag} ${js ? "js" : "nojs"}` });
  await database.updateTable("registrants").set({ create_pass: 1 }).where("id", "=", id).execute();

  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, javaScriptEnabled: js, acceptDownloads: true, locale: "nl-NL", timezoneId: "Europe/Amsterdam" });
  const page = await context.newPage();
  try {
    await signIn(page, js, ADMIN);
    await page.goto("/fitnednl/pasgegevens");
    await hydrated(page, js);
    await expect(page.getByRole("heading", { level: 1, name: "Pasgegevens" })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: name })).toBeVisible();

    // Before the export the page says why the reset waits.
    await expect(page.getByText("U dient de huidige pasgegevens eerst te exporteren!")).toBeVisible();
    if (js) {
      // Offered only after the export.
      await expect(page.getByRole("button", { name: "Pasgegevens reset'en" })).toBeDisabled();
      await expect(page.getByRole("button", { name: "Pasgegevens reset'en" })).toHaveAccessibleDescription("U dient de huidige pasgegevens eerst te exporteren!");
    } else {
      // Without JavaScript the page cannot know: the server says so.
      await page.getByRole("link", { name: "Pasgegevens reset'en" }).click();
      await expect(page.getByRole("status").getByText("U dient de huidige pasgegevens eerst te exporteren!")).toBeVisible();
    }

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download als CSV" }).click();
    expect((await download).suggestedFilename()).toMatch(/^passen-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.csv$/);

    await page.getByRole("link", { name: "Pasgegevens reset'en" }).click();
    const confirm = js ? page.getByRole("dialog", { name: "Pasgegevens reset'en" }) : page.getByRole("main");
    await expect(confirm.getByText("Weet u zeker dat u de pasgegevens wilt reset'en?")).toBeVisible();
    await confirm.getByRole("button", { name: "Reset'en", exact: true }).click();
    await expect(page.getByText("Succesvol ge-reset")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
    const row = await database.selectFrom("registrants").select(["create_pass", "pass_created"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.create_pass).toBe(0);
    expect(row.pass_created).not.toBeNull();
  } finally {
    await context.close();
  }
}

test("pass data: export the file, then reset the exported professionals, without and with JavaScript", async ({ browser }, testInfo) => {
  const tag = `Pw${(Date.now() + testInfo.workerIndex).toString(36)}`;
  await exportAndReset(browser, false, tag);
  await exportAndReset(browser, true, tag);
});
