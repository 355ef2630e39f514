// The public forms' fields as definitions: one entry per field gives its label, its check in the
// browser and how it is asked for, so a form is a list of names per fieldset, its error summary's
// labels and its checks follow from the same entries. These pages have a tight JavaScript budget
// (DESIGN.md §8): a field is written once.
import type { FieldCheck, FormChecks, FormRule } from "../lib/form-checks";
import { messages } from "../lib/rules";
import { CheckboxField, Field, SelectField, type AnyMeta } from "../ui/Field";

export interface PublicField {
  label: string;
  /** The browser's check (lib/form-checks.ts); a field whose check refuses nothing-typed is marked required. */
  check: FieldCheck;
  type?: "email" | "tel" | "date";
  /** The keyboard a phone shows; a phone number's field gets its own. */
  inputMode?: "numeric";
  autoComplete?: string;
  hint?: string;
  /** A select with these choices. */
  options?: readonly { value: string; label: string }[];
  /** A checkbox that posts 'on'. */
  checkbox?: boolean;
}

export type PublicFields = Record<string, PublicField>;

const map = <T,>(fields: PublicFields, fn: (field: PublicField) => T) =>
  Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, fn(field)]));

/** The form's checks, as checkForm takes them. */
export const checksOf = (fields: PublicFields, rules: FormRule[] = []): FormChecks => ({ fields: map(fields, (f) => f.check), rules });

/** The labels by field name, for the error summary. */
export const labelsOf = (fields: PublicFields): Record<string, string> => map(fields, (f) => f.label);

const isRequired = (field: PublicField) => field.check(undefined).errors.includes(messages.required);

/** The fields `names` of `definitions`, each as its kind of control, in that order. */
export function PublicFieldList({ definitions, names, metas }: { definitions: PublicFields; names: string[]; metas: Record<string, AnyMeta> }) {
  return names.map((name) => {
    const { label, type, inputMode, autoComplete, hint, options, checkbox } = definitions[name];
    const meta = metas[name];
    const required = isRequired(definitions[name]);
    if (checkbox) return <CheckboxField key={name} meta={meta} label={label} />;
    if (options) return <SelectField key={name} meta={meta} label={label} options={options} required={required} hint={hint} />;
    return (
      <Field
        key={name}
        meta={meta}
        label={label}
        type={type}
        inputMode={type === "tel" ? "tel" : inputMode}
        autoComplete={autoComplete ?? "off"}
        hint={hint}
        required={required}
      />
    );
  });
}

/** A fieldset of `names` under `legend`. */
export function PublicFieldset(props: { legend: string; definitions: PublicFields; names: string[]; metas: Record<string, AnyMeta> }) {
  return (
    <fieldset>
      <legend>{props.legend}</legend>
      <PublicFieldList {...props} />
    </fieldset>
  );
}
