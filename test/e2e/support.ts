import fs from "node:fs";
import path from "node:path";
import { expect, test as base, type Page, type TestInfo } from "@playwright/test";

export const DEMO_PASSWORD = "demo-wachtwoord-2026";

/** Tests of both projects, plus whether this project runs JavaScript. */
export const test = base.extend<{ js: boolean }>({
  js: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false),
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

export interface FixtureUser {
  email: string;
  password?: string;
  givenName?: string;
  familyName?: string;
  mfa?: "" | "email";
  enabled?: boolean;
}

/** Inserts a user straight into the database; returns its id. */
export async function createUser(user: FixtureUser): Promise<number> {
  const { hashPassword } = await import("../../app/lib/passwords.server");
  const database = await db();
  const row = await database
    .insertInto("users")
    .values({
      email: user.email,
      given_name: user.givenName ?? "Eddie",
      name_preposition: "",
      family_name: user.familyName ?? "Eindtoets",
      password_hash: await hashPassword(user.password ?? DEMO_PASSWORD),
      enabled: user.enabled === false ? 0 : 1,
      role: "user",
      mfa_type: user.mfa ?? "",
      created: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
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

/** Signs in through the login form on home (accounts without a second factor). */
export async function signIn(page: Page, js: boolean, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto("/");
  await hydrated(page, js);
  await page.getByLabel("E-mailadres").fill(email);
  await page.getByLabel("Wachtwoord", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Inloggen" }).click();
  await expect(page.getByRole("button", { name: "Inloggen" })).toHaveCount(0);
}

function outbox(): string {
  return path.join(dataDir(), "mail");
}

function mailFiles(): string[] {
  return fs.existsSync(outbox()) ? fs.readdirSync(outbox()).sort() : [];
}

function decodeMail(raw: string): string {
  // Bodies are quoted-printable; undo soft line breaks and =XX escapes.
  const unfolded = raw.replace(/=\r?\n/g, "");
  const bytes = unfolded.replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** The newest mail to `to` in the outbox, decoded; undefined when there is none. */
export function latestMailTo(to: string): string | undefined {
  const pattern = new RegExp(`^To: .*${to.replace(/[.+]/g, "\\$&")}`, "mi");
  for (const file of mailFiles().reverse()) {
    const raw = fs.readFileSync(path.join(outbox(), file), "utf8");
    if (pattern.test(raw)) return decodeMail(raw);
  }
  return undefined;
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

/** The six-digit sign-in code of a mail. */
export function codeIn(mail: string): string {
  const body = mail.split(/\r?\n\r?\n/).slice(1).join("\n");
  const match = body.match(/\b(\d{6})\b/);
  if (!match) throw new Error("no code in mail");
  return match[1];
}

/** The first portal path in a mail that starts with `prefix` (e.g. /resetting/reset/). */
export function linkIn(mail: string, prefix: string): string {
  const match = mail.match(new RegExp(`${prefix.replace(/\//g, "\\/")}[A-Za-z0-9_-]+`));
  if (!match) throw new Error(`no link ${prefix} in mail`);
  return match[0];
}

/** Saves a PNG for the visual check (test-results/screens/, not versioned). */
export async function screen(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join("test-results", "screens", `${name}.png`), fullPage: true });
}
