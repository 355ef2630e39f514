// The campaign application form (part 2 §3 Campaign application, §5 Campaign form) as the browser
// checks it: labels, the gender choices and the field checks, without zod (a public page with a
// page-weight budget). The server parses the same post with campaign-schema.ts; campaign-checks.test.ts
// holds the two together. The two files are checked on the server only.
import { optionalText, requiredText, type FieldCheck, type FormChecks } from "../lib/form-checks";
import { bsn, isoDate, oneOf, phone } from "../lib/form-checks-formats";
import { messages } from "../lib/rules";
import { GENDERS } from "../registrants/filters";
import { checksOf, labelsOf, type PublicFields } from "./PublicFields";
import { addressFields } from "./registration";

export { GENDERS };

/** The form's fields but the files, as the browser asks and checks them (PublicFields). */
export const CAMPAIGN_APPLICATION_FIELDS = {
  gender: { label: "Geslacht", check: oneOf(GENDERS, true), options: GENDERS },
  initials: { label: "Voorletters", check: requiredText() },
  firstName: { label: "Voornaam", check: requiredText(), autoComplete: "given-name" },
  lastNamePrefix: { label: "Tussenvoegsel", check: optionalText(), autoComplete: "additional-name" },
  lastName: { label: "Achternaam", check: requiredText(), autoComplete: "family-name" },
  bsn: {
    label: "Burgerservicenummer (BSN)",
    check: bsn({ required: true }),
    inputMode: "numeric",
    hint: "8 of 9 cijfers. Nodig voor de subsidie van de opleiding; wij bewaren het versleuteld en tonen het nooit volledig.",
  },
  dateOfBirth: { label: "Geboortedatum", check: isoDate({ required: true }), type: "date", autoComplete: "bday" },
  phone: { label: "Telefoonnummer", check: phone({ required: true }), type: "tel", autoComplete: "tel", hint: "10 cijfers, bijvoorbeeld 0612345678." },
  ...addressFields("address"),
} satisfies PublicFields;

export const CAMPAIGN_APPLICATION_LABELS = {
  ...labelsOf(CAMPAIGN_APPLICATION_FIELDS),
  idDoc: "Identiteitsbewijs",
  consentDoc: "Toestemmingsformulier",
};

/** part 2 §8 application_not_found */
export const APPLICATION_NOT_FOUND = "Deze link is niet geldig.";
/** part 2 §8 application_already_completed */
export const APPLICATION_ALREADY_COMPLETED = "U heeft uw aanmelding reeds voltooid.";
/** Said on a file field whose file was fine but is not kept, because the rest of the form was not. */
export const CHOOSE_FILE_AGAIN = "Kies dit bestand opnieuw: bestanden worden pas bewaard als het hele formulier in orde is.";
/** The query of the redirect after a completed sign-up: the page then thanks the participant. */
export const COMPLETED_QUERY = "voltooid";

/** The file fields: multipart parts checked by content on the server, never sent back to the page. */
export const CAMPAIGN_FILE_FIELDS = ["idDoc", "consentDoc"] as const;
export type CampaignFileField = (typeof CAMPAIGN_FILE_FIELDS)[number];

/** campaignApplicationSchema */
export const campaignApplicationChecks = checksOf(CAMPAIGN_APPLICATION_FIELDS);

/**
 * A file field in the browser: a file must be chosen (its type and size are checked on the server,
 * by content). `again`: the server's request to choose a file once more, which an empty field
 * keeps saying instead of the plain 'required'.
 */
export const requiredFile =
  (again?: string): FieldCheck =>
  (input) => {
    const chosen = typeof File !== "undefined" && input instanceof File && (input.size > 0 || input.name !== "");
    return chosen ? { value: input, errors: [] } : { value: undefined, errors: [again ?? messages.required] };
  };

/** The whole form as the browser checks it: the fields of the schema and both files. */
export function campaignApplicationFormChecks(again: Partial<Record<CampaignFileField, string>> = {}): FormChecks {
  return {
    fields: {
      ...campaignApplicationChecks.fields,
      idDoc: requiredFile(again.idDoc),
      consentDoc: requiredFile(again.consentDoc),
    },
  };
}
