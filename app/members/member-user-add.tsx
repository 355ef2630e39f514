import { href } from "react-router";
import type { Route } from "./+types/member-user-add";
import { accountAddRoute } from "../accounts/AccountPages";
import { addAccount, loadAccountAdd, membershipPlace } from "../accounts/places.server";
import { queueWhenOffline } from "../offline/offline-post";
import { notAfterQueued } from "../offline/offline-state";

const page = accountAddRoute({ label: "Lidmaatschappen", href: href("/lidmaatschappen") });
export const handle = page.handle;
export const meta = page.meta;
export const headers = page.headers;
export const loader = async ({ request, params }: Route.LoaderArgs) => loadAccountAdd(await membershipPlace(request, params.member));
/** Its forms are kept in the offline queue when the connection is gone (offline/offline-post.ts). */
export const clientAction = (args: Route.ClientActionArgs) => queueWhenOffline(args);
export const shouldRevalidate = notAfterQueued;

export const action = async ({ request, params }: Route.ActionArgs) => addAccount(await membershipPlace(request, params.member), request);
export default page.Component;
