import { useEffect, useRef, useState, type RefObject } from "react";
import Quill from "quill";
import type TableModule from "quill/modules/table";
import "quill/dist/quill.snow.css";
import "./rich-text-editor.css";

/** The toolbar's buttons by Quill's class, with their Dutch names (Quill's own have none). */
const BUTTON_NAMES: Record<string, string> = {
  "ql-bold": "Vet",
  "ql-italic": "Cursief",
  "ql-underline": "Onderstrepen",
  "ql-link": "Link",
  'ql-list[value="ordered"]': "Genummerde lijst",
  'ql-list[value="bullet"]': "Lijst met opsommingstekens",
  "ql-clean": "Opmaak verwijderen",
  "ql-undo": "Ongedaan maken",
  "ql-redo": "Opnieuw",
  "ql-table": "Tabel invoegen",
  "ql-table-row": "Rij invoegen onder",
  "ql-table-column": "Kolom invoegen rechts",
  "ql-table-delete": "Tabel verwijderen",
  "ql-maximize": "Maximaliseren",
  "ql-source": "Bron bewerken",
};
const PICKER_NAMES: Record<string, string> = { "ql-header": "Opmaak", "ql-align": "Uitlijning" };
/** Buttons Quill has no icon for: a short visible text. */
const OWN_BUTTON_TEXTS: Record<string, string> = {
  "ql-undo": "↶",
  "ql-redo": "↷",
  "ql-table": "▦",
  "ql-table-row": "+≡",
  "ql-table-column": "+⦀",
  "ql-table-delete": "✕▦",
  "ql-maximize": "⤢",
  "ql-source": "</>",
};

/** What the editor can make; pasted content is reduced to it too. The server's allowlist matches it. */
const FORMATS = ["header", "bold", "italic", "underline", "align", "link", "list", "table"];

// Tab leaves the editor (as in every other field) instead of typing a tab or indenting a list.
const LEAVE_ON_TAB = () => true;

export interface RichTextEditorProps {
  /** The form's textarea: what the form posts, kept up to date with the editor. */
  textarea: RefObject<HTMLTextAreaElement | null>;
  label: string;
  describedBy?: string;
  invalid: boolean;
  sourceView: boolean;
  /** The source view is open: the textarea shows, the editor waits. */
  source: boolean;
  onMode: (mode: "editor" | "source") => void;
}

/** Quill 2 on the textarea's value; see RichTextField. */
export default function RichTextEditor({ textarea, label, describedBy, invalid, sourceView, source, onMode }: RichTextEditorProps) {
  const frame = useRef<HTMLDivElement>(null);
  const quill = useRef<Quill | null>(null);
  const [maximized, setMaximized] = useState(false);
  const onModeRef = useRef(onMode);
  onModeRef.current = onMode;

  useEffect(() => {
    const area = textarea.current;
    const host = frame.current;
    if (!area || !host) return;
    const mount = host.appendChild(document.createElement("div"));
    const editor = new Quill(mount, {
      theme: "snow",
      formats: FORMATS,
      modules: {
        toolbar: {
          container: [
            [{ header: [2, 3, false] }],
            ["undo", "redo"],
            ["bold", "italic", "underline"],
            [{ align: [] }],
            ["link"],
            [{ list: "ordered" }, { list: "bullet" }],
            ["table", "table-row", "table-column", "table-delete"],
            ["clean"],
            ["maximize", ...(sourceView ? ["source"] : [])],
          ],
          handlers: {
            undo: () => editor.history.undo(),
            redo: () => editor.history.redo(),
            // Quill 2's table module: a new table of 3 by 3, rows and columns added where the cursor is.
            table: () => tables().insertTable(3, 3),
            "table-row": () => tables().insertRowBelow(),
            "table-column": () => tables().insertColumnRight(),
            "table-delete": () => tables().deleteTable(),
            maximize: () => setMaximized((on) => !on),
            source: () => {
              // Shown by hand as it was hidden (below): a click before the field has drawn the editor
              // mode would leave React's `hidden` unchanged, and the textarea hidden.
              area.hidden = false;
              onModeRef.current("source");
            },
          },
        },
        table: true,
        keyboard: {
          bindings: {
            tab: { key: "Tab", handler: LEAVE_ON_TAB },
            indent: { key: "Tab", format: ["blockquote", "indent", "list"], handler: LEAVE_ON_TAB },
            outdent: { key: "Tab", shiftKey: true, format: ["blockquote", "indent", "list"], handler: LEAVE_ON_TAB },
          },
        },
      },
    });
    const tables = () => editor.getModule("table") as TableModule;
    quill.current = editor;
    // Not dangerouslyPasteHTML(html): that also puts the cursor in the editor, taking the focus away
    // from wherever the person is when the editor finishes loading.
    editor.setContents(editor.clipboard.convert({ html: area.value }), "silent");
    editor.history.clear();
    editor.on("text-change", (_delta, _old, origin) => {
      // Only what the person did: loading a value into the editor is no change to the form.
      if (origin !== "user") return;
      area.value = editor.getText().trim() === "" ? "" : editor.getSemanticHTML();
      area.dispatchEvent(new Event("input", { bubbles: true }));
    });

    const toolbar = host.querySelector(".ql-toolbar");
    for (const [selector, name] of Object.entries(BUTTON_NAMES)) {
      const button = toolbar?.querySelector<HTMLButtonElement>(`button.${selector}`);
      if (!button) continue;
      button.setAttribute("aria-label", name);
      button.title = name;
      const text = OWN_BUTTON_TEXTS[selector];
      if (text) button.textContent = text;
    }
    for (const [selector, name] of Object.entries(PICKER_NAMES)) {
      toolbar?.querySelector(`.${selector} .ql-picker-label`)?.setAttribute("aria-label", name);
    }
    // The link box's example address.
    host.querySelector(".ql-tooltip input")?.setAttribute("data-link", "https://");
    editor.root.setAttribute("aria-label", label);
    editor.root.setAttribute("role", "textbox");
    editor.root.setAttribute("aria-multiline", "true");

    // Focusing the textarea (the error summary, the first invalid field on submit) focuses the editor.
    area.focus = () => editor.focus();
    // Hidden now, not at the field's next render: until then the page would have two text boxes of one name.
    // Whoever was typing in the textarea goes on in the editor, after what they typed (taken over above).
    const typing = document.activeElement === area;
    area.hidden = true;
    if (typing) {
      editor.setSelection(editor.getLength(), 0, "silent");
      editor.focus();
    }
    onModeRef.current("editor");
    return () => {
      delete (area as Partial<HTMLTextAreaElement>).focus;
      quill.current = null;
      host.replaceChildren();
    };
  }, [textarea, label, sourceView]);

  useEffect(() => {
    const root = quill.current?.root;
    if (!root) return;
    if (describedBy) root.setAttribute("aria-describedby", describedBy);
    else root.removeAttribute("aria-describedby");
    root.setAttribute("aria-invalid", String(invalid));
  }, [describedBy, invalid]);

  // Back from the source view: the editor takes what was typed there.
  useEffect(() => {
    const editor = quill.current;
    if (source || !editor || !textarea.current) return;
    const html = textarea.current.value;
    if (html !== editor.getSemanticHTML()) editor.setContents(editor.clipboard.convert({ html }), "silent");
  }, [source, textarea]);

  useEffect(() => {
    if (!maximized) return;
    const leave = (event: KeyboardEvent) => event.key === "Escape" && setMaximized(false);
    document.addEventListener("keydown", leave);
    return () => document.removeEventListener("keydown", leave);
  }, [maximized]);

  return <div ref={frame} className={`rich-text-editor${maximized ? " rich-text-editor--maximized" : ""}`} hidden={source} />;
}
