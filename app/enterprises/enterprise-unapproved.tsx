import { href } from "react-router";
import type { Route } from "./+types/enterprise-unapproved";
import { requireAccess } from "../auth/account.server";
import { ListPage } from "../ui/ListPage";
import { pendingEnterprises } from "./list.server";
import { PENDING_ENTERPRISES } from "./lists";

export const handle = {
  breadcrumbs: [{ label: "Vestigingen", href: href("/vestigingen") }, { label: "Nieuwe vestigingen" }],
};

export function meta() {
  return [{ title: "Nieuwe vestigingen – Ledenportaal" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "enterprises:admin");
  return { rows: await pendingEnterprises() };
}

export default function EnterpriseUnapproved({ loaderData }: Route.ComponentProps) {
  return <ListPage definition={PENDING_ENTERPRISES} data={loaderData} />;
}
