/**
 * What `npm run profile` prints of a CPU profile (V8's `.cpuprofile`, as the inspector's
 * Profiler.stop gives it): the server's time per request by package and by function, and by how
 * much a page differs from the trivial page.
 */

export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  /** Microseconds since the sample before. */
  timeDeltas: number[];
}

/** Per request, in milliseconds: the busy time (idle left out) and its parts. */
export interface Breakdown {
  busyMs: number;
  byPart: Map<string, number>;
  byFunction: Map<string, number>;
}

/**
 * Where a script comes from: a package by its folder in node_modules, the portal's server build,
 * Node's own modules, or native code (no script: garbage collection, native calls such as
 * better-sqlite3's, the profiler).
 */
export function partOf(url: string): string {
  if (!url) return "(native)";
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inPackage) return inPackage[1];
  if (url.startsWith("node:")) return "node";
  if (/\/build[^/]*\/server\//.test(url)) return "portaal";
  return url.replace(/^file:\/\//, "").split("/").slice(-2).join("/");
}

/** The self time of each function and part of `profile`, per request of `requests`. */
export function breakdown(profile: CpuProfile, requests: number): Breakdown {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byPart = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);
  profile.samples.forEach((id, i) => {
    const node = nodes.get(id);
    const us = profile.timeDeltas[i] ?? 0;
    if (!node || node.callFrame.functionName === "(idle)") return;
    const part = partOf(node.callFrame.url);
    busy += us;
    add(byPart, part, us);
    add(byFunction, `${node.callFrame.functionName || "(anoniem)"} (${part}:${node.callFrame.lineNumber + 1})`, us);
  });
  const perRequest = (map: Map<string, number>) => new Map([...map].map(([key, us]) => [key, us / 1000 / requests]));
  return { busyMs: busy / 1000 / requests, byPart: perRequest(byPart), byFunction: perRequest(byFunction) };
}

/** The largest `count` entries, largest first. */
export function largest(map: Map<string, number>, count: number): [string, number][] {
  return [...map].sort((a, b) => b[1] - a[1]).slice(0, count);
}

/** What `page` spends more (or less) than `trivial` per part, the largest differences first. */
export function beyond(page: Map<string, number>, trivial: Map<string, number>, count: number): [string, number][] {
  const keys = new Set([...page.keys(), ...trivial.keys()]);
  return [...keys]
    .map((key): [string, number] => [key, (page.get(key) ?? 0) - (trivial.get(key) ?? 0)])
    .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]))
    .slice(0, count);
}

/** One SQL statement's timings as the agent wrote them (scripts/profile-agent.mjs). */
export interface StatementTimes {
  sql: string;
  ms: number[];
}

/** Per statement: calls and time per request, median time of one call; the costliest first. */
export function statementReport(statements: StatementTimes[], requests: number) {
  return statements
    .map(({ sql, ms }) => {
      const sorted = [...ms].sort((a, b) => a - b);
      const total = ms.reduce((sum, t) => sum + t, 0);
      return { sql, perRequest: ms.length / requests, msPerRequest: total / requests, median: sorted[Math.floor(sorted.length / 2)] ?? 0 };
    })
    .sort((a, b) => b.msPerRequest - a.msPerRequest);
}
