import { Link } from "react-router";
import type { Route } from "./+types/enterprise-list";
import { requireAccess } from "../auth/account.server";
import { listQuery, PAGE_SIZE, readListParams } from "../lib/list";
import { DeleteDialog } from "../ui/DeleteDialog";
import { Icon } from "../ui/Icon";
import { ListSearch, SortHeader } from "../ui/ListSearch";
import { Pager } from "../ui/Pager";
import { StateIcon } from "../ui/StateIcon";
import { ENTERPRISE_DEFAULT_SORT, ENTERPRISE_SORTS, enterpriseListPage, type EnterpriseListRow } from "./list.server";
import { ENTERPRISE_ADD_PATH, ENTERPRISE_LIST_PATH, enterpriseDeletePath, enterpriseEditPath } from "./paths";

export const handle = { breadcrumbs: [{ label: "Vestigingen" }] };

export function meta() {
  return [{ title: "Vestigingen – Ledenportaal" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "enterprises:admin");
  const params = readListParams(new URL(request.url), ENTERPRISE_SORTS, ENTERPRISE_DEFAULT_SORT);
  const page = await enterpriseListPage(params, PAGE_SIZE);
  return { params: { ...params, page: page.page }, ...page };
}

/** 'Hoofdstraat 1, 1234AB Amsterdam', leaving out what is empty. */
function address(e: EnterpriseListRow): string {
  const street = [e.street, e.houseNr].filter(Boolean).join(" ");
  const town = [e.postalCode, e.town].filter(Boolean).join(" ");
  return [street, town].filter(Boolean).join(", ");
}

export default function EnterpriseList({ loaderData }: Route.ComponentProps) {
  const { params, rows, total, page, limit } = loaderData;
  // After a delete (or its cancel) the admin returns to this very view of the list.
  const here = `${ENTERPRISE_LIST_PATH}${listQuery(params)}`;
  return (
    <>
      <div className="list-header">
        <h1>{`Vestigingen (${total})`}</h1>
        <ListSearch
          params={params}
          label="Zoek vestigingen"
          placeholder="Zoek op naam, lidnummer, adres, telefoon of contactpersoon"
        />
        <Link to={ENTERPRISE_ADD_PATH} className="button">
          Toevoegen
        </Link>
      </div>
      {rows.length === 0 ? (
        <p className="empty">Geen resultaten gevonden</p>
      ) : (
        <div className="table-wrap">
          <table className="table enterprise-list">
            <thead>
              <tr>
                <SortHeader params={params} column="lidnummer" label="Lidnummer" />
                <SortHeader params={params} column="naam" label="Naam vestiging" />
                <SortHeader params={params} column="adres" label="Adres" />
                <SortHeader params={params} column="contactpersoon" label="Contactpersoon" />
                <SortHeader params={params} column="telefoon" label="Telefoon" />
                <th scope="col">
                  <span className="visually-hidden">Status</span>
                </th>
                <th scope="col">
                  <span className="visually-hidden">Acties</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((e) => (
                <tr key={e.id}>
                  <td>{e.lidnummer ?? ""}</td>
                  <td>
                    <Link to={enterpriseEditPath(e.id)}>{e.name}</Link>
                  </td>
                  <td>{address(e)}</td>
                  <td>{e.contact}</td>
                  <td>{e.phone}</td>
                  <td className="icons">
                    {e.franchise ? <StateIcon name="store" label="Franchise" neutral /> : null}
                    {e.approved ? null : <StateIcon name="star" label="Niet goedgekeurd" />}
                    {e.inactive ? (
                      <StateIcon name="close" label="Inactief" />
                    ) : (
                      <StateIcon name="check" label="Actief" on />
                    )}
                    {e.hidden ? (
                      <StateIcon name="eyeOff" label="Verborgen" />
                    ) : (
                      <StateIcon name="eye" label="Zichtbaar" on />
                    )}
                  </td>
                  <td className="icons">
                    <DeleteDialog
                      path={enterpriseDeletePath(e.id)}
                      name={e.name}
                      back={here}
                      className="icon-button icon-button--danger"
                    >
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
