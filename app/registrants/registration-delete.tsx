import type { Route } from "./+types/registration-delete";
import { confirmationLoader, deletionRouteAction } from "../lib/admin-routes.server";
import { deletionRoute } from "../ui/RecordConfirm";
import { deleteRegistration, registrantSummary } from "./list.server";
import { REGISTRATION_DELETION } from "./lists";

/** The confirmation as a page (what 'Verwijderen' on the new registrations opens without JavaScript). */
const page = deletionRoute(REGISTRATION_DELETION);
export const handle = page.handle;
export const meta = page.meta;
export const loader = ({ request, params }: Route.LoaderArgs) =>
  confirmationLoader(request, "registrants:admin", params.registrant, registrantSummary, REGISTRATION_DELETION.list.href);
export const action = ({ request, params }: Route.ActionArgs) =>
  deletionRouteAction(request, "registrants:admin", params.registrant, {
    record: "registration",
    fallback: REGISTRATION_DELETION.list.href,
    remove: deleteRegistration,
    done: "Aanmelding verwijderd.",
  });
export default page.Component;
