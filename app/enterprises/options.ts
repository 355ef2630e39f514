// Tab Aanbod of an establishment, shared by the browser and the server (no node-only imports).
import type { TriStateItem, TriStateSheetAction, TriStateSheetGroup } from "../ui/TriStateSheet";

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

export type OptionItem = TriStateItem;
export type OptionGroup = TriStateSheetGroup<OptionGroupKey>;

export interface EnterpriseOptionsData {
  /** The page's own URL: the form posts here. */
  path: string;
  cancelHref: string;
  /** A contact person's page: the answers are shown, not changed. */
  readOnly: boolean;
  groups: OptionGroup[];
}

/** What an Aanbod post answers when it shows the form again: the values as posted (after a group was set to Nee). */
export type OptionsActionData = TriStateSheetAction;
