import type { Route } from "./+types/enterprise-list";
import { listLoader } from "../lib/admin-routes.server";
import { searchableListPage } from "../lib/paging.server";
import { listRoute } from "../ui/ListPage";
import { ENTERPRISE_SORTS, enterpriseListPage } from "./list.server";
import { ENTERPRISE_LIST } from "./lists";

const page = listRoute(ENTERPRISE_LIST);
export const handle = page.handle;
export const meta = page.meta;
export const loader = ({ request }: Route.LoaderArgs) =>
  listLoader(request, "enterprises:admin", (url) => searchableListPage(url, ENTERPRISE_SORTS, enterpriseListPage));
export default page.Component;
