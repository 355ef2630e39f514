import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";

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

/** A labelled input with its hint and error, wired for screen readers (aria-describedby). */
export function Field({ meta, label, type = "text", required, hint, autoComplete, inputMode, autoFocus, readOnly }: FieldProps) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const input = getInputProps(meta, { type, ariaAttributes: true });
  const describedBy = [hintId, meta.errors?.length ? meta.errorId : undefined].filter(Boolean).join(" ") || undefined;
  // Validation runs in our own schema (browser and server), not the browser's native bubbles: the
  // schema's required shows as '*' and aria-required, never as the attribute. The props are named,
  // not collected with a rest pattern, which every field of every page paid for.
  const mustFill = required || input.required;
  return (
    <FieldFrame meta={meta} label={label} required={mustFill} hint={hint} hintId={hintId}>
      <input
        {...input}
        required={undefined}
        autoComplete={autoComplete}
        inputMode={inputMode}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- only the second factor's code field asks for it: the one field of its step
        autoFocus={autoFocus}
        readOnly={readOnly}
        aria-describedby={describedBy}
        aria-required={mustFill || undefined}
      />
    </FieldFrame>
  );
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
  return (
    <div className={`field${meta.errors?.length ? " field--invalid" : ""}`}>
      <label htmlFor={meta.id}>
        {label}
        {required ? <span className="field__required" aria-hidden="true"> *</span> : null}
      </label>
      {children}
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <FieldError meta={meta} />
    </div>
  );
}

export function FieldError({ meta }: { meta: { errorId: string; errors?: string[] } }) {
  if (!meta.errors?.length) return null;
  return (
    <p className="field__error" id={meta.errorId}>
      {meta.errors.join(" ")}
    </p>
  );
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
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const describedBy = [hintId, meta.errors?.length ? meta.errorId : undefined].filter(Boolean).join(" ") || undefined;
  // Validation runs in our own schema, not the browser's native bubbles.
  const props = getSelectProps(meta, { ariaAttributes: true });
  return (
    <FieldFrame meta={meta} label={label} required={required} hint={hint} hintId={hintId}>
      <select {...props} required={undefined} aria-describedby={describedBy} aria-required={required || undefined}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** A checkbox that posts "on" when ticked, with its error. */
export function CheckboxField({ meta, label }: { meta: AnyMeta; label: string }) {
  return (
    <div className="field field--checkbox">
      <label htmlFor={meta.id}>
        <input {...getInputProps(meta, { type: "checkbox", value: "on" })} />
        {label}
      </label>
      <FieldError meta={meta} />
    </div>
  );
}
