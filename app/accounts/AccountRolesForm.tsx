import { useState, type MouseEvent } from "react";
import { Form, Link } from "react-router";
import type { AccountRoles, RoleSelectIntent } from "./account-schema";

interface EnterpriseOption {
  id: number;
  name: string;
}

type ListName = "managerEnterprises" | "contactEnterprises";

/**
 * One list of establishments with 'Alles selecteren' / 'Niets selecteren'. Those are submit
 * buttons: without JavaScript the server shows the form again with the list ticked or unticked
 * (nothing saved); with JavaScript they tick the boxes here and send nothing.
 */
function EnterpriseList({
  legend,
  name,
  options,
  selected,
  onChange,
  selectAll,
  selectNone,
}: {
  legend: string;
  name: ListName;
  options: EnterpriseOption[];
  selected: Set<number>;
  onChange: (next: Set<number>) => void;
  selectAll: RoleSelectIntent;
  selectNone: RoleSelectIntent;
}) {
  const choose = (all: boolean) => (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    onChange(all ? new Set(options.map((o) => o.id)) : new Set());
  };
  return (
    <fieldset className="role-list">
      <legend>{legend}</legend>
      {options.length ? (
        <>
          <div className="role-list__select">
            <button type="submit" name="intent" value={selectAll} className="button button--secondary button--small" onClick={choose(true)}>
              Alles selecteren
            </button>
            <button type="submit" name="intent" value={selectNone} className="button button--secondary button--small" onClick={choose(false)}>
              Niets selecteren
            </button>
          </div>
          <ul className="role-list__options">
            {options.map((option) => {
              const id = `${name}-${option.id}`;
              return (
                <li key={option.id}>
                  <label className="choice" htmlFor={id}>
                    <input
                      type="checkbox"
                      id={id}
                      name={name}
                      value={option.id}
                      checked={selected.has(option.id)}
                      onChange={(event) => {
                        const next = new Set(selected);
                        if (event.currentTarget.checked) next.add(option.id);
                        else next.delete(option.id);
                        onChange(next);
                      }}
                    />
                    {option.name}
                  </label>
                </li>
              );
            })}
          </ul>
        </>
      ) : (
        <p className="empty">Dit lidmaatschap heeft nog geen vestigingen.</p>
      )}
    </fieldset>
  );
}

/** The Rollen tab of an account in a membership (part 2 §2.3 Account edit). */
export function AccountRolesForm({
  roles,
  enterprises,
  action,
  cancelHref,
}: {
  roles: AccountRoles;
  enterprises: EnterpriseOption[];
  action: string;
  cancelHref: string;
}) {
  const [contactMember, setContactMember] = useState(roles.contactMember);
  const [managerMember, setManagerMember] = useState(roles.managerMember);
  const [managers, setManagers] = useState(() => new Set(roles.managerEnterprises));
  const [contacts, setContacts] = useState(() => new Set(roles.contactEnterprises));
  return (
    <Form method="post" action={action} className="roles-form">
      {/* Enter in the form saves: the first submit button is the default one, not 'Alles selecteren'. */}
      <button type="submit" name="intent" value="roles" className="visually-hidden" tabIndex={-1} aria-hidden="true">
        Opslaan
      </button>
      <fieldset>
        <legend>Lidmaatschap</legend>
        <div className="field field--checkbox">
          <label htmlFor="role-contactMember">
            <input
              type="checkbox"
              id="role-contactMember"
              name="contactMember"
              checked={contactMember}
              onChange={(event) => setContactMember(event.currentTarget.checked)}
            />
            Contactpersoon lidmaatschap
          </label>
        </div>
        <div className="field field--checkbox">
          <label htmlFor="role-managerMember">
            <input
              type="checkbox"
              id="role-managerMember"
              name="managerMember"
              checked={managerMember}
              onChange={(event) => setManagerMember(event.currentTarget.checked)}
            />
            Beheerder lidmaatschap
          </label>
        </div>
      </fieldset>
      <EnterpriseList
        legend="Beheerder van vestigingen"
        name="managerEnterprises"
        options={enterprises}
        selected={managers}
        onChange={setManagers}
        selectAll="select-all-managers"
        selectNone="select-none-managers"
      />
      <EnterpriseList
        legend="Contactpersoon van vestigingen"
        name="contactEnterprises"
        options={enterprises}
        selected={contacts}
        onChange={setContacts}
        selectAll="select-all-contacts"
        selectNone="select-none-contacts"
      />
      <div className="form__actions">
        <button type="submit" name="intent" value="roles" className="button">
          Opslaan
        </button>
        <Link to={cancelHref} className="button button--secondary">
          Annuleren
        </Link>
      </div>
    </Form>
  );
}
