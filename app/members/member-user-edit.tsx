import { href, Link } from "react-router";
import type { Route } from "./+types/member-user-edit";
import { requireAccess } from "../auth/account.server";
import { IntentButton } from "../ui/StatusButtons";
import { Tabs } from "../ui/Tabs";
import { AccountForm } from "./AccountForm";
import { AccountRolesForm } from "./AccountRolesForm";
import {
  memberEnterpriseOptions,
  memberUserEditAction,
  requireMemberAccount,
  type MemberUserActionData,
} from "./accounts.server";
import { memberUserEditPath } from "./AccountsTab";
import { requireMember } from "./member.server";

export const handle = {
  breadcrumbs: [{ label: "Lidmaatschappen", href: href("/lidmaatschappen") }, { label: "Account bewerken" }],
};

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.user.fullName ?? "Account bewerken"} – Ledenportaal` }];
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { account } = await requireAccess(request, "members:admin");
  const member = await requireMember(params.member);
  const [user, enterprises] = await Promise.all([
    requireMemberAccount(member.id, params.user, account),
    memberEnterpriseOptions(member.id),
  ]);
  return { member, user, enterprises, isSelf: user.id === account.id };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { session, account } = await requireAccess(request, "members:admin");
  const member = await requireMember(params.member);
  const user = await requireMemberAccount(member.id, params.user, account);
  return memberUserEditAction(request, session, account, member, user);
}

export default function MemberUserEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { member, user, enterprises, isSelf } = loaderData;
  const result = actionData as MemberUserActionData | undefined;
  const here = memberUserEditPath(member.id, user.id);
  const cancel = `${href("/lidmaatschappen/bewerken/:member", { member: String(member.id) })}#accounts`;
  // Re-rendered lists (select all / none without JavaScript) win over the stored roles.
  const roles = result?.roles ?? user.roles;
  return (
    <>
      <h1>{user.fullName}</h1>
      <p className="page-context">
        Account van lidmaatschap <Link to={href("/lidmaatschappen/bewerken/:member", { member: String(member.id) })}>{member.name}</Link>
      </p>
      <div className="status">
        {user.enabled ? (
          isSelf ? null : (
            <IntentButton action={here} intent="disable" label="Deactiveren" />
          )
        ) : (
          <>
            <p className="status__state">Niet actief</p>
            <IntentButton action={here} intent="enable" label="Activeren" />
            <IntentButton action={here} intent="send-activation" label="Activatiemail verzenden" />
          </>
        )}
      </div>
      <Tabs
        label="Account"
        tabs={[
          {
            id: "algemeen",
            label: "Algemeen",
            content: (
              // A new key after a save starts the form from the stored (normalised) values.
              <AccountForm
                key={JSON.stringify(user.values)}
                defaults={user.values}
                lastResult={result?.general}
                action={`${here}#algemeen`}
                cancelHref={cancel}
              />
            ),
          },
          {
            id: "rollen",
            label: "Rollen",
            content: (
              <AccountRolesForm
                key={JSON.stringify(roles)}
                roles={roles}
                enterprises={enterprises}
                action={`${here}#rollen`}
                cancelHref={cancel}
              />
            ),
          },
        ]}
      />
    </>
  );
}
