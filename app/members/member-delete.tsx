import type { Route } from "./+types/member-delete";
import { confirmationLoader, deletionRouteAction } from "../lib/admin-routes.server";
import { deletionRoute } from "../ui/RecordConfirm";
import { deleteMember, memberSummary } from "./list.server";
import { MEMBER_DELETION } from "./lists";

/** The confirmation as a page (what the list's delete icon opens without JavaScript). */
const page = deletionRoute(MEMBER_DELETION);
export const handle = page.handle;
export const meta = page.meta;
export const loader = ({ request, params }: Route.LoaderArgs) =>
  confirmationLoader(request, "members:admin", params.member, memberSummary, MEMBER_DELETION.list.href);
export const action = ({ request, params }: Route.ActionArgs) =>
  deletionRouteAction(request, "members:admin", params.member, { record: "member", fallback: MEMBER_DELETION.list.href, remove: deleteMember, done: "Lidmaatschap verwijderd." });
export default page.Component;
