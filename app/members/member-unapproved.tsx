import type { Route } from "./+types/member-unapproved";
import { listLoader } from "../lib/admin-routes.server";
import { listRoute } from "../ui/ListPage";
import { pendingMembers } from "./list.server";
import { PENDING_MEMBERS } from "./lists";

const page = listRoute(PENDING_MEMBERS);
export const handle = page.handle;
export const meta = page.meta;
export const loader = ({ request }: Route.LoaderArgs) => listLoader(request, "members:admin", async () => ({ rows: await pendingMembers() }));
export default page.Component;
