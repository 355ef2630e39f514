import { describe, expect, it } from "vitest";
import { MAX_PAGE, pageFromUrl, pagerModel } from "./pager";

describe("pagerModel", () => {
  it("rounds the number of pages up", () => {
    expect(pagerModel(1, 21, 10).totalPages).toBe(3);
    expect(pagerModel(1, 20, 10).totalPages).toBe(2);
    expect(pagerModel(1, 0, 10).totalPages).toBe(1);
  });

  it("shows five numbers centred on the current page", () => {
    expect(pagerModel(6, 200, 10).pages).toEqual([4, 5, 6, 7, 8]);
  });

  it("keeps five numbers at both ends", () => {
    expect(pagerModel(1, 200, 10).pages).toEqual([1, 2, 3, 4, 5]);
    expect(pagerModel(20, 200, 10).pages).toEqual([16, 17, 18, 19, 20]);
  });

  it("shows fewer numbers when there are fewer pages", () => {
    expect(pagerModel(2, 25, 10).pages).toEqual([1, 2, 3]);
  });

  it("clamps a page beyond the end and offers previous/next only where they exist", () => {
    const model = pagerModel(99, 25, 10);
    expect(model.page).toBe(3);
    expect(model.next).toBeNull();
    expect(model.previous).toBe(2);
    expect(pagerModel(1, 25, 10).previous).toBeNull();
  });

  it("reads the page from the URL", () => {
    expect(pageFromUrl(new URL("http://x/?page=4"))).toBe(4);
    expect(pageFromUrl(new URL("http://x/?page=-1"))).toBe(1);
    expect(pageFromUrl(new URL("http://x/?page=abc"))).toBe(1);
    expect(pageFromUrl(new URL("http://x/"))).toBe(1);
    // Past any list, and never a number the database cannot take as an offset.
    expect(pageFromUrl(new URL("http://x/?page=1e300"))).toBe(MAX_PAGE);
    expect(pageFromUrl(new URL("http://x/?page=99999999999999999999"))).toBe(MAX_PAGE);
    expect(pageFromUrl(new URL("http://x/?page=2.5"))).toBe(1);
  });
});
