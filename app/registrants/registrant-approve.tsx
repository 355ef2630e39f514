import type { Route } from "./+types/registrant-approve";
import { approvalRouteAction, confirmationLoader } from "../lib/admin-routes.server";
import { approvalRoute } from "../ui/RecordConfirm";
import { approveRegistrant, registrantSummary } from "./list.server";
import { REGISTRATION_APPROVAL } from "./lists";

/** The confirmation as a page (what 'Goedkeuren' opens without JavaScript). */
const page = approvalRoute(REGISTRATION_APPROVAL);
export const handle = page.handle;
export const meta = page.meta;
export const loader = ({ request, params }: Route.LoaderArgs) =>
  confirmationLoader(request, "registrants:admin", params.registrant, registrantSummary, REGISTRATION_APPROVAL.back);
export const action = ({ request, params }: Route.ActionArgs) =>
  approvalRouteAction(request, "registrants:admin", params.registrant, REGISTRATION_APPROVAL.back, approveRegistrant, {
    approved: ({ idFitNed, passNumber }) => ({
      type: "success",
      header: "Aanmelding goedgekeurd.",
      text: `ID-nummer ${idFitNed}, registratienummer ${passNumber}.`,
    }),
    already: "Deze aanmelding is al goedgekeurd.",
  });
export default page.Component;
