import type { ReactNode } from "react";
import type { Crumb } from "../shell/Breadcrumbs";
import { listQuery, type ListFilterGroup, type ListParams } from "../lib/list";
import { DeleteDialog } from "./DeleteDialog";
import { Icon } from "./Icon";
import { ListFilters } from "./ListFilters";
import { ListSearch, SortHeader } from "./ListSearch";
import { PathLink } from "./PathLink";
import { Pager } from "./Pager";
import { StateIcon, type StateIconProps } from "./StateIcon";
import { checkIcon, closeIcon } from "./icons";
import { eyeIcon, eyeOffIcon, trashIcon } from "./list-icons";

/**
 * One column of an admin list. A column with `sort` has a header that sorts by it (the value as it
 * appears in the URL); `hiddenLabel` columns (states, actions) name themselves for screen readers only.
 */
export interface ListColumn<Row> {
  label: string;
  sort?: string;
  hiddenLabel?: boolean;
  className?: string;
  cell: (row: Row, view: ListView) => ReactNode;
}

/** What a cell may need of the list around it: the URL of this very view, to return to after a delete. */
export interface ListView {
  here: string;
}

/** A list as one definition: its texts and columns; the rows and paging come from the loader. */
export interface ListDefinition<Row> {
  title: string;
  /** Where the list sits, up to its parent (the list's own crumb, its title, is added). */
  parents?: Crumb[];
  /** The title carries the number of rows found: 'Lidmaatschappen (12)'. */
  counted?: boolean;
  search?: { label: string; placeholder: string };
  /** The filter panel's groups of checkboxes (the loader reads them with the same groups). */
  filters?: readonly ListFilterGroup[];
  addHref?: string;
  /** Further buttons beside 'Toevoegen' (e.g. 'Volgorde wijzigen'), given this view of the list. */
  actions?: (view: ListView) => ReactNode;
  /** The list's own URL, which sorting, searching and deleting return to. */
  path: string;
  intro?: ReactNode;
  columns: ListColumn<Row>[];
  emptyText: string;
  tableClassName?: string;
}

/** What a list loader returns: rows, and for a searchable, paged list its parameters and page. */
export interface ListData<Row> {
  rows: Row[];
  params?: ListParams;
  total?: number;
  page?: number;
  limit?: number;
}

/**
 * The admin list page (memberships, establishments, their pending pages, and the lists to come):
 * title (with count), search box, 'Toevoegen', filter panel, sortable headers, rows, pager and empty
 * text. Search, filters, sort and page live in the URL, so every part works without JavaScript.
 */
export function ListPage<Row extends { id: number }>({ definition, data }: { definition: ListDefinition<Row>; data: ListData<Row> }) {
  const { title, counted, search, filters, addHref, actions, path, intro, columns, emptyText, tableClassName } = definition;
  const { rows, params } = data;
  const view: ListView = { here: params ? `${path}${listQuery(params)}` : path };
  const heading = <h1>{counted ? `${title} (${data.total ?? rows.length})` : title}</h1>;
  return (
    <>
      {search || addHref || actions ? (
        <div className="list-header">
          {heading}
          {search && params ? <ListSearch path={path} params={params} label={search.label} placeholder={search.placeholder} /> : null}
          {actions?.(view)}
          {addHref ? (
            <PathLink to={addHref} className="button">
              Toevoegen
            </PathLink>
          ) : null}
        </div>
      ) : (
        heading
      )}
      {filters && params ? <ListFilters params={params} groups={filters} /> : null}
      {intro}
      {rows.length === 0 ? (
        <p className="empty">{emptyText}</p>
      ) : (
        <div className="table-wrap">
          <table className={tableClassName ? `table ${tableClassName}` : "table"}>
            <thead>
              <tr>
                {columns.map((column) =>
                  column.sort && params ? (
                    <SortHeader key={column.label} path={path} params={params} column={column.sort} label={column.label} />
                  ) : (
                    <th key={column.label} scope="col">
                      {column.hiddenLabel ? <span className="visually-hidden">{column.label}</span> : column.label}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  {columns.map((column) => (
                    <td key={column.label} className={column.className}>
                      {column.cell(row, view)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data.page !== undefined && data.total !== undefined && data.limit !== undefined ? (
        <Pager page={data.page} total={data.total} limit={data.limit} />
      ) : null}
    </>
  );
}

/**
 * The state icons of a record: approval, activity, visibility, after any properties of its own
 * (`children`) and before any states of its own (`after`), in the order the spec lists each list's icons.
 */
export function RecordStateIcons({
  approved,
  inactive,
  hidden,
  unapproved,
  children,
  after,
}: {
  approved: boolean;
  inactive: boolean;
  hidden: boolean;
  /** The icon that marks a record still waiting for approval. */
  unapproved: StateIconProps["icon"];
  children?: ReactNode;
  after?: ReactNode;
}) {
  return (
    <>
      {children}
      {approved ? null : <StateIcon icon={unapproved} label="Niet goedgekeurd" />}
      {inactive ? <StateIcon icon={closeIcon} label="Inactief" /> : <StateIcon icon={checkIcon} label="Actief" on />}
      {hidden ? <StateIcon icon={eyeOffIcon} label="Verborgen" /> : <StateIcon icon={eyeIcon} label="Zichtbaar" on />}
      {after}
    </>
  );
}

/** The list column of state icons. */
export function stateColumn<Row>(cell: (row: Row) => ReactNode): ListColumn<Row> {
  return { label: "Status", hiddenLabel: true, className: "icons", cell };
}

/** The list column with the delete icon, confirmed on a page of its own or in a dialog. */
export function deleteIconColumn<Row extends { id: number; name: string }>(
  deletePath: (row: Row) => string,
  deletion: { question?: string; details?: (row: Row) => ReactNode } = {},
): ListColumn<Row> {
  return {
    label: "Acties",
    hiddenLabel: true,
    className: "icons",
    cell: (row, view) => (
      <DeleteDialog
        path={deletePath(row)}
        name={row.name}
        back={view.here}
        className="icon-button icon-button--danger"
        question={deletion.question}
        details={deletion.details?.(row)}
      >
        <Icon icon={trashIcon} />
      </DeleteDialog>
    ),
  };
}

/** The route module parts of a list page: breadcrumbs, document title and component. */
export function listRoute<Row extends { id: number }>(definition: ListDefinition<Row>) {
  return {
    handle: { breadcrumbs: [...(definition.parents ?? []), { label: definition.title }] },
    meta: () => [{ title: `${definition.title} – Ledenportaal` }],
    Component: ({ loaderData }: { loaderData: ListData<Row> }) => <ListPage definition={definition} data={loaderData} />,
  };
}
