import type { Route } from "./+types/registrant-unapproved";
import { listLoader } from "../lib/admin-routes.server";
import { listRoute } from "../ui/ListPage";
import { pendingRegistrants } from "./list.server";
import { NEW_REGISTRATION_LIST } from "./lists";

const page = listRoute(NEW_REGISTRATION_LIST);
export const handle = page.handle;
export const meta = page.meta;
export const loader = ({ request }: Route.LoaderArgs) => listLoader(request, "registrants:admin", async () => ({ rows: await pendingRegistrants() }));
export default page.Component;
