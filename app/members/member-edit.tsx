import type { Route } from "./+types/member-edit";
import type { RouteHandle } from "../shell/Breadcrumbs";
import { requireAccess } from "../auth/account.server";
import { loadMemberPage, memberAction, requireMember, type MemberActionData } from "./member.server";
import { MemberTabs } from "./MemberTabs";
import { memberEditPath } from "./schema";

export const handle: RouteHandle<Route.ComponentProps["loaderData"]> = {
  breadcrumbs: (data) => [{ label: "Lidmaatschappen", href: "/lidmaatschappen" }, { label: data.page.member.name }],
};

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.page.member.name ?? "Lidmaatschap"} – Ledenportaal` }];
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAccess(request, "members:admin");
  const member = await requireMember(params.member);
  return { page: await loadMemberPage(member, "admin", new URL(request.url)) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const auth = await requireAccess(request, "members:admin");
  const member = await requireMember(params.member);
  return memberAction(request, auth, member, memberEditPath(member.id));
}

export default function MemberEdit({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as MemberActionData | undefined;
  return <MemberTabs page={loaderData.page} path={memberEditPath(loaderData.page.member.id)} lastResult={result?.general} />;
}
