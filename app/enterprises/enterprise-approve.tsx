import { data } from "react-router";
import type { Route } from "./+types/enterprise-approve";
import { requireAccess } from "../auth/account.server";
import { idParam } from "../lib/request.server";
import { redirectWithNotification } from "../shell/flash.server";
import { ConfirmPage } from "../ui/ConfirmDialog";
import { ApproveText } from "./ApproveText";
import { approveEnterprise, enterpriseSummary } from "./list.server";
import { ENTERPRISE_UNAPPROVED_PATH, enterpriseApprovePath } from "./paths";

export const handle = {
  breadcrumbs: [{ label: "Nieuwe vestigingen", href: ENTERPRISE_UNAPPROVED_PATH }, { label: "Goedkeuren" }],
};

export function meta() {
  return [{ title: "Vestiging goedkeuren – Ledenportaal" }];
}

const ALREADY_APPROVED = "Deze vestiging is al goedgekeurd.";
const MEMBER_NOT_APPROVED = "Keur eerst het lidmaatschap van deze vestiging goed.";

/** The confirmation as a page (what 'Goedkeuren' opens without JavaScript). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAccess(request, "enterprises:admin");
  const enterprise = await enterpriseSummary(idParam(params.enterprise));
  if (!enterprise) throw data(null, { status: 404 });
  return { enterprise };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { session } = await requireAccess(request, "enterprises:admin");
  const result = await approveEnterprise(idParam(params.enterprise));
  if (result.ok) {
    return redirectWithNotification(session, ENTERPRISE_UNAPPROVED_PATH, {
      type: "success",
      header: "Vestiging goedgekeurd.",
      text: `Lidnummer ${result.lidnummer}.`,
    });
  }
  return redirectWithNotification(
    session,
    ENTERPRISE_UNAPPROVED_PATH,
    result.reason === "missing"
      ? { type: "danger", header: "Dit item bestaat niet (meer)." }
      : { type: "warning", header: result.reason === "already" ? ALREADY_APPROVED : MEMBER_NOT_APPROVED },
  );
}

export default function EnterpriseApprove({ loaderData }: Route.ComponentProps) {
  const { enterprise } = loaderData;
  if (enterprise.approved || !enterprise.memberApproved) {
    return (
      <section className="card">
        <h1>Vestiging goedkeuren</h1>
        {enterprise.approved ? (
          <p>
            <strong>{enterprise.name}</strong> is al goedgekeurd.
          </p>
        ) : (
          <p>
            Het lidmaatschap van <strong>{enterprise.name}</strong> is nog niet goedgekeurd. Keur eerst het
            lidmaatschap goed bij <a href="/nieuwe-lidmaatschappen">Nieuwe lidmaatschappen</a>.
          </p>
        )}
        <p>
          <a href={ENTERPRISE_UNAPPROVED_PATH}>Terug naar nieuwe vestigingen</a>
        </p>
      </section>
    );
  }
  return (
    <ConfirmPage
      title="Vestiging goedkeuren"
      text={<ApproveText name={enterprise.name} lidnummer={enterprise.lidnummer} />}
      confirmLabel="Goedkeuren"
      tone="primary"
      cancelHref={ENTERPRISE_UNAPPROVED_PATH}
      action={enterpriseApprovePath(enterprise.id)}
    />
  );
}
