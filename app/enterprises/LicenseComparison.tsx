import type { ReactNode } from "react";
import { formatDateTime } from "../lib/format";
import { LICENSES, SPACE_CATEGORIES, totalArea, type LicenseDeclaration } from "./licenses";
import type { ComparedDeclaration, LicenseComparisonData } from "./license-comparison.server";

/** What marks a changed row, as text too (not by colour alone). */
export const CHANGED = "gewijzigd";

const yesNo = (value: boolean) => (value ? "Ja" : "Nee");
const m2 = (area: number) => `${area.toLocaleString("nl-NL")} m²`;

interface Line {
  label: string;
  value: (d: ComparedDeclaration) => ReactNode;
  /** What is compared (the shown value unless given). */
  key?: (d: LicenseDeclaration) => string;
}

interface Section {
  title: string;
  lines: Line[];
}

const spaceRows = (d: LicenseDeclaration, category: (typeof SPACE_CATEGORIES)[number]["key"]) => d.spaces[category];
const subtotal = (d: LicenseDeclaration, category: (typeof SPACE_CATEGORIES)[number]["key"]) => spaceRows(d, category).reduce((sum, r) => sum + r.area, 0);

const SECTIONS: Section[] = [
  {
    title: "Ingediend",
    lines: [
      { label: "Door", value: (c) => c.by, key: () => "" },
      { label: "Datum", value: (c) => formatDateTime(c.created), key: () => "" },
    ],
  },
  {
    title: "Deelname",
    lines: LICENSES.map((l) => ({ label: l.description, value: (c) => yesNo(c.declaration[l.key]), key: (d) => String(d[l.key]) })),
  },
  {
    title: "Muziek (Buma/Sena): ruimten",
    lines: [
      ...SPACE_CATEGORIES.map(
        (cat): Line => ({
          label: cat.label,
          value: (c) => {
            const rows = spaceRows(c.declaration, cat.key);
            if (!rows.length) return "–";
            return (
              <>
                <ul className="comparison__spaces">
                  {rows.map((r, i) => (
                    <li key={i}>
                      {r.name || "Naamloos"}: {m2(r.area)}
                    </li>
                  ))}
                </ul>
                <span className="comparison__subtotal">Subtotaal: {m2(subtotal(c.declaration, cat.key))}</span>
              </>
            );
          },
          key: (d) => JSON.stringify(spaceRows(d, cat.key)),
        }),
      ),
      { label: "Totaal", value: (c) => <strong>{m2(totalArea(c.declaration.spaces))}</strong>, key: (d) => String(totalArea(d.spaces)) },
    ],
  },
  {
    title: "Video (Videma)",
    lines: [{ label: "Aantal televisies", value: (c) => (c.declaration.tvSets === null ? "–" : String(c.declaration.tvSets)), key: (d) => String(d.tvSets) }],
  },
  {
    title: "Machtiging automatische incasso",
    lines: [
      ...LICENSES.map((l): Line => ({ label: `Machtiging ${l.label}`, value: (c) => yesNo(c.declaration[l.authorization]), key: (d) => String(d[l.authorization]) })),
      { label: "Rekeninghouder", value: (c) => c.declaration.authorizationName || "–", key: (d) => d.authorizationName },
      { label: "IBAN", value: (c) => c.declaration.authorizationIban || "–", key: (d) => d.authorizationIban },
      { label: "BIC", value: (c) => c.declaration.authorizationBic || "–", key: (d) => d.authorizationBic },
    ],
  },
];

/**
 * A finalized licence declaration beside the one before it (part 1 "Logboek of an establishment"):
 * who submitted each and when, the licences, the spaces per category with subtotals and a total,
 * the televisions and the mandate. A changed line says 'gewijzigd' in its first cell, and is
 * shaded. The page without JavaScript and the dialog with it show the same.
 */
export function LicenseComparison({ data, headingId }: { data: LicenseComparisonData; headingId?: string }) {
  const { current, previous } = data;
  return (
    <div className="table-wrap comparison">
      <table className="table">
        <caption className="visually-hidden">Vorige opgave en deze opgave naast elkaar</caption>
        <thead>
          <tr>
            <th scope="col" id={headingId}>
              <span className="visually-hidden">Onderdeel</span>
            </th>
            <th scope="col">Vorige opgave</th>
            <th scope="col">Deze opgave</th>
          </tr>
        </thead>
        {SECTIONS.map((section) => (
          <tbody key={section.title}>
            <tr className="comparison__section">
              <th scope="colgroup" colSpan={3}>
                {section.title}
              </th>
            </tr>
            {section.lines.map((line) => {
              const key = line.key ?? (() => "");
              const changed = !!previous && key(previous.declaration) !== key(current.declaration);
              return (
                <tr key={line.label} className={changed ? "comparison__changed" : undefined}>
                    <th scope="row">
                      {line.label}
                      {changed ? <span className="comparison__mark"> ({CHANGED})</span> : null}
                    </th>
                    <td>{previous ? line.value(previous) : "–"}</td>
                    <td>{line.value(current)}</td>
                </tr>
              );
            })}
          </tbody>
        ))}
      </table>
      {previous ? null : <p className="form__note">Dit is de eerste opgave: er is geen vorige om mee te vergelijken.</p>}
    </div>
  );
}
