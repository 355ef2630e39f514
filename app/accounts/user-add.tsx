import { href } from "react-router";
import type { Route } from "./+types/user-add";
import { accountAddRoute } from "./AccountPages";
import { addAccount, loadAccountAdd, registerPlace } from "./places.server";
import { queueWhenOffline } from "../offline/offline-post";
import { notAfterQueued } from "../offline/offline-state";

const page = accountAddRoute({ label: "Accounts", href: href("/accounts") });
export const handle = page.handle;
export const meta = page.meta;
export const headers = page.headers;
export const loader = async ({ request }: Route.LoaderArgs) => loadAccountAdd(await registerPlace(request));
/** Its forms are kept in the offline queue when the connection is gone (offline/offline-post.ts). */
export const clientAction = (args: Route.ClientActionArgs) => queueWhenOffline(args);
export const shouldRevalidate = notAfterQueued;

export const action = async ({ request }: Route.ActionArgs) => addAccount(await registerPlace(request), request);
export default page.Component;
