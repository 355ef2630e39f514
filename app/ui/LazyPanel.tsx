import { use, useEffect, useState, type ComponentType } from "react";
import { useLocation } from "react-router";

/** Keeps the server's HTML of a panel whose code has not loaded yet: React leaves it as it is. */
const SERVER_HTML = { __html: "" };

/**
 * A tab panel whose code is split off from the page's. The server renders it whole, so the page
 * works without JavaScript. In the browser the panel's module loads once the page is idle, or at
 * once when its tab is the one shown; until then the server's HTML stays (hidden when its tab is
 * shown, so nobody types into a form about to be drawn anew), and then the panel renders from the
 * same data. So the code of the other tabs does not hold up the first one.
 */
export function lazyPanel<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const fetchCode = () => (loading ??= load().then((component) => (loaded = component)));
  // The server renders every panel: it has the code at hand before the first page.
  if (typeof document === "undefined") void fetchCode();

  return function LazyPanel({ tab, props }: { tab: string; props: P }) {
    const { hash } = useLocation();
    const [Component, setComponent] = useState(() => loaded);
    const shown = hash === `#${tab}`;

    useEffect(() => {
      if (Component) return;
      let live = true;
      const start = () => void fetchCode().then((component) => live && setComponent(() => component));
      let cancel = () => {};
      if (shown) start();
      else if ("requestIdleCallback" in window) {
        const idle = window.requestIdleCallback(start, { timeout: 2000 });
        cancel = () => window.cancelIdleCallback(idle);
      } else {
        const timer = setTimeout(start, 200);
        cancel = () => clearTimeout(timer);
      }
      return () => {
        live = false;
        cancel();
      };
    }, [Component, shown]);

    if (typeof document === "undefined") {
      // Outside any Suspense boundary, so the panel is part of the document itself, never a streamed
      // part that needs a script to be put in place (the page must work without JavaScript).
      const OnServer = loaded ?? use(fetchCode());
      return (
        <div className="lazy-panel">
          <OnServer {...props} />
        </div>
      );
    }
    if (!Component) {
      return <div className="lazy-panel" hidden={shown} aria-busy="true" dangerouslySetInnerHTML={SERVER_HTML} suppressHydrationWarning />;
    }
    return (
      <div className="lazy-panel">
        <Component {...props} />
      </div>
    );
  };
}
