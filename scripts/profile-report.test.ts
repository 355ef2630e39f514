import { describe, expect, it } from "vitest";
import { beyond, breakdown, largest, partOf, statementReport, type CpuProfile } from "./profile-report";

const frame = (functionName: string, url: string, lineNumber = 0) => ({ functionName, url, lineNumber });

/** Root → render (react-dom) → Field (the portal's build); root → GC; root → idle. */
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame("(root)", ""), children: [2, 4, 5] },
    { id: 2, callFrame: frame("renderElement", "file:///app/node_modules/react-dom/cjs/react-dom-server.node.production.js", 4839), children: [3] },
    { id: 3, callFrame: frame("Field", "file:///app/build/server/index.js", 2078) },
    { id: 4, callFrame: frame("(garbage collector)", "") },
    { id: 5, callFrame: frame("(idle)", "") },
  ],
  // µs: render 300 + 100, Field 200, GC 100, idle 1000
  samples: [2, 3, 5, 4, 2],
  timeDeltas: [300, 200, 1000, 100, 100],
};

describe("partOf", () => {
  it("names a package, the portal's build, Node and V8", () => {
    expect(partOf("file:///app/node_modules/@conform-to/dom/dist/form.mjs")).toBe("@conform-to/dom");
    expect(partOf("file:///app/node_modules/kysely/dist/esm/index.js")).toBe("kysely");
    expect(partOf("file:///app/build/server/index.js")).toBe("portaal");
    expect(partOf("file:///app/build-old/server/index.js")).toBe("portaal");
    expect(partOf("node:internal/streams/writable")).toBe("node");
    expect(partOf("")).toBe("(native)");
    expect(partOf("file:///app/server/app.ts")).toBe("server/app.ts");
  });
});

describe("breakdown", () => {
  it("sums each function's and part's own time per request, leaving idle out", () => {
    const b = breakdown(profile, 2);
    expect(b.busyMs).toBeCloseTo(0.35);
    expect(b.byPart.get("react-dom")).toBeCloseTo(0.2);
    expect(b.byPart.get("portaal")).toBeCloseTo(0.1);
    expect(b.byPart.get("(native)")).toBeCloseTo(0.05);
    expect(b.byPart.has("(idle)")).toBe(false);
    expect(b.byFunction.get("Field (portaal:2079)")).toBeCloseTo(0.1);
    expect(largest(b.byPart, 1)).toEqual([["react-dom", expect.closeTo(0.2) as number]]);
  });
});

describe("beyond", () => {
  it("gives the largest differences either way, also of parts only one side has", () => {
    const page = new Map([["react-dom", 0.6], ["kysely", 0.2], ["node", 0.5]]);
    const trivial = new Map([["react-dom", 0.2], ["node", 0.5], ["compression", 0.3]]);
    expect(beyond(page, trivial, 3)).toEqual([
      ["react-dom", expect.closeTo(0.4) as number],
      ["compression", expect.closeTo(-0.3) as number],
      ["kysely", expect.closeTo(0.2) as number],
    ]);
  });
});

describe("statementReport", () => {
  it("gives runs and time per request and the median run, the costliest first", () => {
    const report = statementReport(
      [
        { sql: "select 1", ms: [0.1, 0.1, 0.1, 0.1] },
        { sql: "select 2", ms: [0.5, 0.3, 0.9] },
      ],
      2,
    );
    expect(report.map((s) => s.sql)).toEqual(["select 2", "select 1"]);
    expect(report[0].perRequest).toBe(1.5);
    expect(report[0].msPerRequest).toBeCloseTo(0.85);
    expect(report[0].median).toBe(0.5);
    expect(report[1].perRequest).toBe(2);
  });
});
