import { Link } from "react-router";
import type { Route } from "./+types/member-unapproved";
import { requireAccess } from "../auth/account.server";
import { formatDate } from "../lib/format";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { DeleteDialog } from "../ui/DeleteDialog";
import { pendingMembers } from "./list.server";
import { memberDeletePath } from "./schema";

const UNAPPROVED = "/nieuwe-lidmaatschappen";

export const handle = {
  breadcrumbs: [{ label: "Lidmaatschappen", href: "/lidmaatschappen" }, { label: "Nieuwe lidmaatschappen" }],
};

export function meta() {
  return [{ title: "Nieuwe lidmaatschappen – Ledenportaal" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "members:admin");
  return { members: await pendingMembers() };
}

export default function MemberUnapproved({ loaderData }: Route.ComponentProps) {
  const { members } = loaderData;
  return (
    <>
      <h1>Nieuwe lidmaatschappen</h1>
      {members.length === 0 ? (
        <p className="empty">Er zijn geen nieuwe lidmaatschappen.</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Naam</th>
                <th scope="col">Lid</th>
                <th scope="col">Vestigingen</th>
                <th scope="col">Aangemaakt</th>
                <th scope="col">
                  <span className="visually-hidden">Acties</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {members.map((m) => (
                <tr key={m.id}>
                  <td>
                    <Link to={`/lidmaatschappen/bewerken/${m.id}`}>{m.name}</Link>
                  </td>
                  <td>{m.associate ? "Nee" : "Ja"}</td>
                  <td>{m.enterprises}</td>
                  <td>{formatDate(m.created)}</td>
                  <td>
                    <div className="table-actions">
                      <ConfirmDialog
                        triggerHref={`/nieuwe-lidmaatschappen/goedkeuren/${m.id}`}
                        triggerLabel={`Goedkeuren ${m.name}`}
                        triggerContent="Goedkeuren"
                        triggerClassName="button button--small"
                        title="Lidmaatschap goedkeuren"
                        text={
                          <p>
                            Weet u zeker dat u dit lidmaatschap wilt goedkeuren? <strong>{m.name}</strong> wordt dan
                            actief en zichtbaar; de vestigingen keurt u apart goed.
                          </p>
                        }
                        confirmLabel="Goedkeuren"
                        tone="primary"
                        action={`/nieuwe-lidmaatschappen/goedkeuren/${m.id}`}
                      />
                      <DeleteDialog
                        path={memberDeletePath(m.id)}
                        name={m.name}
                        back={UNAPPROVED}
                        className="button button--small button--danger"
                      >
                        Verwijderen
                      </DeleteDialog>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
