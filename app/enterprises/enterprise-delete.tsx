import { data, href } from "react-router";
import type { Route } from "./+types/enterprise-delete";
import { requireAccess } from "../auth/account.server";
import { confirmationBack, deletionAction } from "../lib/record-actions.server";
import { idParam } from "../lib/request.server";
import { DeletionPage } from "../ui/RecordConfirm";
import { deleteEnterprise, enterpriseSummary } from "./list.server";
import { enterpriseDeletePath } from "./lists";

const LIST = href("/vestigingen");

export const handle = { breadcrumbs: [{ label: "Vestigingen", href: LIST }, { label: "Verwijderen" }] };

export function meta() {
  return [{ title: "Vestiging verwijderen – Ledenportaal" }];
}

/** The confirmation as a page (what the list's delete icon opens without JavaScript). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAccess(request, "enterprises:admin");
  const enterprise = await enterpriseSummary(idParam(params.enterprise));
  if (!enterprise) throw data(null, { status: 404 });
  return { enterprise, back: confirmationBack(request, LIST) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { session } = await requireAccess(request, "enterprises:admin");
  const id = idParam(params.enterprise);
  return deletionAction(request, session, { record: "enterprise", id, fallback: LIST, remove: deleteEnterprise, done: "Vestiging verwijderd." });
}

export default function EnterpriseDelete({ loaderData }: Route.ComponentProps) {
  const { enterprise, back } = loaderData;
  return <DeletionPage record={enterprise} action={enterpriseDeletePath(enterprise)} back={back} fallback={LIST} />;
}
