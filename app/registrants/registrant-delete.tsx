import type { Route } from "./+types/registrant-delete";
import { confirmationLoader, deletionRouteAction } from "../lib/admin-routes.server";
import { deletionRoute } from "../ui/RecordConfirm";
import { deleteRegistrant, registrantSummary } from "./list.server";
import { REGISTRANT_DELETION } from "./lists";

/** The confirmation as a page (what the register's delete icon opens without JavaScript). */
const page = deletionRoute(REGISTRANT_DELETION);
export const handle = page.handle;
export const meta = page.meta;
export const loader = ({ request, params }: Route.LoaderArgs) =>
  confirmationLoader(request, "registrants:admin", params.registrant, registrantSummary, REGISTRANT_DELETION.list.href);
export const action = ({ request, params }: Route.ActionArgs) =>
  deletionRouteAction(request, "registrants:admin", params.registrant, { record: "registrant", fallback: REGISTRANT_DELETION.list.href, remove: deleteRegistrant, done: "Professional verwijderd." });
export default page.Component;
