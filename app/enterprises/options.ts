// Tab Aanbod of an establishment, shared by the browser and the server (no node-only imports).
import type { TriState } from "../ui/TriStateField";

/** The four groups of tab Aanbod (part 1 §2 "Aanbod form"), by their field name in the post (§7). */
export const OPTION_GROUPS = [
  { key: "fitnessTypes", label: "Sportaanbod" },
  { key: "facilities", label: "Faciliteiten" },
  { key: "groupLessons", label: "Groepslessen" },
  { key: "targetGroups", label: "Doelgroepen" },
] as const;

export type OptionGroupKey = (typeof OPTION_GROUPS)[number]["key"];

/** Opslaan of tab Aanbod. */
export const OPTIONS_SAVE_INTENT = "options";
/** 'Alle niet-ingevulde op Nee zetten' of one group. */
export const optionsNoIntent = (group: OptionGroupKey) => `options-nee:${group}`;

export const OPTIONS_UNANSWERED = "U heeft nog niet voor alle onderstaande opties Ja of Nee ingevuld.";
export const OPTIONS_SAVED = "Aanbod opgeslagen.";
export const OPTIONS_INVALID = "Ongeldig: het formulier bevat een keuze die niet (meer) bestaat. Er is niets opgeslagen.";

/** The posted name of an item: `fitnessTypes[12]` (part 1 §7 "Options"). */
export const optionField = (group: OptionGroupKey, id: number) => `${group}[${id}]`;

export interface OptionItem {
  id: number;
  name: string;
  /** The stored answer; for a non-admin an unanswered admin-only target group counts as Nee. */
  value: TriState;
  /** Admin-only target groups for non-admins (and everything on a read-only page). */
  readOnly: boolean;
}

export interface OptionGroup {
  key: OptionGroupKey;
  label: string;
  /** One part without heading, or (group lessons) one per category in the spec's order. */
  parts: { label: string | null; items: OptionItem[] }[];
}

export interface EnterpriseOptionsData {
  /** The page's own URL: the form posts here. */
  path: string;
  cancelHref: string;
  /** A contact person's page: the answers are shown, not changed. */
  readOnly: boolean;
  groups: OptionGroup[];
}

/** What an Aanbod post answers when it shows the form again: the values as posted (after a group was set to Nee). */
export interface OptionsActionData {
  values: Record<string, TriState>;
  formError?: string;
}

/** Any item still without Ja or Nee (in these values, else as stored). */
export function anyUnanswered(groups: OptionGroup[], values: Record<string, TriState> = {}): boolean {
  return groups.some((g) => g.parts.some((p) => p.items.some((i) => (values[optionField(g.key, i.id)] ?? i.value) === "")));
}
