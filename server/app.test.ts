import { describe, expect, it } from "vitest";
import { isSameOrigin } from "./app";

describe("isSameOrigin", () => {
  const host = "portaal.example.nl";
  it("lets reads through", () => {
    expect(isSameOrigin("GET", { origin: "https://evil.example" }, host)).toBe(true);
  });
  it("accepts posts from the same origin", () => {
    expect(isSameOrigin("POST", { origin: "https://portaal.example.nl", "sec-fetch-site": "same-origin" }, host)).toBe(true);
  });
  it("refuses posts from another origin or site", () => {
    expect(isSameOrigin("POST", { origin: "https://evil.example" }, host)).toBe(false);
    expect(isSameOrigin("POST", { "sec-fetch-site": "cross-site" }, host)).toBe(false);
    expect(isSameOrigin("POST", { "sec-fetch-site": "same-site", origin: "https://sub.example.nl" }, host)).toBe(false);
    expect(isSameOrigin("POST", { origin: "null" }, host)).toBe(false);
  });
  it("accepts posts without browser headers (no cookies can be ridden on)", () => {
    expect(isSameOrigin("POST", {}, host)).toBe(true);
  });
});
