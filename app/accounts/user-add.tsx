import { href } from "react-router";
import type { Route } from "./+types/user-add";
import { AccountAddPage } from "./AccountPages";
import { addAccount, loadAccountAdd, registerPlace } from "./places.server";
import type { AccountActionData } from "./account-edit.server";

export const handle = { breadcrumbs: [{ label: "Accounts", href: href("/accounts") }, { label: "Account toevoegen" }] };
export const meta = () => [{ title: "Account toevoegen – Ledenportaal" }];
export const headers = () => ({ "Cache-Control": "no-store" });

export const loader = async ({ request }: Route.LoaderArgs) => loadAccountAdd(await registerPlace(request));
export const action = async ({ request }: Route.ActionArgs) => addAccount(await registerPlace(request), request);

export default function UserAdd({ loaderData, actionData }: Route.ComponentProps) {
  return <AccountAddPage {...loaderData} result={actionData as AccountActionData | undefined} />;
}
