import { data, href } from "react-router";
import type { Route } from "./+types/member-delete";
import { requireAccess } from "../auth/account.server";
import { confirmationBack, deletionAction } from "../lib/record-actions.server";
import { idParam } from "../lib/request.server";
import { DeletionPage } from "../ui/RecordConfirm";
import { deleteMember, memberSummary } from "./list.server";
import { memberDeletePath } from "./lists";

const LIST = href("/lidmaatschappen");

export const handle = { breadcrumbs: [{ label: "Lidmaatschappen", href: LIST }, { label: "Verwijderen" }] };

export function meta() {
  return [{ title: "Lidmaatschap verwijderen – Ledenportaal" }];
}

/** The confirmation as a page (what the list's delete icon opens without JavaScript). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAccess(request, "members:admin");
  const member = await memberSummary(idParam(params.member));
  if (!member) throw data(null, { status: 404 });
  return { member, back: confirmationBack(request, LIST) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { session } = await requireAccess(request, "members:admin");
  const id = idParam(params.member);
  return deletionAction(request, session, { record: "member", id, fallback: LIST, remove: deleteMember, done: "Lidmaatschap verwijderd." });
}

export default function MemberDelete({ loaderData }: Route.ComponentProps) {
  const { member, back } = loaderData;
  return <DeletionPage record={member} action={memberDeletePath(member)} back={back} fallback={LIST} />;
}
