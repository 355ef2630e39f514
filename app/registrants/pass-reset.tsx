import { href } from "react-router";
import type { Route } from "./+types/pass-reset";
import { requireAccess } from "../auth/account.server";
import { redirectWithNotification } from "../shell/flash.server";
import { ConfirmPage } from "../ui/ConfirmDialog";
import { EXPORT_FIRST, PASS_RESET, PASS_RESET_CONFIRM, PASS_TITLE } from "./PassData";
import { resetPasses } from "./pass.server";

const PASS_PAGE = href("/fitnednl/pasgegevens");

export const handle = { breadcrumbs: [{ label: "FITNED.NL", href: href("/fitnednl") }, { label: PASS_TITLE, href: PASS_PAGE }, { label: "Reset'en" }] };

export function meta() {
  return [{ title: `${PASS_RESET_CONFIRM.title} – Ledenportaal` }];
}

/** The confirmation as a page (without JavaScript); before an export in this session, back with the spec's message. */
export async function loader({ request }: Route.LoaderArgs) {
  const { session } = await requireAccess(request, "registrants:admin");
  if (!session.get("passExport")) throw await redirectWithNotification(session, PASS_PAGE, { type: "warning", header: EXPORT_FIRST });
  return null;
}

/** The confirmed reset: 'Pas maken' off for exactly the professionals of this session's export. */
export async function action({ request }: Route.ActionArgs) {
  const { session } = await requireAccess(request, "registrants:admin");
  const exported = session.get("passExport");
  if (!exported) return redirectWithNotification(session, PASS_PAGE, { type: "warning", header: EXPORT_FIRST });
  await resetPasses(exported);
  // One export, one reset: the next reset needs the next export.
  session.unset("passExport");
  return redirectWithNotification(session, PASS_PAGE, {
    type: "success",
    header: "Succesvol ge-reset",
    text: "De pasgegevens zijn ge-reset bij de betreffende professionals",
  });
}

export default function PassReset() {
  return <ConfirmPage {...PASS_RESET_CONFIRM} action={PASS_RESET} cancelHref={PASS_PAGE} />;
}
