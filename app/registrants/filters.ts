import type { ListFilterGroup } from "../lib/list";

/** The register's filter panel (part 2 §2.2): a professional shows when it fits a ticked option of every group. */
export const REGISTRANT_FILTERS = [
  {
    key: "goedkeuring",
    label: "Goedkeuring",
    options: [
      { value: "goedgekeurd", label: "Goedgekeurd" },
      { value: "niet-goedgekeurd", label: "Niet goedgekeurd" },
    ],
  },
  {
    key: "activiteit",
    label: "Activiteit",
    options: [
      { value: "actief", label: "Actief" },
      { value: "inactief", label: "Inactief" },
    ],
  },
  {
    key: "zichtbaarheid",
    label: "Zichtbaarheid",
    options: [
      { value: "zichtbaar", label: "Zichtbaar" },
      { value: "verborgen", label: "Verborgen" },
    ],
  },
  {
    key: "account",
    label: "Account",
    options: [
      { value: "actief", label: "Actief account" },
      { value: "inactief", label: "Inactief account" },
      { value: "geen", label: "Geen account" },
    ],
  },
] as const satisfies readonly ListFilterGroup[];

/** The state of the account linked to a professional, as the list's icon shows it. */
export type AccountState = "active" | "inactive" | "none";

/** The spec's gender labels (m, f, o). */
/** The gender values of a professional or campaign participant and their labels (part 2 §9: m, f, o). */
export const GENDERS = [
  { value: "m", label: "Man" },
  { value: "f", label: "Vrouw" },
  { value: "o", label: "Anders" },
] as const;

export const GENDER_LABELS: Record<string, string> = Object.fromEntries(GENDERS.map((g) => [g.value, g.label]));
