import type { Route } from "./+types/my-enterprise-edit";
import type { RouteHandle } from "../shell/Breadcrumbs";
import { idParam } from "../lib/request.server";
import { enterpriseFormAction, loadEnterpriseEditPage, requireEnterpriseAccess, type EnterpriseActionData } from "./edit.server";
import { requireEnterprise } from "./enterprise.server";
import { EnterprisePage } from "./EnterprisePage";

export const handle: RouteHandle<Route.ComponentProps["loaderData"]> = { breadcrumbs: (data) => data.page.crumbs };

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.page.title ?? "Vestiging"} – Ledenportaal` }];
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

/** Only establishments the account may change: others go home, whether they exist or not. */
async function requireOwnEnterprise(request: Request, param: string) {
  const auth = await requireEnterpriseAccess(request, "enterprise:edit", { enterpriseId: idParam(param) });
  return { auth, record: await requireEnterprise(param) };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { auth, record } = await requireOwnEnterprise(request, params.enterprise);
  return { page: await loadEnterpriseEditPage(auth.account, { kind: "own" }, record, new URL(request.url)) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { auth, record } = await requireOwnEnterprise(request, params.enterprise);
  return enterpriseFormAction(request, auth, { kind: "own" }, { kind: "edit", record });
}

export default function MyEnterpriseEdit({ loaderData, actionData }: Route.ComponentProps) {
  return <EnterprisePage page={loaderData.page} action={actionData as EnterpriseActionData | undefined} />;
}
