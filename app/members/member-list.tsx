import { Link } from "react-router";
import type { Route } from "./+types/member-list";
import { requireAccess } from "../auth/account.server";
import { listQuery, PAGE_SIZE, readListParams } from "../lib/list";
import { DeleteDialog } from "../ui/DeleteDialog";
import { Icon } from "../ui/Icon";
import { ListSearch, SortHeader } from "../ui/ListSearch";
import { Pager } from "../ui/Pager";
import { StateIcon } from "../ui/StateIcon";
import { MEMBER_DEFAULT_SORT, MEMBER_SORTS, memberListPage } from "./list.server";
import { memberDeletePath } from "./schema";

export const handle = { breadcrumbs: [{ label: "Lidmaatschappen" }] };

export function meta() {
  return [{ title: "Lidmaatschappen – Ledenportaal" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "members:admin");
  const params = readListParams(new URL(request.url), MEMBER_SORTS, MEMBER_DEFAULT_SORT);
  const page = await memberListPage(params, PAGE_SIZE);
  return { params: { ...params, page: page.page }, ...page };
}

export default function MemberList({ loaderData }: Route.ComponentProps) {
  const { params, rows, total, page, limit } = loaderData;
  // After a delete (or its cancel) the admin returns to this very view of the list.
  const here = `/lidmaatschappen${listQuery(params)}`;
  return (
    <>
      <div className="list-header">
        <h1>{`Lidmaatschappen (${total})`}</h1>
        <ListSearch
          params={params}
          label="Zoek lidmaatschappen"
          placeholder="Zoek op naam, lidnummer, plaats of contactpersoon"
        />
        <Link to="/lidmaatschappen/toevoegen" className="button">
          Toevoegen
        </Link>
      </div>
      {rows.length === 0 ? (
        <p className="empty">Geen resultaten gevonden</p>
      ) : (
        <div className="table-wrap">
          <table className="table member-list">
            <thead>
              <tr>
                <SortHeader params={params} column="lidnummer" label="Lidnummer" />
                <SortHeader params={params} column="naam" label="Naam" />
                <SortHeader params={params} column="plaats" label="Plaats" />
                <SortHeader params={params} column="contactpersoon" label="Contactpersoon" />
                <SortHeader params={params} column="vestigingen" label="Vestigingen" />
                <th scope="col">
                  <span className="visually-hidden">Status</span>
                </th>
                <th scope="col">
                  <span className="visually-hidden">Acties</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((m) => (
                <tr key={m.id}>
                  <td>{m.lidnummer ?? ""}</td>
                  <td>
                    <Link to={`/lidmaatschappen/bewerken/${m.id}`}>{m.name}</Link>
                  </td>
                  <td>{m.town}</td>
                  <td>{m.contacts.join(", ")}</td>
                  <td>
                    <Link to={`/lidmaatschappen/bewerken/${m.id}#vestigingen`}>
                      {m.enterprises}
                      <span className="visually-hidden"> vestigingen van {m.name}</span>
                    </Link>
                  </td>
                  <td className="icons">
                    {m.associate ? <StateIcon name="userOff" label="Niet-lid" /> : null}
                    {m.approved ? null : <StateIcon name="warning" label="Niet goedgekeurd" />}
                    {m.inactive ? (
                      <StateIcon name="close" label="Inactief" />
                    ) : (
                      <StateIcon name="check" label="Actief" on />
                    )}
                    {m.hidden ? (
                      <StateIcon name="eyeOff" label="Verborgen" />
                    ) : (
                      <StateIcon name="eye" label="Zichtbaar" on />
                    )}
                  </td>
                  <td className="icons">
                    <DeleteDialog path={memberDeletePath(m.id)} name={m.name} back={here} className="icon-button icon-button--danger">
                      <Icon name="trash" />
                    </DeleteDialog>
                  </td>
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
