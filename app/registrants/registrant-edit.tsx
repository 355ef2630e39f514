import { href } from "react-router";
import type { Route } from "./+types/registrant-edit";
import { requireAccess } from "../auth/account.server";
import { noStore, registrantHandle, registrantMeta, RegistrantRecordPage } from "./RegistrantPage";
import { requireRegistrant } from "./profile.server";
import { loadRegistrantPage, registrantPageAction } from "./record.server";
import { queueWhenOffline } from "../offline/offline-post";
import { notAfterQueued } from "../offline/offline-state";

export const handle = registrantHandle;
export const meta = registrantMeta;
export const headers = noStore;

async function context(request: Request, param: string) {
  const auth = await requireAccess(request, "registrants:admin");
  const registrant = await requireRegistrant(param);
  return { ...auth, registrant, own: false, path: href("/fitnednl/bewerken/:registrant", { registrant: String(registrant.id) }) };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadRegistrantPage(await context(request, params.registrant), request);
}

/** Its forms are kept in the offline queue when the connection is gone (offline/offline-post.ts). */
export const clientAction = (args: Route.ClientActionArgs) => queueWhenOffline(args);
export const shouldRevalidate = notAfterQueued;

export async function action({ request, params }: Route.ActionArgs) {
  return registrantPageAction(await context(request, params.registrant), request);
}

export default RegistrantRecordPage;
