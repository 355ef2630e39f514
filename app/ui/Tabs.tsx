import { useEffect, useRef, type ReactNode } from "react";
import { useActionData, useLocation, useNavigate } from "react-router";
import { PathLink } from "./PathLink";
import { openTabId, TAB_PARAM, tabPath } from "./tab-path";

/** Asked (with JavaScript) before another tab replaces a panel in which something was typed. */
export const UNSAVED_TAB_CHANGES = "U heeft op dit tabblad wijzigingen die nog niet zijn opgeslagen. Als u een ander tabblad opent, gaan deze verloren. Wilt u doorgaan?";

export interface TabDef {
  /** Also the tab's `?tab=` and the id of its panel. */
  id: string;
  label: string;
  disabled?: boolean;
  /** Shows a red '!' when something on the tab needs attention. */
  attention?: boolean;
  content: ReactNode;
}

/**
 * Tabs as links: each opens the page with `?tab=` naming it, and only the open tab's panel is on
 * the page (the server loads and draws nothing else). Without JavaScript every tab is a page of
 * its own; with it, a tab opens by client-side navigation. `open` is the tab the loader drew; without
 * it the URL decides, as the loader does (the first enabled tab when it names none). Another tab
 * replaces the panel, so with JavaScript a tab first asks before it drops what was typed.
 */
export function Tabs({ tabs, label, open }: { tabs: TabDef[]; label: string; open?: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const requested = new URLSearchParams(location.search).get(TAB_PARAM);
  const active = open ?? openTabId(requested, tabs);
  const panel = tabs.find((tab) => tab.id === active);
  // Something typed in the panel and not saved. A save or another tab draws the panel anew; a
  // refused save draws it again with the action's answer, still holding what was typed.
  const actionData = useActionData();
  const typed = useRef(false);
  useEffect(() => {
    typed.current = actionData !== undefined;
  }, [location.key, actionData]);
  const markTyped = () => {
    typed.current = true;
  };

  // An older link names its tab by the hash alone (#aanbod): with JavaScript it still opens that tab,
  // keeping the rest of the link's query.
  const fromHash = requested === null ? tabs.find((tab) => !tab.disabled && `#${tab.id}` === location.hash && tab.id !== active)?.id : undefined;
  useEffect(() => {
    if (fromHash) void navigate(tabPath(`${location.pathname}${location.search}`, fromHash), { replace: true, preventScrollReset: true });
  }, [fromHash, location.pathname, location.search, navigate]);

  return (
    <div className="tabs">
      <nav className="tabs__bar" aria-label={label}>
        <ul>
          {tabs.map((tab) => (
            <li key={tab.id}>
              {tab.disabled ? (
                <span className="tabs__tab tabs__tab--disabled" aria-disabled="true">
                  {tab.label}
                </span>
              ) : (
                <PathLink
                  to={tabPath(location.pathname, tab.id)}
                  preventScrollReset
                  onClick={(event) => {
                    if (typed.current && tab.id !== active && !window.confirm(UNSAVED_TAB_CHANGES)) event.preventDefault();
                  }}
                  className={`tabs__tab${tab.id === active ? " tabs__tab--active" : ""}`}
                  aria-current={tab.id === active ? "page" : undefined}
                >
                  {tab.label}
                  {tab.attention ? (
                    <span className="tabs__attention" aria-label="(vraagt aandacht)">
                      !
                    </span>
                  ) : null}
                </PathLink>
              )}
            </li>
          ))}
        </ul>
      </nav>
      {panel ? (
        <section
          key={panel.id}
          id={panel.id}
          className="tab-panel"
          aria-label={panel.label}
          tabIndex={-1}
          onInput={markTyped}
          onChange={markTyped}
        >
          {panel.content}
        </section>
      ) : null}
    </div>
  );
}
