import type { ReactNode } from "react";
import { CheckboxField, describedBy, FieldError, type AnyMeta } from "./Field";

/** What the upload fields accept, as the browser's file picker filters and the hint says. */
export const UPLOAD_KINDS = {
  image: { accept: "image/jpeg,image/png", hint: "Een jpg- of png-bestand van maximaal 10 MB." },
  document: {
    accept: "application/pdf,image/jpeg,image/png",
    hint: "Een pdf-, jpg- of png-bestand van maximaal 10 MB.",
  },
  office: {
    accept:
      "application/pdf,image/jpeg,image/png,.docx,.xlsx,.pptx,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.openxmlformats-officedocument.presentationml.presentation",
    hint: "Pdf, Word (docx), Excel (xlsx), PowerPoint (pptx), jpg of png, samen maximaal 10 MB.",
  },
} as const;

/**
 * A file upload with what is stored now (an image or a link), the allowed types as a hint, and,
 * when something is stored, a checkbox to remove it. A new file replaces the stored one. The file
 * input posts under the field's name; browsers never refill it, so a form sent back with errors
 * asks for the file again.
 */
export function FileField({
  meta,
  label,
  kind,
  current,
  remove,
  removeLabel,
  multiple,
  required,
}: {
  meta: AnyMeta;
  label: string;
  kind: keyof typeof UPLOAD_KINDS;
  /** What is stored now, if anything: a thumbnail or a link. */
  current?: ReactNode;
  /** The checkbox field that asks to remove what is stored. */
  remove?: AnyMeta;
  removeLabel?: string;
  multiple?: boolean;
  required?: boolean;
}) {
  const hintId = `${meta.id}-hint`;
  const invalid = !!meta.errors?.length;
  const ids = describedBy(hintId, invalid ? meta.errorId : undefined);
  const { accept, hint } = UPLOAD_KINDS[kind];
  return (
    <div className={`field file-field${invalid ? " field--invalid" : ""}`}>
      <label htmlFor={meta.id}>
        {label}
        {required ? <span className="field__required" aria-hidden="true"> *</span> : null}
      </label>
      {current ? <div className="file-field__current">{current}</div> : null}
      <input
        id={meta.id}
        name={meta.name}
        type="file"
        accept={accept}
        multiple={multiple}
        aria-invalid={invalid || undefined}
        aria-describedby={ids}
      />
      <p className="field__hint" id={hintId}>
        {hint}
        {current && !multiple ? " Een nieuw bestand vervangt het huidige." : ""}
      </p>
      <FieldError meta={meta} />
      {current && remove && removeLabel ? <CheckboxField meta={remove} label={removeLabel} /> : null}
    </div>
  );
}
