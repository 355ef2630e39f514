import { href } from "react-router";
import type { Route } from "./+types/pass-data";
import { requireAccess } from "../auth/account.server";
import { PASS_TITLE, PassData } from "./PassData";
import { passRows } from "./pass.server";

export const handle = { breadcrumbs: [{ label: "FITNED.NL", href: href("/fitnednl") }, { label: PASS_TITLE }] };

export function meta() {
  return [{ title: `${PASS_TITLE} – Ledenportaal` }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const { session } = await requireAccess(request, "registrants:admin");
  return { rows: await passRows(), exported: !!session.get("passExport") };
}

export default function PassDataPage({ loaderData }: Route.ComponentProps) {
  return <PassData rows={loaderData.rows} exported={loaderData.exported} />;
}
