import { data } from "react-router";
import type { Route } from "./+types/enterprise-delete";
import { requireAccess } from "../auth/account.server";
import { returnPath } from "../members/list.server";
import { idParam } from "../lib/request.server";
import { redirectWithNotification, SOMETHING_WENT_WRONG } from "../shell/flash.server";
import { ConfirmPage, DELETE_CONFIRM } from "../ui/ConfirmDialog";
import { deleteEnterprise, enterpriseSummary } from "./list.server";
import { ENTERPRISE_LIST_PATH, enterpriseDeletePath } from "./paths";
import { securityLog } from "../lib/log.server";

export const handle = { breadcrumbs: [{ label: "Vestigingen", href: ENTERPRISE_LIST_PATH }, { label: "Verwijderen" }] };

export function meta() {
  return [{ title: "Vestiging verwijderen – Ledenportaal" }];
}

/** The confirmation as a page (what the list's delete icon opens without JavaScript). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAccess(request, "enterprises:admin");
  const enterprise = await enterpriseSummary(idParam(params.enterprise));
  if (!enterprise) throw data(null, { status: 404 });
  const back = returnPath(new URL(request.url).searchParams.get("terug"), ENTERPRISE_LIST_PATH);
  return { enterprise, back };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { session } = await requireAccess(request, "enterprises:admin");
  const id = idParam(params.enterprise);
  const form = await request.formData();
  const back = returnPath(form.get("terug") ?? new URL(request.url).searchParams.get("terug"), ENTERPRISE_LIST_PATH);
  let deleted: boolean;
  try {
    deleted = await deleteEnterprise(id);
  } catch (error) {
    console.error(error);
    return redirectWithNotification(session, back, SOMETHING_WENT_WRONG);
  }
  if (!deleted) return redirectWithNotification(session, back, { type: "danger", header: "Dit item bestaat niet (meer)." });
  securityLog("deleted", { outcome: "success", record: "enterprise", id });
  return redirectWithNotification(session, back, { type: "success", header: "Vestiging verwijderd." });
}

export default function EnterpriseDelete({ loaderData }: Route.ComponentProps) {
  const { enterprise, back } = loaderData;
  return (
    <ConfirmPage
      {...DELETE_CONFIRM}
      text={
        <>
          <p>{DELETE_CONFIRM.text}</p>
          <p>
            <strong>{enterprise.name}</strong>
          </p>
        </>
      }
      cancelHref={back}
      action={enterpriseDeletePath(enterprise.id)}
      fields={back === ENTERPRISE_LIST_PATH ? undefined : { terug: back }}
    />
  );
}
