// The tabs Specialisaties, Diploma's and Accreditatie of a professional, shared by the browser and
// the server (no node-only imports).
import type { TriStateSheetAction, TriStateSheetGroup, TriStateSheetSpec } from "../ui/TriStateSheet";

export const SPECIALISATIONS_SAVE_INTENT = "specialisations";
export const specialisationsNoIntent = (category: string) => `specialisations-nee:${category}`;
/** The posted name of a specialisation: `specialisations[12]` (part 2 §7). */
export const specialisationField = (_category: string, id: number) => `specialisations[${id}]`;
export const SPECIALISATIONS_UNANSWERED = "U heeft nog niet voor alle onderstaande opties ‘Ja’ of ‘Nee’ ingevuld.";
export const SPECIALISATIONS_SAVED = "Specialisaties opgeslagen.";
export const SPECIALISATIONS_INVALID = "Ongeldig: het formulier bevat een specialisatie die niet (meer) bestaat. Er is niets opgeslagen.";

export const SPECIALISATIONS_SHEET: TriStateSheetSpec = {
  tab: "specialisaties",
  field: specialisationField,
  saveIntent: SPECIALISATIONS_SAVE_INTENT,
  fillIntent: specialisationsNoIntent,
  fillLabel: "Alle niet-ingevulde op 'Nee' zetten",
  unanswered: SPECIALISATIONS_UNANSWERED,
  emptyGroup: "Er zijn nog geen specialisaties in deze categorie.",
};

export interface SpecialisationsData {
  path: string;
  cancelHref: string;
  /** One group per category (Algemeen, Les Mills, ClubJoy, Doelgroepen) that has specialisations. */
  groups: TriStateSheetGroup[];
}

export type SpecialisationsActionData = TriStateSheetAction;

export const QUALIFICATIONS_SAVE_INTENT = "qualifications";
export const QUALIFICATIONS_SAVED = "Diploma's opgeslagen.";
export const QUALIFICATIONS_INVALID = "Ongeldig: het formulier bevat een diploma dat niet (meer) bestaat. Er is niets opgeslagen.";

export interface QualificationItem {
  id: number;
  name: string;
  level: string;
  recognized: boolean;
  held: boolean;
}

export interface QualificationsData {
  path: string;
  cancelHref: string;
  /** Admins tick the diplomas; the professional sees them. */
  editable: boolean;
  items: QualificationItem[];
  /** The level of the held diploma with the highest level value. */
  highestLevel: string | null;
}

export const ACCREDITATION_SAVE_INTENT = "accreditation";
export const ACCREDITATION_SAVED = "Accreditatie opgeslagen.";
export const ACCREDITATION_LABEL = "Accreditatie (totaal)";

export interface AccreditationData {
  path: string;
  cancelHref: string;
  accreditationTotal: string;
}

