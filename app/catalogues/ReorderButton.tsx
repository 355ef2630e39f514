import { lazy, Suspense, useRef, useState } from "react";
import type { CatalogueDefinition } from "./definitions";
import { REORDER_TEXTS, reorderPath } from "./reorder";

/**
 * The dialog and the drag-and-drop library it holds are fetched only when the dialog is opened
 * (or the pointer or focus reaches the button), never with the list page. Should the fetch fail,
 * the reorder page opens instead, as without JavaScript.
 */
const loadDialog = () => import("./ReorderDialog");

/**
 * 'Volgorde wijzigen' on a catalogue's list: a link to the reorder page (what a browser without
 * JavaScript follows); with JavaScript it opens the reorder dialog over the list instead. Closing
 * the dialog puts focus back on this button.
 */
export function ReorderButton({ catalogue, back }: { catalogue: CatalogueDefinition; back: string }) {
  const opener = useRef<HTMLAnchorElement>(null);
  // How often the dialog was opened (0: closed). Opened again right after Escape, before the old
  // dialog's close event has arrived, it is a new dialog; that late event no longer reaches React.
  const [opened, setOpened] = useState(0);
  const href = reorderPath(catalogue, null, back);
  const [ReorderDialog] = useState(() =>
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
        className="button button--secondary"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={(event) => {
          if (typeof HTMLDialogElement === "undefined") return;
          event.preventDefault();
          setOpened((count) => count + 1);
        }}
      >
        {REORDER_TEXTS.title}
      </a>
      {opened ? (
        <Suspense fallback={null}>
          <ReorderDialog
            key={opened}
            catalogue={catalogue}
            back={back}
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
