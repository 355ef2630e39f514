import { href } from "react-router";
import { PathLink } from "../ui/PathLink";
import { formatDate } from "../lib/format";
import { deleteIconColumn, RecordStateIcons, stateColumn, type ListDefinition } from "../ui/ListPage";
import { pendingActionsColumn, type ApprovalDefinition, type DeletionDefinition } from "../ui/RecordConfirm";
import { StateIcon } from "../ui/StateIcon";
import type { MemberListRow, MemberSummary, PendingMemberRow } from "./list.server";
import { warningIcon } from "../ui/icons";
import { userOffIcon } from "../ui/list-icons";
import { tabPath } from "../ui/tab-path";

const editPath = (id: number) => href("/lidmaatschappen/bewerken/:member", { member: String(id) });
const memberDeletePath = (m: { id: number }) => href("/lidmaatschappen/verwijderen/:member", { member: String(m.id) });

/** Deleting a membership: from the list (dialog) or its confirmation page. */
export const MEMBER_DELETION: DeletionDefinition = {
  title: "Lidmaatschap verwijderen",
  list: { label: "Lidmaatschappen", href: href("/lidmaatschappen") },
  path: memberDeletePath,
};

/** /lidmaatschappen */
export const MEMBER_LIST: ListDefinition<MemberListRow> = {
  title: "Lidmaatschappen",
  counted: true,
  path: href("/lidmaatschappen"),
  addHref: href("/lidmaatschappen/toevoegen"),
  search: { label: "Zoek lidmaatschappen", placeholder: "Zoek op naam, lidnummer, plaats of contactpersoon" },
  tableClassName: "member-list",
  emptyText: "Geen resultaten gevonden",
  columns: [
    { label: "Lidnummer", sort: "lidnummer", cell: (m) => m.lidnummer ?? "" },
    { label: "Naam", sort: "naam", cell: (m) => <PathLink to={editPath(m.id)}>{m.name}</PathLink> },
    { label: "Plaats", sort: "plaats", cell: (m) => m.town },
    { label: "Contactpersoon", sort: "contactpersoon", cell: (m) => m.contacts.join(", ") },
    {
      label: "Vestigingen",
      sort: "vestigingen",
      cell: (m) => (
        <PathLink to={tabPath(editPath(m.id), "vestigingen")}>
          {m.enterprises}
          <span className="visually-hidden"> vestigingen van {m.name}</span>
        </PathLink>
      ),
    },
    stateColumn((m) => (
      <RecordStateIcons approved={m.approved} inactive={m.inactive} hidden={m.hidden} unapproved={warningIcon}>
        {m.associate ? <StateIcon icon={userOffIcon} label="Niet-lid" /> : null}
      </RecordStateIcons>
    )),
    deleteIconColumn(memberDeletePath),
  ],
};

/** Approving a membership: from the pending list (dialog) or its confirmation page. */
export const MEMBER_APPROVAL: ApprovalDefinition<{ id: number; name: string }, MemberSummary> = {
  title: "Lidmaatschap goedkeuren",
  crumb: { label: "Nieuwe lidmaatschappen", href: href("/nieuwe-lidmaatschappen") },
  text: (m) => (
    <p>
      Weet u zeker dat u dit lidmaatschap wilt goedkeuren? <strong>{m.name}</strong> wordt dan actief en zichtbaar;
      de vestigingen keurt u apart goed.
    </p>
  ),
  path: (id) => href("/nieuwe-lidmaatschappen/goedkeuren/:member", { member: String(id) }),
  back: href("/nieuwe-lidmaatschappen"),
  backLabel: "Terug naar nieuwe lidmaatschappen",
  refusal: (m) =>
    m.approved ? (
      <p>
        <strong>{m.name}</strong> is al goedgekeurd.
      </p>
    ) : null,
};

/** /nieuwe-lidmaatschappen */
export const PENDING_MEMBERS: ListDefinition<PendingMemberRow> = {
  title: "Nieuwe lidmaatschappen",
  parents: [{ label: "Lidmaatschappen", href: href("/lidmaatschappen") }],
  path: href("/nieuwe-lidmaatschappen"),
  emptyText: "Er zijn geen nieuwe lidmaatschappen.",
  columns: [
    { label: "Naam", cell: (m) => <PathLink to={editPath(m.id)}>{m.name}</PathLink> },
    { label: "Lid", cell: (m) => (m.associate ? "Nee" : "Ja") },
    { label: "Vestigingen", cell: (m) => m.enterprises },
    { label: "Aangemaakt", cell: (m) => formatDate(m.created) },
    pendingActionsColumn<{ id: number; name: string }, PendingMemberRow>(MEMBER_APPROVAL, memberDeletePath),
  ],
};
