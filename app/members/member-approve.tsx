import { data } from "react-router";
import type { Route } from "./+types/member-approve";
import { requireAccess } from "../auth/account.server";
import { approvalResponse } from "../lib/record-actions.server";
import { idParam } from "../lib/request.server";
import { ApprovalPage } from "../ui/RecordConfirm";
import { approveMember, memberSummary } from "./list.server";
import { MEMBER_APPROVAL } from "./lists";

export const handle = {
  breadcrumbs: [{ label: "Nieuwe lidmaatschappen", href: MEMBER_APPROVAL.back }, { label: "Goedkeuren" }],
};

export function meta() {
  return [{ title: "Lidmaatschap goedkeuren – Ledenportaal" }];
}

/** The confirmation as a page (what 'Goedkeuren' opens without JavaScript). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAccess(request, "members:admin");
  const member = await memberSummary(idParam(params.member));
  if (!member) throw data(null, { status: 404 });
  return { member };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { session } = await requireAccess(request, "members:admin");
  const id = idParam(params.member);
  return approvalResponse(session, MEMBER_APPROVAL.back, () => approveMember(id), {
    approved: () => ({ type: "success", header: "Lidmaatschap goedgekeurd." }),
    already: "Dit lidmaatschap is al goedgekeurd.",
  });
}

export default function MemberApprove({ loaderData }: Route.ComponentProps) {
  return <ApprovalPage approval={MEMBER_APPROVAL} record={loaderData.member} />;
}
