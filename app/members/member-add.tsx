import type { Route } from "./+types/member-add";
import { requireAccess } from "../auth/account.server";
import { addMemberAction, type MemberActionData } from "./member.server";
import { MemberAddTabs } from "./MemberTabs";

export const handle = { breadcrumbs: [{ label: "Lidmaatschappen", href: "/lidmaatschappen" }, { label: "Toevoegen" }] };

export function meta() {
  return [{ title: "Lidmaatschap toevoegen – Ledenportaal" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "members:admin");
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  return addMemberAction(request, await requireAccess(request, "members:admin"));
}

export default function MemberAdd({ actionData }: Route.ComponentProps) {
  const result = actionData as MemberActionData | undefined;
  return <MemberAddTabs lastResult={result?.general} />;
}
