import { Form } from "react-router";
import { UserCard, type UserCardData } from "../ui/UserCard";
import type { RolesTabData } from "./record.server";

type RoleChoice = RolesTabData["choices"][number];

function People({ title, id, people, empty, hrefOf }: { title: string; id: string; people: UserCardData[]; empty: string; hrefOf?: (id: number) => string }) {
  return (
    <section className="roles-people" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {people.length ? (
        <div className="cards">
          {people.map((p) => (
            <UserCard key={p.id} user={p} href={hrefOf?.(p.id)} />
          ))}
        </div>
      ) : (
        <p className="empty">{empty}</p>
      )}
    </section>
  );
}

function ChoiceList({ legend, name, choices, checked }: { legend: string; name: string; choices: RoleChoice[]; checked: (c: RoleChoice) => boolean }) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {choices.map((c) => (
        <label key={c.id} className="choice">
          <input type="checkbox" name={name} value={c.id} defaultChecked={checked(c)} />
          {c.label}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * Tab Rollen: the contact persons and managers of a membership. Admins open 'Beheren' (a
 * <details>, so it also works without JavaScript) to tick who holds which role.
 */
export function RolesTab({
  contacts,
  managers,
  choices,
  manage,
  accountHref,
}: {
  contacts: UserCardData[];
  managers: UserCardData[];
  choices: RoleChoice[];
  /** Admins only; everyone else sees the roles read-only. */
  manage: boolean;
  accountHref?: (id: number) => string;
}) {
  return (
    <>
      <People title="Contactpersonen" id="rollen-contactpersonen" people={contacts} empty="Er zijn geen contactpersonen." hrefOf={accountHref} />
      <People title="Beheerders" id="rollen-beheerders" people={managers} empty="Er zijn geen beheerders." hrefOf={accountHref} />
      {manage ? (
        <details className="roles-manage">
          <summary className="button button--secondary">Beheren</summary>
          {choices.length ? (
            // A new key after a save starts the boxes from the stored roles.
            <Form method="post" key={JSON.stringify(choices)} className="roles-manage__form">
              <input type="hidden" name="intent" value="roles" />
              <ChoiceList legend="Contactpersonen" name="contacts" choices={choices} checked={(c) => c.contact} />
              <ChoiceList legend="Beheerders" name="managers" choices={choices} checked={(c) => c.manager} />
              <div className="form__actions">
                <button type="submit" className="button">
                  Opslaan
                </button>
              </div>
            </Form>
          ) : (
            <p className="empty">Dit lidmaatschap heeft nog geen accounts. Voeg eerst een account toe.</p>
          )}
        </details>
      ) : null}
    </>
  );
}
