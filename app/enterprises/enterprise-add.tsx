import type { Route } from "./+types/enterprise-add";
import { requireAccess } from "../auth/account.server";
import { enterpriseHandle, enterpriseMeta, EnterpriseRecordPage, noStore } from "./EnterprisePage";
import { enterprisePageAction, enterprisePageContext, loadEnterprisePage } from "./record.server";
import { queueWhenOffline } from "../offline/offline-post";
import { notAfterQueued } from "../offline/offline-state";

export const handle = enterpriseHandle;
export const meta = enterpriseMeta;
export const headers = noStore;

async function context(request: Request) {
  const auth = await requireAccess(request, "enterprises:admin");
  return enterprisePageContext(auth, { kind: "admin" }, { kind: "add", member: null }, new URL(request.url));
}

export async function loader({ request }: Route.LoaderArgs) {
  return loadEnterprisePage(await context(request));
}

/** Its forms are kept in the offline queue when the connection is gone (offline/offline-post.ts). */
export const clientAction = (args: Route.ClientActionArgs) => queueWhenOffline(args);
export const shouldRevalidate = notAfterQueued;

export async function action({ request }: Route.ActionArgs) {
  return enterprisePageAction(await context(request), request);
}

export default EnterpriseRecordPage;
