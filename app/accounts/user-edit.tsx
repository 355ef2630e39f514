import { href } from "react-router";
import type { Route } from "./+types/user-edit";
import { accountEditRoute } from "./AccountPages";
import { editAccount, loadAccountEdit, registerPlace } from "./places.server";
import { queueWhenOffline } from "../offline/offline-post";
import { notAfterQueued } from "../offline/offline-state";

const page = accountEditRoute({ label: "Accounts", href: href("/accounts") });
export const handle = page.handle;
export const meta = page.meta;
export const headers = page.headers;
export const loader = async ({ request, params }: Route.LoaderArgs) => loadAccountEdit(await registerPlace(request), params.user);
/** Its forms are kept in the offline queue when the connection is gone (offline/offline-post.ts). */
export const clientAction = (args: Route.ClientActionArgs) => queueWhenOffline(args);
export const shouldRevalidate = notAfterQueued;

export const action = async ({ request, params }: Route.ActionArgs) => editAccount(await registerPlace(request), request, params.user);
export default page.Component;
