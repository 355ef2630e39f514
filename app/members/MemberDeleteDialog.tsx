import type { ReactNode } from "react";
import { ConfirmDialog, DELETE_CONFIRM } from "../ui/ConfirmDialog";
import { memberDeletePath } from "./schema";

/**
 * Deleting a membership from a list: a link to the confirmation page (no JavaScript) or the
 * dialog, both returning to `back`, the view of the list it was started from.
 */
export function MemberDeleteDialog({
  member,
  back,
  className,
  children,
}: {
  member: { id: number; name: string };
  back: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <ConfirmDialog
      triggerHref={`${memberDeletePath(member.id)}?terug=${encodeURIComponent(back)}`}
      triggerLabel={`Verwijderen ${member.name}`}
      triggerClassName={className}
      triggerContent={children}
      {...DELETE_CONFIRM}
      action={memberDeletePath(member.id)}
      fields={{ terug: back }}
    />
  );
}
