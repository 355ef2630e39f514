// The campaign application form's fields as the server parses them (zod): the authority over the
// browser's checks in campaign-checks.ts. Only server code imports this module, so the public page
// loads no zod. The files idDoc and consentDoc are checked apart, by content.
import * as z from "zod/mini";
import { requiredIsoDate } from "../lib/dates";
import { bsn, messages, optionalText, phone, postcode, refine, requiredText } from "../lib/validation";
import { GENDERS } from "./campaign-checks";

export const campaignApplicationSchema = z.object({
  gender: refine(requiredText(), (v) => GENDERS.some((g) => g.value === v), messages.pickFromList),
  initials: requiredText(),
  firstName: requiredText(),
  lastNamePrefix: optionalText(),
  lastName: requiredText(),
  bsn: bsn({ required: true }),
  dateOfBirth: requiredIsoDate(),
  phone: phone({ required: true }),
  addressStreet: requiredText(),
  addressHouseNr: requiredText(),
  addressPostalCode: postcode({ required: true }),
  addressTown: requiredText(),
});

export type CampaignApplicationValues = z.output<typeof campaignApplicationSchema>;
