import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent } from "react";
import { Icon } from "../ui/Icon";
import { stepped, type Direction, type ReorderItem } from "./reorder";
import { MoveButton } from "../ui/MoveButton";

/** Six dots: what can be picked up and dragged. */
const gripIcon = "M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01";

const INSTRUCTIONS =
  "Druk op de spatiebalk om het item op te pakken. Verplaats het met de pijltjestoetsen omhoog en omlaag, " +
  "druk nogmaals op de spatiebalk om het neer te zetten, of op Escape om het terug te zetten.";

/** How far the pointer moves before a press on a handle becomes a drag (a plain click stays a click). */
const DRAG_THRESHOLD = 4;

/** What a screen reader hears while an entry is moved, in Dutch and naming the entry. */
export const spoken = {
  pickedUp: (name: string, position: number, count: number) => `${name} opgepakt. Positie ${position} van ${count}.`,
  moved: (name: string, position: number, count: number) => `${name} verplaatst naar positie ${position} van ${count}.`,
  dropped: (name: string, position: number) => `${name} neergezet op positie ${position}.`,
  cancelled: (name: string, position: number) => `Verplaatsen geannuleerd. ${name} staat weer op positie ${position}.`,
};

/** An entry picked up with the keyboard: where the order was when it was picked up. */
interface Picked {
  id: number;
  before: ReorderItem[];
}

/** An entry pressed, then dragged, with the pointer. */
interface Drag {
  id: number;
  pointerId: number;
  from: number;
  startY: number;
  startScroll: number;
  /** Once the pointer has moved past the threshold: the entries' boxes then, and where it would land. */
  active: boolean;
  rects: DOMRect[];
  dy: number;
  target: number;
}

/**
 * The entries in order, to be put into another order by dragging an entry's handle with the pointer
 * (mouse, pen, touch), by picking it up with the keyboard (Space, the arrow keys, Space; Escape puts
 * it back), or with its 'Omhoog' and 'Omlaag' buttons. Every step is said to screen readers through
 * `announce`. The entries' hidden `item` fields carry the order for the form around the list.
 *
 * Written for this dialog rather than taken from a drag-and-drop library: the library's import of
 * react-dom split react-dom out of the client entry, adding weight to every page of the portal.
 */
export function SortableList({
  items,
  onChange,
  announce,
  scroller,
}: {
  items: ReorderItem[];
  onChange: (items: ReorderItem[]) => void;
  announce: (text: string) => void;
  /** The box that scrolls the list (the dialog), so a drag near its edge scrolls it. */
  scroller: HTMLElement | null;
}) {
  const instructionsId = useId();
  const [picked, setPicked] = useState<Picked | null>(null);
  const [drag, setDragState] = useState<Drag | null>(null);
  // The pointer's events follow each other faster than React renders (lostpointercapture comes right
  // after pointerup): they read the drag from here.
  const current = useRef<Drag | null>(null);
  const setDrag = (next: Drag | null) => {
    current.current = next;
    setDragState(next);
  };
  // The control to keep focus on after the order changed: React moves the entries' elements, and
  // an element that is moved loses focus.
  const [focus, setFocus] = useState<{ id: number; control: "handle" | Direction } | null>(null);
  const list = useRef<HTMLOListElement>(null);
  // A blur that comes from moving the picked-up entry itself does not put it down.
  const moving = useRef(false);

  useEffect(() => {
    if (!focus || !list.current) return;
    const { id, control } = focus;
    const other = control === "up" ? "down" : "up";
    const candidates = control === "handle" ? ["handle"] : [control, other];
    const target = candidates
      .map((c) => list.current!.querySelector<HTMLButtonElement>(`[data-control="${c}-${id}"]`))
      .find((b) => b && !b.disabled);
    if (target && document.activeElement !== target) target.focus();
    moving.current = false;
  }, [focus, items]);

  const nameOf = (id: number) => items.find((i) => i.id === id)?.name ?? "Item";
  const indexOf = (id: number) => items.findIndex((i) => i.id === id);

  function step(index: number, direction: Direction, control: "handle" | Direction) {
    const next = stepped(items, index, direction);
    const item = items[index];
    moving.current = true;
    onChange(next);
    setFocus({ id: item.id, control });
    announce(spoken.moved(item.name, next.indexOf(item) + 1, next.length));
  }

  function onHandleKeyDown(event: KeyboardEvent<HTMLButtonElement>, item: ReorderItem, index: number) {
    if (event.key === " " || event.key === "Enter") {
      event.preventDefault();
      if (picked) {
        setPicked(null);
        announce(spoken.dropped(item.name, index + 1));
      } else {
        setPicked({ id: item.id, before: items });
        announce(spoken.pickedUp(item.name, index + 1, items.length));
      }
    } else if (picked && (event.key === "ArrowUp" || event.key === "ArrowDown")) {
      event.preventDefault();
      const direction = event.key === "ArrowUp" ? "up" : "down";
      if ((direction === "up" && index === 0) || (direction === "down" && index === items.length - 1)) {
        announce(spoken.moved(item.name, index + 1, items.length));
        return;
      }
      step(index, direction, "handle");
    } else if (picked && event.key === "Escape") {
      // Puts the entry back; the dialog around the list stays open.
      event.preventDefault();
      event.stopPropagation();
      const before = picked.before;
      setPicked(null);
      moving.current = true;
      onChange(before);
      setFocus({ id: item.id, control: "handle" });
      announce(spoken.cancelled(item.name, before.findIndex((i) => i.id === item.id) + 1));
    }
  }

  function onHandleBlur(item: ReorderItem) {
    if (!picked || moving.current) return;
    setPicked(null);
    announce(spoken.dropped(item.name, indexOf(item.id) + 1));
  }

  function onPointerDown(event: PointerEvent<HTMLButtonElement>, item: ReorderItem, index: number) {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    if (picked) setPicked(null);
    event.currentTarget.setPointerCapture(event.pointerId);
    setDrag({
      id: item.id,
      pointerId: event.pointerId,
      from: index,
      startY: event.clientY,
      startScroll: scroller?.scrollTop ?? 0,
      active: false,
      rects: [],
      dy: 0,
      target: index,
    });
  }

  function onPointerMove(event: PointerEvent<HTMLButtonElement>) {
    const drag = current.current;
    if (!drag || event.pointerId !== drag.pointerId) return;
    let { active, rects } = drag;
    if (!active) {
      if (Math.abs(event.clientY - drag.startY) < DRAG_THRESHOLD) return;
      active = true;
      rects = [...(list.current?.children ?? [])].map((li) => li.getBoundingClientRect());
      announce(spoken.pickedUp(nameOf(drag.id), drag.from + 1, items.length));
    }
    autoScroll(scroller, event.clientY);
    const scrolled = (scroller?.scrollTop ?? 0) - drag.startScroll;
    const dy = event.clientY - drag.startY + scrolled;
    const own = rects[drag.from];
    const centre = own.top + own.height / 2 + dy;
    let target = drag.from;
    rects.forEach((rect, i) => {
      const middle = rect.top + rect.height / 2;
      if (i < drag.from && centre < middle) target = Math.min(target, i);
      if (i > drag.from && centre > middle) target = Math.max(target, i);
    });
    if (target !== drag.target) announce(spoken.moved(nameOf(drag.id), target + 1, items.length));
    setDrag({ ...drag, active, rects, dy, target });
  }

  function onPointerUp(event: PointerEvent<HTMLButtonElement>) {
    const drag = current.current;
    if (!drag || event.pointerId !== drag.pointerId) return;
    setDrag(null);
    if (!drag.active) return;
    const next = [...items];
    const [item] = next.splice(drag.from, 1);
    next.splice(drag.target, 0, item);
    if (drag.target !== drag.from) {
      moving.current = true;
      onChange(next);
      setFocus({ id: item.id, control: "handle" });
    }
    announce(spoken.dropped(item.name, drag.target + 1));
  }

  function onPointerCancel(event: PointerEvent<HTMLButtonElement>) {
    const drag = current.current;
    if (!drag || event.pointerId !== drag.pointerId) return;
    setDrag(null);
    if (drag.active) announce(spoken.cancelled(nameOf(drag.id), drag.from + 1));
  }

  /** Where an entry is drawn during a pointer drag: the dragged one follows the pointer, the ones it passed make room. */
  function shiftOf(index: number): CSSProperties | undefined {
    if (!drag?.active) return undefined;
    if (index === drag.from) return { transform: `translateY(${drag.dy}px)` };
    const gap = drag.rects[drag.from].height;
    if (drag.from < drag.target && index > drag.from && index <= drag.target) return { transform: `translateY(${-gap}px)` };
    if (drag.target < drag.from && index >= drag.target && index < drag.from) return { transform: `translateY(${gap}px)` };
    return { transform: "translateY(0)" };
  }

  return (
    <>
      <p id={instructionsId} className="visually-hidden">
        {INSTRUCTIONS}
      </p>
      <ol ref={list} className={`reorder-list${drag?.active ? " reorder-list--dragging" : ""}`}>
        {items.map((item, index) => {
          const lifted = picked?.id === item.id || (drag?.active && drag.id === item.id);
          return (
            // The position during a drag goes through the element's style object, which the
            // Content-Security-Policy allows (it refuses style attributes in the markup only).
            <li key={item.id} style={shiftOf(index)} className={`reorder-list__item${lifted ? " reorder-list__item--lifted" : ""}`}>
              <input type="hidden" name="item" value={item.id} />
              <button
                type="button"
                data-control={`handle-${item.id}`}
                className="reorder-list__handle"
                aria-roledescription="versleepbaar item"
                aria-describedby={instructionsId}
                onKeyDown={(event) => onHandleKeyDown(event, item, index)}
                onBlur={() => onHandleBlur(item)}
                onPointerDown={(event) => onPointerDown(event, item, index)}
                onPointerMove={onPointerMove}
                onPointerUp={onPointerUp}
                onPointerCancel={onPointerCancel}
                onLostPointerCapture={onPointerCancel}
              >
                <Icon icon={gripIcon} className="reorder-list__grip" />
                <span className="reorder-list__name">{item.name}</span>
              </button>
              <span className="reorder-list__steps">
                {(["up", "down"] as const).map((direction) => (
                  <MoveButton
                    key={direction}
                    direction={direction}
                    itemName={item.name}
                    type="button"
                    data-control={`${direction}-${item.id}`}
                    disabled={direction === "up" ? index === 0 : index === items.length - 1}
                    onClick={() => step(index, direction, direction)}
                  />
                ))}
              </span>
            </li>
          );
        })}
      </ol>
    </>
  );
}

/** Scrolls the dialog a little while the pointer drags near its top or bottom edge. */
function autoScroll(scroller: HTMLElement | null, y: number) {
  if (!scroller) return;
  const box = scroller.getBoundingClientRect();
  const edge = 48;
  if (y < box.top + edge) scroller.scrollTop -= 12;
  else if (y > box.bottom - edge) scroller.scrollTop += 12;
}
