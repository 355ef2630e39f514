import { redirect } from "react-router";
import type { Route } from "./+types/my-enterprise-add";
import type { RouteHandle } from "../shell/Breadcrumbs";
import { requireAccount } from "../auth/account.server";
import { can } from "../auth/policy";
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

/** Manager members add establishments to their own membership; everyone else goes home. */
async function requireOwnMembership(request: Request) {
  const auth = await requireAccount(request);
  const memberId = auth.account.member;
  if (memberId === null || !can(auth.account, "enterprise:add", { memberId })) throw redirect("/");
  const member = await findMemberDetails(memberId);
  if (!member) throw redirect("/");
  return { auth, member };
}

export async function loader({ request }: Route.LoaderArgs) {
  const { auth, member } = await requireOwnMembership(request);
  return { page: await loadEnterpriseAddPage(auth.account, { kind: "own" }, member) };
}

export async function action({ request }: Route.ActionArgs) {
  const { auth, member } = await requireOwnMembership(request);
  return enterpriseFormAction(request, auth, { kind: "own" }, { kind: "add", member });
}

export default function MyEnterpriseAdd({ loaderData, actionData }: Route.ComponentProps) {
  return <EnterprisePage page={loaderData.page} action={actionData as EnterpriseActionData | undefined} />;
}
