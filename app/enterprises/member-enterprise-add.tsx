import { data } from "react-router";
import type { Route } from "./+types/member-enterprise-add";
import type { RouteHandle } from "../shell/Breadcrumbs";
import { requireAccess } from "../auth/account.server";
import { idParam } from "../lib/request.server";
import { enterpriseFormAction, loadEnterpriseAddPage, type EnterpriseActionData } from "./edit.server";
import { findMemberDetails } from "./enterprise.server";
import { EnterprisePage } from "./EnterprisePage";

export const handle: RouteHandle<Route.ComponentProps["loaderData"]> = { breadcrumbs: (data) => data.page.crumbs };

export function meta() {
  return [{ title: "Vestiging toevoegen – Ledenportaal" }];
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

async function requireMemberOf(param: string) {
  const member = await findMemberDetails(idParam(param));
  if (!member) throw data(null, { status: 404 });
  return member;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { account } = await requireAccess(request, "enterprises:admin");
  const member = await requireMemberOf(params.member);
  return { page: await loadEnterpriseAddPage(account, { kind: "member", memberId: member.id }, member) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const auth = await requireAccess(request, "enterprises:admin");
  const member = await requireMemberOf(params.member);
  return enterpriseFormAction(request, auth, { kind: "member", memberId: member.id }, { kind: "add", member });
}

export default function MemberEnterpriseAdd({ loaderData, actionData }: Route.ComponentProps) {
  return <EnterprisePage page={loaderData.page} action={actionData as EnterpriseActionData | undefined} />;
}
