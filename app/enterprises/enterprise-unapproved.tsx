import type { Route } from "./+types/enterprise-unapproved";
import { listLoader } from "../lib/admin-routes.server";
import { listRoute } from "../ui/ListPage";
import { pendingEnterprises } from "./list.server";
import { PENDING_ENTERPRISES } from "./lists";

const page = listRoute(PENDING_ENTERPRISES);
export const handle = page.handle;
export const meta = page.meta;
export const loader = ({ request }: Route.LoaderArgs) => listLoader(request, "enterprises:admin", async () => ({ rows: await pendingEnterprises() }));
export default page.Component;
