import { Field, type AnyMeta } from "./Field";

/**
 * A number that counts up (an establishment's lidnummer, a professional's registration number),
 * with the next free one beside it and a button that reads it again (a submit that shows the form
 * again as typed, so it works without JavaScript).
 */
export function NextNumberField({
  meta,
  label,
  next,
  refreshIntent,
  hint,
}: {
  meta: AnyMeta;
  label: string;
  next: number | null;
  refreshIntent: string;
  hint?: string;
}) {
  return (
    <div className="lidnummer">
      <Field meta={meta} label={label} inputMode="numeric" autoComplete="off" hint={hint} />
      {next !== null ? (
        <p className="lidnummer__next">
          Volgende vrije nummer: <strong>{next}</strong>{" "}
          <button type="submit" name="intent" value={refreshIntent} formNoValidate className="button button--secondary button--small">
            Vernieuwen
          </button>
        </p>
      ) : null}
    </div>
  );
}
