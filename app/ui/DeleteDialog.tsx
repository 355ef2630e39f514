import type { ReactNode } from "react";
import { ConfirmDialog, DELETE_CONFIRM } from "./ConfirmDialog";

/**
 * Deleting a record from a list (memberships, establishments): a link to the record's
 * confirmation page `path` (no JavaScript) or the spec's dialog, both returning to `back`, the view
 * of the list it was started from. `name` names the record for screen readers ('Verwijderen …');
 * `question` replaces the spec's usual one where a screen asks its own; `details` follow it.
 */
export function DeleteDialog({
  path,
  name,
  back,
  className,
  question,
  details,
  children,
}: {
  path: string;
  name: string;
  back: string;
  className: string;
  question?: string;
  /** What the admin should know before deleting (e.g. the roles an account holds). */
  details?: ReactNode;
  children: ReactNode;
}) {
  const asked = question ?? DELETE_CONFIRM.text;
  return (
    <ConfirmDialog
      triggerHref={`${path}?terug=${encodeURIComponent(back)}`}
      triggerLabel={`Verwijderen ${name}`}
      triggerClassName={className}
      triggerContent={children}
      {...DELETE_CONFIRM}
      text={
        details ? (
          <>
            <p>{asked}</p>
            {details}
          </>
        ) : (
          asked
        )
      }
      action={path}
      fields={{ terug: back }}
    />
  );
}
