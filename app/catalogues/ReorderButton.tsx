import { DialogLink } from "../ui/DialogLink";
import type { CatalogueDefinition } from "./definitions";
import { REORDER_TEXTS, reorderPath } from "./reorder";

/**
 * The dialog and the drag-and-drop library it holds are fetched only when the dialog is opened
 * (or the pointer or focus reaches the button), never with the list page. Should the fetch fail,
 * the reorder page opens instead, as without JavaScript.
 */
const loadDialog = () => import("./ReorderDialog");

/**
 * 'Volgorde wijzigen' on a catalogue's list: a link to the reorder page; with JavaScript it opens
 * the reorder dialog over the list instead.
 */
export function ReorderButton({ catalogue, back }: { catalogue: CatalogueDefinition; back: string }) {
  return (
    <DialogLink href={reorderPath(catalogue, null, back)} load={loadDialog} dialogProps={{ catalogue, back }} className="button button--secondary">
      {REORDER_TEXTS.title}
    </DialogLink>
  );
}
