import { describe, it } from "vitest";
import { emails, expectSameAnswers, oneAtATime, texts } from "../lib/form-checks.testing";
import { associateRegistrationChecks } from "./associate-form";
import { registrantRegistrationChecks } from "./registrant-form";
import { associateRegistrationSchema, registrantRegistrationSchema } from "./schemas";

const postcodes = [undefined, "", "1234AB", "1234 ab", " 1234ab ", "0123AB", "1234", "12345AB"];
const phones = [undefined, "", "0612345678", "06-1234 5678", "061234567", "06123456789", "06abcdefgh"];
const ticks = [undefined, "", "on"];

describe("the registration forms' checks in the browser answer as their schemas on the server", () => {
  it("professional registration", () => {
    const base = {
      email: "jan@voorbeeld.nl",
      emailRepeat: "jan@voorbeeld.nl",
      givenName: "Jan",
      familyName: "Jansen",
      addressStreet: "Dorpsstraat",
      addressHouseNr: "1a",
      addressPostalCode: "1234 ab",
      addressTown: "Utrecht",
      phone: "06 12345678",
      termsAndConditions: "on",
      privacy: "on",
    };
    expectSameAnswers(
      registrantRegistrationChecks,
      registrantRegistrationSchema,
      oneAtATime(base, {
        email: emails,
        emailRepeat: [...emails, "JAN@voorbeeld.nl", " jan@voorbeeld.nl "],
        givenName: texts,
        namePreposition: texts,
        familyName: texts,
        addressStreet: texts,
        addressHouseNr: texts,
        addressPostalCode: postcodes,
        addressTown: texts,
        phone: phones,
        gender: [undefined, "", "m", "f", "o", "x"],
        dateOfBirth: [undefined, "", "1990-02-28", "1990-02-30", "28-02-1990"],
        voucher: texts,
        newsletter: ticks,
        termsAndConditions: ticks,
        privacy: ticks,
      }),
    );
  });

  it("trial membership for non-members", () => {
    const base = {
      userEmail: "info@sportschool.nl",
      userEmailRepeat: "info@sportschool.nl",
      userGivenName: "Els",
      userFamilyName: "de Boer",
      memberName: "Sportschool De Boer B.V.",
      enterpriseName: "Sportschool De Boer",
      enterpriseAddressStreet: "Kerkstraat",
      enterpriseAddressHouseNr: "12",
      enterpriseAddressPostalCode: "5611AB",
      enterpriseAddressTown: "Eindhoven",
      privacy: "on",
    };
    expectSameAnswers(
      associateRegistrationChecks,
      associateRegistrationSchema,
      oneAtATime(base, {
        interestMembership: ticks,
        newsletter: ticks,
        userEmail: emails,
        userEmailRepeat: [...emails, "ander@sportschool.nl"],
        userGivenName: texts,
        userNamePreposition: texts,
        userFamilyName: texts,
        memberName: texts,
        enterpriseName: texts,
        enterpriseAddressStreet: texts,
        enterpriseAddressHouseNr: texts,
        enterpriseAddressPostalCode: postcodes,
        enterpriseAddressTown: texts,
        privacy: ticks,
      }),
    );
  });
});
