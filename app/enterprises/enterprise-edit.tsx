import type { Route } from "./+types/enterprise-edit";
import type { RouteHandle } from "../shell/Breadcrumbs";
import { requireAccess } from "../auth/account.server";
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

export async function loader({ request, params }: Route.LoaderArgs) {
  const { account } = await requireAccess(request, "enterprises:admin");
  const record = await requireEnterprise(params.enterprise);
  return { page: await loadEnterpriseEditPage(account, { kind: "admin" }, record, new URL(request.url)) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const auth = await requireAccess(request, "enterprises:admin");
  const record = await requireEnterprise(params.enterprise);
  return enterpriseFormAction(request, auth, { kind: "admin" }, { kind: "edit", record });
}

export default function EnterpriseEdit({ loaderData, actionData }: Route.ComponentProps) {
  return <EnterprisePage page={loaderData.page} action={actionData as EnterpriseActionData | undefined} />;
}
