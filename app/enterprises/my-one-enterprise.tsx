import { href, redirect } from "react-router";
import type { Route } from "./+types/my-one-enterprise";
import { requireAccount } from "../auth/account.server";
import { can } from "../auth/policy";
import { requireEnterprise } from "./enterprise.server";
import { enterpriseHandle, enterpriseMeta, EnterpriseRecordPage, noStore } from "./EnterprisePage";
import { enterprisePageAction, enterprisePageContext, loadEnterprisePage } from "./record.server";
import { queueWhenOffline } from "../offline/offline-post";
import { notAfterQueued } from "../offline/offline-state";

export const handle = enterpriseHandle;
export const meta = enterpriseMeta;
export const headers = noStore;

/**
 * The account's one establishment: none or several to list send it home. One it may change is
 * its edit page; one it only represents (a contact person) is shown read-only.
 */
async function context(request: Request) {
  const auth = await requireAccount(request);
  const listable = auth.account.listableEnterprises;
  if (listable.length !== 1) throw redirect(href("/"));
  const record = await requireEnterprise(listable[0]);
  const manageable = can(auth.account, "enterprise:edit", { enterpriseId: record.enterprise.id });
  return enterprisePageContext(auth, { kind: "one" }, { kind: "edit", record }, new URL(request.url), !manageable);
}

export async function loader({ request }: Route.LoaderArgs) {
  return loadEnterprisePage(await context(request));
}

/** Its forms are kept in the offline queue when the connection is gone (offline/offline-post.ts). */
export const clientAction = (args: Route.ClientActionArgs) => queueWhenOffline(args);
export const shouldRevalidate = notAfterQueued;

export async function action({ request }: Route.ActionArgs) {
  const ctx = await context(request);
  if (ctx.readOnly) throw redirect(href("/"));
  return enterprisePageAction(ctx, request);
}

export default EnterpriseRecordPage;
