import { data } from "react-router";
import type { Route } from "./+types/member-enterprise-edit";
import type { RouteHandle } from "../shell/Breadcrumbs";
import { requireAccess } from "../auth/account.server";
import { idParam } from "../lib/request.server";
import { enterpriseFormAction, loadEnterpriseEditPage, type EnterpriseActionData } from "./edit.server";
import { requireEnterprise } from "./enterprise.server";
import { EnterprisePage } from "./EnterprisePage";

export const handle: RouteHandle<Route.ComponentProps["loaderData"]> = { breadcrumbs: (data) => data.page.crumbs };

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.page.title ?? "Vestiging"} – Ledenportaal` }];
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

/** The establishment of the URL, which must belong to the membership of the URL (else 404). */
async function requireMemberEnterprise(params: Route.LoaderArgs["params"]) {
  const memberId = idParam(params.member);
  const record = await requireEnterprise(params.enterprise);
  if (record.member.id !== memberId) throw data(null, { status: 404 });
  return record;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { account } = await requireAccess(request, "enterprises:admin");
  const record = await requireMemberEnterprise(params);
  const context = { kind: "member", memberId: record.member.id } as const;
  return { page: await loadEnterpriseEditPage(account, context, record, new URL(request.url)) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const auth = await requireAccess(request, "enterprises:admin");
  const record = await requireMemberEnterprise(params);
  return enterpriseFormAction(request, auth, { kind: "member", memberId: record.member.id }, { kind: "edit", record });
}

export default function MemberEnterpriseEdit({ loaderData, actionData }: Route.ComponentProps) {
  return <EnterprisePage page={loaderData.page} action={actionData as EnterpriseActionData | undefined} />;
}
