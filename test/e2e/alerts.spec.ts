import type { Locator, Page, TestInfo } from "@playwright/test";
import { db, expect, expectFieldError, field, hydrated, screen, signIn, test } from "./support";

const REQUIRED = "Dit is een verplicht veld";

/**
 * The body field: with JavaScript the editor, once it has taken the textarea's place (until then
 * the textarea is the field, and both carry the name 'Tekst'); without, the textarea.
 */
async function textField(page: Page, js: boolean): Promise<Locator> {
  if (!js) return field(page, "Tekst");
  await expect(field(page, "Tekst")).toBeHidden();
  return page.getByRole("textbox", { name: "Tekst" });
}

/** A notification text of the test's own, so that no mail another test reads changes. */
async function ownAlert(testInfo: TestInfo) {
  const database = await db();
  const stamp = `${testInfo.project.name} ${Date.now()}`;
  const { id } = await database
    .insertInto("alerts")
    .values({ ref: `e2e_${stamp}`, title: `E2E melding ${stamp}`, description: "Beschikbaar: {{name}}.", subject: "Oud", body: "<p>Oude tekst</p>" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const stored = () => database.selectFrom("alerts").select(["subject", "body"]).where("id", "=", id).executeTakeFirstOrThrow();
  return { id, stored };
}

test("admin edits a notification text: the editor with JavaScript, the textarea without", async ({ page, js }, testInfo) => {
  const { id, stored } = await ownAlert(testInfo);
  await signIn(page, js, "beheer@voorbeeld.nl");
  await page.goto(`/notificaties/bewerken/${id}`);
  await hydrated(page, js);
  await expect(page.getByText("Beschikbaar: {{name}}.")).toBeVisible();
  await field(page, "Onderwerp").fill("Nieuw onderwerp");
  if (js) {
    const editor = await textField(page, js);
    await expect(editor).toBeVisible();
    await expect(editor).toHaveText("Oude tekst");
    await editor.click();
    await page.keyboard.press("Control+A");
    await page.keyboard.type("Beste {{name}}, ");
    await page.getByRole("button", { name: "Vet" }).click();
    await page.keyboard.type("belangrijk");
    await screen(page, `alert-edit-${testInfo.project.name}`);
  } else {
    await expect(field(page, "Tekst")).toHaveValue("<p>Oude tekst</p>");
    await field(page, "Tekst").fill("<p>Beste {{name}}, <strong>belangrijk</strong></p>");
  }
  await page.getByRole("button", { name: "Opslaan" }).click();
  await expect(page).toHaveURL(/\/notificaties\/lijst$/);
  await expect(page.getByText("De notificatie is opgeslagen.")).toBeVisible();
  expect(await stored()).toEqual({ subject: "Nieuw onderwerp", body: "<p>Beste {{name}}, <strong>belangrijk</strong></p>" });
});

test("an empty text is refused beside the field, and focus goes to it", async ({ page, js }, testInfo) => {
  const { id, stored } = await ownAlert(testInfo);
  await signIn(page, js, "beheer@voorbeeld.nl");
  await page.goto(`/notificaties/bewerken/${id}`);
  await hydrated(page, js);
  const editor = await textField(page, js);
  if (js) {
    await editor.click();
    await page.keyboard.press("Control+A");
    await page.keyboard.press("Delete");
  } else {
    await editor.fill("<p><br></p>");
  }
  await page.getByRole("button", { name: "Opslaan" }).click();
  await expectFieldError(editor, REQUIRED);
  if (js) await expect(editor).toBeFocused();
  expect((await stored()).body).toBe("<p>Oude tekst</p>");
});

test("admins edit the HTML itself: the source view with JavaScript, the textarea without", async ({ page, js }, testInfo) => {
  const { id, stored } = await ownAlert(testInfo);
  await signIn(page, js, "beheer@voorbeeld.nl");
  await page.goto(`/notificaties/bewerken/${id}`);
  await hydrated(page, js);
  if (js) {
    await textField(page, js);
    await page.getByRole("button", { name: "Bron bewerken" }).click();
  } else {
    await expect(page.getByRole("button", { name: "Bron bewerken" })).toHaveCount(0);
  }
  await expect(field(page, "Tekst")).toBeVisible();
  await field(page, "Tekst").fill('<p>Zie <a href="https://fitned.nl">FITNED</a></p>');
  if (js) {
    await page.getByRole("button", { name: "Terug naar de editor" }).click();
    await expect(page.getByRole("textbox", { name: "Tekst" })).toHaveText("Zie FITNED");
  }
  await page.getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByText("De notificatie is opgeslagen.")).toBeVisible();
  expect((await stored()).body).toBe('<p>Zie <a href="https://fitned.nl" target="_blank" rel="noopener noreferrer">FITNED</a></p>');
});

test("the text field is reached and left with Tab alone", async ({ page, js }, testInfo) => {
  const { id, stored } = await ownAlert(testInfo);
  await signIn(page, js, "beheer@voorbeeld.nl");
  await page.goto(`/notificaties/bewerken/${id}`);
  await hydrated(page, js);
  const text = await textField(page, js);
  await expect(text).toBeVisible();
  await field(page, "Onderwerp").focus();
  // Past the toolbar's buttons (with JavaScript) to the text itself.
  for (let i = 0; i < 20 && !(await text.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(text).toBeFocused();
  await page.keyboard.press("End");
  await page.keyboard.type(" Met vriendelijke groet.");
  // Tab leaves the text instead of typing a tab.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Opslaan" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("De notificatie is opgeslagen.")).toBeVisible();
  // Without JavaScript the field is the HTML itself: the words follow its paragraph.
  expect((await stored()).body).toBe(js ? "<p>Oude tekst Met vriendelijke groet.</p>" : "<p>Oude tekst</p> Met vriendelijke groet.");
});
