// The professional's registration form (part 2 §5 Professional registration) as the browser asks
// and checks it, without zod (a public page with a page-weight budget); the server parses the same
// post with schemas.ts, and registration.test.ts holds the two together.
import { email, optionalText, requiredText, sameAs } from "../lib/form-checks";
import { checkbox, isoDate, mustTick, oneOf, phone } from "../lib/form-checks-formats";
import { GENDERS } from "../registrants/filters";
import { checksOf, type PublicFields } from "./PublicFields";
import { addressFields } from "./registration";

export const REGISTRANT_FIELDS = {
  email: { label: "E-mailadres", check: email({ required: true }), type: "email", autoComplete: "email" },
  emailRepeat: { label: "Herhaal e-mailadres", check: email({ required: true }), type: "email", autoComplete: "email" },
  givenName: { label: "Voornaam", check: requiredText(), autoComplete: "given-name" },
  namePreposition: { label: "Tussenvoegsel", check: optionalText(), autoComplete: "additional-name" },
  familyName: { label: "Achternaam", check: requiredText(), autoComplete: "family-name" },
  ...addressFields("address"),
  phone: { label: "Telefoonnummer", check: phone({ required: true }), type: "tel", autoComplete: "tel", hint: "10 cijfers, bijvoorbeeld 0612345678." },
  gender: { label: "Geslacht", check: oneOf(GENDERS), options: GENDERS },
  dateOfBirth: { label: "Geboortedatum", check: isoDate(), type: "date", autoComplete: "bday" },
  voucher: { label: "Vouchercode", check: optionalText(), hint: "Heeft u een vouchercode, dan is de registratie gratis." },
  newsletter: { label: "Ik wil de nieuwsbrief ontvangen", check: checkbox(), checkbox: true },
  termsAndConditions: { label: "Ik ga akkoord met de algemene voorwaarden", check: mustTick(), checkbox: true },
  privacy: { label: "Ik ga akkoord met de privacyverklaring", check: mustTick(), checkbox: true },
} satisfies PublicFields;

/** registrantRegistrationSchema (schemas.ts) */
export const registrantRegistrationChecks = checksOf(REGISTRANT_FIELDS, [sameAs("email", "emailRepeat")]);
