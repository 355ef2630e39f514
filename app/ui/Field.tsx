import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";

type InputType = "text" | "email" | "password" | "tel" | "url" | "number" | "date" | "search";

interface FieldProps {
  // Field schemas take unknown input (they trim and coerce), so the metadata is not narrowed here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's field metadata is generic over the form's shape; this part takes a field of any form
  meta: FieldMetadata<any, any, string[]>;
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
export function Field({ meta, label, type = "text", required, hint, ...rest }: FieldProps) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const input = getInputProps(meta, { type, ariaAttributes: true });
  const describedBy = [hintId, meta.errors?.length ? meta.errorId : undefined].filter(Boolean).join(" ") || undefined;
  // Validation runs in our own schema (browser and server), not the browser's native bubbles.
  const { required: _native, ...inputProps } = input;
  return (
    <div className={`field${meta.errors?.length ? " field--invalid" : ""}`}>
      <label htmlFor={meta.id}>
        {label}
        {required || _native ? <span className="field__required" aria-hidden="true"> *</span> : null}
      </label>
      <input {...inputProps} {...rest} aria-describedby={describedBy} aria-required={required || _native || undefined} />
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
