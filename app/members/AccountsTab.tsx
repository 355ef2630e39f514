import { href, Link } from "react-router";
import { UserCard, type UserCardData } from "../ui/UserCard";

/** The page of one account of a membership (admin context). */
export const memberUserEditPath = (memberId: number, userId: number) =>
  href("/lidmaatschappen/bewerken/:member/account-bewerken/:user", { member: String(memberId), user: String(userId) });

/** The roles an account holds, for its badges (all optional: plain cards work too). */
export interface AccountRoleCounts {
  managerMember?: boolean;
  contactMember?: boolean;
  managerEnterprisesCount?: number;
  contactEnterprisesCount?: number;
}

/** A role badge with a count prefix when the role is held more than once (part 2 §2.3). */
function Badge({ short, title, count = 1 }: { short: string; title: string; count?: number }) {
  const text = count > 1 ? `${count} ${short}` : short;
  return (
    <abbr className="role-badge" title={count > 1 ? `${title} (${count})` : title}>
      {text}
    </abbr>
  );
}

function RoleBadges({ roles }: { roles: AccountRoleCounts }) {
  const managed = roles.managerEnterprisesCount ?? 0;
  const contacted = roles.contactEnterprisesCount ?? 0;
  if (!roles.managerMember && !roles.contactMember && !managed && !contacted) return null;
  return (
    <p className="role-badges">
      {roles.managerMember ? <Badge short="LB" title="Beheerder lidmaatschap" /> : null}
      {roles.contactMember ? <Badge short="LC" title="Contactpersoon lidmaatschap" /> : null}
      {managed ? <Badge short="VB" title="Beheerder van vestigingen" count={managed} /> : null}
      {contacted ? <Badge short="VC" title="Contactpersoon van vestigingen" count={contacted} /> : null}
    </p>
  );
}

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
