import { href, Link } from "react-router";
import { PathLink } from "../ui/PathLink";
import { formatDate } from "../lib/format";
import { deleteIconColumn, RecordStateIcons, stateColumn, type ListDefinition } from "../ui/ListPage";
import { pendingActionsColumn, type ApprovalDefinition, type DeletionDefinition } from "../ui/RecordConfirm";
import { StateIcon } from "../ui/StateIcon";
import type { EnterpriseListRow, EnterpriseSummary, PendingEnterpriseRow } from "./list.server";
import { starIcon, storeIcon } from "../ui/list-icons";

const editPath = (id: number) => href("/vestigingen/bewerken/:enterprise", { enterprise: String(id) });
const enterpriseDeletePath = (e: { id: number }) => href("/vestigingen/verwijderen/:enterprise", { enterprise: String(e.id) });

/** Deleting an establishment: from the list (dialog) or its confirmation page. */
export const ENTERPRISE_DELETION: DeletionDefinition = {
  title: "Vestiging verwijderen",
  list: { label: "Vestigingen", href: href("/vestigingen") },
  path: enterpriseDeletePath,
};

/** 'Hoofdstraat 1, 1234AB Amsterdam', leaving out what is empty. */
function address(e: EnterpriseListRow): string {
  const street = [e.street, e.houseNr].filter(Boolean).join(" ");
  const town = [e.postalCode, e.town].filter(Boolean).join(" ");
  return [street, town].filter(Boolean).join(", ");
}

/** /vestigingen */
export const ENTERPRISE_LIST: ListDefinition<EnterpriseListRow> = {
  title: "Vestigingen",
  counted: true,
  path: href("/vestigingen"),
  addHref: href("/vestigingen/toevoegen"),
  search: { label: "Zoek vestigingen", placeholder: "Zoek op naam, lidnummer, adres, telefoon of contactpersoon" },
  tableClassName: "enterprise-list",
  emptyText: "Geen resultaten gevonden",
  columns: [
    { label: "Lidnummer", sort: "lidnummer", cell: (e) => e.lidnummer ?? "" },
    { label: "Naam vestiging", sort: "naam", cell: (e) => <PathLink to={editPath(e.id)}>{e.name}</PathLink> },
    { label: "Adres", sort: "adres", cell: address },
    { label: "Contactpersoon", sort: "contactpersoon", cell: (e) => e.contact },
    { label: "Telefoon", sort: "telefoon", cell: (e) => e.phone },
    stateColumn((e) => (
      <RecordStateIcons approved={e.approved} inactive={e.inactive} hidden={e.hidden} unapproved={starIcon}>
        {e.franchise ? <StateIcon icon={storeIcon} label="Franchise" neutral /> : null}
      </RecordStateIcons>
    )),
    deleteIconColumn(enterpriseDeletePath),
  ],
};

type ApprovalShown = { id: number; name: string; lidnummer: number | null };

/** Approving an establishment: from the pending list (dialog) or its confirmation page. */
export const ENTERPRISE_APPROVAL: ApprovalDefinition<ApprovalShown, EnterpriseSummary> = {
  title: "Vestiging goedkeuren",
  crumb: { label: "Nieuwe vestigingen", href: href("/vestigingen/nieuwe-vestigingen") },
  text: (e) => (
    <p>
      Weet u zeker dat u deze vestiging wilt goedkeuren? <strong>{e.name}</strong> wordt dan actief en zichtbaar
      {e.lidnummer ? ` en houdt lidnummer ${e.lidnummer}.` : " en krijgt het volgende vrije lidnummer."}
    </p>
  ),
  path: (id) => href("/vestigingen/nieuwe-vestigingen/goedkeuren/:enterprise", { enterprise: String(id) }),
  back: href("/vestigingen/nieuwe-vestigingen"),
  backLabel: "Terug naar nieuwe vestigingen",
  refusal: (e) =>
    e.approved ? (
      <p>
        <strong>{e.name}</strong> is al goedgekeurd.
      </p>
    ) : !e.memberApproved ? (
      <p>
        Het lidmaatschap van <strong>{e.name}</strong> is nog niet goedgekeurd. Keur eerst het lidmaatschap goed bij{" "}
        <Link to={href("/nieuwe-lidmaatschappen")}>Nieuwe lidmaatschappen</Link>.
      </p>
    ) : null,
};

/** /vestigingen/nieuwe-vestigingen */
export const PENDING_ENTERPRISES: ListDefinition<PendingEnterpriseRow> = {
  title: "Nieuwe vestigingen",
  parents: [{ label: "Vestigingen", href: href("/vestigingen") }],
  path: href("/vestigingen/nieuwe-vestigingen"),
  intro: (
    <p className="page-context">
      Vestigingen van een lidmaatschap dat nog niet is goedgekeurd, worden hier niet getoond. Keur eerst het
      lidmaatschap goed bij <Link to={href("/nieuwe-lidmaatschappen")}>Nieuwe lidmaatschappen</Link>.
    </p>
  ),
  emptyText: "Er zijn geen nieuwe vestigingen.",
  columns: [
    { label: "Naam", cell: (e) => <PathLink to={editPath(e.id)}>{e.name}</PathLink> },
    {
      label: "Lidmaatschap",
      cell: (e) => <PathLink to={href("/lidmaatschappen/bewerken/:member", { member: String(e.memberId) })}>{e.memberName}</PathLink>,
    },
    { label: "Lid", cell: (e) => (e.associate ? "Nee" : "Ja") },
    { label: "Plaats", cell: (e) => e.town },
    { label: "Aangemaakt", cell: (e) => formatDate(e.created) },
    pendingActionsColumn<ApprovalShown, PendingEnterpriseRow>(ENTERPRISE_APPROVAL, enterpriseDeletePath),
  ],
};
