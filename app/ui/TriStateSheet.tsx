import { useState } from "react";
import { Form } from "react-router";
import { SaveCancel } from "./SaveCancel";
import { TriStateField, TriStateGroup, type TriState } from "./TriStateField";
import { tabPath } from "./tab-path";

/** One question of a sheet: a catalogue entry and its answer. */
export interface TriStateItem {
  id: number;
  name: string;
  /** The stored answer (for a non-admin an unanswered admin-only item counts as Nee). */
  value: TriState;
  /** Admin-only items for non-admins (and everything on a read-only page). */
  readOnly: boolean;
}

/** A group of questions with its own fill button: one part without heading, or one per category. */
export interface TriStateSheetGroup<Key extends string = string> {
  key: Key;
  label: string;
  parts: { label: string | null; items: TriStateItem[] }[];
}

/** What the server shows again after a post: the values as posted (after a group was set to Nee). */
export interface TriStateSheetAction {
  values: Record<string, TriState>;
  formError?: string;
}

/** How a sheet posts and what it says: its field names, intents, texts and tab. */
export interface TriStateSheetSpec<Key extends string = string> {
  /** The tab's id: the form returns to the page with this tab open; the groups' ids start with it. */
  tab: string;
  /** The posted name of an item: `fitnessTypes[12]`, `specialisations[3]`. */
  field: (group: Key, id: number) => string;
  saveIntent: string;
  fillIntent: (group: Key) => string;
  fillLabel: string;
  /** The red notice while an item is empty. */
  unanswered: string;
  /** Said beside a read-only item on an editable sheet. */
  readOnlyNote?: string;
  /** Said in a group without items. */
  emptyGroup: string;
}

/** Any item still without Ja or Nee (in these values, else as stored). */
function anyUnansweredIn<Key extends string>(
  groups: TriStateSheetGroup<Key>[],
  field: (group: Key, id: number) => string,
  values: Record<string, TriState> = {},
): boolean {
  return groups.some((g) => g.parts.some((p) => p.items.some((i) => (values[field(g.key, i.id)] ?? i.value) === "")));
}

/**
 * A sheet of three-state questions in groups (tab Aanbod of an establishment, tab Specialisaties
 * of a professional): each item Ja, Nee or not filled in. The red notice stays while an item is
 * empty (it follows the choices as they are made). Each group's fill button is a submit of its
 * own that sets its empty items to Nee; `action` is the form the server showed again after it.
 */
export function TriStateSheet<Key extends string>({
  spec,
  groups,
  path,
  cancelHref,
  readOnly,
  action,
}: {
  spec: TriStateSheetSpec<Key>;
  groups: TriStateSheetGroup<Key>[];
  /** The page's own URL: the form posts here. */
  path: string;
  cancelHref: string;
  readOnly: boolean;
  action?: TriStateSheetAction;
}) {
  const [values, setValues] = useState<Record<string, TriState>>(() => action?.values ?? {});
  const unanswered = anyUnansweredIn(groups, spec.field, values);
  const editable = !readOnly;

  const sections = groups.map((group) => (
    <TriStateGroup
      key={group.key}
      id={`${spec.tab}-${group.key}`}
      title={group.label}
      fillButton={editable && group.parts.some((p) => p.items.some((i) => !i.readOnly)) ? { intent: spec.fillIntent(group.key), label: spec.fillLabel } : undefined}
    >
      {group.parts.length === 0 ? <p className="form__note">{spec.emptyGroup}</p> : null}
      {group.parts.map((part) => (
        <div key={part.label ?? ""} className="tri-state-part">
          {part.label ? <h3>{part.label}</h3> : null}
          {part.items.map((item) => {
            const name = spec.field(group.key, item.id);
            return (
              <TriStateField
                key={item.id}
                name={name}
                label={item.name}
                value={item.readOnly ? item.value : (values[name] ?? item.value)}
                readOnly={item.readOnly}
                readOnlyNote={editable ? spec.readOnlyNote : undefined}
                onChange={(value) => setValues((current) => ({ ...current, [name]: value }))}
              />
            );
          })}
        </div>
      ))}
    </TriStateGroup>
  ));

  const notice = unanswered ? (
    <p className="options-notice" role="status">
      {spec.unanswered}
    </p>
  ) : null;

  if (!editable) {
    return (
      <div className="options">
        {notice}
        {sections}
      </div>
    );
  }
  return (
    <Form method="post" action={tabPath(path, spec.tab)} className="options">
      {/* Enter in the form saves: the first submit button is the default one, not a group's button. */}
      <button type="submit" name="intent" value={spec.saveIntent} className="visually-hidden" tabIndex={-1} aria-hidden="true">
        Opslaan
      </button>
      {action?.formError ? (
        <div className="error-summary" role="alert" tabIndex={-1}>
          <p className="error-summary__form">{action.formError}</p>
        </div>
      ) : null}
      {notice}
      {sections}
      <SaveCancel cancelHref={cancelHref} save={{ name: "intent", value: spec.saveIntent }} />
    </Form>
  );
}
