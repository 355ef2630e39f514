import { useEffect, useId, useState } from "react";
import { fetchJson } from "../lib/fetch-json";
import type { LicenseComparisonData } from "./license-comparison.server";
import { LicenseComparison } from "./LicenseComparison";

/**
 * The comparison of a licence declaration with the one before it, in a dialog over the Logboek
 * (800 pixels wide). It loads the same data as the Details page; should that fail (the session
 * ended, the connection dropped), the page opens instead.
 */
export default function LicenseDetailsDialog({ href, onClose }: { href: string; onClose: () => void }) {
  const [dialog, setDialog] = useState<HTMLDialogElement | null>(null);
  const [data, setData] = useState<LicenseComparisonData | null>(null);
  const titleId = useId();

  useEffect(() => {
    if (dialog && !dialog.open) dialog.showModal();
  }, [dialog]);

  useEffect(() => {
    let current = true;
    // Without its data (e.g. signed out meanwhile) the dialog's page opens as a page instead.
    fetchJson<LicenseComparisonData>(`${href}/details.json`)
      .then((loaded) => {
        if (!loaded) throw new Error("details");
        if (current) setData(loaded);
      })
      .catch(() => current && window.location.assign(href));
    return () => {
      current = false;
    };
  }, [href]);

  return (
    <dialog ref={setDialog} className="dialog dialog--wide" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>Details licenties</h2>
      {data ? <LicenseComparison data={data} /> : <p role="status">Bezig met laden…</p>}
      <div className="confirm__actions">
        <button type="button" className="button button--secondary" onClick={() => dialog?.close()}>
          Sluiten
        </button>
      </div>
    </dialog>
  );
}
