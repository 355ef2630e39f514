/** The query parameter that names the open tab of a record page: `/vestigingen/bewerken/7?tab=aanbod`. */
export const TAB_PARAM = "tab";

/**
 * A record page with one of its tabs open: the query names the tab the server draws, the hash is
 * its panel, where the browser puts the reader (and, without JavaScript, focus). A path that has a
 * query already keeps it after the tab: `/x?confirm=a` becomes `/x?tab=aanbod&confirm=a#aanbod`.
 */
export function tabPath(path: string, tab: string): string {
  const [base, query] = path.split("#", 1)[0].split("?", 2);
  const params = new URLSearchParams(query ?? "");
  params.delete(TAB_PARAM);
  const rest = params.toString();
  return `${base}?${TAB_PARAM}=${encodeURIComponent(tab)}${rest ? `&${rest}` : ""}#${tab}`;
}

/** The tab a record page opens: the one its URL names when that one is shown and enabled, else the first enabled one. */
export function openTabId(requested: string | null, tabs: readonly { id: string; disabled?: boolean }[]): string | undefined {
  const enabled = tabs.filter((tab) => !tab.disabled);
  return (enabled.find((tab) => tab.id === requested) ?? enabled[0])?.id;
}
