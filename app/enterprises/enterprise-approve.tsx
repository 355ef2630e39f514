import type { Route } from "./+types/enterprise-approve";
import { approvalRouteAction, confirmationLoader } from "../lib/admin-routes.server";
import { approvalRoute } from "../ui/RecordConfirm";
import { approveEnterprise, enterpriseSummary } from "./list.server";
import { ENTERPRISE_APPROVAL } from "./lists";

/** The confirmation as a page (what 'Goedkeuren' opens without JavaScript). */
const page = approvalRoute(ENTERPRISE_APPROVAL);
export const handle = page.handle;
export const meta = page.meta;
export const loader = ({ request, params }: Route.LoaderArgs) =>
  confirmationLoader(request, "enterprises:admin", params.enterprise, enterpriseSummary, ENTERPRISE_APPROVAL.back);
export const action = ({ request, params }: Route.ActionArgs) =>
  approvalRouteAction(request, "enterprises:admin", params.enterprise, ENTERPRISE_APPROVAL.back, approveEnterprise, {
    approved: (lidnummer) => ({ type: "success", header: "Vestiging goedgekeurd.", text: `Lidnummer ${lidnummer}.` }),
    already: "Deze vestiging is al goedgekeurd.",
  });
export default page.Component;
