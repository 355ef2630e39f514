import { useFetchers, useNavigation } from "react-router";

/** Visible while any navigation or form post is pending: the count of calls under way. */
export function LoadingOverlay() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const pending = (navigation.state !== "idle" ? 1 : 0) + fetchers.filter((f) => f.state !== "idle").length;
  if (!pending) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <div className="loading-overlay__spinner" aria-hidden="true" />
      <span className="visually-hidden">Bezig met laden…</span>
    </div>
  );
}
