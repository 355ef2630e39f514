// The non-member's registration form (part 2 §5 Non-member registration) as the browser asks and
// checks it, without zod; the server parses the same post with schemas.ts, and
// registration.test.ts holds the two together.
import { email, optionalText, requiredText, sameAs } from "../lib/form-checks";
import { checkbox, mustTick } from "../lib/form-checks-formats";
import { checksOf, type PublicFields } from "./PublicFields";
import { addressFields } from "./registration";

/** The static text (Beheer > Teksten) with the trial membership's terms, its period and price. */
export const ASSOCIATE_TERMS_TEXT = "register_associate_terms";

export const ASSOCIATE_FIELDS = {
  userEmail: { label: "E-mailadres", check: email({ required: true }), type: "email", autoComplete: "email" },
  userEmailRepeat: { label: "Herhaal e-mailadres", check: email({ required: true }), type: "email", autoComplete: "email" },
  userGivenName: { label: "Voornaam", check: requiredText(), autoComplete: "given-name" },
  userNamePreposition: { label: "Tussenvoegsel", check: optionalText(), autoComplete: "additional-name" },
  userFamilyName: { label: "Achternaam", check: requiredText(), autoComplete: "family-name" },
  memberName: { label: "Naam organisatie (statutaire of handelsnaam)", check: requiredText(), autoComplete: "organization" },
  enterpriseName: { label: "Naam vestiging", check: requiredText() },
  ...addressFields("enterpriseAddress"),
  interestMembership: { label: "Ik heb interesse in een volwaardig lidmaatschap", check: checkbox(), checkbox: true },
  newsletter: { label: "Ik wil de nieuwsbrief ontvangen", check: checkbox(), checkbox: true },
  privacy: { label: "Ik ga akkoord met de privacyverklaring", check: mustTick(), checkbox: true },
} satisfies PublicFields;

/** associateRegistrationSchema (schemas.ts) */
export const associateRegistrationChecks = checksOf(ASSOCIATE_FIELDS, [sameAs("userEmail", "userEmailRepeat")]);
