import { useEffect, useRef } from "react";

interface SummaryField {
  id: string;
  label: string;
  errors?: string[];
}

/**
 * The list of problems at the top of an invalid form, each linking to its field. Without
 * JavaScript it is what the reader meets first; with it, focus moves to the first invalid field.
 */
export function ErrorSummary({ fields, formErrors }: { fields: SummaryField[]; formErrors?: string[] }) {
  const invalid = fields.filter((f) => f.errors?.length);
  const ref = useRef<HTMLDivElement>(null);
  const signature = invalid.map((f) => f.id).join(",") + (formErrors ?? []).join(",");
  useEffect(() => {
    if (!signature) return;
    const first = invalid[0] && document.getElementById(invalid[0].id);
    if (first) first.focus();
    else ref.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature]);
  if (!invalid.length && !formErrors?.length) return null;
  return (
    <div className="error-summary" role="alert" tabIndex={-1} ref={ref}>
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
  );
}
