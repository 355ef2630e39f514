import { useEffect, useRef, useState } from "react";

/**
 * The form's labels by field name, in the order the fields appear. A field whose focus target is
 * not its own input (a group of radio buttons) names that target.
 */
export type SummaryLabels = Record<string, string | { label: string; target: string }>;

/** What the summary reads of a form (conform's form metadata). */
interface SummaryForm {
  id: string;
  errors?: string[];
  allErrors: Record<string, string[]>;
  status?: "success" | "error";
}

/**
 * The list of problems at the top of an invalid form, each linking to its field: every field of
 * `labels` that has errors, as the form reports them. Without JavaScript it is what the reader
 * meets first after the server answers. With JavaScript, errors found while typing show beside
 * their fields only; the summary appears once the form is submitted (so the page does not shift
 * under the pointer), and focus then moves to the first invalid field. A page the server sends with
 * errors (without JavaScript, every invalid submit) opens with focus on the summary.
 */
export function ErrorSummary({ form, labels }: { form: SummaryForm; labels: SummaryLabels }) {
  const errors = form.allErrors;
  const invalid = Object.entries(labels).flatMap(([name, entry]) => {
    const own = errors[name];
    if (!own?.length) return [];
    const { label, target } = typeof entry === "string" ? { label: entry, target: `${form.id}-${name}` } : entry;
    return [{ id: target, label, errors: own }];
  });
  const formErrors = form.errors ?? [];
  const summary = useRef<HTMLDivElement>(null);
  const hasErrors = invalid.length > 0 || formErrors.length > 0;
  // A submit that found errors (in the browser or on the server) says so in the form's status;
  // checks while typing do not. Once submitted, the summary stays and follows the fields.
  const submittedWithErrors = form.status === "error";
  const [shown, setShown] = useState(submittedWithErrors);
  // The server's answer to a submit (a page of its own without JavaScript) opens on the summary.
  const [serverAnswer] = useState(submittedWithErrors);
  const focusedFor = useRef<string | null>(submittedWithErrors ? "server" : null);

  const first = invalid[0]?.id;
  useEffect(() => {
    if (!submittedWithErrors) {
      focusedFor.current = null;
      return;
    }
    setShown(true);
    // Focus once per submit: the server's answer arrives with its own focus (autofocus, the summary).
    if (focusedFor.current !== null) return;
    focusedFor.current = "client";
    if (first) document.getElementById(first)?.focus();
    else summary.current?.focus();
  }, [submittedWithErrors, first]);

  // A message for the whole form (e.g. 'Inloggen niet gelukt.') from the server has no field to
  // focus: focus the summary.
  const formErrorKey = formErrors.join("|");
  useEffect(() => {
    if (formErrorKey && !invalid.length) summary.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the form's own message changes
  }, [formErrorKey]);

  if (!(shown || submittedWithErrors) || !hasErrors) return null;
  return (
    // eslint-disable-next-line jsx-a11y/no-autofocus -- the page is the answer to the submit; the summary is what it is about
    <div className="error-summary" role="alert" tabIndex={-1} ref={summary} autoFocus={serverAnswer}>
      {formErrors.map((e) => (
        <p key={e} className="error-summary__form">
          {e}
        </p>
      ))}
      {invalid.length ? (
        <>
          <p className="error-summary__title">Controleer de volgende velden:</p>
          <ul>
            {invalid.map((f) => (
              <li key={f.id}>
                <a href={`#${f.id}`}>
                  {f.label}: {f.errors.join(" ")}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
