// Tab Licenties of an establishment, shared by the browser and the server (no node-only imports).
import type { SubmissionResult } from "@conform-to/react";
import * as z from "zod/mini";
import { isIban, normalizeIban } from "../lib/iban";
import { checkbox, messages, numeric, optionalText, refine, transform } from "../lib/validation";
import { isoDate } from "../lib/dates";

/** The three licences, each with its direct-debit authorisation (part 1 §2 "Licenties form"). */
export const LICENSES = [
  { key: "sena", authorization: "authorizationSena", label: "Sena", description: "Muziek (Sena)" },
  { key: "buma", authorization: "authorizationBuma", label: "Buma", description: "Muziek (Buma)" },
  { key: "videma", authorization: "authorizationVidema", label: "Videma", description: "Televisie en video (Videma)" },
] as const;
export type LicenseKey = (typeof LICENSES)[number]["key"];
export type AuthorizationKey = (typeof LICENSES)[number]["authorization"];

/** The categories of spaces, each a list of rows with a name and an area in m². */
export const SPACE_CATEGORIES = [
  { key: "fitness", label: "Fitness" },
  { key: "groepsles", label: "Groepsles" },
  { key: "horeca", label: "Horeca" },
  { key: "wellness", label: "Wellness" },
  { key: "zwembad", label: "Zwembad" },
  { key: "kinderopvang", label: "Kinderopvang" },
  { key: "behandel", label: "Behandelruimte" },
  { key: "overig", label: "Overig" },
] as const;
export type SpaceCategory = (typeof SPACE_CATEGORIES)[number]["key"];

export const LICENSES_LABELS = {
  tvSets: "Aantal televisies",
  bumaSenaChangeDate: "Ingangsdatum wijziging Buma/Sena",
  videmaChangeDate: "Ingangsdatum wijziging Videma",
  authorizationName: "Naam rekeninghouder",
  authorizationIban: "IBAN",
  authorizationBic: "BIC",
  spaceName: "Naam ruimte",
  spaceArea: "Oppervlakte (m²)",
  addSpace: "Ruimte toevoegen",
  videmaLicentieNummer: "Videma-licentienummer",
  videmaLicense: "Videma-licentie",
  removeFile: "Videma-licentie: bestand verwijderen",
} as const;

/** The declaration: 'Vastleggen en verzenden', first asked, then confirmed (finalize). */
export const LICENSES_INTENT = "licenses";
/** The admin's Opslaan of the licence number and file (no confirmation). */
export const LICENSES_ADMIN_INTENT = "licenses-admin";
/** The step of a declaration post: asking (shows the confirmation) or confirmed (stored and passed on). */
export const LICENSES_STEP = { ask: "vragen", confirm: "bevestigd" } as const;

export const NO_SPACES = "U heeft nog geen ruimten ingevoerd";
export const LICENSES_CONFIRM = {
  title: "Licenties vastleggen en verzenden",
  text: "Weet u zeker dat u deze opgave wilt vastleggen en aan de vereniging wilt verzenden?",
  confirmLabel: "Ja, vastleggen en verzenden",
} as const;
export const LICENSES_DIRTY_NOTICE =
  "De vereniging heeft de licentiegegevens tussentijds gewijzigd; dit is nog niet doorgegeven. Controleer de opgave en kies ‘Vastleggen en verzenden’ om haar door te geven.";
export const LICENSES_SENT = "Licenties vastgelegd en verzonden.";
export const LICENSES_ADMIN_SAVED = "Licentiegegevens opgeslagen.";

/** One declaration: what a finalized Licenties log entry stores as its content (part 1 §3). */
export interface LicenseDeclaration {
  sena: boolean;
  buma: boolean;
  videma: boolean;
  authorizationSena: boolean;
  authorizationBuma: boolean;
  authorizationVidema: boolean;
  tvSets: number | null;
  spaces: Record<SpaceCategory, { name: string; area: number }[]>;
  authorizationName: string;
  authorizationIban: string;
  authorizationBic: string;
}

/** The form's values (strings, as posted); spaces as rows, each category at least one (empty) row. */
export interface LicensesValues {
  sena?: "on";
  buma?: "on";
  videma?: "on";
  authorizationSena?: "on";
  authorizationBuma?: "on";
  authorizationVidema?: "on";
  tvSets: string;
  authorizationName: string;
  authorizationIban: string;
  authorizationBic: string;
  bumaSenaChangeDate: string;
  videmaChangeDate: string;
  spaces: Record<SpaceCategory, { name: string; area: string }[]>;
}

export interface StoredLicenseFile {
  name: string;
  /** The permission-checked download. */
  href: string;
}

export interface EnterpriseLicensesData {
  /** The page's own URL: the form posts here. */
  path: string;
  cancelHref: string;
  /** A contact person's page: shown, not changed. */
  readOnly: boolean;
  /** An admin: the declaration read-only, the licence number and file editable. */
  admin: boolean;
  /** A change by the association not yet confirmed: the red notice and the tab's '!'. */
  dirty: boolean;
  values: LicensesValues;
  videmaLicentieNummer: string;
  file: StoredLicenseFile | null;
}

/** What the page shows again after a declaration post: its messages, or the confirmation step. */
export interface LicensesActionData {
  result: SubmissionResult<string[]>;
  /** Valid and not yet confirmed: the confirmation step (the page without JavaScript). */
  confirm?: boolean;
}

/** The Details link of a finalized Licenties entry of an establishment's Logboek (the comparison). */
export const licenseComparisonPath = (enterpriseId: number, entryId: number) => `/vestigingen/bewerken/${enterpriseId}/logboek/${entryId}`;

/** The total area of the declared spaces, in m². */
export const totalArea = (spaces: LicenseDeclaration["spaces"]) =>
  SPACE_CATEGORIES.reduce((sum, c) => sum + spaces[c.key].reduce((s, row) => s + row.area, 0), 0);

// The IBAN field as validation.ts's iban(), built here on the rule's own module: the pages that ask
// for no IBAN (sign-in among them) then load nothing of it.
const iban = () => transform(refine(optionalText(), (v) => v === undefined || isIban(v), messages.iban), (v) => (v === undefined ? undefined : normalizeIban(v)));
const date = isoDate;
/** Whole numbers of at most seven digits (the number of televisions, an area in m²). */
export const TOO_LARGE = "Vul een getal van maximaal 7 cijfers in";
const count = () => refine(numeric(), (v) => v === undefined || v.length <= 7, TOO_LARGE);
const row = z.object({ name: optionalText(), area: count() });
const rows = () => z.optional(z.array(row));

/**
 * The non-admin's declaration (part 1 §5 "Licences"): with sena or buma the change date and a
 * total area above 0; with videma the number of televisions and the change date; with an
 * authorisation of a chosen licence the account holder and a valid IBAN (output without spaces
 * or hyphens). Areas are numbers.
 */
export function licensesSchema() {
  return z
    .object({
      sena: checkbox(),
      buma: checkbox(),
      videma: checkbox(),
      authorizationSena: checkbox(),
      authorizationBuma: checkbox(),
      authorizationVidema: checkbox(),
      tvSets: count(),
      authorizationName: optionalText(),
      authorizationIban: iban(),
      authorizationBic: optionalText(),
      bumaSenaChangeDate: date(),
      videmaChangeDate: date(),
      spaces: z.object(Object.fromEntries(SPACE_CATEGORIES.map((c) => [c.key, rows()])) as Record<SpaceCategory, ReturnType<typeof rows>>),
      step: z.optional(z.string()),
    })
    .check(
      z.superRefine((value, ctx) => {
        const required = (path: string) => ctx.addIssue({ code: "custom", message: messages.required, path: [path] });
        if (value.sena || value.buma) {
          if (!value.bumaSenaChangeDate) required("bumaSenaChangeDate");
          const area = SPACE_CATEGORIES.reduce((sum, c) => sum + (value.spaces[c.key] ?? []).reduce((s, r) => s + Number(r.area ?? 0), 0), 0);
          if (!(area > 0)) ctx.addIssue({ code: "custom", message: NO_SPACES, path: ["spaces"] });
        }
        if (value.videma) {
          if (!value.tvSets) required("tvSets");
          if (!value.videmaChangeDate) required("videmaChangeDate");
        }
        const authorised = LICENSES.some((l) => value[l.key] && value[l.authorization]);
        if (authorised) {
          if (!value.authorizationName) required("authorizationName");
          if (!value.authorizationIban) required("authorizationIban");
        }
      }),
    );
}

export type LicensesOutput = z.infer<ReturnType<typeof licensesSchema>>;

/** The declaration a valid form makes: only rows with an area, an authorisation only with its licence. */
export function declarationOf(value: LicensesOutput): LicenseDeclaration {
  const spaces = Object.fromEntries(
    SPACE_CATEGORIES.map((c) => [
      c.key,
      (value.spaces[c.key] ?? []).filter((r) => r.area !== undefined).map((r) => ({ name: r.name ?? "", area: Number(r.area) })),
    ]),
  ) as LicenseDeclaration["spaces"];
  return {
    sena: value.sena,
    buma: value.buma,
    videma: value.videma,
    authorizationSena: value.sena && value.authorizationSena,
    authorizationBuma: value.buma && value.authorizationBuma,
    authorizationVidema: value.videma && value.authorizationVidema,
    tvSets: value.tvSets === undefined ? null : Number(value.tvSets),
    spaces,
    authorizationName: value.authorizationName ?? "",
    authorizationIban: value.authorizationIban ?? "",
    authorizationBic: value.authorizationBic ?? "",
  };
}

/** The admin's form: the videma licence number and file. */
export function licensesAdminSchema() {
  return z.object({
    videmaLicentieNummer: optionalText(),
    videmaLicense: z.optional(z.unknown()),
    videmaLicenseRemove: checkbox(),
  });
}
