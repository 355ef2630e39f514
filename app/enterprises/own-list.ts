/**
 * The signed-in user's own establishments (/mijn-vestigingen) as the page shows them, and the
 * search over them. Browser-safe: the server filters with it for a page without JavaScript, the
 * browser with it while the user types.
 */

export interface OwnEnterpriseCard {
  id: number;
  name: string;
  lidnummer: number | null;
  street: string;
  houseNr: string;
  postalCode: string;
  town: string;
  phone: string;
  email: string;
  emailPublic: string;
  website: string;
  kvkNr: string;
  memberName: string;
  /** In the account's manageable establishments: the card links to its edit page. */
  manageable: boolean;
}

export type OwnSectionKey = "visible" | "franchise" | "hidden" | "inactive" | "unapproved";

export interface OwnEnterpriseSection {
  key: OwnSectionKey;
  label: string;
  enterprises: OwnEnterpriseCard[];
}

/** Lowercase words of a search; spaces separate them. */
export function searchWords(search: string | null | undefined): string[] {
  return (search ?? "").toLowerCase().split(/\s+/).filter(Boolean);
}

/** Every field of the card but its id (and the manageable flag), lowercased, one a line. */
export function searchTextOf(card: OwnEnterpriseCard): string {
  return [
    card.name,
    card.lidnummer ?? "",
    card.street,
    card.houseNr,
    card.postalCode,
    card.town,
    card.phone,
    card.email,
    card.emailPublic,
    card.website,
    card.kvkNr,
    card.memberName,
  ]
    .join("\n")
    .toLowerCase();
}

/** Whether every word of the search occurs in one of the card's fields. */
export function matchesSearch(card: OwnEnterpriseCard, words: string[]): boolean {
  if (!words.length) return true;
  const text = searchTextOf(card);
  return words.every((word) => text.includes(word));
}

/** The sections with only the matching cards; sections left empty are dropped. */
export function filterSections(sections: OwnEnterpriseSection[], search: string | null | undefined): OwnEnterpriseSection[] {
  const words = searchWords(search);
  return sections
    .map((section) => ({ ...section, enterprises: section.enterprises.filter((card) => matchesSearch(card, words)) }))
    .filter((section) => section.enterprises.length > 0);
}

/** Street and number, postcode and town, as one line. */
export function cardAddress(card: Pick<OwnEnterpriseCard, "street" | "houseNr" | "postalCode" | "town">): string {
  const street = [card.street, card.houseNr].filter(Boolean).join(" ");
  const town = [card.postalCode, card.town].filter(Boolean).join(" ");
  return [street, town].filter(Boolean).join(", ");
}
