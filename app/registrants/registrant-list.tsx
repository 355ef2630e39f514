import type { Route } from "./+types/registrant-list";
import { listLoader } from "../lib/admin-routes.server";
import { searchableListPage } from "../lib/paging.server";
import { listRoute } from "../ui/ListPage";
import { REGISTRANT_FILTERS } from "./filters";
import { REGISTRANT_SORTS, registrantListPage } from "./list.server";
import { REGISTRANT_LIST } from "./lists";

const page = listRoute(REGISTRANT_LIST);
export const handle = page.handle;
export const meta = page.meta;
export const loader = ({ request }: Route.LoaderArgs) =>
  listLoader(request, "registrants:admin", (url) => searchableListPage(url, REGISTRANT_SORTS, registrantListPage, REGISTRANT_FILTERS));
export default page.Component;
