import type { ReactNode } from "react";

/** A three-state answer: Ja (on), Nee (off) or not filled in (''), as the forms post it. */
export type TriState = "on" | "off" | "";

const CHOICES: { value: TriState; label: string }[] = [
  { value: "on", label: "Ja" },
  { value: "off", label: "Nee" },
  { value: "", label: "Niet ingevuld" },
];

/** Whether a posted value is one of the three. */
export const isTriState = (value: unknown): value is TriState => value === "on" || value === "off" || value === "";

const idOf = (name: string) => `tri-${name.replace(/[^\w-]+/g, "-")}`;

/**
 * One yes/no/empty question (an establishment's offer, a professional's specialisation): a
 * fieldset named by the item with three radio buttons, so it works without JavaScript and with
 * the arrow keys. Read-only it shows the same buttons disabled (nothing is posted for it).
 */
export function TriStateField({
  name,
  label,
  value,
  onChange,
  readOnly,
  readOnlyNote,
}: {
  /** The posted name: `fitnessTypes[12]`. */
  name: string;
  label: string;
  value: TriState;
  onChange?: (value: TriState) => void;
  readOnly?: boolean;
  /** Said beside a read-only item ('Alleen door een beheerder te wijzigen'). */
  readOnlyNote?: string;
}) {
  const id = idOf(name);
  return (
    <fieldset className={`tri-state${readOnly ? " tri-state--read-only" : ""}${value === "" ? " tri-state--empty" : ""}`} disabled={readOnly}>
      <legend className="tri-state__label">
        {label}
        {readOnly && readOnlyNote ? <span className="tri-state__note"> ({readOnlyNote})</span> : null}
      </legend>
      <div className="tri-state__choices">
        {CHOICES.map((choice) => (
          <label key={choice.value || "empty"} className="choice" htmlFor={`${id}-${choice.value || "empty"}`}>
            <input
              type="radio"
              id={`${id}-${choice.value || "empty"}`}
              name={readOnly ? undefined : name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange?.(choice.value)}
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * A group of three-state questions under its heading, with the group's submit button 'Alle
 * niet-ingevulde op Nee zetten' (a post of its own: it works without JavaScript).
 */
export function TriStateGroup({
  id,
  title,
  fillButton,
  children,
}: {
  id: string;
  title: string;
  /** The button that sets the group's empty items to Nee: its intent and label. */
  fillButton?: { intent: string; label: string };
  children: ReactNode;
}) {
  return (
    <section className="tri-state-group" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
      {fillButton ? (
        <p className="tri-state-group__actions">
          <button type="submit" name="intent" value={fillButton.intent} className="button button--secondary">
            {fillButton.label}
          </button>
        </p>
      ) : null}
    </section>
  );
}
