import { href } from "react-router";
import type { Route } from "./+types/registrant-add";
import { requireAccess } from "../auth/account.server";
import { noStore, registrantHandle, registrantMeta, RegistrantRecordPage } from "./RegistrantPage";
import { loadRegistrantPage, registrantPageAction } from "./record.server";
import { queueWhenOffline } from "../offline/offline-post";
import { notAfterQueued } from "../offline/offline-state";

export const handle = registrantHandle;
export const meta = registrantMeta;
export const headers = noStore;

async function context(request: Request) {
  const auth = await requireAccess(request, "registrants:admin");
  return { ...auth, registrant: null, own: false, path: href("/fitnednl/toevoegen") };
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
