import { href } from "react-router";
import { formatDate } from "../lib/format";
import { deleteIconColumn, RecordStateIcons, stateColumn, type ListDefinition } from "../ui/ListPage";
import { pendingActionsColumn, type ApprovalDefinition, type DeletionDefinition } from "../ui/RecordConfirm";
import { PathLink } from "../ui/PathLink";
import { StateIcon } from "../ui/StateIcon";
import { starIcon, userIcon, userOffIcon } from "../ui/list-icons";
import { REGISTRANT_FILTERS, type AccountState } from "./filters";
import type { PendingRegistrantRow, RegistrantListRow, RegistrantSummary } from "./list.server";

const registrantEditPath = (r: { id: number }) => href("/fitnednl/bewerken/:registrant", { registrant: String(r.id) });
const registrantDeletePath = (r: { id: number }) => href("/fitnednl/verwijderen/:registrant", { registrant: String(r.id) });

/** Deleting a professional: from the register (dialog) or its confirmation page. */
export const REGISTRANT_DELETION: DeletionDefinition = {
  title: "Professional verwijderen",
  list: { label: "FITNED.NL", href: href("/fitnednl") },
  path: registrantDeletePath,
};

/** The linked account's state: green when active, red when switched off, plain when there is none. */
const ACCOUNT_ICONS: Record<AccountState, { icon: string; label: string; on?: boolean; neutral?: boolean }> = {
  active: { icon: userIcon, label: "Actief account", on: true },
  inactive: { icon: userOffIcon, label: "Inactief account" },
  none: { icon: userOffIcon, label: "Geen account", neutral: true },
};

/** /fitnednl: the register of professionals. */
export const REGISTRANT_LIST: ListDefinition<RegistrantListRow> = {
  title: "FITNED.NL",
  counted: true,
  path: href("/fitnednl"),
  search: { label: "Zoek professionals", placeholder: "Zoek op registratienummer, ID-nummer, e-mail, naam of geboortedatum" },
  filters: REGISTRANT_FILTERS,
  addHref: href("/fitnednl/toevoegen"),
  tableClassName: "registrant-list",
  emptyText: "Geen resultaten gevonden",
  columns: [
    { label: "Registratienummer", sort: "registratienummer", cell: (r) => r.passNumber ?? "" },
    { label: "Naam", sort: "naam", cell: (r) => <PathLink to={registrantEditPath(r)}>{r.name}</PathLink> },
    { label: "Geboortedatum", sort: "geboortedatum", cell: (r) => formatDate(r.dateOfBirth) },
    { label: "E-mail", sort: "e-mail", cell: (r) => r.email },
    { label: "Plaats", sort: "plaats", cell: (r) => r.town },
    stateColumn((r) => (
      <RecordStateIcons approved={r.approved} inactive={r.inactive} hidden={r.hidden} unapproved={starIcon} after={<StateIcon {...ACCOUNT_ICONS[r.account]} />} />
    )),
    deleteIconColumn((r) => registrantDeletePath(r)),
  ],
};

const registrationDeletePath = (r: { id: number }) =>
  href("/fitnednl/nieuwe-aanmeldingen/verwijderen/:registrant", { registrant: String(r.id) });
const NEW_REGISTRATIONS = { label: "Nieuwe aanmeldingen", href: href("/fitnednl/nieuwe-aanmeldingen") };
const REGISTRATION_DELETE_QUESTION = "Weet u zeker dat u deze aanmelding wilt verwijderen?";

/** Deleting a new registration (with its account): from the page's row (dialog) or its confirmation page. */
export const REGISTRATION_DELETION: DeletionDefinition = {
  title: "Aanmelding verwijderen",
  list: NEW_REGISTRATIONS,
  path: registrationDeletePath,
  question: REGISTRATION_DELETE_QUESTION,
};

/** Approving a new registration: from the page's row (dialog) or its confirmation page. */
export const REGISTRATION_APPROVAL: ApprovalDefinition<{ id: number; name: string }, RegistrantSummary> = {
  title: "Aanmelding goedkeuren",
  crumb: NEW_REGISTRATIONS,
  text: (r) => (
    <p>
      Weet u zeker dat u deze aanmelding wilt goedkeuren? <strong>{r.name}</strong> krijgt dan het volgende vrije
      ID-nummer en registratienummer en wordt actief en zichtbaar.
    </p>
  ),
  path: (id) => href("/fitnednl/nieuwe-aanmeldingen/goedkeuren/:registrant", { registrant: String(id) }),
  back: NEW_REGISTRATIONS.href,
  backLabel: "Terug naar nieuwe aanmeldingen",
  refusal: (r) =>
    r.approved ? (
      <p>
        <strong>{r.name}</strong> is al goedgekeurd.
      </p>
    ) : null,
};

/** /fitnednl/nieuwe-aanmeldingen */
export const NEW_REGISTRATION_LIST: ListDefinition<PendingRegistrantRow> = {
  title: "Nieuwe aanmeldingen",
  parents: [{ label: "FITNED.NL", href: href("/fitnednl") }],
  path: NEW_REGISTRATIONS.href,
  emptyText: "Er zijn geen nieuw aangemelde FITNED.NL-professionals.",
  columns: [
    { label: "Naam", cell: (r) => <PathLink to={registrantEditPath(r)}>{r.name}</PathLink> },
    { label: "E-mail", cell: (r) => r.email },
    { label: "Geboortedatum", cell: (r) => formatDate(r.dateOfBirth) },
    { label: "Plaats", cell: (r) => r.town },
    { label: "Aangemeld", cell: (r) => formatDate(r.created) },
    pendingActionsColumn(REGISTRATION_APPROVAL, registrationDeletePath, REGISTRATION_DELETE_QUESTION),
  ],
};
