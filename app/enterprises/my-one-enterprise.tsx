import { redirect } from "react-router";
import type { Route } from "./+types/my-one-enterprise";
import type { RouteHandle } from "../shell/Breadcrumbs";
import { requireAccount } from "../auth/account.server";
import { can } from "../auth/policy";
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

/**
 * The account's one establishment: none or several to list send it home. One it may change is
 * its edit page; one it only represents (a contact person) is shown read-only.
 */
async function requireTheOne(request: Request) {
  const auth = await requireAccount(request);
  const listable = auth.account.listableEnterprises;
  if (listable.length !== 1) throw redirect("/");
  const record = await requireEnterprise(listable[0]);
  const manageable = can(auth.account, "enterprise:edit", { enterpriseId: record.row.id });
  return { auth, record, manageable };
}

export async function loader({ request }: Route.LoaderArgs) {
  const { auth, record, manageable } = await requireTheOne(request);
  return { page: await loadEnterpriseEditPage(auth.account, { kind: "one" }, record, new URL(request.url), { readOnly: !manageable }) };
}

export async function action({ request }: Route.ActionArgs) {
  const { auth, record, manageable } = await requireTheOne(request);
  if (!manageable) throw redirect("/");
  return enterpriseFormAction(request, auth, { kind: "one" }, { kind: "edit", record });
}

export default function MyOneEnterprise({ loaderData, actionData }: Route.ComponentProps) {
  return <EnterprisePage page={loaderData.page} action={actionData as EnterpriseActionData | undefined} />;
}
