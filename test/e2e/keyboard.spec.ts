import type { Locator, Page, TestInfo } from "@playwright/test";
import { insertEnterprise, insertMember } from "../fixtures";
import { codesSince, newestMailFile } from "../mail";
import { DEMO_PASSWORD, db, expect, field, hydrated, test } from "./support";

/**
 * The main flows with the keyboard alone: after each page.goto, only keys (Tab, Shift+Tab, Enter,
 * Escape, typing). Every element focus passes on the way shows that it has focus, and after each
 * step focus is where a person continues: the code field, the first invalid field or the error
 * summary, the dialog's safe button, the new page's heading.
 *
 * With JavaScript, a step replaces part of the page and the portal decides where focus goes. Without
 * it, every step is a page load: focus starts at the top of the document (the first Tab reaches
 * 'Naar de inhoud'), except where the page itself says otherwise (autofocus on the code field and on
 * the error summary of a form the server sent back, the browser's own jump to a #fragment).
 */

const ADMIN = "beheer@voorbeeld.nl";
const ADMIN_NAME = "Bart de Beheerder";

interface Focused {
  tag: string;
  name: string;
  outline: string;
  boxShadow: string;
  width: number;
  height: number;
  /** It is the element asked about. */
  isTarget: boolean;
}

/**
 * What has focus now and how it shows it; null when nothing does (the document). Runs in the page
 * (self-contained), as page.evaluate(describeFocus) or locator.evaluate(describeFocus) for `target`.
 */
function describeFocus(target?: Element): Focused | null {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body || el === document.documentElement) return null;
  const style = getComputedStyle(el);
  const box = el.getBoundingClientRect();
  return {
    tag: el.tagName.toLowerCase(),
    name: (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 60) || el.id,
    outline: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0 ? `${style.outlineStyle} ${style.outlineWidth}` : "",
    boxShadow: style.boxShadow === "none" ? "" : style.boxShadow,
    width: box.width,
    height: box.height,
    isTarget: el === target,
  };
}

const focused = (page: Page) => page.evaluate(describeFocus, undefined);

/** Something has focus, it is on screen, and it shows it with an outline or a shadow. */
function expectVisible(now: Focused | null): void {
  expect(now, "an element has focus").not.toBeNull();
  expect(now!.width > 0 && now!.height > 0, `${now!.tag} '${now!.name}' is on screen`).toBe(true);
  expect(now!.outline || now!.boxShadow, `${now!.tag} '${now!.name}' shows its focus`).not.toBe("");
}

/** Focus is on `target`, visibly. */
async function expectFocusOn(target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  expectVisible(await focused(target.page()));
}

/** Presses `key` (Tab or Shift+Tab) until `target` has focus; every stop on the way must show its focus. */
async function moveTo(target: Locator, key: "Tab" | "Shift+Tab" = "Tab", limit = 80): Promise<void> {
  const page = target.page();
  await target.waitFor();
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(key);
    const now = await target.evaluate(describeFocus);
    expectVisible(now);
    if (now!.isTarget) return;
  }
  throw new Error(`${key} did not reach ${target} in ${limit} presses`);
}

/** Replaces what the focused text field holds. */
async function retype(page: Page, text: string): Promise<void> {
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Backspace");
  if (text) await page.keyboard.type(text);
}

const heading = (page: Page) => page.getByRole("main").getByRole("heading", { level: 1 });

/**
 * With JavaScript a notification closes itself after three seconds, which a busy test machine may
 * need to see it; the page keeps a list of every notification it showed (an init script).
 */
async function recordNotifications(page: Page, js: boolean): Promise<void> {
  if (!js) return;
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { shownNotifications: seen });
    new MutationObserver(() => {
      for (const el of document.querySelectorAll(".notification")) {
        const text = (el.textContent ?? "").trim();
        if (!seen.includes(text)) seen.push(text);
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The page showed the notification `text` (without JavaScript it stays until the next page). */
async function expectNotification(page: Page, js: boolean, text: string): Promise<void> {
  if (!js) {
    await expect(page.getByRole("status").filter({ hasText: text })).toBeVisible();
    return;
  }
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shownNotifications: string[] }).shownNotifications))
    .toContainEqual(expect.stringContaining(text));
}

/**
 * Where focus is after a step that replaced the page: with JavaScript the new page's heading,
 * without it the top of the new document, from where the first Tab reaches the skip link.
 */
async function expectFocusAfterNavigation(page: Page, js: boolean): Promise<void> {
  if (js) {
    await expectFocusOn(heading(page));
    return;
  }
  expect(await focused(page)).toBeNull();
  await page.keyboard.press("Tab");
  await expectFocusOn(page.getByRole("link", { name: "Naar de inhoud" }));
}

/**
 * Signs in as the demo admin with the keyboard: e-mail address, password, Enter, then the mailed
 * code. Other tests may be signing in as the same admin at the same moment; each sign-in gets a code
 * of its own, so the codes mailed since are tried in turn.
 */
async function signInWithKeyboard(page: Page, js: boolean): Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR!;
  const before = newestMailFile(dataDir);
  await page.goto("/");
  await hydrated(page, js);
  await moveTo(field(page, "E-mailadres"));
  await page.keyboard.type(ADMIN);
  await page.keyboard.press("Tab");
  await expectFocusOn(field(page, "Wachtwoord"));
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press("Enter");

  const codeStage = page.getByRole("heading", { name: "2factor code invoeren" });
  await expect(codeStage).toBeVisible();
  await hydrated(page, js);
  // The code form opens with focus in its one field.
  await expectFocusOn(field(page, "Code"));
  for (const code of await codesSince(dataDir, ADMIN, before)) {
    await retype(page, code);
    const answer = page.waitForResponse((r) => r.request().method() === "POST");
    await page.keyboard.press("Enter");
    if ((await answer).status() !== 401) break;
    // Another sign-in's code: the summary says so and has focus; the field is the next stop.
    await hydrated(page, js);
    await expectFocusOn(page.getByRole("alert").filter({ hasText: "Verkeerde 2factor code!" }));
    await page.keyboard.press("Tab");
    await expectFocusOn(field(page, "Code"));
  }
  await expect(page.getByRole("banner").getByRole("link", { name: ADMIN_NAME })).toBeVisible();
  await hydrated(page, js);
}

/** Letters only, unique per test and project, so searches find this test's memberships alone. */
function tagFor(testInfo: TestInfo): string {
  const n = (Date.now() * 7 + process.pid * 13 + testInfo.project.name.length * 101 + testInfo.workerIndex) % 11_881_376;
  return `Kb${Array.from(n.toString(26).padStart(5, "0"), (c) => String.fromCharCode(97 + parseInt(c, 26))).join("")}`;
}

test.describe("keyboard only", () => {
  // Tab by Tab through the header and the admin's menu, on a machine that may be busy.
  test.describe.configure({ timeout: 120_000 });
  test.beforeEach(async ({ page, js }) => recordNotifications(page, js));

  test("sign in with the mailed code", async ({ page, js }) => {
    await signInWithKeyboard(page, js);
    await expect(heading(page)).toHaveText("Home");
    await expectFocusAfterNavigation(page, js);
  });

  test("search the member list and go to the next page", async ({ page, js }, testInfo) => {
    const tag = tagFor(testInfo);
    const database = await db();
    for (let i = 0; i < 12; i++) {
      const id = await insertMember(database, { name: `${tag} ${String.fromCharCode(65 + i)}` });
      await insertEnterprise(database, id, { town: "Zwolle" });
    }
    await signInWithKeyboard(page, js);
    await page.goto("/lidmaatschappen");
    await hydrated(page, js);

    await moveTo(field(page, "Zoek lidmaatschappen"));
    await page.keyboard.type(tag);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`\\?q=${tag}`));
    await expect(heading(page)).toHaveText("Lidmaatschappen (12)");
    await hydrated(page, js);
    await expectFocusAfterNavigation(page, js);

    const pager = page.getByRole("navigation", { name: "Paginering" });
    await moveTo(pager.getByRole("link", { name: "Volgende pagina" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/page=2/);
    await expect(pager.getByText("2", { exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("main").locator("tbody tr")).toHaveCount(2);
    await hydrated(page, js);
    await expectFocusAfterNavigation(page, js);
  });

  test("edit a membership: an error, then save", async ({ page, js }, testInfo) => {
    const name = `${tagFor(testInfo)} Bewerk`;
    const id = await insertMember(await db(), { name });
    await signInWithKeyboard(page, js);
    await page.goto(`/lidmaatschappen/bewerken/${id}`);
    await hydrated(page, js);

    // Emptying the required name and pressing Enter: refused.
    await moveTo(field(page, "Naam"));
    await retype(page, "");
    await page.keyboard.press("Enter");
    const summary = page.getByRole("alert").filter({ hasText: "Controleer de volgende velden:" });
    await expect(summary).toBeVisible();
    await expect(field(page, "Naam")).toHaveAttribute("aria-invalid", "true");
    const summaryLink = summary.getByRole("link", { name: "Naam: Dit is een verplicht veld" });
    if (js) {
      // Checked in the browser: focus goes to the first invalid field; the summary's link to it
      // is the stop before.
      await expectFocusOn(field(page, "Naam"));
      await page.keyboard.press("Shift+Tab");
      await expectFocusOn(summaryLink);
    } else {
      // The server's answer opens on the summary, and its first stop is the link to the field.
      await expectFocusOn(summary);
      await page.keyboard.press("Tab");
      await expectFocusOn(summaryLink);
    }
    // The summary's link leads to the field.
    await page.keyboard.press("Enter");
    await expectFocusOn(field(page, "Naam"));

    const renamed = `${name} nieuw`;
    await page.keyboard.type(renamed);
    await page.keyboard.press("Enter");
    await expectNotification(page, js, "Lidmaatschap opgeslagen.");
    await expect(heading(page)).toHaveText(renamed);
    await hydrated(page, js);
    await expectFocusAfterNavigation(page, js);
  });

  test("delete a membership after confirming", async ({ page, js }, testInfo) => {
    const tag = tagFor(testInfo);
    const name = `${tag} Weg`;
    const id = await insertMember(await db(), { name });
    await signInWithKeyboard(page, js);
    await page.goto(`/lidmaatschappen?q=${tag}`);
    await hydrated(page, js);
    const trigger = page.getByRole("link", { name: `Verwijderen ${name}` });

    await moveTo(trigger);
    await page.keyboard.press("Enter");
    let confirm: Locator;
    if (js) {
      // The dialog opens with focus on its safe button; Escape closes it and focus returns to the trigger.
      const dialog = page.getByRole("dialog", { name: "Item verwijderen" });
      await expect(dialog).toContainText("Weet u zeker dat u dit item wilt verwijderen?");
      await expectFocusOn(dialog.getByRole("button", { name: "Annuleren" }));
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expectFocusOn(trigger);

      await page.keyboard.press("Enter");
      await expectFocusOn(dialog.getByRole("button", { name: "Annuleren" }));
      confirm = dialog.getByRole("button", { name: "Definitief verwijderen" });
      await page.keyboard.press("Shift+Tab");
      await expectFocusOn(confirm);
    } else {
      // The confirmation is a page of its own.
      await expect(page).toHaveURL(new RegExp(`/lidmaatschappen/verwijderen/${id}\\?`));
      await expect(heading(page)).toHaveText("Item verwijderen");
      expect(await focused(page)).toBeNull();
      confirm = page.getByRole("main").getByRole("button", { name: "Definitief verwijderen" });
      await moveTo(confirm);
    }
    await page.keyboard.press("Enter");
    await expectNotification(page, js, "Lidmaatschap verwijderd.");
    await expect(page).toHaveURL(new RegExp(`/lidmaatschappen\\?q=${tag}`));
    await expect(page.getByText("Geen resultaten gevonden")).toBeVisible();
    await hydrated(page, js);
    await expectFocusAfterNavigation(page, js);
    expect(await (await db()).selectFrom("members").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
  });

  test("switch the tabs of a membership", async ({ page, js }, testInfo) => {
    const name = `${tagFor(testInfo)} Tabs`;
    const id = await insertMember(await db(), { name });
    await insertEnterprise(await db(), id, { name: `${name} Centrum`, town: "Delft", street: "Markt", houseNr: "1" });
    await signInWithKeyboard(page, js);
    await page.goto(`/lidmaatschappen/bewerken/${id}`);
    await hydrated(page, js);
    const tabs = page.getByRole("navigation", { name: "Onderdelen van het lidmaatschap" });
    const panel = (label: string) => page.getByRole("region", { name: label, exact: true }).first();

    // The tabs are links in the page's order: Tab reaches them, Enter opens one.
    await moveTo(tabs.getByRole("link", { name: "Vestigingen" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\?tab=vestigingen#vestigingen$/);
    await expect(panel("Vestigingen")).toBeVisible();
    await expect(panel("Algemeen")).toHaveCount(0);
    if (js) {
      // Focus stays on the tab, marked as the open one; the next stops lead into its panel.
      await expectFocusOn(tabs.getByRole("link", { name: "Vestigingen" }));
      await expect(tabs.getByRole("link", { name: "Vestigingen" })).toHaveAttribute("aria-current", "page");
    } else {
      // A page load of its own: the browser goes to the #fragment, the panel (tabindex=-1), and puts focus on it.
      await expectFocusOn(panel("Vestigingen"));
    }
    await moveTo(panel("Vestigingen").getByRole("link", { name: `${name} Centrum` }));

    // Back to the first tab, from inside the panel.
    await moveTo(tabs.getByRole("link", { name: "Algemeen" }), "Shift+Tab");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\?tab=algemeen#algemeen$/);
    await expect(panel("Vestigingen")).toHaveCount(0);
    await expect(field(page, "Naam")).toHaveValue(name);
    if (js) await expectFocusOn(tabs.getByRole("link", { name: "Algemeen" }));
    else await expectFocusOn(panel("Algemeen"));
    await moveTo(field(page, "Naam"));
  });
});
