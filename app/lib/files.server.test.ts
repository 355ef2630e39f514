import { describe, expect, it } from "vitest";
import { contentDisposition, safeFileName } from "./files.server";

describe("safeFileName", () => {
  it("keeps only the last part of a path and drops control and reserved characters", () => {
    expect(safeFileName("../../etc/passwd")).toBe("passwd");
    expect(safeFileName("C:\\Users\\jan\\uittreksel.pdf")).toBe("uittreksel.pdf");
    expect(safeFileName("scan\r\nX-Kop: waarde.pdf")).toBe("scanX-Kop waarde.pdf");
    expect(safeFileName('"aanhalingstekens".pdf')).toBe("aanhalingstekens.pdf");
    expect(safeFileName("...verborgen")).toBe("verborgen");
    expect(safeFileName("Één café.pdf")).toBe("Één café.pdf");
  });

  it("falls back to a plain name when nothing is left", () => {
    expect(safeFileName("../")).toBe("bestand");
    expect(safeFileName("\u0000\u0001")).toBe("bestand");
    expect(safeFileName("x".repeat(300))).toHaveLength(200);
  });
});

describe("contentDisposition", () => {
  it("gives an ASCII fallback and the UTF-8 original, with nothing that could break the header", () => {
    expect(contentDisposition("Één café.pdf")).toBe(`attachment; filename="__n caf_.pdf"; filename*=UTF-8''%C3%89%C3%A9n%20caf%C3%A9.pdf`);
    const header = contentDisposition("a\r\nSet-Cookie: x=1;.pdf");
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toBe(`attachment; filename="aSet-Cookie x=1_.pdf"; filename*=UTF-8''aSet-Cookie%20x%3D1%3B.pdf`);
  });
});
