import { useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";
import { describedBy, FieldFrame, type AnyMeta } from "./Field";
import type { RichTextEditorProps } from "./RichTextEditor";

/**
 * A rich-text field (part 1 and 2 §9): without JavaScript, or until the editor has loaded, a
 * textarea that posts the HTML; with JavaScript, the Quill editor with the spec's limited toolbar,
 * which keeps the same textarea up to date, so the form posts the same field either way. Admins
 * also get the source view: the textarea itself, with the HTML to edit. The server sanitises
 * whatever arrives.
 */
export function RichTextField({
  meta,
  label,
  required,
  hint,
  sourceView = false,
}: {
  meta: AnyMeta;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  /** Admins may edit the HTML itself. */
  sourceView?: boolean;
}) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [Editor, setEditor] = useState<ComponentType<RichTextEditorProps> | null>(null);
  const [editing, setEditing] = useState<"loading" | "editor" | "source">("loading");
  // Quill touches the document when it loads, and is large: it is fetched in the browser only, on
  // the pages that have a rich-text field, once the page is interactive. Until then (and if it
  // cannot be fetched) the textarea is the field.
  useEffect(() => {
    let current = true;
    import("./RichTextEditor").then(
      (module) => current && setEditor(() => module.default),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const ids = describedBy(hintId, meta.errors?.length ? meta.errorId : undefined);
  const invalid = !!meta.errors?.length;
  return (
    <FieldFrame meta={meta} label={label} required={required} hint={hint} hintId={hintId}>
      <textarea
        key={meta.key}
        id={meta.id}
        name={meta.name}
        form={meta.formId}
        defaultValue={typeof meta.initialValue === "string" ? meta.initialValue : ""}
        aria-invalid={invalid || undefined}
        ref={textarea}
        rows={12}
        className="rich-text-field__source"
        hidden={editing === "editor"}
        aria-describedby={ids}
        aria-required={required || undefined}
      />
      {editing === "source" ? (
        <button type="button" className="button button--secondary rich-text-field__back" onClick={() => setEditing("editor")}>
          Terug naar de editor
        </button>
      ) : null}
      {Editor ? (
          <Editor
            textarea={textarea}
            label={label}
            describedBy={ids}
            invalid={invalid}
            sourceView={sourceView}
            source={editing === "source"}
            onMode={setEditing}
          />
      ) : null}
    </FieldFrame>
  );
}
