/**
 * `npm run compare -- <build> <other build> […]`: how much processor time a page costs in one
 * build against another, for a change smaller than the benchmark's spread. Seeds the
 * benchmark's data (SQLite), signs in as the admin, loads every build's server side by side in this
 * one process and calls each build's request handler directly (no HTTP), in turns: each round takes
 * COMPARE_REQUESTS requests (100) of every build, the order swapped every round, COMPARE_ROUNDS
 * rounds (40). Prints each build's median time a request and the median of the rounds' ratios to the
 * first build. Two copies of one build gave 0.992 and 1.000: below about 2 % is not seen.
 *
 *   npm run build && cp -r build build-before   (then the change, and npm run build)
 *   npm run compare -- build-before build
 *   COMPARE_PATH='/vestigingen?q=zwolle' npm run compare -- build-before build
 *
 * COMPARE_PATH is the page (the full establishment's tab Info & Media; `{id}` stands for that
 * establishment). The builds' own code is each loaded once; what they share from node_modules, too.
 */
// First: React loads its production build, as the portal serves it.
import "./production-env";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import { withRequestScope } from "../app/lib/request-scope.server";
import { fullEstablishment, median, onSeededPortal } from "./bench";

const ROUNDS = Math.max(2, Number(process.env.COMPARE_ROUNDS || 40));
const REQUESTS = Math.max(10, Number(process.env.COMPARE_REQUESTS || 100));
const WARM_UP = 500;
const builds = process.argv.slice(2);
if (builds.length < 2) {
  console.error("Gebruik: npm run compare -- <build> <andere build> […]");
  process.exit(1);
}

await onSeededPortal({ prefix: "compare", workers: 1 }, async (portal, cookie) => {
  const page = (process.env.COMPARE_PATH || "/vestigingen/bewerken/{id}?tab=info-media").replace("{id}", String(await fullEstablishment()));
  const origin = new URL(portal.baseUrl);
  const handlers = await Promise.all(
    builds.map(async (dir) => createRequestHandler((await import(pathToFileURL(path.resolve(dir, "server/index.js")).href)) as ServerBuild, "production")),
  );
  const load = async (handle: (typeof handlers)[number]) => {
    const request = new Request(new URL(page, origin), { headers: { cookie } });
    const response = await withRequestScope(() => handle(request, { nonce: "compare", ip: "127.0.0.1" }), "127.0.0.1");
    await response.arrayBuffer();
    return response.status;
  };
  for (const [i, handle] of handlers.entries()) {
    const status = await load(handle);
    if (status !== 200) throw new Error(`${builds[i]}: ${page} antwoordt ${status}`);
    for (let n = 0; n < WARM_UP; n++) await load(handle);
  }
  console.log(`Vergelijken: ${page}, ${ROUNDS} rondes van ${REQUESTS} verzoeken per build…`);
  const times: number[][] = handlers.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    const order = [...handlers.keys()];
    if (round % 2) order.reverse();
    for (const i of order) {
      const before = process.cpuUsage();
      for (let n = 0; n < REQUESTS; n++) await load(handlers[i]);
      const used = process.cpuUsage(before);
      times[i].push((used.user + used.system) / 1000 / REQUESTS);
    }
  }
  for (const [i, dir] of builds.entries()) {
    const ratio = i ? `, tegen ${builds[0]} ${median(times[i].map((t, round) => t / times[0][round])).toFixed(3)}` : "";
    console.log(`  ${dir.padEnd(20)} ${median(times[i]).toFixed(3)} ms per verzoek${ratio}`);
  }
});
