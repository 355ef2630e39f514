import { href } from "react-router";
import type { Route } from "./+types/member-user-add";
import { AccountAddPage } from "../accounts/AccountPages";
import { addAccount, loadAccountAdd, membershipPlace } from "../accounts/places.server";
import type { AccountActionData } from "../accounts/account-edit.server";

export const handle = {
  breadcrumbs: [{ label: "Lidmaatschappen", href: href("/lidmaatschappen") }, { label: "Account toevoegen" }],
};

export const meta = () => [{ title: "Account toevoegen – Ledenportaal" }];
export const headers = () => ({ "Cache-Control": "no-store" });

export const loader = async ({ request, params }: Route.LoaderArgs) => loadAccountAdd(await membershipPlace(request, params.member));
export const action = async ({ request, params }: Route.ActionArgs) => addAccount(await membershipPlace(request, params.member), request);

export default function MemberUserAdd({ loaderData, actionData }: Route.ComponentProps) {
  return <AccountAddPage {...loaderData} result={actionData as AccountActionData | undefined} />;
}
