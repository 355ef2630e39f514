import { getTextareaProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { FieldFrame, type AnyMeta } from "./Field";

// A module of its own: the sign-in page loads Field.tsx and has no multi-line field.
/** A labelled multi-line text with its hint and error. */
export function TextareaField({ meta, label, required, hint, rows = 4 }: { meta: AnyMeta; label: string; required?: boolean; hint?: ReactNode; rows?: number }) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const describedBy = [hintId, meta.errors?.length ? meta.errorId : undefined].filter(Boolean).join(" ") || undefined;
  const props = getTextareaProps(meta, { ariaAttributes: true });
  // The schema's required shows as '*' and aria-required, never as the browser's own attribute.
  const mustFill = required || props.required;
  return (
    <FieldFrame meta={meta} label={label} required={mustFill} hint={hint} hintId={hintId}>
      <textarea {...props} required={undefined} rows={rows} aria-describedby={describedBy} aria-required={mustFill || undefined} />
    </FieldFrame>
  );
}
