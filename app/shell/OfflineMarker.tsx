import { useEffect } from "react";
import { href } from "react-router";
import { Icon } from "../ui/Icon";
import { checkIcon, offlineIcon } from "../ui/icons";
import { setPortalStatus, usePortalStatus } from "../offline/offline-state";

/** How long the online check may take before the portal counts as unreachable. */
const CHECK_TIMEOUT_MS = 4000;
/** How often the check runs again while offline. */
const RETRY_MS = 15_000;
/** How long 'Weer online' shows once the portal is reachable again. */
const BACK_MS = 5000;

/**
 * Whether the portal answers: the browser's own flag first (false means no network at all), then
 * `/online` (a network can be up while the portal is not: a captive portal, a proxy, the server).
 */
async function portalReachable(): Promise<boolean> {
  if (!navigator.onLine) return false;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), CHECK_TIMEOUT_MS);
  try {
    const response = await fetch(href("/online"), { cache: "no-store", signal: abort.signal });
    return response.ok;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Shows that the portal cannot be reached, and briefly that it can again (JavaScript only: without
 * it the browser says so itself). Checked when the browser reports a change of network, when the
 * tab comes back into view, and every 15 seconds while offline.
 */
export function OfflineMarker() {
  const status = usePortalStatus();
  useEffect(() => {
    let live = true;
    let offline = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let back: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      clearTimeout(retry);
      const reachable = await portalReachable();
      if (!live) return;
      if (!reachable) {
        offline = true;
        clearTimeout(back);
        setPortalStatus("offline");
        retry = setTimeout(check, RETRY_MS);
      } else if (offline) {
        offline = false;
        setPortalStatus("back");
        back = setTimeout(() => live && setPortalStatus("online"), BACK_MS);
      }
    };
    const onVisible = () => document.visibilityState === "visible" && void check();
    const checkNow = () => void check();
    window.addEventListener("online", checkNow);
    window.addEventListener("offline", checkNow);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      live = false;
      clearTimeout(retry);
      clearTimeout(back);
      window.removeEventListener("online", checkNow);
      window.removeEventListener("offline", checkNow);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, []);
  // The live region is always there, so a screen reader announces what appears in it.
  return (
    <span className="offline-status" role="status">
      {status === "online" ? null : (
        <span className={`offline-marker${status === "back" ? " offline-marker--back" : ""}`}>
          <Icon icon={status === "back" ? checkIcon : offlineIcon} /> {status === "back" ? "Weer online" : "Offline"}
        </span>
      )}
    </span>
  );
}
