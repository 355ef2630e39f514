import type { Route } from "./+types/member-list";
import { requireAccess } from "../auth/account.server";
import { searchableListPage } from "../lib/paging.server";
import { ListPage } from "../ui/ListPage";
import { MEMBER_SORTS, memberListPage } from "./list.server";
import { MEMBER_LIST } from "./lists";

export const handle = { breadcrumbs: [{ label: "Lidmaatschappen" }] };

export function meta() {
  return [{ title: "Lidmaatschappen – Ledenportaal" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "members:admin");
  return searchableListPage(new URL(request.url), MEMBER_SORTS, memberListPage);
}

export default function MemberList({ loaderData }: Route.ComponentProps) {
  return <ListPage definition={MEMBER_LIST} data={loaderData} />;
}
