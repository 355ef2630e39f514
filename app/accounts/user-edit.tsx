import { href } from "react-router";
import type { Route } from "./+types/user-edit";
import { AccountEditPage } from "./AccountPages";
import { editAccount, loadAccountEdit, registerPlace } from "./places.server";
import type { AccountActionData } from "./account-edit.server";

export const handle = { breadcrumbs: [{ label: "Accounts", href: href("/accounts") }, { label: "Account bewerken" }] };
export const meta = ({ data }: Route.MetaArgs) => [{ title: `${data?.user.fullName ?? "Account bewerken"} – Ledenportaal` }];
export const headers = () => ({ "Cache-Control": "no-store" });

export const loader = async ({ request, params }: Route.LoaderArgs) => loadAccountEdit(await registerPlace(request), params.user);
export const action = async ({ request, params }: Route.ActionArgs) => editAccount(await registerPlace(request), request, params.user);

export default function UserEdit({ loaderData, actionData }: Route.ComponentProps) {
  return <AccountEditPage {...loaderData} result={actionData as AccountActionData | undefined} />;
}
