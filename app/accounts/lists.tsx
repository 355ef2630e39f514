import { href } from "react-router";
import { userEditPath } from "./account-paths";
import { deleteIconColumn, stateColumn, type ListDefinition } from "../ui/ListPage";
import type { DeletionDefinition } from "../ui/RecordConfirm";
import { PathLink } from "../ui/PathLink";
import { RoleBadges } from "../ui/RoleBadges";
import { StateIcon } from "../ui/StateIcon";
import { checkIcon, closeIcon } from "../ui/icons";
import { awardIcon, shieldIcon, userIcon } from "../ui/list-icons";
import type { UserListRow } from "./list.server";

const userDeletePath = (u: { id: number }) => href("/accounts/verwijderen/:user", { user: String(u.id) });
const count = (n: number, one: string, more: string) => (n === 1 ? `1 ${one}` : `${n} ${more}`);

/**
 * 'Let op': the roles an account holds, which go with it (part 2 §2.3), so the admin sees what is
 * detached before deleting. Nothing when it holds none.
 */
export function AccountRolesNotice({ user }: { user: UserListRow }) {
  const member = user.member?.name ?? "";
  const roles = [
    user.managerMember ? `beheerder van lidmaatschap ${member}` : null,
    user.contactMember ? `contactpersoon van lidmaatschap ${member}` : null,
    user.managerEnterprisesCount ? `beheerder van ${count(user.managerEnterprisesCount, "vestiging", "vestigingen")}` : null,
    user.contactEnterprisesCount ? `contactpersoon van ${count(user.contactEnterprisesCount, "vestiging", "vestigingen")}` : null,
    user.professional ? "gekoppeld aan een FITNED.NL-professional (die blijft bestaan, zonder account)" : null,
  ].filter((role): role is string => role !== null);
  if (!roles.length) return null;
  return (
    <div className="roles-notice">
      <p>
        <strong>Let op:</strong> dit account is
      </p>
      <ul>
        {roles.map((role) => (
          <li key={role}>{role}</li>
        ))}
      </ul>
      <p>Deze rollen vervallen met het account.</p>
    </div>
  );
}

/** Deleting an account: from the list (dialog) or its confirmation page, with its roles listed. */
export const USER_DELETION: DeletionDefinition<UserListRow> = {
  title: "Account verwijderen",
  list: { label: "Accounts", href: href("/accounts") },
  path: userDeletePath,
  question: "Weet u zeker dat u dit account wilt verwijderen?",
  details: (user) => <AccountRolesNotice user={user} />,
};

/** /accounts: every account of the portal (part 2 §2.3). */
export const USER_LIST: ListDefinition<UserListRow> = {
  title: "Accounts",
  counted: true,
  path: href("/accounts"),
  addHref: href("/accounts/toevoegen"),
  search: { label: "Zoek accounts", placeholder: "Zoek op naam, e-mail of lidmaatschap" },
  tableClassName: "user-list",
  emptyText: "Geen resultaten gevonden",
  columns: [
    {
      label: "Naam",
      sort: "naam",
      cell: (u) => <PathLink to={userEditPath(u.id)}>{u.name}</PathLink>,
    },
    { label: "E-mail", sort: "e-mail", cell: (u) => u.email },
    {
      label: "Lidmaatschap",
      sort: "lidmaatschap",
      cell: (u) =>
        u.member ? (
          <>
            {u.member.name} <RoleBadges roles={u} as="span" />
          </>
        ) : null,
    },
    stateColumn((u) => (
      <>
        {u.professional ? <StateIcon icon={awardIcon} label="Professional" neutral /> : null}
        {u.enabled ? <StateIcon icon={checkIcon} label="Actief" on /> : <StateIcon icon={closeIcon} label="Inactief" />}
        {u.admin ? <StateIcon icon={shieldIcon} label="Beheerder" neutral /> : <StateIcon icon={userIcon} label="Gebruiker" neutral />}
      </>
    )),
    // The list's dialog asks what the confirmation page asks.
    deleteIconColumn(USER_DELETION.path, USER_DELETION),
  ],
};
