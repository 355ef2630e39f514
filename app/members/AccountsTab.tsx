import { href, Link } from "react-router";
import { RoleBadges, type AccountRoleCounts } from "../ui/RoleBadges";
import { UserCard, type UserCardData } from "../ui/UserCard";

/** The page of one account of a membership (admin context). */
export const memberUserEditPath = (memberId: number, userId: number) =>
  href("/lidmaatschappen/bewerken/:member/account-bewerken/:user", { member: String(memberId), user: String(userId) });

/** The Accounts tab of a membership: its accounts as cards, each opening the account, and 'Toevoegen'. */
export function AccountsTab({ memberId, accounts }: { memberId: number; accounts: (UserCardData & AccountRoleCounts)[] }) {
  return (
    <>
      <p>
        <Link to={href("/lidmaatschappen/bewerken/:member/account-toevoegen", { member: String(memberId) })} className="button">
          Toevoegen
        </Link>
      </p>
      {accounts.length ? (
        <div className="cards">
          {accounts.map((user) => (
            <UserCard key={user.id} user={user} href={memberUserEditPath(memberId, user.id)}>
              <RoleBadges roles={user} />
            </UserCard>
          ))}
        </div>
      ) : (
        <p className="empty">Er zijn nog geen accounts.</p>
      )}
    </>
  );
}
