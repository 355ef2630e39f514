import { createRequire } from "node:module";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { devices, expect, test as base, type Locator, type Page, type TestInfo } from "@playwright/test";
import { DEMO_PASSWORD, insertEnterprise, insertMember, insertUser, type UserFixture } from "../fixtures";
import { codesSince, latestMailIn, newestMailFile } from "../mail";

export { DEMO_PASSWORD } from "../fixtures";
export { codeIn, linkIn } from "../mail";


/** The WCAG 2.1 A and AA rules of axe-core. */
const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const AXE_SCRIPT = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
/**
 * What @axe-core/playwright sends before each check instead of axe-core's source: the source is in
 * every page already (see `violations`), so this only makes sure.
 */
const AXE_PRESENT = "if (typeof window.axe === 'undefined') throw new Error('axe-core is not in this page: the violations fixture loads it where JavaScript is on');";

/**
 * The serious and critical WCAG 2.1 A/AA violations of the page as it is now, as 'rule (impact):
 * elements'. axe-core is put into the test's pages as they load (an init script) instead of being
 * sent with every check; and the check runs in the page itself (legacy mode), not partly in a new
 * blank page opened for it. As @axe-core/playwright does by default, a check took 0.78 s, now
 * 0.22 s; the rules and their results are the same for the portal's pages, which have no
 * frames of another origin.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page, axeSource: AXE_PRESENT }).setLegacyMode(true).withTags(WCAG_21_AA).options({ resultTypes: ["violations"] }).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * Tests of both projects, plus whether this project runs JavaScript, and for a test that checks
 * accessibility `violations()`: the serious and critical WCAG 2.1 A/AA violations of its page now.
 */
export const test = base.extend<{ js: boolean; violations: () => Promise<string[]> }>({
  js: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false),
  violations: async ({ page }, use) => {
    await page.context().addInitScript({ path: AXE_SCRIPT });
    await use(() => seriousViolations(page));
  },
});
export { expect };

function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set: run through `playwright test` (global setup)");
  return dir;
}

/** The database the server uses, for fixtures (opened lazily, after the global setup ran). */
export async function db() {
  process.env.DATA_DIR = dataDir();
  process.env.DATABASE_URL = process.env.E2E_DATABASE_URL ?? "";
  const { getDb } = await import("../../app/lib/db.server");
  return getDb();
}

let counter = 0;
/** A unique address per test and project, so parallel runs never share a fixture user. */
export function uniqueEmail(testInfo: TestInfo, name: string): string {
  counter += 1;
  const project = testInfo.project.name;
  return `e2e-${name}-${project}-${process.pid}-${counter}-${Date.now()}@voorbeeld.nl`.toLowerCase();
}

/** Inserts a user of the test's own straight into the database; returns its id. */
export async function createUser(user: UserFixture & { email: string }): Promise<number> {
  return (await insertUser(await db(), user)).id;
}

/**
 * A membership with one establishment of the test's own, its manager member signed in on the
 * establishment's page (as /mijn-vestigingen shows it); returns the establishment's id.
 */
export async function openOwnEstablishment(
  page: Page,
  js: boolean,
  { testInfo, label, givenName, familyName }: { testInfo: TestInfo; label: string; givenName: string; familyName: string },
): Promise<number> {
  const stamp = `${testInfo.project.name} ${Date.now()}`;
  const database = await db();
  const memberId = await insertMember(database, { name: `E2E ${label}club ${stamp}` });
  const id = await insertEnterprise(database, memberId, { name: `E2E ${label} ${stamp}` });
  const email = uniqueEmail(testInfo, label.toLowerCase());
  await createUser({ email, memberId, givenName, familyName, managerMember: true });
  await signIn(page, js, email);
  await page.goto(`/mijn-vestigingen/bewerken/${id}`);
  await hydrated(page, js);
  return id;
}

/**
 * The input labelled exactly `label` (the label may end in the required marker '*'). A plain
 * getByLabel also matches sections named by a heading with the same words, and listboxes.
 */
export function field(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return page.getByLabel(new RegExp(`^${escaped}\\s*\\*?$`)).and(page.locator("input, select, textarea"));
}

/**
 * The errors the invalid fields in `scope` announce: each field says it is invalid (aria-invalid)
 * and names its error with aria-describedby (a hint it also names is not part of the error).
 */
export function fieldErrorsIn(scope: Page | Locator): Promise<string[]> {
  return scope.locator('[aria-invalid="true"]').evaluateAll((controls) =>
    controls.map((control) =>
      (control.getAttribute("aria-describedby") ?? "")
        .split(/\s+/)
        .filter((id) => id && !/-hint(-|$)/.test(id))
        .map((id) => document.getElementById(id)?.textContent?.trim() ?? "")
        .join(" ")
        .trim(),
    ),
  );
}

/** Expects `count` invalid fields in `scope` (at least one when not given) whose error says `message`, shown. */
export async function expectFieldErrors(scope: Page | Locator, message: string, count?: number): Promise<void> {
  const matching = async () => (await fieldErrorsIn(scope)).filter((e) => e.includes(message)).length;
  if (count === undefined) await expect.poll(matching).toBeGreaterThan(0);
  else await expect.poll(matching).toBe(count);
  await expect(scope.getByText(message, { exact: true }).first()).toBeVisible();
}

/** Expects the control to be invalid and to announce `message` as its error (aria-describedby). */
export async function expectFieldError(control: Locator, message: string): Promise<void> {
  await expect(control).toHaveAttribute("aria-invalid", "true");
  await expect(control).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  await expect(control.page().getByText(message, { exact: true }).first()).toBeVisible();
}

/**
 * With JavaScript on, waits until React has hydrated the page, so clicks reach its handlers
 * (a dialog instead of a page, client-side validation). Without JavaScript there is nothing to wait for.
 */
export async function hydrated(page: Page, js: boolean): Promise<void> {
  if (!js) return;
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return !!main && Object.keys(main).some((k) => k.startsWith("__reactProps"));
  });
}

/**
 * Clicks a form's submit button and waits for the server's answer to the post. A save that repeats
 * the one before it shows the same notification, which may still be on screen; waiting for the
 * answer makes what follows read the new change, with JavaScript (a fetch) and without (a page).
 */
export async function submit(button: Locator): Promise<void> {
  const answer = button.page().waitForResponse((r) => r.request().method() === "POST");
  await button.click();
  await answer;
}

/**
 * Signs in as `email`. A test of the sign-in itself, or one with another password than the demo
 * one, goes through the form (signInThroughForm); every other test starts from a session made by
 * the portal's own session storage, as the form's last step makes it (the account, the device and
 * the time of sign-in), and opens home as the form would. A sign-in through the form takes one to
 * three seconds (password hashing, the mailed code); this takes a few milliseconds.
 */
export async function signIn(page: Page, js: boolean, email: string, password = DEMO_PASSWORD): Promise<void> {
  if (password !== DEMO_PASSWORD) return signInThroughForm(page, js, email, password);
  const database = await db();
  // The portal's cookie settings as the test server runs (plain HTTP).
  process.env.COOKIE_SECURE = "0";
  const { commitSession, describeDevice, getSession } = await import("../../app/auth/session.server");
  const user = await database.selectFrom("users").select(["id", "enabled"]).where("email", "=", email.toLowerCase()).executeTakeFirst();
  if (!user?.enabled) throw new Error(`${email} cannot sign in`);
  const session = await getSession(new Request("http://localhost/"));
  session.set("userId", user.id);
  session.set("device", describeDevice(devices["Desktop Chrome"].userAgent));
  await database.updateTable("users").set({ last_login: new Date().toISOString() }).where("id", "=", user.id).execute();
  const [pair] = (await commitSession(session)).split(";");
  const at = pair.indexOf("=");
  const baseURL = process.env.E2E_BASE_URL!;
  await page.context().clearCookies();
  await page.context().addCookies([{ name: pair.slice(0, at), value: pair.slice(at + 1), url: baseURL, httpOnly: true, sameSite: "Lax" }]);
  await page.goto("/");
}

/**
 * Signs in through the login form on home; an account with the mailed code as second factor (the
 * demo admins) also types the code from the outbox, and an admin without a second factor first
 * chooses the mailed code.
 */
export async function signInThroughForm(page: Page, js: boolean, email: string, password = DEMO_PASSWORD): Promise<void> {
  const before = newestMailFile(dataDir());
  await page.goto("/");
  await hydrated(page, js);
  await field(page, "E-mailadres").fill(email);
  await field(page, "Wachtwoord").fill(password);
  await page.getByRole("button", { name: "Inloggen" }).click();
  await expect(page.getByRole("button", { name: "Inloggen", exact: true })).toHaveCount(0);
  const setupStage = page.getByRole("heading", { name: "Tweestapsverificatie instellen" });
  if (await setupStage.isVisible()) {
    await hydrated(page, js);
    await page.getByRole("radio", { name: "E-mailcode" }).check();
    await page.getByRole("button", { name: "Doorgaan" }).click();
    await expect(setupStage).toHaveCount(0);
  }
  const codeStage = page.getByRole("heading", { name: "2factor code invoeren" });
  if (!(await codeStage.isVisible())) return;
  for (const code of await codesSince(dataDir(), email, before)) {
    await hydrated(page, js);
    await field(page, "Code").fill(code);
    const answer = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Versturen" }).click();
    // 401: the code of another sign-in of the same account at the same moment; try the next.
    if ((await answer).status() === 401) continue;
    await expect(codeStage).toHaveCount(0);
    return;
  }
  throw new Error(`second factor of ${email} failed`);
}

/** The newest mail to `to` in the outbox, decoded; undefined when there is none. */
export function latestMailTo(to: string): string | undefined {
  return latestMailIn(dataDir(), to);
}

/** Waits for a mail to `to` that differs from `before` (the newest one before the action). */
export async function nextMailTo(to: string, before?: string): Promise<string> {
  let mail: string | undefined;
  await expect
    .poll(() => {
      mail = latestMailTo(to);
      return mail !== undefined && mail !== before;
    }, { message: `a new mail to ${to}` })
    .toBe(true);
  return mail!;
}

/** Saves a PNG for the visual check (test-results/screens/, not versioned). */
export async function screen(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join("test-results", "screens", `${name}.png`), fullPage: true });
}
