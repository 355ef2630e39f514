import { useEffect, useState, type ReactNode } from "react";
import { Link, useLocation } from "react-router";

export interface TabDef {
  /** Also the URL hash that opens the tab (#vestigingen). */
  id: string;
  label: string;
  disabled?: boolean;
  /** Shows a red '!' when something on the tab needs attention. */
  attention?: boolean;
  content: ReactNode;
}

/**
 * Tabs that open by URL hash. Without JavaScript each tab is a link to #id and CSS shows the
 * panel that is the :target (the first when none is); with JavaScript the location's hash decides,
 * also after client-side navigation, where :target does not follow.
 */
export function Tabs({ tabs, label }: { tabs: TabDef[]; label: string }) {
  const location = useLocation();
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const enabled = tabs.filter((t) => !t.disabled);
  const fromHash = enabled.find((t) => `#${t.id}` === location.hash);
  const active = (fromHash ?? enabled[0])?.id;

  return (
    <div className={`tabs${enhanced ? " tabs--enhanced" : ""}`}>
      <nav className="tabs__bar" aria-label={label}>
        <ul>
          {tabs.map((tab) => (
            <li key={tab.id}>
              {tab.disabled ? (
                <span className="tabs__tab tabs__tab--disabled" aria-disabled="true">
                  {tab.label}
                </span>
              ) : (
                <Link
                  to={{ search: location.search, hash: tab.id }}
                  replace
                  preventScrollReset
                  className={`tabs__tab${enhanced && tab.id === active ? " tabs__tab--active" : ""}`}
                  aria-current={enhanced && tab.id === active ? "page" : undefined}
                >
                  {tab.label}
                  {tab.attention ? (
                    <span className="tabs__attention" aria-label="(vraagt aandacht)">
                      !
                    </span>
                  ) : null}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </nav>
      {enabled.map((tab) => (
        <section
          key={tab.id}
          id={tab.id}
          className={`tab-panel${tab.id === enabled[0].id ? " tab-panel--first" : ""}${enhanced && tab.id === active ? " tab-panel--active" : ""}`}
          aria-label={tab.label}
          tabIndex={-1}
        >
          {tab.content}
        </section>
      ))}
    </div>
  );
}
