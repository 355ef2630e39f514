import { href } from "react-router";
import type { Route } from "./+types/my-user-list";
import { requireAccess } from "../auth/account.server";
import { can } from "../auth/policy";
import { AccountCards } from "./AccountCards";
import { memberAccounts } from "./account-edit.server";
import { myUserEditPath } from "./account-paths";

export const handle = { breadcrumbs: [{ label: "Accounts" }] };
export const meta = () => [{ title: "Accounts – Ledenportaal" }];
export const headers = () => ({ "Cache-Control": "no-store" });

/** The own membership's accounts (part 2 §2.3 Own accounts); its managers may add and change them. */
export async function loader({ request }: Route.LoaderArgs) {
  const { account } = await requireAccess(request, "menu:accounts");
  const memberId = account.member;
  if (memberId === null) return { accounts: [], manage: false, member: null };
  return {
    accounts: await memberAccounts(memberId),
    manage: can(account, "member:accounts", { memberId }),
    member: account.memberDetails?.name ?? null,
  };
}

export default function MyUserList({ loaderData }: Route.ComponentProps) {
  const { accounts, manage, member } = loaderData;
  return (
    <>
      <h1>Accounts</h1>
      {member ? <p className="page-context">Lidmaatschap: {member}</p> : null}
      <AccountCards
        accounts={accounts}
        add={manage ? { href: href("/mijn-accounts/account-toevoegen"), label: "Account toevoegen" } : undefined}
        editPath={manage ? myUserEditPath : undefined}
      />
    </>
  );
}
