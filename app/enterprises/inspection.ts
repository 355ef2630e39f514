// Tab Keuring of an establishment, shared by the browser and the server (no node-only imports).
import * as z from "zod/mini";
import { checkbox, messages, optionalText } from "../lib/validation";
import { isoDate } from "../lib/dates";

/** The nine flags in the two pillars (part 1 §2 "Keuring (inspection) form"). */
export const INSPECTION_PILLARS = [
  {
    key: "pijler-1",
    label: "Pijler 1: Wet- en regelgeving",
    flags: [
      { name: "rie", label: "RI&E (risico-inventarisatie en -evaluatie) aanwezig" },
      { name: "dopingconvenant", label: "Dopingconvenant ondertekend" },
      { name: "zonnebankInstructie", label: "Zonnebank: klanten krijgen instructie over veilig gebruik" },
      { name: "zonnebankRichtlijnen", label: "Zonnebank: voldoet aan de geldende richtlijnen" },
      { name: "avgInformatie", label: "AVG: leden worden geïnformeerd over wat er met hun gegevens gebeurt" },
      { name: "avgWijziging", label: "AVG: leden kunnen hun gegevens laten inzien, wijzigen en verwijderen" },
    ],
  },
  {
    key: "pijler-2",
    label: "Pijler 2: Het register",
    flags: [
      { name: "verzekeringWa", label: "Verzekering wettelijke aansprakelijkheid (WA) afgesloten" },
      { name: "verzekeringZiekte", label: "Verzekering tegen ziekteverzuim afgesloten" },
      { name: "verzekeringAov", label: "Arbeidsongeschiktheidsverzekering (AOV) afgesloten" },
    ],
  },
] as const;

export type InspectionFlag = (typeof INSPECTION_PILLARS)[number]["flags"][number]["name"];
export const INSPECTION_FLAGS: InspectionFlag[] = INSPECTION_PILLARS.flatMap((p) => p.flags.map((f) => f.name));

/** The two RIE files: the report and the plan of action, each with its date. */
export const RIE_FILES = [
  { file: "inspectionRieRapport", remove: "inspectionRieRapportRemove", date: "rieRapportDate", label: "RI&E-rapport", dateLabel: "Datum RI&E-rapport", slug: "rie-rapport" },
  { file: "inspectionRiePva", remove: "inspectionRiePvaRemove", date: "riePvaDate", label: "Plan van aanpak (RI&E)", dateLabel: "Datum plan van aanpak", slug: "rie-plan-van-aanpak" },
] as const;
export type RieFile = (typeof RIE_FILES)[number];
export type RieFileKey = RieFile["file"];

export const INSPECTION_LABELS = {
  comment: "Opmerking",
  removeFile: "Bestand verwijderen",
} as const;

/** Opslaan: the change is stored as interim, not yet passed on. */
export const INSPECTION_SAVE_INTENT = "inspection";
/** 'Opslaan en verzenden': stored and passed on to the association (finalize). */
export const INSPECTION_FINALIZE_INTENT = "inspection-finalize";

export const INSPECTION_DIRTY_NOTICE =
  "Uw wijzigingen zijn tussentijds opgeslagen en nog niet doorgegeven. Kies ‘Opslaan en verzenden’ om ze door te geven.";
export const INSPECTION_SAVED = "Keuring tussentijds opgeslagen.";
export const INSPECTION_SENT = "Keuring opgeslagen en doorgegeven.";

export interface InspectionValues {
  rie?: "on";
  dopingconvenant?: "on";
  zonnebankInstructie?: "on";
  zonnebankRichtlijnen?: "on";
  avgInformatie?: "on";
  avgWijziging?: "on";
  verzekeringWa?: "on";
  verzekeringZiekte?: "on";
  verzekeringAov?: "on";
  comment: string;
  rieRapportDate: string;
  riePvaDate: string;
}

export interface StoredRieFile {
  name: string;
  /** The permission-checked download; null for a viewer who may not download it (a contact person). */
  href: string | null;
}

export interface EnterpriseInspectionData {
  /** The page's own URL: the form posts here. */
  path: string;
  cancelHref: string;
  /** A contact person's page: shown, not changed. */
  readOnly: boolean;
  /** Interim changes not yet passed on: the red notice and the tab's '!'. */
  dirty: boolean;
  values: InspectionValues;
  files: Record<RieFileKey, StoredRieFile | null>;
}

const isNewFile = (value: unknown) => typeof File !== "undefined" && value instanceof File && value.size > 0;

/**
 * The Keuring form. With RIE ticked both dates are required, and each file unless one is stored
 * (and not marked for removal) or a new one is chosen. `stored` says which files are stored;
 * `chosen` (the server, which checks the files apart) which new files came with the post.
 */
export function inspectionSchema(options: { stored: Record<RieFileKey, boolean>; chosen?: Partial<Record<RieFileKey, boolean>> }) {
  const date = isoDate();
  return z
    .object({
      ...(Object.fromEntries(INSPECTION_FLAGS.map((flag) => [flag, checkbox()])) as Record<InspectionFlag, ReturnType<typeof checkbox>>),
      comment: optionalText(),
      rieRapportDate: date,
      riePvaDate: date,
      inspectionRieRapport: z.optional(z.unknown()),
      inspectionRiePva: z.optional(z.unknown()),
      inspectionRieRapportRemove: checkbox(),
      inspectionRiePvaRemove: checkbox(),
    })
    .check(
      z.superRefine((value, ctx) => {
        if (!value.rie) return;
        for (const f of RIE_FILES) {
          if (!value[f.date]) ctx.addIssue({ code: "custom", message: messages.required, path: [f.date] });
          const kept = options.stored[f.file] && !value[f.remove];
          if (!kept && !isNewFile(value[f.file]) && !options.chosen?.[f.file]) {
            ctx.addIssue({ code: "custom", message: messages.required, path: [f.file] });
          }
        }
      }),
    );
}

export type InspectionOutput = z.infer<ReturnType<typeof inspectionSchema>>;
