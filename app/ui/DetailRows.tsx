import { Fragment, type ReactNode } from "react";

/** Label and value pairs inside a `<dl>`, '–' for a value left empty (a read-only view of a form). */
export function DetailRows({ rows }: { rows: [string, ReactNode][] }) {
  return rows.map(([label, value]) => (
    <Fragment key={label}>
      <dt>{label}</dt>
      <dd>{value || "–"}</dd>
    </Fragment>
  ));
}
