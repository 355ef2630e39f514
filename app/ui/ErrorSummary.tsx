import { useEffect, useRef, useState } from "react";

interface SummaryField {
  id: string;
  label: string;
  errors?: string[];
}

/**
 * The list of problems at the top of an invalid form, each linking to its field. Without
 * JavaScript it is what the reader meets first after the server answers. With JavaScript, errors
 * found while typing show beside their fields only; the summary appears once the form is
 * submitted (so the page does not shift under the pointer), and focus then moves to the first
 * invalid field.
 */
export function ErrorSummary({ fields, formErrors }: { fields: SummaryField[]; formErrors?: string[] }) {
  const invalid = fields.filter((f) => f.errors?.length);
  const anchor = useRef<HTMLDivElement>(null);
  const summary = useRef<HTMLDivElement>(null);
  const hasErrors = invalid.length > 0 || (formErrors?.length ?? 0) > 0;
  // Errors present at the first render came from the server: show them.
  const [armed, setArmed] = useState(true);
  const initiallyShown = useRef(hasErrors);
  // Each submit asks for focus on the first invalid field once its errors are known.
  const [submits, setSubmits] = useState(0);
  const focusPending = useRef(false);

  useEffect(() => {
    setArmed(initiallyShown.current);
    const form = anchor.current?.closest("form");
    if (!form) return;
    const onSubmit = (event: SubmitEvent) => {
      // The form library revalidates a field while typing by a submit of its own (submitter '__intent__'):
      // that is not the person submitting.
      if (event.submitter?.getAttribute("name") === "__intent__") return;
      setArmed(true);
      focusPending.current = true;
      setSubmits((n) => n + 1);
    };
    form.addEventListener("submit", onSubmit);
    return () => form.removeEventListener("submit", onSubmit);
  }, []);

  const signature = invalid.map((f) => f.id).join(",");
  useEffect(() => {
    if (!focusPending.current || !invalid.length) return;
    focusPending.current = false;
    document.getElementById(invalid[0].id)?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- signature stands for `invalid`, an array made anew on every render
  }, [signature, submits]);

  // A message for the whole form (e.g. 'Inloggen niet gelukt.') has no field to focus: focus the summary.
  const formErrorKey = (formErrors ?? []).join("|");
  useEffect(() => {
    if (formErrorKey && !invalid.length) summary.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new form message moves focus, not a change in the field errors
  }, [formErrorKey]);

  return (
    <div ref={anchor}>
      {armed && hasErrors ? (
        <div className="error-summary" role="alert" tabIndex={-1} ref={summary}>
          {formErrors?.map((e) => (
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
                      {f.label}: {f.errors!.join(" ")}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
