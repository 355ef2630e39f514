import type { BrowserContext, Page } from "@playwright/test";
import { insertEnterprise, insertMember } from "../fixtures";
import { createUser, db, expect, field, hydrated, screen, signIn, test, uniqueEmail } from "./support";

// The offline queue (part 2 §4.8, app/offline/queue.ts): a save that cannot reach the server is
// kept in the browser and sent to POST /action-queue when the portal is back, exactly once. The
// service worker is active, so the pages themselves open offline too. "Offline" is every request
// refused from the browser context (`context.setOffline` does not reach the worker's requests).
test.use({ serviceWorkers: "allow" });
test.describe.configure({ mode: "serial" });

const ADMIN = "beheer@voorbeeld.nl";
const QUEUED = "Geen verbinding: uw wijziging is offline bewaard en wordt verzonden zodra het ledenportaal weer bereikbaar is.";
const SAVED = "Offline wijzigingen opgeslagen";
const DISCARDED = "De offline bewaarde wijzigingen konden niet worden gelezen en zijn verwijderd.";

const offline = (context: BrowserContext) => context.route("**/*", (route) => route.abort("internetdisconnected"));
const online = (context: BrowserContext) => context.unroute("**/*");

/** Hydrated, and the queue's own part of the page (loaded after hydration) is there too. */
async function ready(page: Page, js: boolean) {
  await hydrated(page, js);
  await page.waitForLoadState("networkidle");
}

async function controlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

async function facilitiesNamed(name: string): Promise<number> {
  return (await (await db()).selectFrom("facilities").select("id").where("name", "=", name).execute()).length;
}

async function memberWithLog(name: string) {
  const database = await db();
  const memberId = await insertMember(database, { name });
  const principal = await insertEnterprise(database, memberId, { name: `${name} Centrum`, town: "Delft", street: "Markt", houseNr: "1" });
  await database.updateTable("members").set({ principal_enterprise_id: principal }).where("id", "=", memberId).execute();
  const logCount = async () => (await database.selectFrom("member_log").select("id").where("member_id", "=", memberId).execute()).length;
  const stored = async () => (await database.selectFrom("members").select("name").where("id", "=", memberId).executeTakeFirstOrThrow()).name;
  return { memberId, editUrl: `/lidmaatschappen/bewerken/${memberId}`, logCount, stored };
}

/** The posts kept in this browser's queue (IndexedDB, as the portal keeps them). */
function queuedPosts(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open("ledenportaal");
        open.onupgradeneeded = () => open.result.createObjectStore("wachtrij");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction("wachtrij").objectStore("wachtrij").get("ledenportaal-wachtrij");
          read.onsuccess = () => {
            open.result.close();
            resolve((read.result as { posts?: unknown[] } | undefined)?.posts?.length ?? 0);
          };
          read.onerror = () => reject(read.error);
        };
      }),
  );
}

test("changes on two screens made offline are saved once when the portal is back", async ({ page, context, js }) => {
  const stamp = `${Date.now()}`;
  const facility = `E2E Wachtrij eerst ${stamp}`;
  const member = await memberWithLog(`E2E Offlineclub ${stamp}`);
  const renamed = `E2E Offlineclub hernoemd ${stamp}`;
  const logBefore = await member.logCount();

  await signIn(page, js, ADMIN);
  await hydrated(page, js);
  await controlled(page);
  // Both screens visited online: offline they open from the cache.
  await page.goto("/beheer/faciliteiten/toevoegen");
  await hydrated(page, js);
  await page.goto(member.editUrl);
  await ready(page, js);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  await offline(context);
  try {
    // Screen one: the membership's name.
    await field(page, "Naam").fill(renamed);
    await page.getByRole("button", { name: "Opslaan" }).first().click();
    await expect(page.getByText(QUEUED)).toBeVisible();
    await expect(page.getByText("1 wijziging offline bewaard, wacht op verzending.")).toBeVisible();
    // What was typed stays in the form.
    await expect(field(page, "Naam")).toHaveValue(renamed);

    // Screen two, opened offline from the cache: a new facility. The queue tries the waiting
    // change as the page opens (its overlay is up meanwhile); the person types after that.
    await page.goto("/beheer/faciliteiten/toevoegen");
    await ready(page, js);
    await expect(page.getByRole("heading", { level: 1, name: "Faciliteit toevoegen" })).toBeVisible();
    await field(page, "Naam").fill(facility);
    await page.getByRole("button", { name: "Opslaan" }).click();
    await expect(page.getByText(QUEUED)).toBeVisible();
    await expect(page.getByText("2 wijzigingen offline bewaard, wachten op verzending.")).toBeVisible();
    await screen(page, "offline-queue-waiting");
    expect(await queuedPosts(page)).toBe(2);
    expect(await facilitiesNamed(facility)).toBe(0);
    expect(await member.stored()).not.toBe(renamed);
  } finally {
    await online(context);
  }

  // Back online: the queue is sent by itself (it tries again every 15 seconds while posts wait).
  await expect(page.getByText(SAVED)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/offline bewaard, wacht/)).toHaveCount(0);
  // The loading overlay counted the run and is gone with it.
  await expect(page.locator(".loading-overlay")).toHaveCount(0);
  expect(await queuedPosts(page)).toBe(0);
  expect(await facilitiesNamed(facility)).toBe(1);
  expect(await member.stored()).toBe(renamed);
  expect(await member.logCount()).toBe(logBefore + 1);

  // Loading the app again sends nothing twice.
  await page.reload();
  await hydrated(page, js);
  await page.waitForLoadState("networkidle");
  expect(await facilitiesNamed(facility)).toBe(1);
  expect(await member.logCount()).toBe(logBefore + 1);
});

test("with nothing queued, a page opens without the loading overlay: the queue's look at its storage is no call", async ({ page, context, js }) => {
  // Every time the overlay is put up, from the first script on.
  await context.addInitScript(() => {
    const shown = { count: 0 };
    Object.assign(window, { overlayShown: shown });
    new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.addedNodes) if (node instanceof HTMLElement && node.matches(".loading-overlay")) shown.count += 1;
    }).observe(document, { childList: true, subtree: true });
  });
  await signIn(page, js, ADMIN);
  await page.goto("/beheer/faciliteiten/toevoegen");
  await ready(page, js);
  expect(await queuedPosts(page)).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { overlayShown: { count: number } }).overlayShown.count)).toBe(0);
});

test("a save that reached the server before the connection dropped is not applied twice", async ({ page, context, js }) => {
  const facility = `E2E Wachtrij antwoord ${Date.now()}`;
  await signIn(page, js, ADMIN);
  await controlled(page);
  await page.goto("/beheer/faciliteiten/toevoegen");
  await ready(page, js);

  // The post arrives and is committed; its answer never reaches the browser.
  await context.route("**/beheer/faciliteiten/toevoegen.data*", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    await route.fetch();
    await route.abort("connectionreset");
  });
  await field(page, "Naam").fill(facility);
  await page.getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByText(QUEUED)).toBeVisible();
  expect(await facilitiesNamed(facility)).toBe(1);
  await context.unroute("**/beheer/faciliteiten/toevoegen.data*");

  // The app starts again: the queue is sent, the server knows the post by its key.
  await page.reload();
  await expect(page.getByText(SAVED)).toBeVisible();
  await expect.poll(() => queuedPosts(page)).toBe(0);
  expect(await facilitiesNamed(facility)).toBe(1);
  await expect(page.getByRole("heading", { name: "Niet verwerkte wijzigingen" })).toHaveCount(0);
});

test("a queued change the server refuses stays listed with its reason and a link to its form", async ({ page, context, js }) => {
  const member = await memberWithLog(`E2E Verdwenen club ${Date.now()}`);
  await signIn(page, js, ADMIN);
  await controlled(page);
  await page.goto(member.editUrl);
  await ready(page, js);

  await offline(context);
  try {
    await field(page, "Naam").fill("E2E Nooit opgeslagen");
    await page.getByRole("button", { name: "Opslaan" }).first().click();
    await expect(page.getByText(QUEUED)).toBeVisible();
  } finally {
    await online(context);
  }
  // Meanwhile the membership is deleted elsewhere.
  await (await db()).deleteFrom("members").where("id", "=", member.memberId).execute();

  await page.goto("/beheer/faciliteiten");
  await hydrated(page, js);
  const refused = page.getByRole("region", { name: "Niet verwerkte wijzigingen" });
  await expect(refused).toBeVisible();
  await expect(refused.getByText("Dit item bestaat niet (meer).")).toBeVisible();
  await expect(refused.getByRole("link")).toHaveAttribute("href", member.editUrl);
  await screen(page, "offline-queue-refused");
  await expect(page.getByText(SAVED)).toHaveCount(0);

  // It stays until the person removes it, and logging out would lose it: the logout question says so.
  await page.reload();
  await expect(refused).toBeVisible();
  await page.getByRole("banner").getByRole("link", { name: "Uitloggen" }).click();
  const logout = page.getByRole("dialog", { name: "Uitloggen" });
  await expect(logout.getByRole("alert")).toHaveText("Let op: 1 wijziging die offline is bewaard, is nog niet door de server verwerkt en gaat verloren als u uitlogt.");
  await logout.getByRole("button", { name: "Annuleren" }).click();
  await expect(logout).toBeHidden();
  await refused.getByRole("button", { name: "Verwijderen" }).click();
  await expect(refused).toHaveCount(0);
  expect(await queuedPosts(page)).toBe(0);
});

/** Signed in as `admin`, a new facility saved while the portal cannot be reached: kept in the queue. */
async function facilityQueuedOffline(page: Page, context: BrowserContext, js: boolean, facility: string, admin = ADMIN) {
  await signIn(page, js, admin);
  await controlled(page);
  await page.goto("/beheer/faciliteiten/toevoegen");
  await ready(page, js);
  await offline(context);
  try {
    await field(page, "Naam").fill(facility);
    await page.getByRole("button", { name: "Opslaan" }).click();
    await expect(page.getByText(QUEUED)).toBeVisible();
  } finally {
    await online(context);
  }
}

test("a session that expired meanwhile: the queue waits until the person has signed in again", async ({ page, context, js }, testInfo) => {
  const facility = `E2E Wachtrij sessie ${Date.now()}`;
  // An admin of the test's own: its sessions end here, and other tests' admins stay signed in.
  const admin = uniqueEmail(testInfo, "wachtrij");
  const id = await createUser({ email: admin, givenName: "Wim", familyName: "Wachtrij", role: "admin", mfa: "email" });
  await facilityQueuedOffline(page, context, js, facility, admin);
  // The session ends on the server (idle time, another device's "log out everywhere").
  await (await db()).deleteFrom("sessions").where("user_id", "=", id).execute();

  // The next run is refused: the person is asked to sign in, and the change stays queued.
  await expect(page.getByText("Uw sessie is verlopen. Log opnieuw in; daarna worden uw offline bewaarde wijzigingen verzonden.")).toBeVisible({
    timeout: 30_000,
  });
  expect(await queuedPosts(page)).toBe(1);
  expect(await facilitiesNamed(facility)).toBe(0);

  await signIn(page, js, admin);
  await expect(page.getByText(SAVED)).toBeVisible();
  await expect.poll(() => queuedPosts(page)).toBe(0);
  expect(await facilitiesNamed(facility)).toBe(1);
});

test("logout warns how many changes are not sent yet, and clears the queue", async ({ page, context, js }) => {
  const facility = `E2E Wachtrij uitlog ${Date.now()}`;
  // Only the queue cannot get through afterwards: the rest of the portal answers, so logging out works.
  await context.route("**/action-queue", (route) => route.abort("internetdisconnected"));
  await facilityQueuedOffline(page, context, js, facility);

  await page.getByRole("banner").getByRole("link", { name: "Uitloggen" }).click();
  const dialog = page.getByRole("dialog", { name: "Uitloggen" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Weet u zeker dat u wilt uitloggen?")).toBeVisible();
  await expect(dialog.getByRole("alert")).toHaveText(
    "Let op: 1 wijziging die offline is bewaard, is nog niet door de server verwerkt en gaat verloren als u uitlogt.",
  );
  await screen(page, "offline-queue-logout");
  await dialog.getByRole("button", { name: "Uitloggen" }).click();
  await expect(page.getByRole("button", { name: "Inloggen" })).toBeVisible();
  await expect.poll(() => queuedPosts(page)).toBe(0);
  await context.unroute("**/action-queue");

  // Signed in again: nothing of the old queue is sent.
  await signIn(page, js, ADMIN);
  await hydrated(page, js);
  await page.waitForLoadState("networkidle");
  expect(await facilitiesNamed(facility)).toBe(0);
});

test("without IndexedDB the queue is kept in local storage, and sent from there", async ({ page, context, js }) => {
  await context.addInitScript(() => Object.defineProperty(window, "indexedDB", { value: undefined }));
  const facility = `E2E Wachtrij lokaal ${Date.now()}`;
  await facilityQueuedOffline(page, context, js, facility);
  const stored = () => page.evaluate(() => JSON.parse(localStorage.getItem("ledenportaal-wachtrij") ?? "null") as { version: number; posts: { action: string }[] } | null);
  expect(await stored()).toMatchObject({ version: 1, posts: [{ action: "/beheer/faciliteiten/toevoegen" }] });
  await page.reload();
  await expect(page.getByText(SAVED)).toBeVisible();
  await expect.poll(async () => (await stored())?.posts.length).toBe(0);
  expect(await facilitiesNamed(facility)).toBe(1);
});

test("a form that is never kept offline says it was not sent, and keeps what was typed", async ({ page, context, js }) => {
  await signIn(page, js, "lid@voorbeeld.nl");
  await page.goto("/mijn-gegevens");
  await ready(page, js);
  await offline(context);
  try {
    await field(page, "Voornaam").fill("Lies");
    await page.getByRole("button", { name: "Opslaan" }).first().click();
    await expect(page.getByText("Geen verbinding met het ledenportaal: uw wijziging is niet verzonden. Probeer het opnieuw zodra u weer online bent.")).toBeVisible();
    await expect(field(page, "Voornaam")).toHaveValue("Lies");
    await expect(page.getByRole("heading", { name: "Oeps, er gaat iets mis!" })).toHaveCount(0);
  } finally {
    await online(context);
  }
  expect(await queuedPosts(page)).toBe(0);
});

test("a queue in storage that cannot be read is discarded with a notice", async ({ page, js }) => {
  await signIn(page, js, ADMIN);
  // Written before any page of the portal runs its queue: on a page without the app.
  await page.goto("/offline.html");
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open("ledenportaal");
        open.onupgradeneeded = () => open.result.createObjectStore("wachtrij");
        open.onsuccess = () => {
          const tx = open.result.transaction("wachtrij", "readwrite");
          tx.objectStore("wachtrij").put({ version: 0, items: "oud formaat" }, "ledenportaal-wachtrij");
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
        open.onerror = () => reject(open.error);
      }),
  );
  await page.goto("/");
  await expect(page.getByText(DISCARDED)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await queuedPosts(page)).toBe(0);
});
