import { data } from "react-router";
import type { Route } from "./+types/member-enterprise-add";
import { requireAccess } from "../auth/account.server";
import { idParam } from "../lib/request.server";
import { findMemberDetails } from "./enterprise.server";
import { enterpriseHandle, enterpriseMeta, EnterpriseRecordPage, noStore } from "./EnterprisePage";
import { enterprisePageAction, enterprisePageContext, loadEnterprisePage } from "./record.server";
import { queueWhenOffline } from "../offline/offline-post";
import { notAfterQueued } from "../offline/offline-state";

export const handle = enterpriseHandle;
export const meta = enterpriseMeta;
export const headers = noStore;

/** Adding an establishment to the membership of the URL (admins). */
async function context(request: Request, param: string) {
  const auth = await requireAccess(request, "enterprises:admin");
  const member = await findMemberDetails(idParam(param));
  if (!member) throw data(null, { status: 404 });
  return enterprisePageContext(auth, { kind: "member", memberId: member.id }, { kind: "add", member }, new URL(request.url));
}

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadEnterprisePage(await context(request, params.member));
}

/** Its forms are kept in the offline queue when the connection is gone (offline/offline-post.ts). */
export const clientAction = (args: Route.ClientActionArgs) => queueWhenOffline(args);
export const shouldRevalidate = notAfterQueued;

export async function action({ request, params }: Route.ActionArgs) {
  return enterprisePageAction(await context(request, params.member), request);
}

export default EnterpriseRecordPage;
