import { data } from "react-router";
import type { Route } from "./+types/enterprise-approve";
import { requireAccess } from "../auth/account.server";
import { approvalResponse } from "../lib/record-actions.server";
import { idParam } from "../lib/request.server";
import { ApprovalPage } from "../ui/RecordConfirm";
import { approveEnterprise, enterpriseSummary } from "./list.server";
import { ENTERPRISE_APPROVAL } from "./lists";

export const handle = {
  breadcrumbs: [{ label: "Nieuwe vestigingen", href: ENTERPRISE_APPROVAL.back }, { label: "Goedkeuren" }],
};

export function meta() {
  return [{ title: "Vestiging goedkeuren – Ledenportaal" }];
}

/** The confirmation as a page (what 'Goedkeuren' opens without JavaScript). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAccess(request, "enterprises:admin");
  const enterprise = await enterpriseSummary(idParam(params.enterprise));
  if (!enterprise) throw data(null, { status: 404 });
  return { enterprise };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { session } = await requireAccess(request, "enterprises:admin");
  const id = idParam(params.enterprise);
  return approvalResponse(session, ENTERPRISE_APPROVAL.back, () => approveEnterprise(id), {
    approved: (lidnummer) => ({ type: "success", header: "Vestiging goedgekeurd.", text: `Lidnummer ${lidnummer}.` }),
    already: "Deze vestiging is al goedgekeurd.",
  });
}

export default function EnterpriseApprove({ loaderData }: Route.ComponentProps) {
  return <ApprovalPage approval={ENTERPRISE_APPROVAL} record={loaderData.enterprise} />;
}
