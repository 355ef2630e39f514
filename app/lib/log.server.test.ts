import { afterEach, describe, expect, it, vi } from "vitest";
import { logEvent, securityLog } from "./log.server";

function captured(run: () => void): string {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    run();
  } finally {
    spy.mockRestore();
  }
  return lines.join("");
}

afterEach(() => vi.restoreAllMocks());

describe("structured log", () => {
  it("keeps a typed newline inside its value: one line, one event", () => {
    const out = captured(() => logEvent("warn", "geocoding_failed", { query: '1234AB 1\n{"event":"nep","level":"info"}' }));
    expect(out.endsWith("\n")).toBe(true);
    expect(out.trimEnd().split("\n")).toHaveLength(1);
    const entry = JSON.parse(out);
    expect(entry).toMatchObject({ level: "warn", event: "geocoding_failed", query: '1234AB 1\n{"event":"nep","level":"info"}' });
    expect(entry.time).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
  });

  it("never writes fields that carry secrets", () => {
    const out = captured(() =>
      securityLog("login", { outcome: "failure", password: "geheim", code: "123456", token: "abc", bsn: "111222333", reason: "invalid" }),
    );
    const entry = JSON.parse(out);
    expect(entry).toMatchObject({ log: "security", event: "login", outcome: "failure", reason: "invalid" });
    for (const key of ["password", "code", "token", "bsn"]) expect(entry).not.toHaveProperty(key);
    expect(out).not.toContain("geheim");
  });
});
