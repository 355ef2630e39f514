import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent, type ReactNode } from "react";
import { fetchJson } from "../lib/fetch-json";
import { describedBy } from "./Field";

/** The suggestion list closes this long after the field loses focus (so a click can land first). */
const HIDE_DELAY_MS = 250;
/** Wait for a pause in typing before asking the server. */
const TYPING_PAUSE_MS = 150;

/** The next highlighted suggestion for an arrow key: wraps around; -1 means none. */
export function moveActive(current: number, count: number, step: 1 | -1): number {
  if (count <= 0) return -1;
  if (current < 0 || current >= count) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
}

/** What a screen reader hears after the suggestions change. */
export function suggestionStatus(count: number, emptyText: string): string {
  if (count === 0) return emptyText;
  return `${count} ${count === 1 ? "suggestie" : "suggesties"}; kies met de pijltjestoetsen en Enter.`;
}

export interface AutocompleteProps<T> {
  id: string;
  name: string;
  label: string;
  /** A URL that answers `?q=…` with a JSON array of items. */
  source: string;
  minLength?: number;
  defaultValue?: string;
  hint?: ReactNode;
  errors?: string[];
  errorId?: string;
  itemKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  onPick: (item: T) => void;
  emptyText?: string;
}

/**
 * A search field inside an ordinary GET form. Without JavaScript the form is submitted and the
 * server lists the results; with JavaScript the field also suggests matches while typing
 * (the ARIA combobox pattern: focus stays in the field, arrow keys move, Enter picks, Escape closes).
 */
export function Autocomplete<T>({
  id,
  name,
  label,
  source,
  minLength = 3,
  defaultValue,
  hint,
  errors,
  errorId = `${id}-error`,
  itemKey,
  renderItem,
  onPick,
  emptyText = "Geen resultaten gevonden",
}: AutocompleteProps<T>) {
  const [enhanced, setEnhanced] = useState(false);
  const [items, setItems] = useState<T[] | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  const hiding = useRef<ReturnType<typeof setTimeout>>(undefined);
  const request = useRef<AbortController>(undefined);
  const listId = `${id}-suggesties`;
  const hintId = hint ? `${id}-hint` : undefined;
  const optionId = (i: number) => `${listId}-${i}`;

  useEffect(() => {
    setEnhanced(true);
    return () => {
      clearTimeout(typing.current);
      clearTimeout(hiding.current);
      request.current?.abort();
    };
  }, []);

  useEffect(() => {
    if (active >= 0) document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [active, listId]);

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function search(value: string) {
    clearTimeout(typing.current);
    const term = value.trim();
    if (term.length < minLength) {
      request.current?.abort();
      setItems(null);
      close();
      return;
    }
    typing.current = setTimeout(async () => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      try {
        const url = `${source}${source.includes("?") ? "&" : "?"}q=${encodeURIComponent(term)}`;
        const found = await fetchJson<unknown>(url, controller.signal);
        if (controller.signal.aborted) return;
        setItems(Array.isArray(found) ? (found as T[]) : []);
        setActive(-1);
        setOpen(true);
      } catch {
        // Aborted by newer typing, or offline: the plain search button still works.
      }
    }, TYPING_PAUSE_MS);
  }

  function pick(item: T) {
    close();
    onPick(item);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = items?.length ?? 0;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp":
        if (!count) return;
        event.preventDefault();
        if (!open) setOpen(true);
        setActive((current) => moveActive(open ? current : -1, count, event.key === "ArrowDown" ? 1 : -1));
        return;
      case "Enter":
        // Without a highlighted suggestion Enter submits the search form as usual.
        if (open && items && active >= 0 && active < items.length) {
          event.preventDefault();
          pick(items[active]);
        }
        return;
      case "Escape":
        if (open) {
          event.preventDefault();
          close();
        }
        return;
    }
  }

  const invalid = !!errors?.length;
  const expanded = enhanced && open && items !== null;
  const ids = describedBy(hintId, invalid ? errorId : undefined);
  return (
    <div className={`field${invalid ? " field--invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      <div className="autocomplete">
        <input
          id={id}
          name={name}
          type="search"
          defaultValue={defaultValue}
          autoComplete="off"
          aria-invalid={invalid || undefined}
          aria-describedby={ids}
          {...(enhanced
            ? {
                role: "combobox",
                "aria-autocomplete": "list" as const,
                "aria-expanded": expanded && items.length > 0,
                "aria-controls": listId,
                "aria-activedescendant": expanded && active >= 0 ? optionId(active) : undefined,
                onChange: (e: ChangeEvent<HTMLInputElement>) => search(e.currentTarget.value),
                onKeyDown,
                onFocus: () => {
                  clearTimeout(hiding.current);
                  if (items?.length) setOpen(true);
                },
                onBlur: () => {
                  clearTimeout(hiding.current);
                  hiding.current = setTimeout(close, HIDE_DELAY_MS);
                },
              }
            : {})}
        />
        {enhanced ? (
          <ul id={listId} role="listbox" aria-label={label} className="autocomplete__list" hidden={!expanded || !items.length}>
            {expanded
              ? items.map((item, i) => (
                  // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keyboard picks in the combobox field (arrows, Enter)
                  <li
                    key={itemKey(item)}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === active}
                    className={`autocomplete__option${i === active ? " autocomplete__option--active" : ""}`}
                    // Keep focus in the field; the click then picks.
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => pick(item)}
                  >
                    {renderItem(item)}
                  </li>
                ))
              : null}
          </ul>
        ) : null}
        {enhanced ? (
          // One live region: read out for screen readers, and shown as the empty state when nothing matches.
          <p className={expanded && !items.length ? "autocomplete__list autocomplete__empty" : "visually-hidden"} aria-live="polite">
            {expanded ? suggestionStatus(items.length, emptyText) : ""}
          </p>
        ) : null}
      </div>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <p className="field__error" id={errorId}>
          {errors!.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
