// The campaign application form (part 2 §3 Campaign application, §5 Campaign form) as the browser
// checks it: labels, the gender choices and the field checks, without zod (a public page with a
// page-weight budget). The server parses the same post with campaign-schema.ts; campaign-checks.test.ts
// holds the two together. The two files are checked on the server only.
import { optionalText, requiredText, type FieldCheck, type FormChecks } from "../lib/form-checks";
import { bsn, isoDate, oneOf, phone, postcode } from "../lib/form-checks-formats";
import { messages } from "../lib/rules";
import { GENDERS } from "../registrants/filters";

export { GENDERS };

export const CAMPAIGN_APPLICATION_LABELS = {
  gender: "Geslacht",
  initials: "Voorletters",
  firstName: "Voornaam",
  lastNamePrefix: "Tussenvoegsel",
  lastName: "Achternaam",
  bsn: "Burgerservicenummer (BSN)",
  dateOfBirth: "Geboortedatum",
  phone: "Telefoonnummer",
  addressStreet: "Straat",
  addressHouseNr: "Huisnummer",
  addressPostalCode: "Postcode",
  addressTown: "Plaats",
  idDoc: "Identiteitsbewijs",
  consentDoc: "Toestemmingsformulier",
} as const;

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
export const campaignApplicationChecks = {
  fields: {
    gender: oneOf(GENDERS, true),
    initials: requiredText(),
    firstName: requiredText(),
    lastNamePrefix: optionalText(),
    lastName: requiredText(),
    bsn: bsn({ required: true }),
    dateOfBirth: isoDate({ required: true }),
    phone: phone({ required: true }),
    addressStreet: requiredText(),
    addressHouseNr: requiredText(),
    addressPostalCode: postcode({ required: true }),
    addressTown: requiredText(),
  },
} satisfies FormChecks;

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
