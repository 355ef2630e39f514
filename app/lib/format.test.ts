import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatEuro, formatFileSize, formatPrice, fullName, parsePrice } from "./format";

const NBSP = "\u00a0";

describe("formatEuro", () => {
  it("writes nl-NL euros with a no-break space after the sign", () => {
    // Intl (ICU) puts U+00A0 between '€' and the amount, so it never wraps.
    expect(formatEuro(1234.5)).toBe(`€${NBSP}1.234,50`);
    expect(formatEuro(0)).toBe(`€${NBSP}0,00`);
    expect(formatEuro(1000000)).toBe(`€${NBSP}1.000.000,00`);
    expect(formatEuro(-12.3)).toBe(`€${NBSP}-12,30`);
  });
});

describe("formatDate", () => {
  it("keeps ISO calendar dates as they are", () => {
    expect(formatDate("2026-03-01")).toBe("01-03-2026");
    expect(formatDate("2026-12-31")).toBe("31-12-2026");
  });

  it("shows instants as the Amsterdam date", () => {
    // 23:30 UTC on 31 March is already 1 April in Amsterdam (summer time).
    expect(formatDate("2026-03-31T23:30:00Z")).toBe("01-04-2026");
    expect(formatDate(new Date("2026-03-01T12:00:00Z"))).toBe("01-03-2026");
  });

  it("gives '' for empty or invalid input", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate(undefined)).toBe("");
    expect(formatDate("")).toBe("");
    expect(formatDate("geen datum")).toBe("");
    expect(formatDate("2026-02-30")).toBe("");
    expect(formatDate(new Date("x"))).toBe("");
  });
});

describe("formatDateTime", () => {
  it("uses Amsterdam summer time (UTC+2)", () => {
    expect(formatDateTime("2026-07-01T10:05:00Z")).toBe("01-07-2026 12:05");
    expect(formatDateTime("2026-07-01T22:30:00.000Z")).toBe("02-07-2026 00:30");
  });

  it("uses Amsterdam winter time (UTC+1)", () => {
    expect(formatDateTime("2026-01-15T10:05:00Z")).toBe("15-01-2026 11:05");
    expect(formatDateTime(new Date("2026-12-31T23:00:00Z"))).toBe("01-01-2027 00:00");
  });

  it("reads offset-less date-times as UTC, as the database stores them", () => {
    expect(formatDateTime("2026-01-15 10:05:00")).toBe("15-01-2026 11:05");
  });

  it("gives '' for empty or invalid input", () => {
    expect(formatDateTime(null)).toBe("");
    expect(formatDateTime("onzin")).toBe("");
  });
});

describe("fullName", () => {
  it("joins the non-empty parts", () => {
    expect(fullName({ givenName: "Jan", namePreposition: "van", familyName: "Dijk" })).toBe(
      "Jan van Dijk",
    );
    expect(fullName({ givenName: " Jan ", namePreposition: "", familyName: "Dijk" })).toBe("Jan Dijk");
    expect(fullName({ givenName: null, namePreposition: "de", familyName: "Vries" })).toBe("de Vries");
  });

  it("falls back to username, then e-mail", () => {
    expect(fullName({ givenName: "", familyName: " ", username: "jdijk", email: "j@x.nl" })).toBe(
      "jdijk",
    );
    expect(fullName({ givenName: null, familyName: null, username: null, email: "j@x.nl" })).toBe(
      "j@x.nl",
    );
    expect(fullName({})).toBe("");
  });
});

describe("formatFileSize", () => {
  it("gives bytes, kilobytes and megabytes with a Dutch decimal comma", () => {
    expect(formatFileSize(850)).toBe("850 bytes");
    expect(formatFileSize(1024)).toBe("1 kB");
    expect(formatFileSize(12_600)).toBe("12 kB");
    expect(formatFileSize(1024 * 1024)).toBe("1 MB");
    expect(formatFileSize(1.44 * 1024 * 1024)).toBe("1,4 MB");
  });
});

describe("parsePrice and formatPrice", () => {
  it("reads prices typed the Dutch way, in cents", () => {
    expect(parsePrice("1.234,50")).toBe(123450);
    expect(parsePrice("1234,5")).toBe(123450);
    expect(parsePrice("€ 1.234,50")).toBe(123450);
    expect(parsePrice(`€${NBSP}29,95`)).toBe(2995);
    expect(parsePrice("12,-")).toBe(1200);
    expect(parsePrice(" 45 ")).toBe(4500);
    expect(parsePrice("1.000.000")).toBe(null);
    expect(parsePrice("999.999,99")).toBe(99999999);
    expect(parsePrice("19.95")).toBe(1995);
    expect(parsePrice("1.234")).toBe(123400);
  });

  it("refuses what is no price", () => {
    for (const text of ["", "€", "abc", "-5", "12,345", "1,2,3", "12.34.5", "1.23,4x", "12a"]) expect(parsePrice(text), text).toBe(null);
  });

  it("writes cents back as typed, with thousands points and two decimals", () => {
    expect(formatPrice(123450)).toBe("1.234,50");
    expect(formatPrice(0)).toBe("0,00");
    expect(formatPrice(2995)).toBe("29,95");
    expect(parsePrice(formatPrice(99999999))).toBe(99999999);
  });
});
