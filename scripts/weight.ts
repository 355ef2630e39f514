/**
 * `npm run weight`: the browser budget of DESIGN.md §8, measured from the build. For each page it
 * sums what the browser loads for it: the client entry and its imports, and for every route the
 * URL matches (root, then the page's route) the route module, its imports (the modulepreload links
 * of the document) and its CSS, each file counted once and gzipped on its own. React Router puts
 * the route manifest inline in the document, so its manifest file is not counted. Prints a table
 * per kind of page, checks every page of the route table against its budget and exits with 1 when
 * one is over. Builds first when the sources are newer than the build, as `npm start` does.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { CATALOGUES } from "../app/catalogues/definitions";

/** KB as in the budget: 1024 bytes (it reproduces the 152 KB the sign-in page was measured at). */
const KB = 1024;

/** JavaScript budgets in KB gzip: pages anonymous visitors open, and every signed-in page. */
const BUDGET = { public: 130, signedIn: 160 } as const;

/** The routes anonymous visitors open (test/route-table.ts); every other page is a signed-in page. */
const PUBLIC_ROUTES = new Set([
  "home",
  "reset_password",
  "set_password",
  "confirm_registration",
  "register_registrant",
  "register_associate",
  "register_campaign_nld",
  "not_found",
]);

/** The pages the table shows, by kind; `route: null` is a page still to be built. */
const PAGES: { kind: string; route: string | null; name?: string }[] = [
  { kind: "openbare pagina", route: "home", name: "inloggen" },
  { kind: "openbare pagina", route: "reset_password" },
  { kind: "openbare pagina", route: "set_password" },
  { kind: "openbare pagina", route: "confirm_registration" },
  { kind: "openbare pagina", route: "register_registrant" },
  { kind: "openbare pagina", route: "register_associate" },
  { kind: "openbare pagina", route: "register_campaign_nld" },
  { kind: "lijst", route: "member_list" },
  { kind: "lijst", route: "enterprise_list" },
  { kind: "lijst", route: "facility_list" },
  { kind: "lijst", route: "specialisation_list" },
  { kind: "bewerkpagina", route: "member_edit" },
  { kind: "bewerkpagina", route: "enterprise_edit" },
  { kind: "bewerkpagina", route: "my_data" },
  { kind: "bewerkpagina", route: "registrant_edit" },
  { kind: "bewerkpagina", route: "my_registrant" },
  { kind: "rich-text editor", route: "edit_alert" },
  { kind: "rich-text editor", route: "document_edit" },
];

/**
 * The pages that may load the rich-text editor (Quill); any other page that does fails the check.
 * The catalogues' add and edit pages are one module: it fetches the editor only when the form has a
 * rich-text field (Downloads, Teksten), but every catalogue's page names it. So are the
 * establishment pages: tab Info & Media has the info text, and the add pages (the same module)
 * fetch the editor never, as that tab only opens once the establishment exists. A professional's
 * pages have the info text on tab Persoonsgegevens.
 */
const ENTERPRISE_ROUTES = ["enterprise_add", "enterprise_edit", "member_enterprise_add", "member_enterprise_edit", "my_enterprise_add", "my_enterprise_edit", "my_one_enterprise"];
const REGISTRANT_ROUTES = ["registrant_add", "registrant_edit", "my_registrant"];
const EDITOR_ROUTES = new Set(["edit_alert", ...CATALOGUES.flatMap((c) => [`${c.key}_add`, `${c.key}_edit`]), ...ENTERPRISE_ROUTES, ...REGISTRANT_ROUTES]);
const EDITOR_CHUNK = /\/RichTextEditor-[\w-]+\.js$/;

/**
 * The pages that may load the reorder dialog with its drag and drop: the catalogues' lists, and
 * only later (when the dialog opens), never with the page itself. Any other page that loads it,
 * or a list that loads it with the page, fails the check. (One module serves every catalogue's
 * list; those without an order, Teksten and Assets, show no button that opens it.)
 */
const DND_ROUTES = new Set(CATALOGUES.map((c) => `${c.key}_list`));
const DND_CHUNK = /\/ReorderDialog-[\w-]+\.js$/;

interface RouteEntry {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasDefaultExport: boolean;
  module: string;
  imports?: string[];
  css?: string[];
}

interface Manifest {
  entry: { module: string; imports: string[]; css?: string[] };
  routes: Record<string, RouteEntry>;
}

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR || "build");
const clientDir = path.join(buildDir, "client");
const serverEntry = path.join(buildDir, "server/index.js");

function newestMtime(target: string): number {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function buildIfNeeded() {
  const built = fs.existsSync(serverEntry) ? fs.statSync(serverEntry).mtimeMs : 0;
  const sources = Math.max(...["app", "public", "vite.config.ts", "react-router.config.ts"].map((p) => newestMtime(path.join(root, p))));
  if (built >= sources) return;
  console.log("Portaal wordt gebouwd…");
  const result = spawnSync("npx", ["react-router", "build"], { cwd: root, encoding: "utf8" });
  if (result.status !== 0) {
    console.error(result.stdout + result.stderr);
    process.exit(result.status ?? 1);
  }
}

/**
 * The route manifest of this build, as the client manifest file the server build names (in its
 * entry, or in the chunk the entry imports its build from when the server build is split).
 */
function readManifest(): Manifest {
  const serverAssets = path.join(path.dirname(serverEntry), "assets");
  const serverFiles = [
    serverEntry,
    ...(fs.existsSync(serverAssets) ? fs.readdirSync(serverAssets).filter((f) => f.endsWith(".js")).map((f) => path.join(serverAssets, f)) : []),
  ];
  let url: string | undefined;
  for (const file of serverFiles) {
    url = /"url": ?"(\/assets\/manifest-[0-9a-f]+\.js)"/.exec(fs.readFileSync(file, "utf8"))?.[1];
    if (url) break;
  }
  if (!url) throw new Error(`geen routemanifest in ${serverEntry}`);
  const text = fs.readFileSync(path.join(clientDir, url), "utf8");
  return JSON.parse(text.replace(/^window\.__reactRouterManifest\s*=\s*/, "").replace(/;\s*$/, "")) as Manifest;
}

const read = (file: string) => fs.readFileSync(path.join(clientDir, file), "utf8");

const gzipped = new Map<string, number>();
/** Bytes of one built file after gzip (zlib's default level, 6, as a compressing server sends it). */
function gzipSize(file: string): number {
  let size = gzipped.get(file);
  if (size === undefined) {
    size = gzipSync(fs.readFileSync(path.join(clientDir, file))).length;
    gzipped.set(file, size);
  }
  return size;
}

const sum = (files: Set<string>) => [...files].reduce((total, file) => total + gzipSize(file), 0);

/** The routes a URL of `route` matches, outermost first. */
function chain(manifest: Manifest, route: RouteEntry): RouteEntry[] {
  const routes = [route];
  for (let r = route; r.parentId; r = manifest.routes[r.parentId]) routes.unshift(manifest.routes[r.parentId]);
  return routes;
}

/** The route's URL pattern, e.g. /lidmaatschappen/bewerken/:member. */
function urlOf(manifest: Manifest, route: RouteEntry): string {
  const segments = chain(manifest, route).map((r) => r.path ?? "").filter(Boolean);
  return `/${segments.join("/")}`;
}

function weigh(manifest: Manifest, route: RouteEntry) {
  const js = new Set([manifest.entry.module, ...manifest.entry.imports]);
  // React Router writes a route's stylesheets with a trailing '#' (the same file, linked apart from
  // the one a module may import as ?url): the file is the part before it.
  const file = (href: string) => href.split("#")[0];
  const css = new Set((manifest.entry.css ?? []).map(file));
  for (const r of chain(manifest, route)) {
    js.add(r.module);
    for (const f of r.imports ?? []) js.add(f);
    for (const f of r.css ?? []) css.add(file(f));
  }
  // Stylesheets a route adds through its `links` (`import x from "./app.css?url"`) are not in the
  // manifest's css lists; their URLs are written into the module that links them.
  for (const file of js) {
    for (const [, stylesheet] of read(file).matchAll(/["'`](\/assets\/[\w.-]+\.css)/g)) css.add(stylesheet);
  }
  // What the page fetches later, on its own (import() of the editor): Vite lists each such
  // import's files (with their CSS) in the module that imports it.
  const lazyJs = new Set<string>();
  const lazyCss = new Set<string>();
  for (const file of js) {
    for (const [, list] of read(file).matchAll(/m\.f=\[([^\]]*)\]/g)) {
      for (const [, asset] of list.matchAll(/"(assets\/[\w.-]+)"/g)) {
        const name = `/${asset}`;
        if (name.endsWith(".css")) {
          if (!css.has(name)) lazyCss.add(name);
        } else if (!js.has(name)) lazyJs.add(name);
      }
    }
  }
  const budget = PUBLIC_ROUTES.has(route.id) ? BUDGET.public : BUDGET.signedIn;
  const loadsEditor = [...js, ...lazyJs].some((file) => EDITOR_CHUNK.test(file));
  const dndAtOnce = [...js].some((file) => DND_CHUNK.test(file));
  const loadsDnd = dndAtOnce || [...lazyJs].some((file) => DND_CHUNK.test(file));
  return { js: sum(js) / KB, css: sum(css) / KB, budget, lazyJs: sum(lazyJs) / KB, lazyCss: sum(lazyCss) / KB, loadsEditor, loadsDnd, dndAtOnce };
}

const kb = (value: number) => value.toFixed(1).padStart(6);

function main() {
  buildIfNeeded();
  const manifest = readManifest();
  const floor = sum(new Set([manifest.entry.module, ...manifest.entry.imports])) / KB;

  console.log("JavaScript en CSS per pagina, gzip (zlib, niveau 6) per bestand; KB = 1024 bytes.");
  console.log(`Vloer: React 19 en React Router 7 (client-entry en zijn imports) ${floor.toFixed(1)} KB.\n`);
  console.log(`${"paginatype".padEnd(19)} ${"pagina".padEnd(22)} ${"pad".padEnd(36)}  JS KB  CSS KB  budget  oordeel`);
  for (const page of PAGES) {
    const route = page.route ? manifest.routes[page.route] : undefined;
    const label = `${page.kind.padEnd(19)} ${(page.name ?? page.route ?? "").padEnd(22)}`;
    if (!route) {
      console.log(`${label} ${"".padEnd(36)}  nog niet aanwezig`);
      continue;
    }
    const w = weigh(manifest, route);
    const verdict = w.js <= w.budget ? "binnen budget" : `${(w.js - w.budget).toFixed(1)} KB te veel`;
    console.log(`${label} ${urlOf(manifest, route).padEnd(36)} ${kb(w.js)}  ${kb(w.css)}  ${String(w.budget).padStart(6)}  ${verdict}`);
    if (w.lazyJs || w.lazyCss) {
      const what = w.loadsEditor ? "(de editor, na het laden)" : w.loadsDnd ? "(de volgorde-dialoog, bij openen)" : "(na het laden)";
      console.log(`${"".padEnd(19)} ${"+ later geladen".padEnd(22)} ${what.padEnd(36)} ${kb(w.lazyJs)}  ${kb(w.lazyCss)}`);
    }
  }

  // Every page of the route table, not only the ones above (resource routes have no page).
  const pages = Object.values(manifest.routes).filter((r) => r.id !== "root" && r.hasDefaultExport);
  const weighed = pages.map((r) => ({ route: r, ...weigh(manifest, r) }));
  const over = weighed.filter((w) => w.js > w.budget);
  console.log("");
  const strayEditor = weighed.filter((w) => w.loadsEditor && !EDITOR_ROUTES.has(w.route.id));
  if (strayEditor.length) {
    console.log(`De editor wordt geladen op pagina's zonder rich-text veld: ${strayEditor.map((w) => w.route.id).join(", ")}`);
    process.exitCode = 1;
  } else {
    console.log(`De editor laadt alleen op: ${weighed.filter((w) => w.loadsEditor).map((w) => w.route.id).join(", ")}.`);
  }
  const strayDnd = weighed.filter((w) => w.loadsDnd && !DND_ROUTES.has(w.route.id));
  const eagerDnd = weighed.filter((w) => w.dndAtOnce);
  if (strayDnd.length || eagerDnd.length) {
    if (strayDnd.length) console.log(`De volgorde-dialoog wordt geladen op pagina's zonder lijst van een catalogus: ${strayDnd.map((w) => w.route.id).join(", ")}`);
    if (eagerDnd.length) console.log(`De volgorde-dialoog wordt meteen met de pagina geladen: ${eagerDnd.map((w) => w.route.id).join(", ")}`);
    process.exitCode = 1;
  } else {
    console.log(`De volgorde-dialoog laadt alleen bij openen, op: ${weighed.filter((w) => w.loadsDnd).map((w) => w.route.id).join(", ")}.`);
  }
  if (!over.length) {
    console.log(`Alle ${pages.length} pagina's binnen budget (openbaar ${BUDGET.public} KB, ingelogd ${BUDGET.signedIn} KB).`);
    return;
  }
  console.log(`Boven budget (${over.length} van ${pages.length} pagina's):`);
  for (const w of over.sort((a, b) => b.js - a.js)) {
    console.log(`  ${w.route.id.padEnd(24)} ${urlOf(manifest, w.route).padEnd(56)} ${kb(w.js)} KB (budget ${w.budget} KB)`);
  }
  process.exitCode = 1;
}

main();
