// zod schema builders on the validation rules (rules.ts), shared by browser and server (no node-only imports).
import * as z from "zod/mini";
import { isIban, normalizeIban } from "./iban";
import { isEmail, messages, PASSWORD_MIN_LENGTH } from "./rules";
import { isBsn, isPhone, isPostcode, normalizePhone, normalizePostcode } from "./rules-formats";
import { isNumeric, urlError } from "./rules-web";

// No compiled parsers: zod would probe for `new Function` first, which the portal's script policy
// (CSP without 'unsafe-eval') blocks and the browser reports as a violation. Every schema module
// imports this one, so this runs before any schema is made.
z.config({ jitless: true });

export { messages, PASSWORD_MIN_LENGTH, isEmail } from "./rules";
export { normalizePhone, isPhone, normalizePostcode, isPostcode, isBsn } from "./rules-formats";
export { isNumeric, urlError } from "./rules-web";
export { normalizeIban, isIban } from "./iban";

// ---------------------------------------------------------------------------
// zod schema builders (zod/mini: the browser loads only the checks a form uses) for forms parsed
// with parseWithZod (./parse-form).
// Conform only turns '' into undefined; the preprocess step also trims and turns
// whitespace-only into undefined, so "required" has one message for all cases.
// ---------------------------------------------------------------------------

export interface FieldOptions {
  required?: boolean;
}

type FieldOutput<O, T = string> = O extends { required: true } ? T : T | undefined;

export type FieldSchema<T> = z.ZodMiniType<T, unknown>;

const trimToUndefined = (value: unknown): unknown => {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
};

const baseString = () =>
  z.string({
    error: (issue) => (issue.input === undefined ? messages.required : undefined),
  });

/** zod's preprocess: `schema` applied to what `fn` makes of the input. */
export const preprocess = <T>(fn: (value: unknown) => unknown, schema: z.ZodMiniType<T>) =>
  z.pipe(z.transform(fn), schema);

function field<const O extends FieldOptions = FieldOptions>(
  inner: FieldSchema<string>,
  options?: O,
): FieldSchema<FieldOutput<O>> {
  const schema = options?.required ? inner : z.optional(inner);
  return preprocess(trimToUndefined, schema) as unknown as FieldSchema<FieldOutput<O>>;
}

/** `schema` with a check: messages go on the field. */
export const refine = <T>(schema: FieldSchema<T>, check: (value: T) => boolean, message: string): FieldSchema<T> =>
  schema.check(z.refine(check, message));

/** `schema` followed by a transformation of its output. */
export const transform = <T, U>(schema: FieldSchema<T>, fn: (value: T) => U): FieldSchema<U> =>
  z.pipe(schema, z.transform(fn)) as unknown as FieldSchema<U>;

export const optionalText = () => field(baseString());

/** Whether rich text (HTML) has any text, not only empty paragraphs and line breaks. */
const hasText = (html: string) => html.replace(/<[^>]*>/g, "").replace(/&nbsp;|\u00a0/g, " ").trim() !== "";

/**
 * Rich text (HTML) from the editor or, without JavaScript, the textarea. An editor left empty
 * still posts an empty paragraph: that counts as empty. The server sanitises the value it keeps.
 */
export const richText = <const O extends FieldOptions = FieldOptions>(options?: O): FieldSchema<FieldOutput<O>> =>
  preprocess(
    (value) => (typeof value !== "string" ? value : hasText(value) ? value.trim() : undefined),
    options?.required ? baseString() : z.optional(baseString()),
  ) as unknown as FieldSchema<FieldOutput<O>>;

/** One of a list's values (a select, a radio group), or empty; anything else was not offered. */
export const oneOf = (options: readonly { value: string }[]) =>
  refine(optionalText(), (v) => v === undefined || options.some((o) => o.value === v), messages.pickFromList);

export const requiredText = () => field(baseString(), { required: true });

export const email = <const O extends FieldOptions = FieldOptions>(options?: O) =>
  field(refine(baseString(), isEmail, messages.email), options);

/** Output is digits only. */
export const phone = <const O extends FieldOptions = FieldOptions>(options?: O) =>
  field(transform(refine(baseString(), isPhone, messages.phone), normalizePhone), options);

/** Output is normalised to '1234AB'. */
export const postcode = <const O extends FieldOptions = FieldOptions>(options?: O) =>
  field(transform(refine(baseString(), isPostcode, messages.postcode), normalizePostcode), options);

export const url = <const O extends FieldOptions = FieldOptions>(options?: O) =>
  field(
    baseString().check(
      z.superRefine((value, ctx) => {
        const error = urlError(value);
        if (error) ctx.addIssue({ code: "custom", message: error });
      }),
    ),
    options,
  );

export const numeric = <const O extends FieldOptions = FieldOptions>(options?: O) =>
  field(refine(baseString(), isNumeric, messages.numeric), options);

/** Output is normalised: no spaces or hyphens, upper case. */
export const iban = <const O extends FieldOptions = FieldOptions>(options?: O) =>
  field(transform(refine(baseString(), isIban, messages.iban), normalizeIban), options);

export const bsn = <const O extends FieldOptions = FieldOptions>(options?: O) =>
  field(refine(baseString(), isBsn, messages.bsn), options);

/**
 * Required password of at least 8 characters. Not trimmed: spaces are legitimate
 * password characters; whitespace-only counts as empty.
 */
export const password = (): FieldSchema<string> =>
  preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z
      .string({ error: messages.passwordRequired })
      .check(z.minLength(PASSWORD_MIN_LENGTH, messages.minLength(PASSWORD_MIN_LENGTH))),
  );

const toBoolean = (value: unknown): boolean => value === "on" || value === true;

/** Browsers send 'on' for a ticked checkbox and nothing otherwise. */
export const checkbox = (): FieldSchema<boolean> =>
  preprocess(toBoolean, z.boolean());

export const mustTick = (): FieldSchema<true> =>
  preprocess(toBoolean, z.literal(true, { error: messages.mustTick }));

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
export function sameAs<T extends z.ZodMiniObject>(
  schema: T,
  field: keyof z.output<T> & string,
  repeatField: keyof z.output<T> & string,
): T {
  return schema.check(refineSameAs<z.output<T>>(field, repeatField));
}
