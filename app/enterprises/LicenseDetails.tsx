import { lazy, Suspense, useRef, useState } from "react";
import { formatDateTime } from "../lib/format";

/** The dialog and the comparison it shows are fetched only when it is opened (or about to be). */
const loadDialog = () => import("./LicenseDetailsDialog");

/**
 * The 'Details' button of a finalized Licenties entry in the Logboek: a link to the comparison
 * page (what a browser without JavaScript follows); with JavaScript it opens the comparison in a
 * dialog instead. Closing the dialog puts focus back on this button.
 */
export function LicenseDetails({ href, created }: { href: string; created: string }) {
  const opener = useRef<HTMLAnchorElement>(null);
  const [opened, setOpened] = useState(0);
  const [Dialog] = useState(() =>
    lazy(() =>
      loadDialog().catch(() => {
        window.location.assign(href);
        return new Promise<never>(() => undefined);
      }),
    ),
  );
  const preload = () => void loadDialog().catch(() => undefined);
  return (
    <>
      <a
        ref={opener}
        href={href}
        className="button button--small button--secondary"
        aria-label={`Details van de opgave van ${formatDateTime(created)}`}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={(event) => {
          if (typeof HTMLDialogElement === "undefined") return;
          event.preventDefault();
          setOpened((count) => count + 1);
        }}
      >
        Details
      </a>
      {opened ? (
        <Suspense fallback={null}>
          <Dialog
            key={opened}
            href={href}
            onClose={() => {
              setOpened(0);
              opener.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
