// The three places where accounts are added and changed, each with who may work there: the admin
// register (/accounts), a membership's accounts (admin, /lidmaatschappen/…) and the own
// membership's accounts (its managers, /mijn-accounts). The pages themselves are one module
// (AccountPages.tsx, account-edit.server.ts).
import { href, redirect } from "react-router";
import type { Account } from "../auth/account";
import { requireAccess, type Auth } from "../auth/account.server";
import { can } from "../auth/policy";
import { requireMember } from "../members/member.server";
import { accountAddAction, accountEditAction, memberEnterpriseOptions, requireAccountIn, type AccountPlace } from "./account-edit.server";
import { memberUserEditPath, myUserEditPath, userEditPath, type AccountPageFrame } from "./account-paths";
import { tabPath } from "../ui/tab-path";

export interface PlaceContext extends Auth {
  account: Account;
  place: AccountPlace;
  frame: AccountPageFrame;
}

/** /accounts: every account, for admins. */
export async function registerPlace(request: Request): Promise<PlaceContext> {
  const auth = await requireAccess(request, "admin");
  return {
    ...auth,
    place: { memberId: null, editPath: userEditPath },
    frame: { register: true, listHref: href("/accounts"), addHref: href("/accounts/toevoegen"), member: null },
  };
}

/** /lidmaatschappen/bewerken/:member/account-…: one membership's accounts, for admins. */
export async function membershipPlace(request: Request, memberParam: string): Promise<PlaceContext> {
  const auth = await requireAccess(request, "members:admin");
  const member = await requireMember(memberParam);
  const memberHref = href("/lidmaatschappen/bewerken/:member", { member: String(member.id) });
  return {
    ...auth,
    place: { memberId: member.id, editPath: (userId) => memberUserEditPath(member.id, userId) },
    frame: {
      register: false,
      listHref: tabPath(memberHref, "accounts"),
      addHref: href("/lidmaatschappen/bewerken/:member/account-toevoegen", { member: String(member.id) }),
      member: { name: member.name, href: memberHref },
    },
  };
}

/** /mijn-accounts/…: the own membership's accounts, for its managers. */
export async function ownMembershipPlace(request: Request): Promise<PlaceContext> {
  const auth = await requireAccess(request, "signed-in");
  const memberId = auth.account.member;
  if (memberId === null || !can(auth.account, "member:accounts", { memberId })) throw redirect(href("/"));
  return {
    ...auth,
    place: { memberId, editPath: myUserEditPath },
    frame: { register: false, listHref: href("/mijn-accounts"), addHref: href("/mijn-accounts/account-toevoegen"), member: null },
  };
}

/** The add page's data: where it posts and returns, and whether 'Superbeheerder' is offered. */
export function loadAccountAdd(ctx: PlaceContext) {
  return { frame: ctx.frame, superAdmin: ctx.account.isSuperAdmin };
}

/** The edit page's data: the account, the Rollen tab's establishments, and whether it is one's own. */
export async function loadAccountEdit(ctx: PlaceContext, userParam: string) {
  const user = await requireAccountIn(ctx.place, userParam, ctx.account);
  const enterprises = user.member ? await memberEnterpriseOptions(user.member.id) : [];
  return {
    frame: ctx.frame,
    superAdmin: ctx.account.isSuperAdmin,
    user,
    enterprises,
    here: ctx.place.editPath(user.id),
    isSelf: user.id === ctx.account.id,
  };
}

export const addAccount = (ctx: PlaceContext, request: Request) => accountAddAction(request, ctx.session, ctx.account, ctx.place);

export async function editAccount(ctx: PlaceContext, request: Request, userParam: string) {
  const user = await requireAccountIn(ctx.place, userParam, ctx.account);
  return accountEditAction(request, ctx.session, ctx.account, ctx.place, user);
}
