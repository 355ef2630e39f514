import type { Route } from "./+types/enterprise-list";
import { requireAccess } from "../auth/account.server";
import { searchableListPage } from "../lib/paging.server";
import { ListPage } from "../ui/ListPage";
import { ENTERPRISE_SORTS, enterpriseListPage } from "./list.server";
import { ENTERPRISE_LIST } from "./lists";

export const handle = { breadcrumbs: [{ label: "Vestigingen" }] };

export function meta() {
  return [{ title: "Vestigingen – Ledenportaal" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "enterprises:admin");
  return searchableListPage(new URL(request.url), ENTERPRISE_SORTS, enterpriseListPage);
}

export default function EnterpriseList({ loaderData }: Route.ComponentProps) {
  return <ListPage definition={ENTERPRISE_LIST} data={loaderData} />;
}
