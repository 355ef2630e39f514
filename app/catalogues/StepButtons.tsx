import { useEffect, useRef } from "react";
import { Form, useLocation } from "react-router";
import type { ListColumn } from "../ui/ListPage";
import { MoveButton } from "../ui/MoveButton";
import type { CatalogueRow } from "./catalogue.server";
import type { CatalogueDefinition } from "./definitions";
import { movePath, stepAnchor, type Direction } from "./reorder";

/**
 * 'Omhoog' and 'Omlaag' of a list row (the specialisations): each a small form that moves the entry
 * one step within its category and comes back to this view of the list. The answer's address points
 * at the button that was used: without JavaScript the page scrolls there (and Tab goes on from it),
 * with it focus returns to that button.
 */
function StepButtons({ catalogue, row, back }: { catalogue: CatalogueDefinition; row: CatalogueRow; back: string }) {
  const { hash, key } = useLocation();
  const buttons = useRef<Partial<Record<Direction, HTMLButtonElement | null>>>({});
  useEffect(() => {
    for (const direction of ["up", "down"] as const) {
      if (hash === `#${stepAnchor(row.id, direction)}`) buttons.current[direction]?.focus();
    }
  }, [hash, key, row.id]);
  return (
    <div className="table-actions">
      {(["up", "down"] as const).map((direction) => (
        <Form key={direction} method="post" action={movePath(catalogue, row.id, direction)}>
          <input type="hidden" name="terug" value={back} />
          <MoveButton
            direction={direction}
            itemName={row.name}
            id={stepAnchor(row.id, direction)}
            ref={(button) => {
              buttons.current[direction] = button;
            }}
          />
        </Form>
      ))}
    </div>
  );
}

/** The list column with a row's step buttons. */
export function stepColumn(catalogue: CatalogueDefinition): ListColumn<CatalogueRow> {
  return {
    label: "Volgorde",
    cell: (row, view) => <StepButtons catalogue={catalogue} row={row} back={view.here} />,
  };
}
