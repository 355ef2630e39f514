import { useFetchers, useNavigation } from "react-router";
import { usePendingCalls } from "../offline/offline-state";

/**
 * Visible while any call is pending (part 1 §2): a navigation or form post, a fetcher, a run of
 * the offline queue. The count comes from the router and the queue themselves, so it cannot stick.
 */
export function LoadingOverlay() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const queueRuns = usePendingCalls();
  const pending = (navigation.state !== "idle" ? 1 : 0) + fetchers.filter((f) => f.state !== "idle").length + queueRuns;
  if (!pending) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <div className="loading-overlay__spinner" aria-hidden="true" />
      <span className="visually-hidden">Bezig met laden…</span>
    </div>
  );
}
