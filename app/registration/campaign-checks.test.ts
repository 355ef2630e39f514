import { describe, expect, it } from "vitest";
import { checkForm } from "../lib/form-checks";
import { expectSameAnswers, oneAtATime, texts } from "../lib/form-checks.testing";
import { parseWithZod } from "../lib/parse-form";
import { messages } from "../lib/rules";
import { campaignApplicationChecks, campaignApplicationFormChecks, CHOOSE_FILE_AGAIN, requiredFile } from "./campaign-checks";
import { campaignApplicationSchema } from "./campaign-schema";

/** A post that passes every check, as a participant types it. */
const VALID: Record<string, string> = {
  gender: "f",
  initials: "J.M.",
  firstName: "Julia",
  lastNamePrefix: "van",
  lastName: "Dijk",
  bsn: "111222333",
  dateOfBirth: "1995-04-30",
  phone: "0612345678",
  addressStreet: "Kerkstraat",
  addressHouseNr: "12a",
  addressPostalCode: "1234AB",
  addressTown: "Haarlem",
};

// What people type into each field; undefined: the field is not posted at all.
const blank = [undefined, "", "   "];
const VALUES: Record<string, (string | undefined)[]> = {
  gender: [...blank, "m", "f", "o", " o ", "x", "Man"],
  initials: texts,
  firstName: texts,
  lastNamePrefix: [...texts, " van der "],
  lastName: texts,
  // Valid: 111222333, 123456782, and 8 digits padded to 9 (12345672 is 012345672); invalid: the
  // eleven-proof fails (123456789, 12345678), a zero sum, too short or long, not digits.
  bsn: [...blank, "111222333", " 123456782 ", "12345672", "012345672", "123456789", "12345678", "000000000", "1234567", "1234567890", "12345 678", "abcdefghi"],
  dateOfBirth: [...blank, "1995-04-30", " 1995-04-30 ", "1995-02-30", "30-04-1995", "1995-4-3"],
  phone: [...blank, "0612345678", "06-12345678", "06 1234 5678", "061234567", "06123456789", "+31612345678"],
  addressStreet: texts,
  addressHouseNr: [...texts, "12a"],
  addressPostalCode: [...blank, "1234AB", "1234 ab", " 1234ab ", "0123AB", "1234 A", "12345AB", "ABCD12"],
  addressTown: texts,
};

function post(values: Record<string, string | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) if (value !== undefined) form.append(name, value);
  return form;
}

/** Every value of every field in a valid post (one field at a time), the empty post, several wrong at once. */
function posts(): FormData[] {
  return [...oneAtATime(VALID, VALUES), post({}), post({ ...VALID, bsn: "123456789", addressPostalCode: "1234 A", phone: "12", gender: "" })];
}

describe("the campaign application's checks in the browser answer as its schema on the server", () => {
  it("gives the same status, messages and values for every post, submitted and revalidated while typing", () => {
    expectSameAnswers(campaignApplicationChecks, campaignApplicationSchema, posts());
  });

  it("checks every field of the spec's campaign form with its Dutch message", () => {
    const errorsOf = (values: Record<string, string | undefined>) => {
      const parsed = parseWithZod(post(values), { schema: campaignApplicationSchema });
      return parsed.status === "success" ? {} : parsed.error;
    };
    const required = Object.fromEntries(
      ["gender", "initials", "firstName", "lastName", "bsn", "dateOfBirth", "phone", "addressStreet", "addressHouseNr", "addressPostalCode", "addressTown"].map(
        (name) => [name, [messages.required]],
      ),
    );
    expect(errorsOf({})).toEqual(required);
    expect(errorsOf({ ...VALID, lastNamePrefix: undefined })).toEqual({});
    expect(errorsOf({ ...VALID, bsn: "123456789" })).toEqual({ bsn: ["U dient een geldig BSN in te voeren (8 of 9 cijfers)"] });
    expect(errorsOf({ ...VALID, bsn: "12345678" })).toEqual({ bsn: [messages.bsn] });
    expect(errorsOf({ ...VALID, bsn: "12345672" })).toEqual({});
    expect(errorsOf({ ...VALID, bsn: "123456782" })).toEqual({});
    expect(errorsOf({ ...VALID, addressPostalCode: "1234 A" })).toEqual({ addressPostalCode: ['U dient een postcode van de vorm "1234AB" in te voeren'] });
    expect(errorsOf({ ...VALID, phone: "061234567" })).toEqual({ phone: ["Het telefoonnummer dient uit 10 cijfers te bestaan"] });
    expect(errorsOf({ ...VALID, gender: "x" })).toEqual({ gender: [messages.pickFromList] });
    expect(errorsOf({ ...VALID, dateOfBirth: "1995-02-30" })).toEqual({ dateOfBirth: [messages.date] });
  });

  it("hands on the values normalised: postcode '1234AB', phone digits only, text trimmed", () => {
    const parsed = parseWithZod(post({ ...VALID, addressPostalCode: " 1234 ab ", phone: "06-1234 5678", firstName: "  Julia " }), {
      schema: campaignApplicationSchema,
    });
    expect(parsed.status).toBe("success");
    if (parsed.status !== "success") return;
    expect(parsed.value).toMatchObject({ addressPostalCode: "1234AB", phone: "0612345678", firstName: "Julia", bsn: "111222333" });
  });
});

describe("the file fields in the browser", () => {
  const pdf = new File(["%PDF-1.4"], "paspoort.pdf", { type: "application/pdf" });
  const empty = new File([], "", { type: "application/octet-stream" });

  it("asks for a file, or to choose it again when the server asked so", () => {
    expect(requiredFile()(undefined).errors).toEqual([messages.required]);
    expect(requiredFile()(empty).errors).toEqual([messages.required]);
    expect(requiredFile(CHOOSE_FILE_AGAIN)(empty).errors).toEqual([CHOOSE_FILE_AGAIN]);
    expect(requiredFile(CHOOSE_FILE_AGAIN)(pdf).errors).toEqual([]);
  });

  it("checks the whole form: the schema's fields and both files", () => {
    const form = post(VALID);
    form.append("idDoc", pdf);
    form.append("consentDoc", empty);
    const checked = checkForm(form, campaignApplicationFormChecks({ consentDoc: CHOOSE_FILE_AGAIN }));
    expect(checked.status).toBe("error");
    expect(checked.reply().error).toEqual({ consentDoc: [CHOOSE_FILE_AGAIN] });
    form.set("consentDoc", pdf);
    expect(checkForm(form, campaignApplicationFormChecks()).status).toBe("success");
  });
});
