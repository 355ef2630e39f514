import { describe, expect, it } from "vitest";
import { FOUND_MAP_MAX, foundMap, walksNameIndex } from "./search.server";

describe("walksNameIndex", () => {
  it("walks the name index for an early page of a search that found many", () => {
    // 1,000 of 25,000 found: the first page ends after about 250 index entries, the tenth after 2,500.
    expect(walksNameIndex(1, 10, 25_000, 1_000)).toBe(true);
    expect(walksNameIndex(10, 10, 25_000, 1_000)).toBe(true);
  });

  it("fetches and sorts what was found for a late page or a search that found few", () => {
    // Page 50 of 100 would walk half the index (12,500 entries) to find what sorting 1,000 gives.
    expect(walksNameIndex(50, 10, 25_000, 1_000)).toBe(false);
    expect(walksNameIndex(100, 10, 25_000, 1_000)).toBe(false);
    // Twelve found of 25,000: the walk would pass thousands to find ten.
    expect(walksNameIndex(1, 10, 25_000, 12)).toBe(false);
    expect(walksNameIndex(1, 10, 25_000, 0)).toBe(false);
  });

  it("does not walk when the highest id would make the map of the found too large", () => {
    expect(walksNameIndex(1, 10, FOUND_MAP_MAX, FOUND_MAP_MAX / 2)).toBe(true);
    expect(walksNameIndex(1, 10, FOUND_MAP_MAX + 1, FOUND_MAP_MAX / 2)).toBe(false);
  });
});

describe("foundMap", () => {
  it("sets the byte of each found id (id 1 at byte 0) and no other", () => {
    expect([...foundMap("3,1,10", 10)]).toEqual([1, 0, 1, 0, 0, 0, 0, 0, 0, 1]);
    expect([...foundMap("", 3)]).toEqual([0, 0, 0]);
    expect([...foundMap("", 0)]).toEqual([]);
  });
});
