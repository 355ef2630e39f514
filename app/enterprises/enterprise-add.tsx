import type { Route } from "./+types/enterprise-add";
import { requireAccess } from "../auth/account.server";
import { enterpriseHandle, enterpriseMeta, EnterpriseRecordPage, noStore } from "./EnterprisePage";
import { enterprisePageAction, enterprisePageContext, loadEnterprisePage } from "./record.server";

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

export async function action({ request }: Route.ActionArgs) {
  return enterprisePageAction(await context(request), request);
}

export default EnterpriseRecordPage;
