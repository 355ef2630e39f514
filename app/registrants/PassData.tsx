import { useEffect, useState } from "react";
import { href } from "react-router";
import { formatDate } from "../lib/format";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import type { PassRow } from "./pass.server";

export const PASS_TITLE = "Pasgegevens";
export const PASS_FILE = href("/fitnednl/pasgegevens/passen.csv");
export const PASS_RESET = href("/fitnednl/pasgegevens/resetten");
/** Why the reset waits (part 2 §2): on the page before an export, and from the server when asked anyway. */
export const EXPORT_FIRST = "U dient de huidige pasgegevens eerst te exporteren!";
export const PASS_RESET_CONFIRM = {
  title: "Pasgegevens reset'en",
  text: "Weet u zeker dat u de pasgegevens wilt reset'en? Bij de geëxporteerde professionals wordt 'Pas maken' uitgezet.",
  confirmLabel: "Reset'en",
  tone: "primary",
} as const;

/**
 * The pass data page: the professionals flagged 'Pas maken', 'Download als CSV', and 'Pasgegevens
 * reset'en', which is offered once this session exported (with JavaScript from the download's
 * click on; the server checks it either way).
 */
export function PassData({ rows, exported }: { rows: PassRow[]; exported: boolean }) {
  const [downloaded, setDownloaded] = useState(exported);
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  return (
    <>
      <h1>{PASS_TITLE}</h1>
      {rows.length === 0 ? (
        <p className="empty">Er zijn geen FITNED.NL-professionals met &quot;Pas maken&quot; aangevinkt.</p>
      ) : (
        <>
          <div className="page-actions">
            <a href={PASS_FILE} className="button" download onClick={() => setDownloaded(true)}>
              Download als CSV
            </a>
            {downloaded ? (
              <ConfirmDialog triggerHref={PASS_RESET} triggerLabel="Pasgegevens reset'en" triggerContent="Pasgegevens reset'en" triggerClassName="button button--secondary" action={PASS_RESET} {...PASS_RESET_CONFIRM} />
            ) : enhanced ? (
              <button type="button" className="button button--secondary" disabled aria-describedby="pass-export-first">
                Pasgegevens reset&apos;en
              </button>
            ) : (
              // Without JavaScript the page cannot see the download: the confirmation page checks it.
              <a href={PASS_RESET} className="button button--secondary">
                Pasgegevens reset&apos;en
              </a>
            )}
          </div>
          {downloaded ? null : (
            <p className="form__note" id="pass-export-first">
              {EXPORT_FIRST}
            </p>
          )}
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">ID</th>
                  <th scope="col">Registratienummer</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Naam</th>
                  <th scope="col">Geboortedatum</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id}>
                    <td>{r.idFitNed ?? ""}</td>
                    <td>{r.passNumber ?? ""}</td>
                    <td>{r.email}</td>
                    <td>{r.name}</td>
                    <td>{formatDate(r.dateOfBirth)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  );
}
