import { href, useMatches } from "react-router";
import { PathLink } from "../ui/PathLink";
import { Icon } from "../ui/Icon";
import { homeIcon } from "../ui/icons";

export interface Crumb {
  label: string;
  href?: string;
}

/**
 * Route modules say where they sit: `export const handle = { breadcrumbs: [...] }`, or a function
 * of the route's loader data when a crumb names the record (e.g. a membership's name).
 */
export interface RouteHandle<Data = never> {
  breadcrumbs?: Crumb[] | ((data: Data) => Crumb[]);
}

export function Breadcrumbs() {
  const matches = useMatches();
  const crumbs = matches.flatMap((m) => {
    const own = (m.handle as RouteHandle<unknown> | undefined)?.breadcrumbs;
    if (typeof own === "function") return m.data === undefined ? [] : own(m.data);
    return own ?? [];
  });
  if (!crumbs.length) return null;
  return (
    <nav className="breadcrumbs" aria-label="Kruimelpad">
      <ol>
        <li>
          <PathLink to={href("/")} aria-label="Home">
            <Icon icon={homeIcon} />
          </PathLink>
        </li>
        {crumbs.map((crumb, i) => (
          <li key={`${crumb.label}-${i}`}>
            {crumb.href && i < crumbs.length - 1 ? <PathLink to={crumb.href}>{crumb.label}</PathLink> : <span>{crumb.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
