import { href, redirect } from "react-router";
import type { Route } from "./+types/my-registrant";
import { requireAccount } from "../auth/account.server";
import { noStore, registrantHandle, registrantMeta, RegistrantRecordPage } from "./RegistrantPage";
import { registrantOfAccount } from "./profile.server";
import { loadRegistrantPage, registrantPageAction } from "./record.server";
import { queueWhenOffline } from "../offline/offline-post";
import { notAfterQueued } from "../offline/offline-state";

export const handle = registrantHandle;
export const meta = registrantMeta;
export const headers = noStore;

/** 'Mijn FITNED.NL': the signed-in account's own professional; anyone without one is sent home. */
async function context(request: Request) {
  const auth = await requireAccount(request);
  const registrant = await registrantOfAccount(auth.account.id);
  if (!registrant) throw redirect(href("/"));
  return { ...auth, registrant, own: true, path: href("/mijn-fitnednl") };
}

export async function loader({ request }: Route.LoaderArgs) {
  return loadRegistrantPage(await context(request), request);
}

/** Its forms are kept in the offline queue when the connection is gone (offline/offline-post.ts). */
export const clientAction = (args: Route.ClientActionArgs) => queueWhenOffline(args);
export const shouldRevalidate = notAfterQueued;

export async function action({ request }: Route.ActionArgs) {
  return registrantPageAction(await context(request), request);
}

export default RegistrantRecordPage;
