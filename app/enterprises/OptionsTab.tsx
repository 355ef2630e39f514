import { TriStateSheet, type TriStateSheetSpec } from "../ui/TriStateSheet";
import {
  optionField,
  optionsNoIntent,
  OPTIONS_SAVE_INTENT,
  OPTIONS_UNANSWERED,
  type EnterpriseOptionsData,
  type OptionGroupKey,
  type OptionsActionData,
} from "./options";

const OPTIONS_SHEET: TriStateSheetSpec<OptionGroupKey> = {
  tab: "aanbod",
  field: optionField,
  saveIntent: OPTIONS_SAVE_INTENT,
  fillIntent: optionsNoIntent,
  fillLabel: "Alle niet-ingevulde op Nee zetten",
  unanswered: OPTIONS_UNANSWERED,
  readOnlyNote: "alleen door een beheerder te wijzigen",
  emptyGroup: "Er zijn nog geen opties in deze groep.",
};

/**
 * Tab Aanbod (part 1 §2 "Aanbod form"): Sportaanbod, Faciliteiten, Groepslessen (by category) and
 * Doelgroepen, each item Ja, Nee or not filled in, with a fill button per group.
 */
export function OptionsTab({ data, action }: { data: EnterpriseOptionsData; action?: OptionsActionData }) {
  return <TriStateSheet spec={OPTIONS_SHEET} groups={data.groups} path={data.path} cancelHref={data.cancelHref} readOnly={data.readOnly} action={action} />;
}
