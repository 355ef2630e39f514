import type { Route } from "./+types/my-enterprise-edit";
import { requireAccess } from "../auth/account.server";
import { idParam } from "../lib/request.server";
import { requireEnterprise } from "./enterprise.server";
import { enterpriseHandle, enterpriseMeta, EnterpriseRecordPage, noStore } from "./EnterprisePage";
import { enterprisePageAction, enterprisePageContext, loadEnterprisePage } from "./record.server";
import { queueWhenOffline } from "../offline/offline-post";
import { notAfterQueued } from "../offline/offline-state";

export const handle = enterpriseHandle;
export const meta = enterpriseMeta;
export const headers = noStore;

/** Only establishments the account may change: others go home, whether they exist or not. */
async function context(request: Request, param: string) {
  const auth = await requireAccess(request, "enterprise:edit", { enterpriseId: idParam(param) });
  const record = await requireEnterprise(param);
  return enterprisePageContext(auth, { kind: "own" }, { kind: "edit", record }, new URL(request.url));
}

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadEnterprisePage(await context(request, params.enterprise));
}

/** Its forms are kept in the offline queue when the connection is gone (offline/offline-post.ts). */
export const clientAction = (args: Route.ClientActionArgs) => queueWhenOffline(args);
export const shouldRevalidate = notAfterQueued;

export async function action({ request, params }: Route.ActionArgs) {
  return enterprisePageAction(await context(request, params.enterprise), request);
}

export default EnterpriseRecordPage;
