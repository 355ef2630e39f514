import type { Route } from "./+types/user-list";
import { listLoader } from "../lib/admin-routes.server";
import { searchableListPage } from "../lib/paging.server";
import { listRoute } from "../ui/ListPage";
import { USER_SORTS, userListPage } from "./list.server";
import { USER_LIST } from "./lists";

const page = listRoute(USER_LIST);
export const handle = page.handle;
export const meta = page.meta;
export const loader = ({ request }: Route.LoaderArgs) => listLoader(request, "admin", (url) => searchableListPage(url, USER_SORTS, userListPage));
export default page.Component;
