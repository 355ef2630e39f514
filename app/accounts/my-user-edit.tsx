import { href } from "react-router";
import type { Route } from "./+types/my-user-edit";
import { accountEditRoute } from "./AccountPages";
import { editAccount, loadAccountEdit, ownMembershipPlace } from "./places.server";

const page = accountEditRoute({ label: "Accounts", href: href("/mijn-accounts") });
export const handle = page.handle;
export const meta = page.meta;
export const headers = page.headers;
export const loader = async ({ request, params }: Route.LoaderArgs) => loadAccountEdit(await ownMembershipPlace(request), params.user);
export const action = async ({ request, params }: Route.ActionArgs) => editAccount(await ownMembershipPlace(request), request, params.user);
export default page.Component;
