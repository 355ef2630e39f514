import type { Route } from "./+types/user-delete";
import { confirmationLoader, deletionRouteAction } from "../lib/admin-routes.server";
import { deletionRoute } from "../ui/RecordConfirm";
import { deleteUser, userSummary } from "./list.server";
import { USER_DELETION } from "./lists";

/** The confirmation as a page (what the list's delete icon opens without JavaScript). */
const page = deletionRoute(USER_DELETION);
export const handle = page.handle;
export const meta = page.meta;
export const loader = ({ request, params }: Route.LoaderArgs) => confirmationLoader(request, "admin", params.user, userSummary, USER_DELETION.list.href);
export const action = ({ request, params }: Route.ActionArgs) =>
  deletionRouteAction(request, "admin", params.user, { record: "user", fallback: USER_DELETION.list.href, remove: deleteUser, done: "Account verwijderd." });
export default page.Component;
