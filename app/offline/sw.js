// The portal's service worker (part 1 §1, part 2 §4.8): pages a person visited and documents they
// downloaded open while offline. Network first, the cache after a short wait or when the network
// fails; a page never visited shows the Dutch offline page. Pages are cached per signed-in account
// (the page tells which), and emptied when the account changes (logout, imitation start and stop,
// another user) and when a new version activates. Posts are never touched. Plain JavaScript: the
// build (vite.config.ts) copies it to /sw.js with its version, which changes with every client build.

const VERSION = "__SW_VERSION__";
const STATIC_CACHE = `static-${VERSION}`;
const PAGES_PREFIX = `pages-${VERSION}-`;
const OFFLINE_PAGE = "/offline.html";
/** Where the signed-in account's key is kept, so a restarted worker still knows it. */
const ACCOUNT_ENTRY = "/__sw/account";
/** How long a page may take before a cached copy is shown instead (the network still fills the cache). */
const NETWORK_WAIT_MS = 4000;

/**
 * Never cached: the online check, sign-out, imitation, exports, files with personal data, and the
 * pages of mailed links (their tokens).
 */
const NEVER = [
  /^\/online$/,
  /^\/uitloggen/,
  /^\/imitate/,
  /\/export(\/|$|\.data)/,
  /\.csv$/,
  /\/kvk-uittreksel$/,
  /\/keuring\//,
  /\/videma-licentie$/,
  /\/scholingscampagne\//,
  /^\/image\//,
  /^\/aanmelding-nederland-leert-door/,
  /^\/register\/confirm\//,
  /^\/resetting\//,
  /^\/mijn-gegevens\/e-mailadres-bevestigen\//,
  /^\/sw\.js$/,
];

/** The downloads of Downloads (documents): cached once downloaded. */
const DOCUMENT_FILE = /^\/document\/\d+\/file\/\d+$/;

let accountKey;

const pagesCache = (key) => `${PAGES_PREFIX}${key}`;

async function currentAccount() {
  if (accountKey !== undefined) return accountKey;
  const stored = await (await caches.open(STATIC_CACHE)).match(ACCOUNT_ENTRY);
  accountKey = stored ? await stored.text() : "anoniem";
  return accountKey;
}

/** Another account (or none): the pages of every other account go. */
async function setAccount(key) {
  accountKey = key;
  await (await caches.open(STATIC_CACHE)).put(ACCOUNT_ENTRY, new Response(key));
  for (const name of await caches.keys()) {
    if (name.startsWith("pages-") && name !== pagesCache(key)) await caches.delete(name);
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(STATIC_CACHE).then((cache) => cache.add(new Request(OFFLINE_PAGE, { cache: "reload" }))));
});

self.addEventListener("activate", (event) => {
  // A new version: whatever an earlier one cached goes, pages included.
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name !== STATIC_CACHE && !name.startsWith(PAGES_PREFIX)) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  const message = event.data ?? {};
  if (message.type === "activate-update") self.skipWaiting();
  if (message.type === "account" && typeof message.key === "string") event.waitUntil(setAccount(message.key));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NEVER.some((pattern) => pattern.test(url.pathname))) return;
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(cacheFirst(request));
    return;
  }
  // Full page loads, React Router's data requests of client navigations, and downloaded documents.
  const navigation = request.mode === "navigate";
  if (navigation || url.pathname.endsWith(".data") || DOCUMENT_FILE.test(url.pathname)) {
    event.respondWith(networkFirst(event, request, navigation));
  }
});

/** Scripts and styles carry their hash in their name: once fetched, they never change. */
async function cacheFirst(request) {
  const cache = await caches.open(STATIC_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(event, request, navigation) {
  const cache = await caches.open(pagesCache(await currentAccount()));
  const fromNetwork = fetch(request).then(async (response) => {
    // Only whole answers of this portal; redirects and errors are not kept.
    if (response.status === 200 && response.type === "basic") await cache.put(request, response.clone());
    return response;
  });
  event.waitUntil(fromNetwork.catch(() => undefined));
  const slow = new Promise((resolve) => setTimeout(() => resolve("slow"), NETWORK_WAIT_MS));
  try {
    const first = await Promise.race([fromNetwork, slow]);
    if (first !== "slow") return first;
    // The network is slow: a cached copy now, or else keep waiting for the network.
    return (await cache.match(request)) ?? (await fromNetwork);
  } catch {
    const cached = await cache.match(request);
    if (cached) return cached;
    if (navigation) return (await caches.match(OFFLINE_PAGE)) ?? Response.error();
    return Response.error();
  }
}
