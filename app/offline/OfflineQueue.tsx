import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { Notifications } from "../shell/Notifications";
import { onOtherTabChange, refreshSummary, removeRefused, retryRefused, sendQueue } from "./queue";
import { changesText, useQueueSummary } from "./offline-state";

/** How often waiting posts are tried again while the portal cannot be reached. */
const RETRY_MS = 15_000;

/**
 * The offline queue on a signed-in page (loaded after the page, JavaScript only): sends waiting
 * posts when the app starts, when the connection returns, when the tab comes back into view and
 * every 15 seconds while any wait; shows what is waiting, what was kept or discarded, and the
 * posts the server refused, each with its reason and a link to its form.
 */
export default function OfflineQueue() {
  const summary = useQueueSummary();
  const revalidator = useRevalidator();
  const reload = useRef(revalidator.revalidate);
  reload.current = revalidator.revalidate;
  // Applied posts change what the page shows: its data is reloaded once a run has applied any.
  const send = useRef(() => void sendQueue(() => void reload.current())).current;

  useEffect(() => {
    const onVisible = () => document.visibilityState === "visible" && send();
    send();
    const stop = onOtherTabChange(() => void refreshSummary());
    window.addEventListener("online", send);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stop();
      window.removeEventListener("online", send);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [send]);

  useEffect(() => {
    if (!summary.waiting) return;
    const timer = setInterval(send, RETRY_MS);
    return () => clearInterval(timer);
  }, [send, summary.waiting]);

  return (
    <>
      <Notifications notification={summary.notice} />
      {summary.waiting ? (
        <p className="queue-waiting" role="status">
          {changesText(summary.waiting)} offline bewaard, {summary.waiting === 1 ? "wacht" : "wachten"} op verzending.
        </p>
      ) : null}
      {summary.refused.length ? (
        <section className="card queue-refused" aria-labelledby="queue-refused-title">
          <h2 id="queue-refused-title">Niet verwerkte wijzigingen</h2>
          <p>Deze offline bewaarde wijzigingen zijn niet opgeslagen. Open het formulier om de wijziging opnieuw in te voeren.</p>
          <ul className="queue-refused__list">
            {summary.refused.map((change) => (
              <li key={change.key}>
                <a href={change.page}>{change.title || change.page}</a>: {change.reason}{" "}
                <span className="queue-refused__actions">
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() => void retryRefused(change.key).then(() => sendQueue(() => void reload.current()))}
                  >
                    Opnieuw verzenden
                  </button>
                  <button type="button" className="button button--secondary button--small" onClick={() => void removeRefused(change.key)}>
                    Verwijderen
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
