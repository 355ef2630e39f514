import { describe, expect, it } from "vitest";
import {
  cardAddress,
  filterSections,
  matchesSearch,
  searchTextOf,
  searchWords,
  type OwnEnterpriseCard,
  type OwnEnterpriseSection,
} from "./own-list";

function card(id: number, name: string, fields: Partial<OwnEnterpriseCard> = {}): OwnEnterpriseCard {
  return {
    id,
    name,
    lidnummer: 1000 + id,
    street: "Vaartweg",
    houseNr: "1",
    postalCode: "1011AB",
    town: "Amsterdam",
    phone: "",
    email: "",
    emailPublic: "",
    website: "",
    kvkNr: "",
    memberName: "Sportcentrum De Vaart",
    manageable: true,
    ...fields,
  };
}

const sections: OwnEnterpriseSection[] = [
  { key: "visible", label: "Vestigingen", enterprises: [card(1, "Centrum"), card(2, "Noord", { postalCode: "1031CD" })] },
  { key: "franchise", label: "Franchise(s)", enterprises: [card(3, "Haarlem", { town: "Haarlem", website: "https://haarlem.nl" })] },
];

describe("search over own establishments", () => {
  it("splits a search into lowercase words", () => {
    expect(searchWords("  Vaart  AMSTERDAM ")).toEqual(["vaart", "amsterdam"]);
    expect(searchWords("")).toEqual([]);
    expect(searchWords(null)).toEqual([]);
  });

  it("needs every word somewhere in the card's fields, the id not counted", () => {
    const centrum = card(77, "Centrum", { phone: "0201234567", email: "info@centrum.nl", emailPublic: "balie@centrum.nl", kvkNr: "12345678" });
    expect(matchesSearch(centrum, ["amster", "centr"])).toBe(true);
    expect(matchesSearch(centrum, ["amster", "haarlem"])).toBe(false);
    expect(matchesSearch(centrum, [])).toBe(true);
    for (const word of ["1077", "vaartweg", "1011ab", "0201234567", "info@", "balie@", "12345678", "de vaart"]) {
      expect(searchTextOf(centrum), word).toContain(word);
    }
    expect(matchesSearch(centrum, ["77"])).toBe(true); // through the lidnummer 1077 …
    expect(matchesSearch(card(77, "X", { lidnummer: null }), ["77"])).toBe(false); // … never through the id
  });

  it("keeps the sections' order and drops the ones left empty", () => {
    expect(filterSections(sections, "")).toEqual(sections);
    const amsterdam = filterSections(sections, "amsterdam");
    expect(amsterdam.map((s) => s.key)).toEqual(["visible"]);
    expect(amsterdam[0].enterprises.map((e) => e.id)).toEqual([1, 2]);
    expect(filterSections(sections, "haarlem.nl").map((s) => [s.label, s.enterprises.map((e) => e.name)])).toEqual([
      ["Franchise(s)", ["Haarlem"]],
    ]);
    expect(filterSections(sections, "Rotterdam")).toEqual([]);
  });

  it("writes an address as one line, leaving out what is missing", () => {
    expect(cardAddress({ street: "Vaartweg", houseNr: "1", postalCode: "1011AB", town: "Amsterdam" })).toBe("Vaartweg 1, 1011AB Amsterdam");
    expect(cardAddress({ street: "", houseNr: "", postalCode: "", town: "Haarlem" })).toBe("Haarlem");
    expect(cardAddress({ street: "", houseNr: "", postalCode: "", town: "" })).toBe("");
  });
});
