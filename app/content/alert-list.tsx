import type { Route } from "./+types/alert-list";
import { listLoader } from "../lib/admin-routes.server";
import { listRoute } from "../ui/ListPage";
import { alertListPage } from "./alerts.server";
import { ALERT_LIST } from "./alerts";

const page = listRoute(ALERT_LIST);
export const handle = page.handle;
export const meta = page.meta;
export const loader = ({ request }: Route.LoaderArgs) => listLoader(request, "admin", alertListPage);
export default page.Component;
