import { href, Link } from "react-router";
import type { Route } from "./+types/member-user-add";
import { requireAccess } from "../auth/account.server";
import { Tabs } from "../ui/Tabs";
import { AccountForm } from "./AccountForm";
import { memberUserAddAction, type MemberUserActionData } from "./accounts.server";
import { requireMember } from "./member.server";

export const handle = {
  breadcrumbs: [{ label: "Lidmaatschappen", href: href("/lidmaatschappen") }, { label: "Account toevoegen" }],
};

export function meta() {
  return [{ title: "Account toevoegen – Ledenportaal" }];
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAccess(request, "members:admin");
  return { member: await requireMember(params.member) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { session, account } = await requireAccess(request, "members:admin");
  const member = await requireMember(params.member);
  return memberUserAddAction(request, session, account, member);
}

const EMPTY = { email: "", givenName: "", namePreposition: "", familyName: "", phonePrimary: "", newsletter: false, sendMail: true };

export default function MemberUserAdd({ loaderData, actionData }: Route.ComponentProps) {
  const { member } = loaderData;
  const result = actionData as MemberUserActionData | undefined;
  return (
    <>
      <h1>Account toevoegen</h1>
      <p className="page-context">
        Lidmaatschap: <Link to={href("/lidmaatschappen/bewerken/:member", { member: String(member.id) })}>{member.name}</Link>
      </p>
      <Tabs
        label="Account"
        tabs={[
          {
            id: "algemeen",
            label: "Algemeen",
            content: (
              <AccountForm
                defaults={EMPTY}
                lastResult={result?.general}
                action={href("/lidmaatschappen/bewerken/:member/account-toevoegen", { member: String(member.id) })}
                cancelHref={`${href("/lidmaatschappen/bewerken/:member", { member: String(member.id) })}#accounts`}
                withSendMail
              />
            ),
          },
          { id: "rollen", label: "Rollen", disabled: true, content: null },
        ]}
      />
    </>
  );
}
