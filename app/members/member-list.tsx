import type { Route } from "./+types/member-list";
import { listLoader } from "../lib/admin-routes.server";
import { searchableListPage } from "../lib/paging.server";
import { listRoute } from "../ui/ListPage";
import { MEMBER_SORTS, memberListPage } from "./list.server";
import { MEMBER_LIST } from "./lists";

const page = listRoute(MEMBER_LIST);
export const handle = page.handle;
export const meta = page.meta;
export const loader = ({ request }: Route.LoaderArgs) =>
  listLoader(request, "members:admin", (url) => searchableListPage(url, MEMBER_SORTS, memberListPage));
export default page.Component;
