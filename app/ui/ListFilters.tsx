import { Form } from "react-router";
import { FILTER_PANEL_SENT, type ListFilterGroup, type ListParams } from "../lib/list";

/**
 * The filter panel of a list: a group of checkboxes per filter in a panel that opens and closes
 * (a <details>, so also without JavaScript), sent as a GET form: the choices live in the URL. Search
 * and sort are kept; the page starts at 1. A group with nothing ticked empties the list.
 */
export function ListFilters({ params, groups }: { params: ListParams; groups: readonly ListFilterGroup[] }) {
  const narrowed = !!params.filters;
  const ticked = (group: ListFilterGroup, value: string) => !params.filters || (params.filters[group.key] ?? []).includes(value);
  return (
    <details className="list-filters" open={narrowed}>
      <summary className="list-filters__toggle">Filters{narrowed ? " (actief)" : ""}</summary>
      {/* A new key when the URL's choices change, so the boxes show them after a back or forward. */}
      <Form method="get" className="list-filters__form" key={JSON.stringify(params.filters ?? null)}>
        {params.search ? <input type="hidden" name="q" value={params.search} /> : null}
        <input type="hidden" name="sort" value={params.sort} />
        <input type="hidden" name="dir" value={params.dir} />
        <input type="hidden" name={FILTER_PANEL_SENT} value="1" />
        {groups.map((group) => (
          <fieldset key={group.key} className="list-filters__group">
            <legend>{group.label}</legend>
            {group.options.map((option) => (
              <label key={option.value} className="choice">
                <input type="checkbox" name={group.key} value={option.value} defaultChecked={ticked(group, option.value)} />
                {option.label}
              </label>
            ))}
          </fieldset>
        ))}
        <div className="list-filters__actions">
          <button type="submit" className="button">
            Filteren
          </button>
        </div>
      </Form>
    </details>
  );
}

/** The hidden fields that keep a list's filter choices in another GET form of it (the search box). */
export function FilterFields({ params }: { params: ListParams }) {
  if (!params.filters) return null;
  return (
    <>
      <input type="hidden" name={FILTER_PANEL_SENT} value="1" />
      {Object.entries(params.filters).flatMap(([key, values]) => values.map((value) => <input key={`${key}=${value}`} type="hidden" name={key} value={value} />))}
    </>
  );
}
