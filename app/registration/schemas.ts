// The registration forms as the server parses them (zod); registration.ts has the browser's checks.
import * as z from "zod/mini";
import { isoDate } from "../lib/dates";
import { checkbox, email, mustTick, oneOf, optionalText, phone, postcode, requiredText, sameAs } from "../lib/validation";
import { GENDERS } from "../registrants/filters";

export const registrantRegistrationSchema = sameAs(
  z.object({
    email: email({ required: true }),
    emailRepeat: email({ required: true }),
    givenName: requiredText(),
    namePreposition: optionalText(),
    familyName: requiredText(),
    addressStreet: requiredText(),
    addressHouseNr: requiredText(),
    addressPostalCode: postcode({ required: true }),
    addressTown: requiredText(),
    phone: phone({ required: true }),
    gender: oneOf(GENDERS),
    dateOfBirth: isoDate(),
    voucher: optionalText(),
    newsletter: checkbox(),
    termsAndConditions: mustTick(),
    privacy: mustTick(),
  }),
  "email",
  "emailRepeat",
);
export type RegistrantRegistration = z.output<typeof registrantRegistrationSchema>;

export const associateRegistrationSchema = sameAs(
  z.object({
    interestMembership: checkbox(),
    newsletter: checkbox(),
    userEmail: email({ required: true }),
    userEmailRepeat: email({ required: true }),
    userGivenName: requiredText(),
    userNamePreposition: optionalText(),
    userFamilyName: requiredText(),
    memberName: requiredText(),
    enterpriseName: requiredText(),
    enterpriseAddressStreet: requiredText(),
    enterpriseAddressHouseNr: requiredText(),
    enterpriseAddressPostalCode: postcode({ required: true }),
    enterpriseAddressTown: requiredText(),
    privacy: mustTick(),
  }),
  "userEmail",
  "userEmailRepeat",
);
export type AssociateRegistration = z.output<typeof associateRegistrationSchema>;
