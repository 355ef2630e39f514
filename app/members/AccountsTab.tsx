import { Link } from "react-router";
import { UserCard, type UserCardData } from "../ui/UserCard";

/** The Accounts tab of a membership: its accounts as cards, each opening the account, and 'Toevoegen'. */
export function AccountsTab({ memberId, accounts }: { memberId: number; accounts: UserCardData[] }) {
  const base = `/lidmaatschappen/bewerken/${memberId}`;
  return (
    <>
      <p>
        <Link to={`${base}/account-toevoegen`} className="button">
          Toevoegen
        </Link>
      </p>
      {accounts.length ? (
        <div className="cards">
          {accounts.map((user) => (
            <UserCard key={user.id} user={user} href={`${base}/account-bewerken/${user.id}`} />
          ))}
        </div>
      ) : (
        <p className="empty">Er zijn nog geen accounts.</p>
      )}
    </>
  );
}
