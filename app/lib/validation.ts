// Validation rules and Dutch messages shared by browser and server (no node-only imports).
import { z } from "zod";

// No compiled parsers: zod would probe for `new Function` first, which the portal's script policy
// (CSP without 'unsafe-eval') blocks and the browser reports as a violation. Every schema module
// imports this one, so this runs before any schema is made.
z.config({ jitless: true });

export const messages = {
  required: "Dit is een verplicht veld",
  numeric: "U dient hier alleen cijfers in te voeren",
  email: "U dient een geldig e-mailadres in te voeren",
  url: "U dient een geldige URL in te voeren",
  urlSchemeHint: ', beginnend met "https://" of "http://"',
  postcode: 'U dient een postcode van de vorm "1234AB" in te voeren',
  phone: "Het telefoonnummer dient uit 10 cijfers te bestaan",
  iban: "U dient een geldig IBAN in te voeren",
  bsn: "U dient een geldig BSN in te voeren (8 of 9 cijfers)",
  minLength: (n: number) => `U moet minimaal ${n} tekens invoeren`,
  sameAs: "De ingevoerde waarden komen niet overeen",
  passwordRequired: "Het wachtwoord veld mag niet leeg zijn.",
  passwordHint: "Minimaal 8 tekens",
  passwordBreached:
    "Dit wachtwoord komt voor in lijsten van uitgelekte wachtwoorden. Kies een ander wachtwoord.",
  mustTick: "U dient dit aan te vinken",
  pickFromList: "Kies een waarde uit de lijst",
} as const;

export const PASSWORD_MIN_LENGTH = 8;

type Input = string | null | undefined;

const clean = (value: Input): string => (value ?? "").trim();

// ---------------------------------------------------------------------------
// Pure checks. Empty input passes every format check; "required" is separate.
// ---------------------------------------------------------------------------

// WHATWG-style local part, but the domain must have a dot and a real TLD.
const EMAIL_RE =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

export function isEmail(value: Input): boolean {
  const v = clean(value);
  return v === "" || (v.length <= 254 && EMAIL_RE.test(v));
}

export function isNumeric(value: Input): boolean {
  const v = clean(value);
  return v === "" || /^\d+$/.test(v);
}

// Hostname after URL parsing (lowercased, punycoded): needs a dot and a TLD.
const HOST_RE =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

function isHttpUrl(candidate: string): boolean {
  if (!/^https?:\/\//i.test(candidate)) return false;
  let parsed: URL;
  try {
    parsed = new URL(candidate);
  } catch {
    return false;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return false;
  // Credentials in a website link are never intended (and hide 'mailto:x@y').
  if (parsed.username || parsed.password) return false;
  return HOST_RE.test(parsed.hostname);
}

/** The URL error message, or undefined when the value is empty or a valid http(s) URL. */
export function urlError(value: Input): string | undefined {
  const v = clean(value);
  if (v === "") return undefined;
  if (/\s/.test(v)) return messages.url;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(v)) return isHttpUrl(v) ? undefined : messages.url;
  // No scheme: hint only when adding one would actually fix it.
  return isHttpUrl(`https://${v}`) ? messages.url + messages.urlSchemeHint : messages.url;
}

export function normalizePhone(value: Input): string {
  return clean(value).replace(/[\s-]/g, "");
}

export function isPhone(value: Input): boolean {
  const v = normalizePhone(value);
  return v === "" || /^\d{10}$/.test(v);
}

export function normalizePostcode(value: Input): string {
  return clean(value).replace(/\s+/g, "").toUpperCase();
}

export function isPostcode(value: Input): boolean {
  const v = clean(value);
  // Dutch postcodes run from 1000 to 9999.
  return v === "" || /^[1-9]\d{3} ?[A-Za-z]{2}$/.test(v);
}

export function normalizeIban(value: Input): string {
  return clean(value).replace(/[\s-]/g, "").toUpperCase();
}

// ISO 13616: move the first four characters to the end, letters become 10..35.
function ibanMod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const digits = code >= 65 && code <= 90 ? String(code - 55) : ch;
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder;
}

export function isIban(value: Input): boolean {
  const v = normalizeIban(value);
  if (v === "") return true;
  return /^NL\d{2}[A-Z]{4}\d{10}$/.test(v) && ibanMod97(v) === 1;
}

export function isBsn(value: Input): boolean {
  const v = clean(value);
  if (v === "") return true;
  if (!/^\d{8,9}$/.test(v)) return false;
  const digits = v.padStart(9, "0");
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(digits[i]) * (9 - i);
  sum -= Number(digits[8]);
  return sum !== 0 && sum % 11 === 0;
}

// ---------------------------------------------------------------------------
// zod schema builders for forms parsed with parseWithZod (@conform-to/zod/v4).
// Conform only turns '' into undefined; the preprocess step also trims and turns
// whitespace-only into undefined, so "required" has one message for all cases.
// ---------------------------------------------------------------------------

export interface FieldOptions {
  required?: boolean;
}

type FieldOutput<O, T = string> = O extends { required: true } ? T : T | undefined;

export type FieldSchema<T> = z.ZodType<T, unknown>;

const trimToUndefined = (value: unknown): unknown => {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
};

const baseString = () =>
  z.string({
    error: (issue) => (issue.input === undefined ? messages.required : undefined),
  });

function field<const O extends FieldOptions = FieldOptions>(
  inner: z.ZodType<string, string>,
  options?: O,
): FieldSchema<FieldOutput<O>> {
  const schema = options?.required ? inner : inner.optional();
  return z.preprocess(trimToUndefined, schema) as unknown as FieldSchema<FieldOutput<O>>;
}

export const optionalText = () => field(baseString());

/** One of a list's values (a select, a radio group), or empty; anything else was not offered. */
export const oneOf = (options: readonly { value: string }[]) =>
  optionalText().refine((v) => v === undefined || options.some((o) => o.value === v), messages.pickFromList);

export const requiredText = () => field(baseString(), { required: true });

export const email = <const O extends FieldOptions = FieldOptions>(options?: O) =>
  field(baseString().refine(isEmail, messages.email), options);

/** Output is digits only. */
export const phone = <const O extends FieldOptions = FieldOptions>(options?: O) =>
  field(baseString().refine(isPhone, messages.phone).transform(normalizePhone), options);

/** Output is normalised to '1234AB'. */
export const postcode = <const O extends FieldOptions = FieldOptions>(options?: O) =>
  field(baseString().refine(isPostcode, messages.postcode).transform(normalizePostcode), options);

export const url = <const O extends FieldOptions = FieldOptions>(options?: O) =>
  field(
    baseString().superRefine((value, ctx) => {
      const error = urlError(value);
      if (error) ctx.addIssue({ code: "custom", message: error });
    }),
    options,
  );

export const numeric = <const O extends FieldOptions = FieldOptions>(options?: O) =>
  field(baseString().refine(isNumeric, messages.numeric), options);

/** Output is normalised: no spaces or hyphens, upper case. */
export const iban = <const O extends FieldOptions = FieldOptions>(options?: O) =>
  field(baseString().refine(isIban, messages.iban).transform(normalizeIban), options);

export const bsn = <const O extends FieldOptions = FieldOptions>(options?: O) =>
  field(baseString().refine(isBsn, messages.bsn), options);

/**
 * Required password of at least 8 characters. Not trimmed: spaces are legitimate
 * password characters; whitespace-only counts as empty.
 */
export const password = (): FieldSchema<string> =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z
      .string({ error: messages.passwordRequired })
      .min(PASSWORD_MIN_LENGTH, messages.minLength(PASSWORD_MIN_LENGTH)),
  );

const toBoolean = (value: unknown): boolean => value === "on" || value === true;

/** Browsers send 'on' for a ticked checkbox and nothing otherwise. */
export const checkbox = (): FieldSchema<boolean> =>
  // The default is never used; it only tells getZodConstraint the box is not required.
  z.preprocess(toBoolean, z.boolean().default(false));

export const mustTick = (): FieldSchema<true> =>
  z.preprocess(toBoolean, z.literal(true, { error: messages.mustTick }));

/**
 * A check for an object schema putting messages.sameAs on `repeatField` when it
 * differs from `field`. Uses `when` so it also runs while other fields fail,
 * showing every error in one submit.
 */
function refineSameAs<T extends Record<string, unknown>>(
  field: keyof T & string,
  repeatField: keyof T & string,
) {
  return z.superRefine<T>(
    (data, ctx) => {
      if (data[field] !== data[repeatField]) {
        ctx.addIssue({ code: "custom", message: messages.sameAs, path: [repeatField] });
      }
    },
    {
      when: (payload) => {
        const value = payload.value as Record<string, unknown> | undefined;
        return typeof value?.[field] === "string" && typeof value?.[repeatField] === "string";
      },
    },
  );
}

/** `schema` with messages.sameAs on `repeatField` when it differs from `field`. */
export function sameAs<T extends z.ZodObject>(
  schema: T,
  field: keyof z.output<T> & string,
  repeatField: keyof z.output<T> & string,
): T {
  return schema.check(refineSameAs<z.output<T>>(field, repeatField));
}
