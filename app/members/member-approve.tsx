import { data } from "react-router";
import type { Route } from "./+types/member-approve";
import { requireAccess } from "../auth/account.server";
import { idParam } from "../lib/request.server";
import { redirectWithNotification } from "../shell/flash.server";
import { ConfirmPage } from "../ui/ConfirmDialog";
import { approveMember, memberSummary } from "./list.server";

const UNAPPROVED = "/nieuwe-lidmaatschappen";

export const handle = {
  breadcrumbs: [{ label: "Nieuwe lidmaatschappen", href: UNAPPROVED }, { label: "Goedkeuren" }],
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
  await requireAccess(request, "members:admin");
  const id = idParam(params.member);
  if (await approveMember(id)) {
    return redirectWithNotification(request, UNAPPROVED, { type: "success", header: "Lidmaatschap goedgekeurd." });
  }
  const member = await memberSummary(id);
  return redirectWithNotification(
    request,
    UNAPPROVED,
    member
      ? { type: "warning", header: "Dit lidmaatschap is al goedgekeurd." }
      : { type: "danger", header: "Dit item bestaat niet (meer)." },
  );
}

export default function MemberApprove({ loaderData }: Route.ComponentProps) {
  const { member } = loaderData;
  if (member.approved) {
    return (
      <section className="card">
        <h1>Lidmaatschap goedkeuren</h1>
        <p>
          <strong>{member.name}</strong> is al goedgekeurd.
        </p>
        <p>
          <a href={UNAPPROVED}>Terug naar nieuwe lidmaatschappen</a>
        </p>
      </section>
    );
  }
  return (
    <ConfirmPage
      title="Lidmaatschap goedkeuren"
      text={
        <p>
          Weet u zeker dat u dit lidmaatschap wilt goedkeuren? <strong>{member.name}</strong> wordt dan actief en
          zichtbaar; de vestigingen keurt u apart goed.
        </p>
      }
      confirmLabel="Goedkeuren"
      tone="primary"
      cancelHref={UNAPPROVED}
      action={`/nieuwe-lidmaatschappen/goedkeuren/${member.id}`}
    />
  );
}
