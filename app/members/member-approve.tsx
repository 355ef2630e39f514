import type { Route } from "./+types/member-approve";
import { approvalRouteAction, confirmationLoader } from "../lib/admin-routes.server";
import { approvalRoute } from "../ui/RecordConfirm";
import { approveMember, memberSummary } from "./list.server";
import { MEMBER_APPROVAL } from "./lists";

/** The confirmation as a page (what 'Goedkeuren' opens without JavaScript). */
const page = approvalRoute(MEMBER_APPROVAL);
export const handle = page.handle;
export const meta = page.meta;
export const loader = ({ request, params }: Route.LoaderArgs) =>
  confirmationLoader(request, "members:admin", params.member, memberSummary, MEMBER_APPROVAL.back);
export const action = ({ request, params }: Route.ActionArgs) =>
  approvalRouteAction(request, "members:admin", params.member, MEMBER_APPROVAL.back, approveMember, {
    approved: () => ({ type: "success", header: "Lidmaatschap goedgekeurd." }),
    already: "Dit lidmaatschap is al goedgekeurd.",
  });
export default page.Component;
