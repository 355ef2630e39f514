import type { ButtonHTMLAttributes } from "react";
import { OfflineKey } from "../offline/offline-post";

/**
 * 'Opslaan' and 'Annuleren' under a record's form. Annuleren is a full load of `cancelHref`, so the
 * form starts again from what is stored (or the list, when adding). A form that saves is one the
 * offline queue may keep: it carries its idempotency key.
 */
export function SaveCancel({ cancelHref, save }: { cancelHref: string; save?: ButtonHTMLAttributes<HTMLButtonElement> }) {
  return (
    <div className="form__actions">
      <OfflineKey />
      <button type="submit" {...save} className="button">
        Opslaan
      </button>
      <CancelLink href={cancelHref} />
    </div>
  );
}

/**
 * 'Annuleren' of a record's form: a full load of `href`, so the form starts again from what is
 * stored. A plain link, as <Link reloadDocument> draws one, without resolving it as a route.
 */
export function CancelLink({ href }: { href: string }) {
  return (
    <a href={href} className="button button--secondary">
      Annuleren
    </a>
  );
}
