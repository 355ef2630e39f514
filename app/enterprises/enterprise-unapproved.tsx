import { Link } from "react-router";
import type { Route } from "./+types/enterprise-unapproved";
import { requireAccess } from "../auth/account.server";
import { formatDate } from "../lib/format";
import { memberEditPath } from "../members/schema";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { DeleteDialog } from "../ui/DeleteDialog";
import { ApproveText } from "./ApproveText";
import { pendingEnterprises } from "./list.server";
import { ENTERPRISE_LIST_PATH, ENTERPRISE_UNAPPROVED_PATH, enterpriseApprovePath, enterpriseDeletePath, enterpriseEditPath } from "./paths";

export const handle = {
  breadcrumbs: [{ label: "Vestigingen", href: ENTERPRISE_LIST_PATH }, { label: "Nieuwe vestigingen" }],
};

export function meta() {
  return [{ title: "Nieuwe vestigingen – Ledenportaal" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "enterprises:admin");
  return { enterprises: await pendingEnterprises() };
}

export default function EnterpriseUnapproved({ loaderData }: Route.ComponentProps) {
  const { enterprises } = loaderData;
  return (
    <>
      <h1>Nieuwe vestigingen</h1>
      <p className="page-context">
        Vestigingen van een lidmaatschap dat nog niet is goedgekeurd, worden hier niet getoond. Keur eerst het
        lidmaatschap goed bij <Link to="/nieuwe-lidmaatschappen">Nieuwe lidmaatschappen</Link>.
      </p>
      {enterprises.length === 0 ? (
        <p className="empty">Er zijn geen nieuwe vestigingen.</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Naam</th>
                <th scope="col">Lidmaatschap</th>
                <th scope="col">Lid</th>
                <th scope="col">Plaats</th>
                <th scope="col">Aangemaakt</th>
                <th scope="col">
                  <span className="visually-hidden">Acties</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {enterprises.map((e) => (
                <tr key={e.id}>
                  <td>
                    <Link to={enterpriseEditPath(e.id)}>{e.name}</Link>
                  </td>
                  <td>
                    <Link to={memberEditPath(e.memberId)}>{e.memberName}</Link>
                  </td>
                  <td>{e.associate ? "Nee" : "Ja"}</td>
                  <td>{e.town}</td>
                  <td>{formatDate(e.created)}</td>
                  <td>
                    <div className="table-actions">
                      <ConfirmDialog
                        triggerHref={enterpriseApprovePath(e.id)}
                        triggerLabel={`Goedkeuren ${e.name}`}
                        triggerContent="Goedkeuren"
                        triggerClassName="button button--small"
                        title="Vestiging goedkeuren"
                        text={<ApproveText name={e.name} lidnummer={e.lidnummer} />}
                        confirmLabel="Goedkeuren"
                        tone="primary"
                        action={enterpriseApprovePath(e.id)}
                      />
                      <DeleteDialog
                        path={enterpriseDeletePath(e.id)}
                        name={e.name}
                        back={ENTERPRISE_UNAPPROVED_PATH}
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
