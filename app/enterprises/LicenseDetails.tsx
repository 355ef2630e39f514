import { formatDateTime } from "../lib/format";
import { DialogLink } from "../ui/DialogLink";

/** The dialog and the comparison it shows are fetched only when it is opened (or about to be). */
const loadDialog = () => import("./LicenseDetailsDialog");

/**
 * The 'Details' button of a finalized Licenties entry in the Logboek: a link to the comparison
 * page; with JavaScript it opens the comparison in a dialog instead.
 */
export function LicenseDetails({ href, created }: { href: string; created: string }) {
  return (
    <DialogLink
      href={href}
      load={loadDialog}
      dialogProps={{ href }}
      className="button button--small button--secondary"
      label={`Details van de opgave van ${formatDateTime(created)}`}
    >
      Details
    </DialogLink>
  );
}
