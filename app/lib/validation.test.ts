import { parseWithZod } from "./parse-form";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import {
  bsn,
  checkbox,
  email,
  iban,
  isBsn,
  isEmail,
  isIban,
  isNumeric,
  isPhone,
  isPostcode,
  messages,
  mustTick,
  normalizeIban,
  normalizePhone,
  normalizePostcode,
  numeric,
  optionalText,
  password,
  phone,
  postcode,
  requiredText,
  sameAs,
  url,
  urlError,
} from "./validation";

function formData(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.append(key, value);
  return data;
}

/** Parses one field named "f" and returns its value or its errors. */
function parseField(schema: z.ZodMiniType, value?: string) {
  const submission = parseWithZod(formData(value === undefined ? {} : { f: value }), {
    schema: z.object({ f: schema }),
  });
  if (submission.status === "success") return { value: submission.value.f as unknown };
  return { error: submission.error?.f };
}

describe("messages", () => {
  it("has the exact Dutch texts", () => {
    expect(messages.required).toBe("Dit is een verplicht veld");
    expect(messages.minLength(8)).toBe("U moet minimaal 8 tekens invoeren");
    expect(messages.url + messages.urlSchemeHint).toBe(
      'U dient een geldige URL in te voeren, beginnend met "https://" of "http://"',
    );
    expect(messages.postcode).toBe('U dient een postcode van de vorm "1234AB" in te voeren');
  });
});

describe("pure checks", () => {
  it("treats empty as valid for every format check", () => {
    for (const check of [isEmail, isNumeric, isPhone, isPostcode, isIban, isBsn]) {
      expect(check("")).toBe(true);
      expect(check("   ")).toBe(true);
      expect(check(null)).toBe(true);
    }
    expect(urlError("")).toBeUndefined();
  });

  it("isEmail", () => {
    expect(isEmail("jan@example.nl")).toBe(true);
    expect(isEmail(" jan.de.vries+test@sub.example.co.uk ")).toBe(true);
    expect(isEmail("jan@example")).toBe(false);
    expect(isEmail("jan@@example.nl")).toBe(false);
    expect(isEmail("jan example@x.nl")).toBe(false);
    expect(isEmail("jan..x@example.nl")).toBe(false);
    expect(isEmail("@example.nl")).toBe(false);
  });

  it("isNumeric", () => {
    expect(isNumeric("0123")).toBe(true);
    expect(isNumeric(" 42 ")).toBe(true);
    expect(isNumeric("12a")).toBe(false);
    expect(isNumeric("1.5")).toBe(false);
    expect(isNumeric("-1")).toBe(false);
  });

  it("urlError", () => {
    expect(urlError("https://fitned.nl")).toBeUndefined();
    expect(urlError("http://www.fitned.nl/pad?x=1")).toBeUndefined();
    expect(urlError(" HTTPS://FITNED.NL ")).toBeUndefined();
    expect(urlError("www.fitned.nl")).toBe(messages.url + messages.urlSchemeHint);
    expect(urlError("fitned.nl/over-ons")).toBe(messages.url + messages.urlSchemeHint);
    expect(urlError("ftp://x")).toBe(messages.url);
    expect(urlError("ftp://fitned.nl")).toBe(messages.url);
    expect(urlError("fitned")).toBe(messages.url);
    expect(urlError("https://fit ned.nl")).toBe(messages.url);
    expect(urlError("mailto:jan@fitned.nl")).toBe(messages.url);
    expect(urlError("https://")).toBe(messages.url);
  });

  it("phone", () => {
    expect(isPhone("06-12345678")).toBe(true);
    expect(isPhone("020 123 45 67")).toBe(true);
    expect(isPhone("0612345678")).toBe(true);
    expect(isPhone("061234567")).toBe(false); // 9 digits
    expect(isPhone("06123456789")).toBe(false); // 11 digits
    expect(isPhone("06-1234567a")).toBe(false);
    expect(normalizePhone(" 020 123-45 67 ")).toBe("0201234567");
  });

  it("postcode", () => {
    expect(isPostcode("1234AB")).toBe(true);
    expect(isPostcode("1234 ab")).toBe(true);
    expect(isPostcode("9999zz")).toBe(true);
    expect(isPostcode("0123AB")).toBe(false);
    expect(isPostcode("1234A")).toBe(false);
    expect(isPostcode("12345AB")).toBe(false);
    expect(isPostcode("1234  AB")).toBe(false);
    expect(normalizePostcode(" 1234 ab ")).toBe("1234AB");
  });

  it("IBAN with the mod-97 check", () => {
    // Checked by hand: each of these gives remainder 1.
    expect(isIban("NL91ABNA0417164300")).toBe(true);
    expect(isIban("NL02ABNA0123456789")).toBe(true);
    expect(isIban("NL20INGB0001234567")).toBe(true);
    expect(isIban("nl91 abna 0417 1643 00")).toBe(true);
    expect(isIban("NL91-ABNA-0417-1643-00")).toBe(true);
    expect(isIban("NL91ABNA0417164301")).toBe(false); // checksum
    expect(isIban("NL92ABNA0417164300")).toBe(false); // checksum
    expect(isIban("NL91ABNA041716430")).toBe(false); // length
    expect(isIban("DE89370400440532013000")).toBe(false); // valid, but not Dutch
    expect(normalizeIban("nl91 abna-0417 1643 00")).toBe("NL91ABNA0417164300");
  });

  it("BSN eleven-proof", () => {
    expect(isBsn("111222333")).toBe(true);
    expect(isBsn("123456782")).toBe(true);
    expect(isBsn("12345672")).toBe(true); // 8 digits, read as 012345672
    expect(isBsn("10000021")).toBe(true);
    expect(isBsn("123456789")).toBe(false);
    expect(isBsn("000000000")).toBe(false); // sum 0
    expect(isBsn("00000000")).toBe(false);
    expect(isBsn("1234567")).toBe(false);
    expect(isBsn("1234567890")).toBe(false);
    expect(isBsn("12345678a")).toBe(false);
  });
});

describe("zod builders through parseWithZod", () => {
  it("requiredText: missing, empty and spaces-only all say 'verplicht'; value trimmed", () => {
    for (const value of [undefined, "", "   "]) {
      expect(parseField(requiredText(), value)).toEqual({ error: [messages.required] });
    }
    expect(parseField(requiredText(), "  Jan  ")).toEqual({ value: "Jan" });
  });

  it("optionalText: empty or spaces-only is undefined; value trimmed", () => {
    for (const value of [undefined, "", "   "]) {
      expect(parseField(optionalText(), value)).toEqual({ value: undefined });
    }
    expect(parseField(optionalText(), " tekst ")).toEqual({ value: "tekst" });
  });

  it("email", () => {
    expect(parseField(email(), "")).toEqual({ value: undefined });
    expect(parseField(email(), " jan@example.nl ")).toEqual({ value: "jan@example.nl" });
    expect(parseField(email(), "jan@")).toEqual({ error: [messages.email] });
    expect(parseField(email({ required: true }), "  ")).toEqual({ error: [messages.required] });
    expect(parseField(email({ required: true }), undefined)).toEqual({ error: [messages.required] });
  });

  it("phone normalises to digits", () => {
    expect(parseField(phone(), "06-1234 5678")).toEqual({ value: "0612345678" });
    expect(parseField(phone(), "061234567")).toEqual({ error: [messages.phone] });
    expect(parseField(phone(), "")).toEqual({ value: undefined });
    expect(parseField(phone({ required: true }), "")).toEqual({ error: [messages.required] });
  });

  it("postcode normalises to 1234AB", () => {
    expect(parseField(postcode(), " 1234 ab ")).toEqual({ value: "1234AB" });
    expect(parseField(postcode(), "0123AB")).toEqual({ error: [messages.postcode] });
    expect(parseField(postcode({ required: true }), " ")).toEqual({ error: [messages.required] });
  });

  it("url", () => {
    expect(parseField(url(), "https://fitned.nl")).toEqual({ value: "https://fitned.nl" });
    expect(parseField(url(), "www.fitned.nl")).toEqual({
      error: [messages.url + messages.urlSchemeHint],
    });
    expect(parseField(url(), "ftp://x")).toEqual({ error: [messages.url] });
    expect(parseField(url(), "")).toEqual({ value: undefined });
    expect(parseField(url({ required: true }), undefined)).toEqual({ error: [messages.required] });
  });

  it("numeric", () => {
    expect(parseField(numeric(), " 0123 ")).toEqual({ value: "0123" });
    expect(parseField(numeric(), "12a")).toEqual({ error: [messages.numeric] });
    expect(parseField(numeric({ required: true }), "")).toEqual({ error: [messages.required] });
  });

  it("iban normalises", () => {
    expect(parseField(iban(), "nl91 abna 0417 1643 00")).toEqual({ value: "NL91ABNA0417164300" });
    expect(parseField(iban(), "NL91ABNA0417164301")).toEqual({ error: [messages.iban] });
    expect(parseField(iban({ required: true }), "   ")).toEqual({ error: [messages.required] });
  });

  it("bsn", () => {
    expect(parseField(bsn(), " 123456782 ")).toEqual({ value: "123456782" });
    expect(parseField(bsn(), "12345672")).toEqual({ value: "12345672" });
    expect(parseField(bsn(), "123456789")).toEqual({ error: [messages.bsn] });
    expect(parseField(bsn({ required: true }), undefined)).toEqual({ error: [messages.required] });
  });

  it("password: required, minimum 8, not trimmed", () => {
    for (const value of [undefined, "", "   "]) {
      expect(parseField(password(), value)).toEqual({ error: [messages.passwordRequired] });
    }
    expect(parseField(password(), "kort")).toEqual({ error: [messages.minLength(8)] });
    expect(parseField(password(), " geheim12 ")).toEqual({ value: " geheim12 " });
  });

  it("checkbox: 'on' is true, missing is false", () => {
    expect(parseField(checkbox(), "on")).toEqual({ value: true });
    expect(parseField(checkbox(), undefined)).toEqual({ value: false });
  });

  it("mustTick", () => {
    expect(parseField(mustTick(), "on")).toEqual({ value: true });
    expect(parseField(mustTick(), undefined)).toEqual({ error: [messages.mustTick] });
  });

  it("sameAs puts the message on the repeat field, alongside other field errors", () => {
    const schema = sameAs(
      z.object({
        email: email({ required: true }),
        emailRepeat: email({ required: true }),
        givenName: requiredText(),
      }),
      "email",
      "emailRepeat",
    );

    const mismatch = parseWithZod(formData({ email: "a@example.nl", emailRepeat: "b@example.nl" }), {
      schema,
    });
    expect(mismatch.status === "error" && mismatch.error).toEqual({
      givenName: [messages.required],
      emailRepeat: [messages.sameAs],
    });

    const missingRepeat = parseWithZod(formData({ email: "a@example.nl", givenName: "Jan" }), {
      schema,
    });
    expect(missingRepeat.status === "error" && missingRepeat.error).toEqual({ emailRepeat: [messages.required] });

    // Compared after trimming.
    const ok = parseWithZod(
      formData({ email: "a@example.nl ", emailRepeat: " a@example.nl", givenName: "Jan" }),
      { schema },
    );
    expect(ok.status).toBe("success");
  });

  it("types follow the required option", () => {
    const schema = z.object({ a: email(), b: email({ required: true }), c: checkbox() });
    type Out = z.output<typeof schema>;
    const sample: Out = { a: undefined, b: "x", c: false };
    // @ts-expect-error b is required
    const bad: Out = { a: "x", b: undefined, c: false };
    expect([sample, bad]).toHaveLength(2);
    expect(schema.parse({ b: "x@voorbeeld.nl" })).toEqual({ a: undefined, b: "x@voorbeeld.nl", c: false });
  });
});
