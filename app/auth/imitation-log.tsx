import { href, Link } from "react-router";
import type { Route } from "./+types/imitation-log";
import { formatDateTime } from "../lib/format";
import { PAGE_SIZE } from "../lib/list";
import { Pager } from "../ui/Pager";
import { pageFromUrl } from "../ui/pager";
import { requireAccess } from "./account.server";
import { imitationLogPage } from "./imitation-log.server";
import { can } from "./policy";

export const handle = { breadcrumbs: [{ label: "Beheer" }, { label: "Logboek imiteren" }] };

export function meta() {
  return [{ title: "Logboek imiteren – Ledenportaal" }];
}

/** Every imitation, who started it on whom and when, for admins to read. */
export async function loader({ request }: Route.LoaderArgs) {
  const { account } = await requireAccess(request, "admin");
  return {
    ...(await imitationLogPage(pageFromUrl(new URL(request.url)), PAGE_SIZE)),
    canImitate: can(account, "imitate"),
  };
}

export default function ImitationLog({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, limit, canImitate } = loaderData;
  return (
    <>
      <div className="list-header">
        <h1>{`Logboek imiteren (${total})`}</h1>
        {canImitate ? <Link to={href("/imitate")}>Imiteer gebruiker</Link> : null}
      </div>
      {rows.length === 0 ? (
        <p className="empty">Geen resultaten gevonden</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Beheerder</th>
                <th scope="col">Geïmiteerd account</th>
                <th scope="col">Gestart</th>
                <th scope="col">Beëindigd</th>
                <th scope="col">IP-adres</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>{row.imitator}</td>
                  <td>{row.imitated}</td>
                  <td>{formatDateTime(row.started)}</td>
                  <td>{row.ended ? formatDateTime(row.ended) : "Nog bezig"}</td>
                  <td>{row.ip}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} total={total} limit={limit} />
    </>
  );
}
