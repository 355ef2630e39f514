import { useEffect, useRef, useState } from "react";

/**
 * Registers the service worker (app/offline/sw.js; built pages only, JavaScript only), tells it
 * which account is signed in (`accountKey`), so it caches pages per account and drops them when the
 * account changes, and shows the notice of a new version waiting, whose button activates it and
 * reloads the page.
 */
export function ServiceWorkerStatus({ accountKey }: { accountKey: string }) {
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);
  const updating = useRef(false);

  useEffect(() => {
    if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    const container = navigator.serviceWorker;
    // A new version that was installed while a page was open (not the first installation).
    const watch = (registration: ServiceWorkerRegistration | undefined) => {
      // A browser that refuses workers (a test harness may) answers without a registration.
      if (!registration) return;
      if (registration.waiting && container.controller) setWaiting(registration.waiting);
      registration.addEventListener("updatefound", () => {
        const next = registration.installing;
        next?.addEventListener("statechange", () => {
          if (next.state === "installed" && container.controller) setWaiting(next);
        });
      });
    };
    container.register("/sw.js").then(watch, () => undefined);
    const reload = () => {
      if (updating.current) window.location.reload();
    };
    container.addEventListener("controllerchange", reload);
    return () => container.removeEventListener("controllerchange", reload);
  }, []);

  useEffect(() => {
    if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ type: "account", key: accountKey }));
  }, [accountKey]);

  return (
    <span className="update-status" role="status">
      {waiting ? (
        <span className="update-notice">
          Er is een nieuwe versie van het ledenportaal.{" "}
          <button
            type="button"
            className="button button--secondary header__install"
            onClick={() => {
              updating.current = true;
              waiting.postMessage({ type: "activate-update" });
            }}
          >
            Nu bijwerken
          </button>
        </span>
      ) : null}
    </span>
  );
}
