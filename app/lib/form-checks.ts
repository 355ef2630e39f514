// Checks of a form in the browser without a validation library, for the pages that must stay light
// (the public pages: sign-in, password reset, activation). Each check mirrors the zod builder of the
// same name in validation.ts, with the same rules and Dutch messages (rules.ts). The server parses
// the same posts with the zod schemas, which stay the authority; a unit test holds every check to
// its schema.
import { parse, type Submission } from "@conform-to/react";
import { isEmail, messages, PASSWORD_MIN_LENGTH } from "./rules";

/** What a field check makes of a posted value: the value it hands on and its messages (none: valid). */
export interface Checked {
  value: unknown;
  errors: string[];
}

/** One field's check. Values that no form control posts (a repeated name, a file) are left to the server. */
export type FieldCheck = (input: unknown) => Checked;

/** A check over the checked values of the whole form, adding messages to `errors` by field name. */
export type FormRule = (values: Record<string, unknown>, errors: Record<string, string[]>) => void;

export interface FormChecks<Name extends string = string> {
  fields: Record<Name, FieldCheck>;
  rules?: FormRule[];
}

export const valid = (value: unknown): Checked => ({ value, errors: [] });

/** Trimmed text, whitespace-only as absent (as the zod builders' preprocess step does). */
function trimmed(input: unknown): unknown {
  if (typeof input !== "string") return input;
  const value = input.trim();
  return value === "" ? undefined : value;
}

export interface Rule {
  test: (value: string) => boolean;
  message: string;
  /** What the valid value becomes (the zod builder's transform). */
  normalize?: (value: string) => string;
}

/** A text field's check: trimmed, required or not, and `rule` for a value that is there. */
export function text(required: boolean, rule?: Rule): FieldCheck {
  return (input) => {
    const value = trimmed(input);
    if (value === undefined) return required ? { value, errors: [messages.required] } : valid(value);
    if (typeof value !== "string" || !rule) return valid(value);
    if (!rule.test(value)) return { value, errors: [rule.message] };
    return valid(rule.normalize ? rule.normalize(value) : value);
  };
}

export type Options = { required?: boolean };

export const optionalText = (): FieldCheck => text(false);

export const requiredText = (): FieldCheck => text(true);

export const email = (options?: { required?: boolean }): FieldCheck =>
  text(!!options?.required, { test: isEmail, message: messages.email });

/** Required, at least 8 characters; not trimmed, whitespace-only counts as empty. */
export const password =
  (): FieldCheck =>
  (input) => {
    if (input !== undefined && typeof input !== "string") return valid(input);
    if (input === undefined || input.trim() === "") return { value: undefined, errors: [messages.passwordRequired] };
    if (input.length < PASSWORD_MIN_LENGTH) return { value: input, errors: [messages.minLength(PASSWORD_MIN_LENGTH)] };
    return valid(input);
  };

/** messages.sameAs on `repeatField` when it differs from `field`, also while other fields fail. */
export const sameAs =
  (field: string, repeatField: string): FormRule =>
  (values, errors) => {
    const [a, b] = [values[field], values[repeatField]];
    if (typeof a === "string" && typeof b === "string" && a !== b) {
      (errors[repeatField] ??= []).push(messages.sameAs);
    }
  };

/** Checks a posted form as conform's parseWithZod does: a submission with the messages by field name. */
export function checkForm<Name extends string>(
  formData: FormData | URLSearchParams,
  checks: FormChecks<Name>,
): Submission<Record<Name, unknown>, string[]> {
  return parse(formData, {
    resolve(payload) {
      const values = {} as Record<Name, unknown>;
      const errors: Record<string, string[]> = {};
      for (const name of Object.keys(checks.fields) as Name[]) {
        const checked = checks.fields[name](payload[name]);
        values[name] = checked.value;
        if (checked.errors.length) errors[name] = checked.errors;
      }
      for (const rule of checks.rules ?? []) rule(values, errors);
      return Object.keys(errors).length ? { error: errors } : { value: values };
    },
  });
}
