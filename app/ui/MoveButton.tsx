import type { ButtonHTMLAttributes } from "react";

export type MoveDirection = "up" | "down";

const LABELS: Record<MoveDirection, string> = { up: "Omhoog", down: "Omlaag" };

/**
 * 'Omhoog' or 'Omlaag' for one item of an ordered list (catalogue entries, a download's files). Its
 * accessible name says which item ('Zumba omhoog'); what it does (a submit with a value, a click
 * handler) comes with the other button attributes.
 */
export function MoveButton({
  direction,
  itemName,
  type = "submit",
  ...button
}: { direction: MoveDirection; itemName: string } & ButtonHTMLAttributes<HTMLButtonElement> & { ref?: React.Ref<HTMLButtonElement> }) {
  return (
    <button type={type} {...button} className="button button--small button--secondary" aria-label={`${itemName} ${LABELS[direction].toLowerCase()}`}>
      {LABELS[direction]}
    </button>
  );
}
