import { describe, expect, it } from "vitest";
import { workerExecArgv } from "./worker-exec-argv";

describe("workerExecArgv", () => {
  it("adds the young generation's size to the start process's options", () => {
    expect(workerExecArgv(["--import", "tsx"], "")).toEqual(["--import", "tsx", "--max-semi-space-size=32"]);
    expect(workerExecArgv([])).toEqual(["--max-semi-space-size=32"]);
  });

  it("keeps an operator's own size, from the command line or NODE_OPTIONS", () => {
    expect(workerExecArgv(["--max-semi-space-size=64", "--import", "tsx"], "")).toEqual(["--max-semi-space-size=64", "--import", "tsx"]);
    expect(workerExecArgv(["--import", "tsx"], "--max-old-space-size=2048 --max-semi-space-size=8")).toEqual(["--import", "tsx"]);
  });
});
