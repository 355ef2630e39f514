import { useState } from "react";
import { Form } from "react-router";
import { SaveCancel } from "../ui/SaveCancel";
import { TriStateField, TriStateGroup, type TriState } from "../ui/TriStateField";
import {
  anyUnanswered,
  optionField,
  optionsNoIntent,
  OPTIONS_SAVE_INTENT,
  OPTIONS_UNANSWERED,
  type EnterpriseOptionsData,
  type OptionsActionData,
} from "./options";

const FILL_LABEL = "Alle niet-ingevulde op Nee zetten";
const ADMIN_ONLY_NOTE = "alleen door een beheerder te wijzigen";

/**
 * Tab Aanbod (part 1 §2 "Aanbod form"): Sportaanbod, Faciliteiten, Groepslessen (by category) and
 * Doelgroepen, each item Ja, Nee or not filled in. The red notice stays while an item is empty (it
 * follows the choices as they are made). Each group's 'Alle niet-ingevulde op Nee zetten' is a
 * submit of its own; `action` is the form the server showed again after it.
 */
export function OptionsTab({ data, action }: { data: EnterpriseOptionsData; action?: OptionsActionData }) {
  const [values, setValues] = useState<Record<string, TriState>>(() => action?.values ?? {});
  const unanswered = anyUnanswered(data.groups, values);
  const editable = !data.readOnly;

  const groups = data.groups.map((group) => (
    <TriStateGroup
      key={group.key}
      id={`aanbod-${group.key}`}
      title={group.label}
      fillButton={editable && group.parts.some((p) => p.items.some((i) => !i.readOnly)) ? { intent: optionsNoIntent(group.key), label: FILL_LABEL } : undefined}
    >
      {group.parts.length === 0 ? <p className="form__note">Er zijn nog geen opties in deze groep.</p> : null}
      {group.parts.map((part) => (
        <div key={part.label ?? ""} className="tri-state-part">
          {part.label ? <h3>{part.label}</h3> : null}
          {part.items.map((item) => {
            const name = optionField(group.key, item.id);
            return (
              <TriStateField
                key={item.id}
                name={name}
                label={item.name}
                value={item.readOnly ? item.value : (values[name] ?? item.value)}
                readOnly={item.readOnly}
                readOnlyNote={editable ? ADMIN_ONLY_NOTE : undefined}
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
      {OPTIONS_UNANSWERED}
    </p>
  ) : null;

  if (!editable) {
    return (
      <div className="options">
        {notice}
        {groups}
      </div>
    );
  }
  return (
    <Form method="post" action={`${data.path}#aanbod`} className="options">
      {/* Enter in the form saves: the first submit button is the default one, not a group's button. */}
      <button type="submit" name="intent" value={OPTIONS_SAVE_INTENT} className="visually-hidden" tabIndex={-1} aria-hidden="true">
        Opslaan
      </button>
      {action?.formError ? (
        <div className="error-summary" role="alert" tabIndex={-1}>
          <p className="error-summary__form">{action.formError}</p>
        </div>
      ) : null}
      {notice}
      {groups}
      <SaveCancel cancelHref={data.cancelHref} save={{ name: "intent", value: OPTIONS_SAVE_INTENT }} />
    </Form>
  );
}
