import { href } from "react-router";
import type { Route } from "./+types/member-unapproved";
import { requireAccess } from "../auth/account.server";
import { ListPage } from "../ui/ListPage";
import { pendingMembers } from "./list.server";
import { PENDING_MEMBERS } from "./lists";

export const handle = {
  breadcrumbs: [{ label: "Lidmaatschappen", href: href("/lidmaatschappen") }, { label: "Nieuwe lidmaatschappen" }],
};

export function meta() {
  return [{ title: "Nieuwe lidmaatschappen – Ledenportaal" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "members:admin");
  return { rows: await pendingMembers() };
}

export default function MemberUnapproved({ loaderData }: Route.ComponentProps) {
  return <ListPage definition={PENDING_MEMBERS} data={loaderData} />;
}
