import { href, redirect } from "react-router";
import type { Route } from "./+types/my-enterprise-add";
import { requireAccount } from "../auth/account.server";
import { can } from "../auth/policy";
import { findMemberDetails } from "./enterprise.server";
import { enterpriseHandle, enterpriseMeta, EnterpriseRecordPage, noStore } from "./EnterprisePage";
import { enterprisePageAction, enterprisePageContext, loadEnterprisePage } from "./record.server";
import { queueWhenOffline } from "../offline/offline-post";
import { notAfterQueued } from "../offline/offline-state";

export const handle = enterpriseHandle;
export const meta = enterpriseMeta;
export const headers = noStore;

/** Manager members add establishments to their own membership; everyone else goes home. */
async function context(request: Request) {
  const auth = await requireAccount(request);
  const memberId = auth.account.member;
  if (memberId === null || !can(auth.account, "enterprise:add", { memberId })) throw redirect(href("/"));
  const member = await findMemberDetails(memberId);
  if (!member) throw redirect(href("/"));
  return enterprisePageContext(auth, { kind: "own" }, { kind: "add", member }, new URL(request.url));
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
