import { useRef, useState, type KeyboardEvent } from "react";
import { Autocomplete } from "./Autocomplete";
import { FieldError, type AnyMeta } from "./Field";

/** A record to choose: its id (what the form posts) and how it reads. */
export interface Choice {
  id: number;
  label: string;
}

/**
 * A record chosen by searching (an establishment's membership, a professional's account): the
 * current choice in a hidden field, and a search that works without JavaScript (the search button
 * posts the form back with the matches in a list to choose from) and with it (suggestions while
 * typing; picking one sets the choice).
 */
export function ChoiceSearchField<T extends Choice>({
  meta,
  label,
  choice,
  originalId,
  enhanced,
  search,
  onPick,
  query,
  required,
  warning,
  clearLabel,
  onClear,
}: {
  meta: AnyMeta;
  label: string;
  choice: T | null;
  /** The stored choice: the warning shows when another is picked (always without JavaScript, which cannot tell). */
  originalId: number | null;
  enhanced: boolean;
  /** The no-JavaScript search: what was searched and what matched. */
  search?: { query: string; matches: T[] };
  onPick: (choice: T) => void;
  query: {
    name: string;
    label: string;
    hint: string;
    /** Answers `?q=…` with a JSON array of choices. */
    source: string;
    minLength: number;
    /** The intent of the search button (the server answers it with `search`). */
    intent: string;
    /** Said when nothing matches: 'Geen lidmaatschappen gevonden'. */
    empty: string;
  };
  required?: boolean;
  warning?: string;
  /**
   * For a choice that may be none: how 'none' reads ('Geen lidmaatschap'). It is the empty option of
   * the search's list (without JavaScript: search, then choose it) and, with JavaScript, a button.
   */
  clearLabel?: string;
  onClear?: () => void;
}) {
  const searchButton = useRef<HTMLButtonElement>(null);
  // A suggestion picked after a search by button replaces that search's list.
  const [listed, setListed] = useState(true);
  const invalid = !!meta.errors?.length;
  const switching = originalId !== null && (choice === null || choice.id !== originalId);
  const choices = search && listed ? [...(choice && !search.matches.some((m) => m.id === choice.id) ? [choice] : []), ...search.matches] : null;
  // Enter in the search field searches (unless a suggestion is being picked).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Enter" || event.defaultPrevented || (event.target as HTMLElement).id !== query.name) return;
    event.preventDefault();
    searchButton.current?.click();
  };
  const mark = required ? (
    <span className="field__required" aria-hidden="true">
      {" "}
      *
    </span>
  ) : null;
  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- catches Enter bubbling from the search field inside; the div itself is not interactive
    <div className={`member-choice${invalid ? " field--invalid" : ""}`} onKeyDown={onKeyDown}>
      {choices ? (
        <div className="field">
          <label htmlFor={meta.id}>
            {label}
            {mark}
          </label>
          <select
            id={meta.id}
            name={meta.name}
            defaultValue={choice ? String(choice.id) : ""}
            onChange={(event) => {
              const chosen = choices.find((m) => String(m.id) === event.currentTarget.value);
              if (chosen) onPick(chosen);
            }}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? meta.errorId : undefined}
            aria-required={required || undefined}
          >
            <option value="">{clearLabel ?? (search!.matches.length ? "Maak een keuze" : query.empty)}</option>
            {choices.map((m) => (
              <option key={m.id} value={m.id}>
                {m.label}
              </option>
            ))}
          </select>
          {clearLabel && !search!.matches.length ? <p className="field__hint">{query.empty}</p> : null}
          <FieldError meta={meta} />
        </div>
      ) : (
        <div className="field">
          <input type="hidden" name={meta.name} value={choice ? String(choice.id) : ""} />
          <p className="member-choice__current" id={meta.id} tabIndex={-1} aria-describedby={invalid ? meta.errorId : undefined}>
            <strong>{label}:</strong> {choice ? choice.label : (clearLabel ?? "nog niet gekozen")}
            {mark}
          </p>
          {enhanced && clearLabel && onClear && choice ? (
            <button type="button" className="button button--secondary button--small" onClick={onClear}>
              {clearLabel}
            </button>
          ) : null}
          <FieldError meta={meta} />
        </div>
      )}
      <div className="member-choice__search">
        <Autocomplete<T>
          id={query.name}
          name={query.name}
          label={query.label}
          source={query.source}
          minLength={query.minLength}
          defaultValue={search?.query ?? ""}
          hint={query.hint}
          itemKey={(m) => m.id}
          renderItem={(m) => m.label}
          onPick={(picked) => {
            setListed(false);
            onPick(picked);
          }}
          emptyText={query.empty}
        />
        <button ref={searchButton} type="submit" name="intent" value={query.intent} formNoValidate className="button button--secondary">
          Zoeken
        </button>
      </div>
      {warning && (!enhanced || switching) ? (
        <p className="form__note form__note--warning" role={enhanced ? "status" : undefined}>
          {warning}
        </p>
      ) : null}
    </div>
  );
}
