import { data } from "react-router";
import type { Route } from "./+types/member-enterprise-edit";
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

/** The establishment of the URL, which must belong to the membership of the URL (else 404). */
async function context(request: Request, params: Route.LoaderArgs["params"]) {
  const auth = await requireAccess(request, "enterprises:admin");
  const memberId = idParam(params.member);
  const record = await requireEnterprise(params.enterprise);
  if (record.member.id !== memberId) throw data(null, { status: 404 });
  return enterprisePageContext(auth, { kind: "member", memberId }, { kind: "edit", record }, new URL(request.url));
}

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadEnterprisePage(await context(request, params));
}

/** Its forms are kept in the offline queue when the connection is gone (offline/offline-post.ts). */
export const clientAction = (args: Route.ClientActionArgs) => queueWhenOffline(args);
export const shouldRevalidate = notAfterQueued;

export async function action({ request, params }: Route.ActionArgs) {
  return enterprisePageAction(await context(request, params), request);
}

export default EnterpriseRecordPage;
