import { Link } from "react-router";
import { RoleBadges, type AccountRoleCounts } from "../ui/RoleBadges";
import { UserCard, type UserCardData } from "../ui/UserCard";

/**
 * A membership's accounts as cards with their role badges (a membership's Accounts tab, the own
 * accounts page): the add button and the links to each account where the viewer may change them.
 */
export function AccountCards({
  accounts,
  add,
  editPath,
}: {
  accounts: (UserCardData & AccountRoleCounts)[];
  add?: { href: string; label: string };
  editPath?: (userId: number) => string;
}) {
  return (
    <>
      {add ? (
        <p>
          <Link to={add.href} className="button">
            {add.label}
          </Link>
        </p>
      ) : null}
      {accounts.length ? (
        <div className="cards">
          {accounts.map((user) => (
            <UserCard key={user.id} user={user} href={editPath?.(user.id)}>
              <RoleBadges roles={user} />
            </UserCard>
          ))}
        </div>
      ) : (
        <p className="empty">Geen resultaten gevonden</p>
      )}
    </>
  );
}
