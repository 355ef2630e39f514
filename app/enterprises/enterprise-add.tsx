import type { Route } from "./+types/enterprise-add";
import type { RouteHandle } from "../shell/Breadcrumbs";
import { requireAccess } from "../auth/account.server";
import { enterpriseFormAction, loadEnterpriseAddPage, type EnterpriseActionData } from "./edit.server";
import { EnterprisePage } from "./EnterprisePage";

export const handle: RouteHandle<Route.ComponentProps["loaderData"]> = { breadcrumbs: (data) => data.page.crumbs };

export function meta() {
  return [{ title: "Vestiging toevoegen – Ledenportaal" }];
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request }: Route.LoaderArgs) {
  const { account } = await requireAccess(request, "enterprises:admin");
  return { page: await loadEnterpriseAddPage(account, { kind: "admin" }, null) };
}

export async function action({ request }: Route.ActionArgs) {
  const auth = await requireAccess(request, "enterprises:admin");
  return enterpriseFormAction(request, auth, { kind: "admin" }, { kind: "add", member: null });
}

export default function EnterpriseAdd({ loaderData, actionData }: Route.ComponentProps) {
  return <EnterprisePage page={loaderData.page} action={actionData as EnterpriseActionData | undefined} />;
}
