import fs from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { db, expect, hydrated, signIn, test } from "./support";

// The service worker (app/offline/sw.js): pages visited open offline, per account. `context.setOffline`
// does not reach a service worker's own requests, so "offline" here is every request refused.
test.use({ serviceWorkers: "allow" });
// One after another: the last test puts a new version of the worker in the served build.
test.describe.configure({ mode: "serial" });

async function controlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The first page load was not yet controlled: load again under the worker.
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

const offline = (context: BrowserContext) => context.route("**/*", (route) => route.abort("internetdisconnected"));
const online = (context: BrowserContext) => context.unroute("**/*");

test("pages visited open offline; a page never visited shows the offline page", async ({ page, context, js }) => {
  await signIn(page, js, "lid@voorbeeld.nl");
  await hydrated(page, js);
  await controlled(page);
  await page.goto("/mijn-lidmaatschap");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const heading = await page.getByRole("heading", { level: 1 }).textContent();

  await offline(context);
  try {
    // A full load of a page visited before: from the cache.
    await page.goto("/mijn-lidmaatschap");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading!);
    // A page never opened: the Dutch offline page instead of the browser's error.
    await page.goto("/mijn-vestigingen");
    await expect(page.getByRole("heading", { name: "U bent offline" })).toBeVisible();
  } finally {
    await online(context);
  }
  await page.goto("/mijn-vestigingen");
  await expect(page.getByRole("heading", { name: "U bent offline" })).toHaveCount(0);
});

test("a client navigation offline gets the page's data from the cache", async ({ page, context, js }) => {
  await signIn(page, js, "lid@voorbeeld.nl");
  await controlled(page);
  await hydrated(page, js);
  const menu = page.getByRole("navigation", { name: "Hoofdmenu" });
  // Online: React Router fetches the page's data (/help.data) and the worker keeps it.
  await menu.getByRole("link", { name: "Help" }).click();
  await expect(page).toHaveURL(/\/help$/);
  const heading = await page.getByRole("heading", { level: 1 }).textContent();
  await menu.getByRole("link", { name: "Home" }).click();
  await expect(page).toHaveURL(/\/$/);

  await offline(context);
  try {
    await menu.getByRole("link", { name: "Help" }).click();
    await expect(page).toHaveURL(/\/help$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading!);
  } finally {
    await online(context);
  }
});

test("a document once downloaded downloads again offline", async ({ page, context, js }) => {
  const file = await (await db())
    .selectFrom("documents")
    .innerJoin("document_files", "document_files.document_id", "documents.id")
    .select(["documents.id", "document_files.file_id"])
    .where("documents.name", "=", "Cao Fitnessbranche 2026")
    .executeTakeFirstOrThrow();
  const url = `/document/${file.id}/file/${file.file_id}`;
  await signIn(page, js, "lid@voorbeeld.nl");
  await controlled(page);
  const download = (target: string) =>
    page.evaluate(async (address) => {
      const response = await fetch(address);
      return { status: response.status, bytes: (await response.arrayBuffer()).byteLength };
    }, target);
  const first = await download(url);
  expect(first.status).toBe(200);
  expect(first.bytes).toBeGreaterThan(0);

  await offline(context);
  try {
    expect(await download(url)).toEqual(first);
    // What is never kept, such as the online check, fails as the network does.
    expect(await page.evaluate(() => fetch("/online").then(() => "antwoord", () => "geen antwoord"))).toBe("geen antwoord");
  } finally {
    await online(context);
  }
});

test("another account's cached pages are gone once it signed out", async ({ page, context, js }) => {
  await signIn(page, js, "lid@voorbeeld.nl");
  await controlled(page);
  await page.goto("/mijn-lidmaatschap");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const cachedPages = () =>
    page.evaluate(async () => {
      const names = (await caches.keys()).filter((name) => name.startsWith("pages-"));
      const urls = await Promise.all(names.map(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname)));
      return urls.flat();
    });
  await expect.poll(cachedPages).toContain("/mijn-lidmaatschap");

  // Signing out: the signed-out page tells the worker, which drops the account's pages.
  await page.goto("/uitloggen");
  await hydrated(page, true);
  await page.getByRole("main").getByRole("button", { name: "Uitloggen" }).click();
  await expect(page.getByRole("button", { name: "Inloggen" })).toBeVisible();
  await expect.poll(cachedPages).not.toContain("/mijn-lidmaatschap");

  await offline(context);
  try {
    await page.goto("/mijn-lidmaatschap");
    await expect(page.getByRole("heading", { name: "U bent offline" })).toBeVisible();
  } finally {
    await online(context);
  }
});

test("imitation start and stop each empty the pages kept so far", async ({ page, js }) => {
  await signIn(page, js, "superbeheer@voorbeeld.nl");
  await controlled(page);
  const pageCaches = () => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith("pages-")));
  const keptPages = () =>
    page.evaluate(async () => {
      const names = (await caches.keys()).filter((name) => name.startsWith("pages-"));
      return (await Promise.all(names.map(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname)))).flat();
    });
  await page.goto("/help");
  await expect.poll(keptPages).toContain("/help");
  const ownCache = (await pageCaches())[0];
  // The imitation page itself is never kept.
  await page.goto("/imitate?q=vaart");
  expect(await keptPages()).not.toContain("/imitate");

  // Start: the admin's pages go; what is kept from now on is the imitated account's.
  await hydrated(page, js);
  await page.getByRole("main").getByRole("listitem").filter({ hasText: "lid@voorbeeld.nl" }).getByRole("button", { name: "Imiteren" }).click();
  await expect(page.getByRole("banner").getByText("U imiteert")).toBeVisible();
  await expect.poll(pageCaches).not.toContain(ownCache);
  await page.goto("/mijn-lidmaatschap");
  await expect.poll(keptPages).toContain("/mijn-lidmaatschap");
  const imitatedCache = (await pageCaches())[0];
  expect(imitatedCache).not.toBe(ownCache);

  // Stop: the imitated account's pages go too.
  await page.goto("/imitate");
  await hydrated(page, js);
  await page.getByRole("main").getByRole("button", { name: "Stop imiteren" }).click();
  await expect(page.getByRole("banner").getByText("U imiteert")).toHaveCount(0);
  await expect.poll(pageCaches).not.toContain(imitatedCache);
  await expect.poll(keptPages).not.toContain("/mijn-lidmaatschap");
});

test("a new version waiting is offered in the header, and its button activates it and reloads", async ({ page, js }) => {
  await page.goto("/");
  await hydrated(page, js);
  await controlled(page);
  const notice = page.getByRole("banner").getByText("Er is een nieuwe versie van het ledenportaal.");
  await expect(notice).toHaveCount(0);

  // A rebuild: the served build's worker gets another version (put back afterwards).
  const served = path.resolve(process.env.BUILD_DIR || "build", "client", "sw.js");
  const current = fs.readFileSync(served, "utf8");
  fs.writeFileSync(served, current.replace(/const VERSION = "[^"]+"/, 'const VERSION = "volgende-versie"'));
  try {
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
  } finally {
    fs.writeFileSync(served, current);
  }
  await expect(notice).toBeVisible();

  const reloaded = page.waitForEvent("load");
  await page.getByRole("button", { name: "Nu bijwerken" }).click();
  await reloaded;
  await expect(notice).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(async () => (await caches.keys()).some((name) => name.includes("volgende-versie"))))
    .toBe(true);
});
