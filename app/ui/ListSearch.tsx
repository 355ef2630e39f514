import { Form } from "react-router";
import { listQuery, type ListParams } from "../lib/list";
import { Icon } from "./Icon";
import { FilterFields } from "./ListFilters";
import { PathLink } from "./PathLink";
import { closeIcon } from "./icons";
import { searchIcon } from "./list-icons";

/**
 * The box's size for its hint to be read whole (app.css): a character takes about 0.55em, the box's
 * padding, the browser's own clear button and the search button about 6rem more.
 */
const boxFor = (hint: string) => (hint.length > 52 ? "list-search list-search--wide" : hint.length > 24 ? "list-search list-search--medium" : "list-search");

/**
 * The search box above a list: a GET form, so Enter or the search icon runs it without
 * JavaScript; the clear icon is a link back to the list without the search. Sort order and filters are kept.
 */
export function ListSearch({ path, params, label, placeholder }: { path: string; params: ListParams; label: string; placeholder: string }) {
  return (
    <Form method="get" className={boxFor(placeholder)} role="search">
      <label htmlFor="list-search" className="visually-hidden">
        {label}
      </label>
      <input
        id="list-search"
        name="q"
        type="search"
        defaultValue={params.search}
        key={params.search}
        placeholder={placeholder}
        className="input list-search__input"
      />
      <input type="hidden" name="sort" value={params.sort} />
      <input type="hidden" name="dir" value={params.dir} />
      <FilterFields params={params} />
      <button type="submit" className="button list-search__go" aria-label="Zoeken">
        <Icon icon={searchIcon} />
      </button>
      {params.search ? (
        <PathLink to={`${path}${listQuery(params, { search: "", page: 1 })}`} className="list-search__clear" aria-label="Zoekopdracht wissen">
          <Icon icon={closeIcon} />
        </PathLink>
      ) : null}
    </Form>
  );
}

/**
 * A column header that sorts the list at `path` by its column (a link: bookmarkable, works without
 * JavaScript).
 */
export function SortHeader({ path, params, column, label }: { path: string; params: ListParams; column: string; label: string }) {
  const sorted = params.sort === column;
  const next = sorted && params.dir === "asc" ? "desc" : "asc";
  return (
    <th scope="col" aria-sort={sorted ? (params.dir === "asc" ? "ascending" : "descending") : undefined}>
      <PathLink to={`${path}${listQuery(params, { sort: column, dir: next, page: 1 })}`} className="sort-header">
        {label}
        <span className="sort-header__mark" aria-hidden="true">
          {sorted ? (params.dir === "asc" ? " ▲" : " ▼") : ""}
        </span>
      </PathLink>
    </th>
  );
}
