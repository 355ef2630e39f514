import type { ButtonHTMLAttributes } from "react";
import { Link } from "react-router";

/**
 * 'Opslaan' and 'Annuleren' under a record's form. Annuleren is a full load of `cancelHref`, so the
 * form starts again from what is stored (or the list, when adding).
 */
export function SaveCancel({ cancelHref, save }: { cancelHref: string; save?: ButtonHTMLAttributes<HTMLButtonElement> }) {
  return (
    <div className="form__actions">
      <button type="submit" {...save} className="button">
        Opslaan
      </button>
      <Link to={cancelHref} reloadDocument className="button button--secondary">
        Annuleren
      </Link>
    </div>
  );
}
