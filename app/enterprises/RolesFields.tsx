import { UserCard, type UserCardData } from "../ui/UserCard";
import type { EnterprisePageData, RoleChoice } from "./edit.server";
import { ENTERPRISE_LABELS } from "./schema";

type Posted = string | string[] | undefined | unknown;

const chosenIds = (value: Posted): Set<string> =>
  new Set(Array.isArray(value) ? value.map(String) : typeof value === "string" && value ? [value] : []);

/**
 * One group (contact persons, branch managers): the people as cards and, for those who may
 * change them, 'Beheren' (a <details>, so it works without JavaScript) revealing a checkbox
 * list of the membership's accounts. The boxes are part of the establishment form: Opslaan
 * saves them. Others see the group read-only, and only when it has people.
 */
function RoleGroup({
  id,
  title,
  name,
  people,
  choices,
  chosen,
  manage,
  empty,
}: {
  id: string;
  title: string;
  name: "contacts" | "managers";
  people: UserCardData[];
  choices: RoleChoice[];
  chosen: Set<string>;
  manage: boolean;
  empty: string;
}) {
  if (!manage && !people.length) return null;
  return (
    <section className="roles-people" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {people.length ? (
        <div className="cards">
          {people.map((p) => (
            <UserCard key={p.id} user={p} />
          ))}
        </div>
      ) : (
        <p className="empty">{empty}</p>
      )}
      {manage ? (
        <details className="roles-manage">
          <summary className="button button--secondary">Beheren</summary>
          {choices.length ? (
            <fieldset className="roles-manage__form">
              <legend>{title}</legend>
              {choices.map((c) => (
                <label key={c.id} className="choice">
                  <input type="checkbox" name={name} value={c.id} defaultChecked={chosen.has(String(c.id))} />
                  {c.label}
                </label>
              ))}
            </fieldset>
          ) : (
            <p className="empty">Dit lidmaatschap heeft nog geen accounts.</p>
          )}
        </details>
      ) : null}
    </section>
  );
}

/** The contact persons for the association and the branch managers of an establishment. */
export function RolesFields({
  roles,
  manage,
  contacts,
  managers,
}: {
  roles: EnterprisePageData["roles"];
  manage: boolean;
  /** What the form holds (the stored people, or what was ticked before a failed save). */
  contacts: Posted;
  managers: Posted;
}) {
  return (
    <div className="enterprise-roles">
      {/* Tells the server the lists were in the form, so unticking everyone also counts. */}
      {manage ? <input type="hidden" name="roles" value="1" /> : null}
      <RoleGroup
        id="vestiging-contactpersonen"
        title={ENTERPRISE_LABELS.contacts}
        name="contacts"
        people={roles.contacts}
        choices={roles.choices}
        chosen={chosenIds(contacts)}
        manage={manage}
        empty="Er zijn geen contactpersonen."
      />
      <RoleGroup
        id="vestiging-beheerders"
        title={ENTERPRISE_LABELS.managers}
        name="managers"
        people={roles.managers}
        choices={roles.choices}
        chosen={chosenIds(managers)}
        manage={manage}
        empty="Er zijn geen vestigingsmanagers."
      />
    </div>
  );
}
