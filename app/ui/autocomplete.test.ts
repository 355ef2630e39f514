import { describe, expect, it } from "vitest";
import { moveActive, suggestionStatus } from "./Autocomplete";

describe("moveActive", () => {
  it("starts at the first or last suggestion", () => {
    expect(moveActive(-1, 3, 1)).toBe(0);
    expect(moveActive(-1, 3, -1)).toBe(2);
  });

  it("moves and wraps around", () => {
    expect(moveActive(0, 3, 1)).toBe(1);
    expect(moveActive(2, 3, 1)).toBe(0);
    expect(moveActive(0, 3, -1)).toBe(2);
  });

  it("has nothing to highlight without suggestions, and recovers from a stale index", () => {
    expect(moveActive(0, 0, 1)).toBe(-1);
    expect(moveActive(5, 2, 1)).toBe(0);
  });
});

describe("suggestionStatus", () => {
  it("tells how many suggestions there are, in Dutch", () => {
    expect(suggestionStatus(0, "Geen resultaten gevonden")).toBe("Geen resultaten gevonden");
    expect(suggestionStatus(1, "x")).toBe("1 suggestie; kies met de pijltjestoetsen en Enter.");
    expect(suggestionStatus(4, "x")).toBe("4 suggesties; kies met de pijltjestoetsen en Enter.");
  });
});
