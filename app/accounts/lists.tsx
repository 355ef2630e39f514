import { href } from "react-router";
import { memberUserEditPath } from "../members/AccountsTab";
import { stateColumn, type ListDefinition } from "../ui/ListPage";
import { PathLink } from "../ui/PathLink";
import { RoleBadges } from "../ui/RoleBadges";
import { StateIcon } from "../ui/StateIcon";
import { checkIcon, closeIcon } from "../ui/icons";
import { awardIcon, shieldIcon, userIcon } from "../ui/list-icons";
import type { UserListRow } from "./list.server";

/** /accounts: every account of the portal (part 2 §2.3). */
export const USER_LIST: ListDefinition<UserListRow> = {
  title: "Accounts",
  counted: true,
  path: href("/accounts"),
  search: { label: "Zoek accounts", placeholder: "Zoek op naam, e-mail of lidmaatschap" },
  tableClassName: "user-list",
  emptyText: "Geen resultaten gevonden",
  columns: [
    {
      label: "Naam",
      sort: "naam",
      // An account of a membership opens on that membership's account page.
      cell: (u) => (u.member ? <PathLink to={memberUserEditPath(u.member.id, u.id)}>{u.name}</PathLink> : u.name),
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
        {u.enabled ? <StateIcon icon={checkIcon} label="Actief" on /> : <StateIcon icon={closeIcon} label="Inactief" />}
        {u.admin ? <StateIcon icon={shieldIcon} label="Beheerder" neutral /> : <StateIcon icon={userIcon} label="Gebruiker" neutral />}
        {u.professional ? <StateIcon icon={awardIcon} label="Professional" neutral /> : null}
      </>
    )),
  ],
};
