import { href } from "react-router";
import type { Route } from "./+types/member-user-edit";
import { AccountEditPage } from "../accounts/AccountPages";
import { editAccount, loadAccountEdit, membershipPlace } from "../accounts/places.server";
import type { AccountActionData } from "../accounts/account-edit.server";

export const handle = {
  breadcrumbs: [{ label: "Lidmaatschappen", href: href("/lidmaatschappen") }, { label: "Account bewerken" }],
};

export const meta = ({ data }: Route.MetaArgs) => [{ title: `${data?.user.fullName ?? "Account bewerken"} – Ledenportaal` }];
export const headers = () => ({ "Cache-Control": "no-store" });

export const loader = async ({ request, params }: Route.LoaderArgs) => loadAccountEdit(await membershipPlace(request, params.member), params.user);
export const action = async ({ request, params }: Route.ActionArgs) => editAccount(await membershipPlace(request, params.member), request, params.user);

export default function MemberUserEdit({ loaderData, actionData }: Route.ComponentProps) {
  return <AccountEditPage {...loaderData} result={actionData as AccountActionData | undefined} />;
}
