import { data } from "react-router";
import type { Route } from "./+types/member-delete";
import { requireAccess } from "../auth/account.server";
import { idParam } from "../lib/request.server";
import { redirectWithNotification } from "../shell/flash.server";
import { ConfirmPage, DELETE_CONFIRM } from "../ui/ConfirmDialog";
import { deleteMember, memberSummary, returnPath } from "./list.server";
import { memberDeletePath } from "./schema";
import { securityLog } from "../lib/log.server";

const LIST = "/lidmaatschappen";

export const handle = { breadcrumbs: [{ label: "Lidmaatschappen", href: LIST }, { label: "Verwijderen" }] };

export function meta() {
  return [{ title: "Lidmaatschap verwijderen – Ledenportaal" }];
}

/** The confirmation as a page (what the list's delete icon opens without JavaScript). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAccess(request, "members:admin");
  const member = await memberSummary(idParam(params.member));
  if (!member) throw data(null, { status: 404 });
  const back = returnPath(new URL(request.url).searchParams.get("terug"), LIST);
  return { member, back };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAccess(request, "members:admin");
  const id = idParam(params.member);
  const form = await request.formData();
  const back = returnPath(form.get("terug") ?? new URL(request.url).searchParams.get("terug"), LIST);
  if (!(await deleteMember(id))) {
    return redirectWithNotification(request, back, { type: "danger", header: "Dit item bestaat niet (meer)." });
  }
  securityLog("deleted", { outcome: "success", record: "member", id });
  return redirectWithNotification(request, back, { type: "success", header: "Lidmaatschap verwijderd." });
}

export default function MemberDelete({ loaderData }: Route.ComponentProps) {
  const { member, back } = loaderData;
  return (
    <ConfirmPage
      {...DELETE_CONFIRM}
      text={
        <>
          <p>{DELETE_CONFIRM.text}</p>
          <p>
            <strong>{member.name}</strong>
          </p>
        </>
      }
      cancelHref={back}
      action={memberDeletePath(member.id)}
      fields={back === LIST ? undefined : { terug: back }}
    />
  );
}
