import { redirect } from "react-router";
import type { Route } from "./+types/alerts-index";
import { requireAccess } from "../auth/account.server";
import { ALERT_LIST_PATH } from "./alerts.server";

/** /notificaties is the list (part 2 §2.6). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "admin");
  return redirect(ALERT_LIST_PATH);
}
