import { describe, expect, it } from "vitest";
import { searchNeedles } from "./list.server";

describe("searchNeedles", () => {
  it("looks for the term as typed, in lower case", () => {
    expect(searchNeedles("De Vaart")).toEqual(["de vaart"]);
  });

  it("also looks for a postcode and a phone number the way they are stored", () => {
    expect(searchNeedles("1234 ab")).toEqual(["1234 ab", "1234ab"]);
    expect(searchNeedles("Kerkstraat 1, 1234 AB Goes")).toEqual(["kerkstraat 1, 1234 ab goes", "kerkstraat 1, 1234ab goes"]);
    expect(searchNeedles("020-123 45 67")).toEqual(["020-123 45 67", "0201234567"]);
    expect(searchNeedles("1001")).toEqual(["1001"]);
  });
});
