// Conform's parseWithZod for the portal's zod/mini schemas, in the browser and on the server.
// @conform-to/zod's own version wraps every schema in zod classic to coerce form values, which
// puts the whole of zod classic in the browser; the portal's schemas trim and convert their own
// input (validation.ts), so all that is left to do here is what Conform does with empty values.
import { parse, type Submission, type SubmissionResult } from "@conform-to/react";
import { safeParse, type $ZodIssue, type $ZodType, type $ZodTypes, type output } from "zod/v4/core";
import { requireParsableForm } from "./form-names";

/** A form value as Conform reads it: '' and an empty file input become "not given". */
function withoutEmptyValues(value: unknown): unknown {
  if (value === "") return undefined;
  if (typeof File !== "undefined" && value instanceof File && value.name === "" && value.size === 0) return undefined;
  if (Array.isArray(value)) return Array.from(value, withoutEmptyValues);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutEmptyValues(item)]));
  return value;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof Blob);

/**
 * The posted values in the shape of `schema`, as Conform's coercion leaves them: empty values are
 * "not given", a group of fields that posted nothing is an empty object and a list that posted
 * nothing (or one value) is a list.
 */
function formValue(schema: $ZodType, value: unknown): unknown {
  const def = (schema as $ZodTypes)._zod.def;
  switch (def.type) {
    case "object": {
      const fields = isRecord(value) ? value : value === undefined ? {} : undefined;
      if (!fields) return value;
      const shaped: Record<string, unknown> = { ...(withoutEmptyValues(fields) as Record<string, unknown>) };
      for (const [key, field] of Object.entries(def.shape)) shaped[key] = formValue(field, fields[key]);
      return shaped;
    }
    case "array": {
      const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
      return Array.from(list, (item) => formValue(def.element, item));
    }
    case "optional":
      return value === undefined ? undefined : formValue(def.innerType, value);
    case "pipe":
      return formValue(def.in, value);
    default:
      return withoutEmptyValues(value);
  }
}

/** A field's name as Conform writes it: `invoiceAddress.postalCode`, `campaignNldApplications[0].email`. */
function fieldName(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (name, key) => (typeof key === "number" ? `${name}[${key}]` : `${name}${name ? "." : ""}${String(key)}`),
    "",
  );
}

function errorsByField(issues: readonly $ZodIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) (errors[fieldName(issue.path)] ??= []).push(issue.message);
  return errors;
}

/** Parses a posted form with `schema`: a Conform submission with the messages by field name. */
export function parseWithZod<Schema extends $ZodType>(
  payload: FormData | URLSearchParams,
  options: { schema: Schema },
): Submission<output<Schema>> {
  requireParsableForm(payload);
  return parse<output<Schema>, string[]>(payload, {
    resolve(values) {
      const result = safeParse(options.schema, formValue(options.schema, values));
      return result.success ? { value: result.data } : { error: errorsByField(result.error.issues) };
    },
  });
}

/** The posted form again, without saving and without messages (a refresh or search button). */
export function echoSubmission(submission: Submission<unknown>): SubmissionResult<string[]> {
  const result = submission.reply();
  return { initialValue: result.initialValue, error: {}, state: result.state, fields: result.fields };
}
