import { use, useEffect, useRef, useState, type ComponentType } from "react";

/** Keeps the server's HTML of a panel whose code has not loaded yet: React leaves it as it is. */
const SERVER_HTML = { __html: "" };

/**
 * A tab panel whose code is split off from the page's, so a page opened on another tab does not
 * load it. The server renders it whole, so the page works without JavaScript. In the browser the
 * panel's module loads when the panel is shown; until then the server's HTML stays in view, inert
 * (nobody types into a form about to be drawn anew), and then the panel renders from the same data.
 */
export function lazyPanel<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const fetchCode = () => (loading ??= load().then((component) => (loaded = component)));
  // The server has the code at hand before its first page.
  if (typeof document === "undefined") void fetchCode();

  return function LazyPanel({ props }: { props: P }) {
    const [Component, setComponent] = useState(() => loaded);
    const serverHtml = useRef<HTMLDivElement>(null);

    useEffect(() => {
      if (Component) return;
      // Hydration keeps the server's attributes as they are, so the waiting state is set here.
      serverHtml.current?.setAttribute("inert", "");
      serverHtml.current?.setAttribute("aria-busy", "true");
      let live = true;
      void fetchCode().then((component) => live && setComponent(() => component));
      return () => {
        live = false;
      };
    }, [Component]);

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
      return <div key="server" ref={serverHtml} className="lazy-panel" dangerouslySetInnerHTML={SERVER_HTML} suppressHydrationWarning />;
    }
    return (
      <div key="drawn" className="lazy-panel">
        <Component {...props} />
      </div>
    );
  };
}
