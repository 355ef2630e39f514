import type { Route } from "./+types/enterprise-delete";
import { confirmationLoader, deletionRouteAction } from "../lib/admin-routes.server";
import { deletionRoute } from "../ui/RecordConfirm";
import { deleteEnterprise, enterpriseSummary } from "./list.server";
import { ENTERPRISE_DELETION } from "./lists";

/** The confirmation as a page (what the list's delete icon opens without JavaScript). */
const page = deletionRoute(ENTERPRISE_DELETION);
export const handle = page.handle;
export const meta = page.meta;
export const loader = ({ request, params }: Route.LoaderArgs) =>
  confirmationLoader(request, "enterprises:admin", params.enterprise, enterpriseSummary, ENTERPRISE_DELETION.list.href);
export const action = ({ request, params }: Route.ActionArgs) =>
  deletionRouteAction(request, "enterprises:admin", params.enterprise, { record: "enterprise", fallback: ENTERPRISE_DELETION.list.href, remove: deleteEnterprise, done: "Vestiging verwijderd." });
export default page.Component;
