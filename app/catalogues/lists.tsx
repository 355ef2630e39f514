import { imageUrl } from "../shell/Avatar";
import { BEHEER_CRUMB } from "../shell/crumbs";
import { deleteIconColumn, type ListColumn, type ListDefinition } from "../ui/ListPage";
import { PathLink } from "../ui/PathLink";
import type { CatalogueChoices, CatalogueRow } from "./catalogue.server";
import { addPath, deletePath, editPath, listPath, type CatalogueDefinition, type CatalogueField } from "./definitions";
import { assetFilePath } from "./files";
import { hasStepMoves } from "./reorder";
import { ReorderButton } from "./ReorderButton";
import { stepColumn } from "./StepButtons";

/** How a field's value reads in a list cell. */
function cell(field: CatalogueField, row: CatalogueRow, choices: CatalogueChoices) {
  const value = row.values[field.name];
  switch (field.kind) {
    case "checkbox":
      return value ? "Ja" : "Nee";
    case "select":
      return field.options.find((o) => o.value === value)?.label ?? "";
    case "reference":
      return choices[field.name]?.find((o) => o.value === String(value))?.label ?? "";
    case "image": {
      const image = row.files[field.name]?.[0];
      // Thumbnails 150 wide (part 2 §9); the name beside it says what it shows.
      return image ? <img className="catalogue-thumbnail" src={imageUrl(image, 150)} width={150} alt="" loading="lazy" /> : null;
    }
    case "file": {
      const file = row.files[field.name]?.[0];
      return file ? <a href={assetFilePath(String(row.values.ref))}>{file.name}</a> : "Geen bestand";
    }
    default:
      return value === undefined ? "" : String(value);
  }
}

/** /beheer/<catalogue>: search, 10 per page, name and the definition's columns, delete for admins. */
export function catalogueList(catalogue: CatalogueDefinition, choices: CatalogueChoices): ListDefinition<CatalogueRow> {
  const extra: ListColumn<CatalogueRow>[] = catalogue.columns.map((name) => {
    const field = catalogue.fields.find((f) => f.name === name)!;
    return { label: field.label, cell: (row) => cell(field, row, choices) };
  });
  return {
    title: catalogue.title,
    parents: [BEHEER_CRUMB],
    counted: true,
    path: listPath(catalogue),
    addHref: catalogue.addable ? addPath(catalogue) : undefined,
    actions: catalogue.ordered ? (view) => <ReorderButton catalogue={catalogue} back={view.here} /> : undefined,
    search: { label: `Zoek in ${catalogue.title.toLowerCase()}`, placeholder: "Zoek op naam" },
    emptyText: "Geen resultaten gevonden",
    columns: [
      { label: "Naam", cell: (row) => <PathLink to={editPath(catalogue, row.id)}>{row.name || String(row.values.ref ?? "")}</PathLink> },
      ...extra,
      ...(hasStepMoves(catalogue) ? [stepColumn(catalogue)] : []),
      ...(catalogue.deletable ? [deleteIconColumn((row: CatalogueRow) => deletePath(catalogue, row.id))] : []),
    ],
  };
}
