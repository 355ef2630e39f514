import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { createElement, type AriaAttributes, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";

// Field schemas take unknown input (they trim and coerce), so the metadata is not narrowed here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's field metadata is generic over the form's shape; these parts take a field of any form
export type AnyMeta = FieldMetadata<any, any, string[]>;

type InputType = "text" | "email" | "password" | "tel" | "url" | "number" | "date" | "search";

interface FieldProps {
  meta: AnyMeta;
  label: string;
  type?: InputType;
  required?: boolean;
  hint?: ReactNode;
  autoComplete?: string;
  inputMode?: "numeric" | "tel" | "email" | "text";
  autoFocus?: boolean;
  readOnly?: boolean;
}

/**
 * The ids that describe a control: its hint and, while it is invalid, its error (`undefined` for
 * none, so the attribute is left out).
 */
export function describedBy(hintId: string | undefined, errorId: string | undefined): string | undefined {
  return hintId && errorId ? `${hintId} ${errorId}` : hintId || errorId || undefined;
}

/**
 * What a field's frame shows of its metadata. Each is read once: a read of Conform's metadata goes
 * through two proxies, and a form draws dozens of fields on every page.
 */
export interface FieldState {
  id: string;
  errorId: string;
  errors: string[] | undefined;
}

export const stateOf = (meta: AnyMeta): FieldState => ({ id: meta.id, errorId: meta.errorId, errors: meta.errors });
const isInvalid = (errors: string[] | undefined): errors is string[] => errors !== undefined && errors.length > 0;

/** A labelled input with its hint and error, wired for screen readers (aria-describedby). */
export function Field({ meta, label, type = "text", required, hint, autoComplete, inputMode, autoFocus, readOnly }: FieldProps) {
  const state = stateOf(meta);
  const input: InputHTMLAttributes<HTMLInputElement> = getInputProps(meta, { type, ariaAttributes: true });
  const hintId = hint ? `${state.id}-hint` : undefined;
  const mustFill = required || input.required;
  // Only what this field has is added (only the second factor's code field asks for autoFocus).
  if (autoComplete) input.autoComplete = autoComplete;
  if (inputMode) input.inputMode = inputMode;
  if (autoFocus) input.autoFocus = true;
  if (readOnly) input.readOnly = true;
  return fieldFrame(state, label, mustFill, hint, hintId, createElement("input", completeControl(input, state, mustFill, hintId)));
}

/**
 * Conform's props of a control, completed in place: described by the hint and the error, and
 * required shown as '*' and aria-required rather than the browser's own attribute (validation runs
 * in our own schema, in the browser and on the server). In place, because spreading them into a
 * new object with every option, most of them undefined, cost more than drawing the field, and
 * React visits each key of an element's props.
 */
export function completeControl<P extends AriaAttributes & { required?: boolean }>(props: P, state: FieldState, required: boolean | undefined, hintId: string | undefined): P {
  if (props.required) props.required = undefined;
  const ids = describedBy(hintId, isInvalid(state.errors) ? state.errorId : undefined);
  if (ids !== props["aria-describedby"]) props["aria-describedby"] = ids;
  if (required) props["aria-required"] = true;
  return props;
}

/** What every labelled field has around its control: the label (with '*' when required), hint and error. */
export function FieldFrame({
  meta,
  label,
  required,
  hint,
  hintId,
  children,
}: {
  meta: AnyMeta;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  hintId?: string;
  children: ReactNode;
}) {
  return fieldFrame(stateOf(meta), label, required, hint, hintId, children);
}

/**
 * FieldFrame's markup, called as a function by the fields of this module rather than drawn as
 * components of their own: a field is then one component instead of three.
 */
export function fieldFrame({ id, errorId, errors }: FieldState, label: string, required: boolean | undefined, hint: ReactNode, hintId: string | undefined, control: ReactNode) {
  const invalid = isInvalid(errors);
  return (
    <div className={invalid ? "field field--invalid" : "field"}>
      <label htmlFor={id}>
        {label}
        {required ? <span className="field__required" aria-hidden="true"> *</span> : null}
      </label>
      {control}
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {invalid ? errorText(errors, errorId) : null}
    </div>
  );
}

const errorText = (errors: string[], errorId: string) => (
  <p className="field__error" id={errorId}>
    {errors.join(" ")}
  </p>
);

export function FieldError({ meta }: { meta: { errorId: string; errors?: string[] } }) {
  const errors = meta.errors;
  return isInvalid(errors) ? errorText(errors, meta.errorId) : null;
}

/** A labelled select with its hint and error; the empty first option asks for a choice. */
export function SelectField({
  meta,
  label,
  options,
  required,
  hint,
  placeholder = "Maak een keuze",
}: {
  meta: AnyMeta;
  label: string;
  options: readonly { value: string; label: string }[];
  required?: boolean;
  hint?: string;
  placeholder?: string;
}) {
  const state = stateOf(meta);
  const hintId = hint ? `${state.id}-hint` : undefined;
  const props: SelectHTMLAttributes<HTMLSelectElement> = getSelectProps(meta, { ariaAttributes: true });
  return fieldFrame(
    state,
    label,
    required,
    hint,
    hintId,
    <select {...completeControl(props, state, required, hintId)}>
      <option value="">{placeholder}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>,
  );
}

/** A checkbox that posts "on" when ticked, with its error. */
export function CheckboxField({ meta, label }: { meta: AnyMeta; label: string }) {
  const input = getInputProps(meta, { type: "checkbox", value: "on" });
  const errors = meta.errors;
  return (
    <div className="field field--checkbox">
      <label htmlFor={input.id}>
        <input {...input} />
        {label}
      </label>
      {isInvalid(errors) ? errorText(errors, meta.errorId) : null}
    </div>
  );
}
