import type { FormMetadata } from "@conform-to/react";

// The list buttons are the same for every form, so these parts take a form of any shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type AnyForm = FormMetadata<any, string[]>;

/**
 * Removes a row of a list field, or empties the last one (at least one row always shows). A
 * submit of Conform's, so it works without JavaScript (the form comes back with the change).
 */
export function RowRemoveButton({
  form,
  list,
  index,
  count,
  empty,
  label,
}: {
  form: AnyForm;
  list: { name: string };
  index: number;
  count: number;
  /** What the last row becomes. */
  empty: unknown;
  /** The row's name: 'Social media 1' (the button reads 'Social media 1: verwijderen'). */
  label: string;
}) {
  return (
    <button
      type="submit"
      {...(count > 1 ? form.remove.getButtonProps({ name: list.name, index }) : form.update.getButtonProps({ name: `${list.name}[${index}]`, value: empty as string }))}
      className="button button--secondary button--small"
      aria-label={`${label}: verwijderen`}
    >
      Verwijderen
    </button>
  );
}
