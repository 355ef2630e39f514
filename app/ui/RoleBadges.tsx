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

/** LB, LC, VB and VC as badges: on an account's card and in the account list. */
export function RoleBadges({ roles, as: Tag = "p" }: { roles: AccountRoleCounts; as?: "p" | "span" }) {
  const managed = roles.managerEnterprisesCount ?? 0;
  const contacted = roles.contactEnterprisesCount ?? 0;
  if (!roles.managerMember && !roles.contactMember && !managed && !contacted) return null;
  return (
    <Tag className="role-badges">
      {roles.managerMember ? <Badge short="LB" title="Beheerder lidmaatschap" /> : null}
      {roles.contactMember ? <Badge short="LC" title="Contactpersoon lidmaatschap" /> : null}
      {managed ? <Badge short="VB" title="Beheerder van vestigingen" count={managed} /> : null}
      {contacted ? <Badge short="VC" title="Contactpersoon van vestigingen" count={contacted} /> : null}
    </Tag>
  );
}
