import { BEHEER_CRUMB } from "../shell/crumbs";
import { deleteIconColumn, type ListColumn, type ListDefinition } from "../ui/ListPage";
import { PathLink } from "../ui/PathLink";
import type { CatalogueRow } from "./catalogue.server";
import { addPath, deletePath, editPath, listPath, type CatalogueDefinition, type CatalogueField } from "./definitions";
import { hasStepMoves } from "./reorder";
import { ReorderButton } from "./ReorderButton";
import { stepColumn } from "./StepButtons";

/** How a field's value reads in a list cell. */
function cellText(field: CatalogueField, value: string | number | boolean | undefined): string {
  if (field.kind === "checkbox") return value ? "Ja" : "Nee";
  if (field.kind === "select") return field.options.find((o) => o.value === value)?.label ?? "";
  return value === undefined ? "" : String(value);
}

/** /beheer/<catalogue>: search, 10 per page, name and the definition's columns, delete for admins. */
export function catalogueList(catalogue: CatalogueDefinition): ListDefinition<CatalogueRow> {
  const extra: ListColumn<CatalogueRow>[] = catalogue.columns.map((name) => {
    const field = catalogue.fields.find((f) => f.name === name)!;
    return { label: field.label, cell: (row) => cellText(field, row.values[name]) };
  });
  return {
    title: catalogue.title,
    parents: [BEHEER_CRUMB],
    counted: true,
    path: listPath(catalogue),
    addHref: addPath(catalogue),
    actions: (view) => <ReorderButton catalogue={catalogue} back={view.here} />,
    search: { label: `Zoek in ${catalogue.title.toLowerCase()}`, placeholder: "Zoek op naam" },
    emptyText: "Geen resultaten gevonden",
    columns: [
      { label: "Naam", cell: (row) => <PathLink to={editPath(catalogue, row.id)}>{row.name}</PathLink> },
      ...extra,
      ...(hasStepMoves(catalogue) ? [stepColumn(catalogue)] : []),
      deleteIconColumn((row) => deletePath(catalogue, row.id)),
    ],
  };
}
