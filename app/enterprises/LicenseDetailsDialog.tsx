import { useEffect, useId, useState } from "react";
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
    // A redirect is not followed (the page it leads to would take the session's notification); the
    // dialog's page then opens as a page instead.
    fetch(`${href}/details.json`, { headers: { Accept: "application/json" }, redirect: "manual" })
      .then(async (response) => {
        if (!response.ok || !response.headers.get("content-type")?.includes("application/json")) throw new Error(`details: ${response.status}`);
        const loaded = (await response.json()) as LicenseComparisonData;
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
