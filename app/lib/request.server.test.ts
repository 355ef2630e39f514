import { describe, expect, it } from "vitest";
import { safeNext, withoutEncodedNul } from "./request.server";

describe("withoutEncodedNul", () => {
  it("takes every encoded NUL out of an address, also one that taking out makes", () => {
    expect(withoutEncodedNul("/lidmaatschappen?q=De%20Va%00art")).toBe("/lidmaatschappen?q=De%20Vaart");
    expect(withoutEncodedNul("/lidmaatschappen?q=%%0000x")).toBe("/lidmaatschappen?q=x");
    expect(withoutEncodedNul("/fitnednl?q=100%25")).toBe("/fitnednl?q=100%25");
    expect(decodeURIComponent(withoutEncodedNul("/a?q=%2500%00"))).toBe("/a?q=%00");
  });
});

describe("safeNext", () => {
  it("keeps paths inside the portal with their query and hash", () => {
    expect(safeNext("/lidmaatschappen?pagina=2#accounts")).toBe("/lidmaatschappen?pagina=2#accounts");
    expect(safeNext("/vestigingen/bewerken/3")).toBe("/vestigingen/bewerken/3");
  });

  it("turns every way out of the portal into home", () => {
    for (const target of [
      "//evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/\\evil.example",
      "/\\/evil.example",
      "https://evil.example/",
      "evil.example",
      "javascript:alert(1)",
      " /lidmaatschappen",
      "/\u0000x",
      "",
      null,
      undefined,
    ]) {
      expect(safeNext(target), JSON.stringify(target)).toBe("/");
    }
  });

  it("normalises dot segments without leaving the portal", () => {
    expect(safeNext("/../../etc/passwd")).toBe("/etc/passwd");
    expect(safeNext("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
  });
});
