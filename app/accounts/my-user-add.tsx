import { href } from "react-router";
import type { Route } from "./+types/my-user-add";
import { AccountAddPage } from "./AccountPages";
import { addAccount, loadAccountAdd, ownMembershipPlace } from "./places.server";
import type { AccountActionData } from "./account-edit.server";

export const handle = { breadcrumbs: [{ label: "Accounts", href: href("/mijn-accounts") }, { label: "Account toevoegen" }] };
export const meta = () => [{ title: "Account toevoegen – Ledenportaal" }];
export const headers = () => ({ "Cache-Control": "no-store" });

export const loader = async ({ request }: Route.LoaderArgs) => loadAccountAdd(await ownMembershipPlace(request));
export const action = async ({ request }: Route.ActionArgs) => addAccount(await ownMembershipPlace(request), request);

export default function MyUserAdd({ loaderData, actionData }: Route.ComponentProps) {
  return <AccountAddPage {...loaderData} result={actionData as AccountActionData | undefined} />;
}
