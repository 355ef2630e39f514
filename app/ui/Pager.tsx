import { Form, useLocation } from "react-router";
import { Icon } from "./Icon";
import { PathLink } from "./PathLink";
import { pagerModel } from "./pager";
import { TAB_PARAM } from "./tab-path";
import { chevronLeftIcon, chevronRightIcon, firstIcon, lastIcon } from "./list-icons";

/**
 * The shared pager: first/last, five page numbers, previous/next and a jump-to-page form. Plain
 * links and a GET form, so it works without JavaScript; other query parameters are kept.
 */
export function Pager({
  page,
  total,
  limit,
  param = "page",
  tab,
}: {
  page: number;
  total: number;
  limit: number;
  param?: string;
  /** The tab the list sits in (e.g. "logboek"), so paging keeps it open. */
  tab?: string;
}) {
  const location = useLocation();
  const model = pagerModel(page, total, limit);
  if (model.totalPages <= 1) return null;
  const params = new URLSearchParams(location.search);
  if (tab) params.set(TAB_PARAM, tab);
  const href = (p: number) => {
    const next = new URLSearchParams(params);
    if (p === 1) next.delete(param);
    else next.set(param, String(p));
    const query = next.toString();
    return `${location.pathname}${query ? `?${query}` : ""}${tab ? `#${tab}` : ""}`;
  };
  const keep = [...params.entries()].filter(([name]) => name !== param);
  const step = (target: number | null, icon: string, label: string) =>
    target === null || target === model.page ? (
      <span className="pager__link pager__link--disabled" aria-hidden="true">
        <Icon icon={icon} />
      </span>
    ) : (
      <PathLink className="pager__link" to={href(target)} aria-label={label}>
        <Icon icon={icon} />
      </PathLink>
    );

  return (
    <nav className="pager" aria-label="Paginering">
      {step(1, firstIcon, "Eerste pagina")}
      {step(model.previous, chevronLeftIcon, "Vorige pagina")}
      {model.pages.map((p) =>
        p === model.page ? (
          <span key={p} className="pager__link pager__link--current" aria-current="page">
            {p}
          </span>
        ) : (
          <PathLink key={p} className="pager__link" to={href(p)} aria-label={`Pagina ${p}`}>
            {p}
          </PathLink>
        ),
      )}
      {step(model.next, chevronRightIcon, "Volgende pagina")}
      {step(model.totalPages, lastIcon, "Laatste pagina")}
      <Form method="get" className="pager__jump" action={tab ? `${location.pathname}#${tab}` : undefined}>
        {keep.map(([name, value]) => (
          <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
        ))}
        <label htmlFor={`pager-jump-${param}`}>Naar pagina</label>
        <input id={`pager-jump-${param}`} name={param} type="number" min={1} max={model.totalPages} defaultValue={model.page} />
        <span className="pager__of">van {model.totalPages}</span>
        <button type="submit" className="button button--small">
          Ga
        </button>
      </Form>
    </nav>
  );
}
