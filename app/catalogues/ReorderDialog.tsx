import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { fetchJson } from "../lib/fetch-json";
import { useLocation, useNavigate } from "react-router";
import type { CatalogueDefinition } from "./definitions";
import { REORDER_TEXTS, reorderJsonPath, reorderPath, type ReorderItem, type ReorderView } from "./reorder";
import { SortableList } from "./SortableList";
import "./reorder.css";

/**
 * 'Volgorde wijzigen' over a catalogue's list (with JavaScript; without it the reorder page): the
 * entries of one category, or of the whole catalogue, to drag into order with the pointer or the
 * keyboard, or to move with 'Omhoog' and 'Omlaag'. 'Opslaan' posts the same form to the reorder
 * page's action; on success the list it was opened from loads again with the notification and the
 * dialog closes. A list that changed meanwhile is refused in the dialog, which then shows the stored
 * order. Should anything go wrong on the way (the session ended, the connection dropped), the reorder
 * page opens instead.
 *
 * It loads and posts with fetch rather than a React Router fetcher: useFetcher lives in the router's
 * chunk that every page loads, and would weigh on all of them.
 */
export default function ReorderDialog({ catalogue, back, onClose }: { catalogue: CatalogueDefinition; back: string; onClose: () => void }) {
  const [dialog, setDialog] = useState<HTMLDialogElement | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  // The category asked for (null: the first, the page's default).
  const [requested, setRequested] = useState<string | null>(null);
  // The order being edited, its category and the order it was loaded as; null until the entries have arrived.
  const [order, setOrder] = useState<{ scope: string | null; items: ReorderItem[]; loaded: string } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [view, setView] = useState<ReorderView | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const messageRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (dialog && !dialog.open) dialog.showModal();
  }, [dialog]);

  /** Without JavaScript's comfort: the reorder page, which does the same. */
  const fallBack = (scope: string | null) => window.location.assign(reorderPath(catalogue, scope, back));

  // The entries of the category chosen (the first by default), as the reorder page shows them.
  useEffect(() => {
    let current = true;
    loadView(catalogue, requested).then(
      (loaded) => {
        if (!current) return;
        setView(loaded);
        setOrder({ scope: loaded.scope, items: loaded.items, loaded: loaded.loaded });
      },
      () => current && window.location.assign(reorderPath(catalogue, requested, back)),
    );
    return () => {
      current = false;
    };
  }, [catalogue, requested, back]);
  const scope = order?.scope ?? null;
  const items = order?.items;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setMessage(null);
    setAnnouncement("");
    try {
      const response = await fetch(event.currentTarget.action, { method: "POST", body: new FormData(event.currentTarget), redirect: "manual" });
      if (response.type === "opaqueredirect") {
        // Saved (or the session ended): the list loads again, with the server's notification.
        await navigate(location.pathname + location.search, { replace: true, preventScrollReset: true });
        dialog?.close();
        return;
      }
      if (response.status !== 409 && response.status !== 400) throw new Error(`reorder: ${response.status}`);
      const fresh = await loadView(catalogue, scope);
      setView(fresh);
      setOrder({ scope: fresh.scope, items: fresh.items, loaded: fresh.loaded });
      setMessage(response.status === 409 ? REORDER_TEXTS.stale : REORDER_TEXTS.invalid);
    } catch {
      fallBack(scope);
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    if (message) messageRef.current?.focus();
  }, [message]);

  const scopes = view?.scopes ?? [];
  return (
    <dialog ref={setDialog} className="dialog reorder-dialog" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>
        {REORDER_TEXTS.title}: {catalogue.title}
      </h2>
      {scopes.length ? (
        <div className="field reorder-dialog__scope">
          <label htmlFor={`${titleId}-scope`}>Categorie</label>
          <select
            id={`${titleId}-scope`}
            value={requested ?? scope ?? ""}
            onChange={(event) => {
              setMessage(null);
              setRequested(event.target.value);
            }}
          >
            {scopes.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {message ? (
        <div className="error-summary" role="alert" tabIndex={-1} ref={messageRef}>
          <p className="error-summary__form">{message}</p>
        </div>
      ) : null}
      <form method="post" action={reorderPath(catalogue, scope, back)} onSubmit={save}>
        {!items || (requested !== null && requested !== scope) ? (
          <p role="status">Bezig met laden…</p>
        ) : items.length === 0 ? (
          <p className="empty">{REORDER_TEXTS.empty}</p>
        ) : (
          <>
            <p className="form__note">
              Sleep de items in de gewenste volgorde, of gebruik &lsquo;Omhoog&rsquo; en &lsquo;Omlaag&rsquo;, en kies &lsquo;Opslaan&rsquo;.
              {scope ? " De volgorde geldt binnen de categorie." : null}
            </p>
            <input type="hidden" name="loaded" value={order!.loaded} />
            <input type="hidden" name="terug" value={back} />
            <SortableList
              items={items}
              onChange={(next) => setOrder((current) => current && { ...current, items: next })}
              announce={setAnnouncement}
              scroller={dialog}
            />
          </>
        )}
        <div className="visually-hidden" aria-live="assertive" aria-atomic="true">
          {announcement}
        </div>
        <div className="form__actions">
          {items?.length ? (
            <button type="submit" className="button" disabled={busy}>
              Opslaan
            </button>
          ) : null}
          <button type="button" className="button button--secondary" onClick={() => dialog?.close()}>
            Annuleren
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** The entries of a scope in their stored order; fails when the answer is not that (e.g. a redirect to the sign-in page). */
async function loadView(catalogue: CatalogueDefinition, scope: string | null): Promise<ReorderView> {
  const view = await fetchJson<ReorderView>(reorderJsonPath(catalogue, scope));
  if (!view) throw new Error("reorder");
  return view;
}
