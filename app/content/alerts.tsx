import { href } from "react-router";
import { BEHEER_CRUMB } from "../shell/crumbs";
import type { ListDefinition } from "../ui/ListPage";
import { PathLink } from "../ui/PathLink";
import type { AlertListRow } from "./alerts.server";


export const alertEditPath = (id: number) => href("/notificaties/bewerken/:id", { id: String(id) });

/** /notificaties/lijst */
export const ALERT_LIST: ListDefinition<AlertListRow> = {
  title: "Notificaties",
  parents: [BEHEER_CRUMB],
  path: href("/notificaties/lijst"),
  intro: <p>De teksten van de e-mails die het portaal verstuurt. Kies een notificatie om het onderwerp en de tekst te wijzigen.</p>,
  emptyText: "Er zijn geen notificaties.",
  columns: [
    { label: "Titel", cell: (a) => <PathLink to={alertEditPath(a.id)}>{a.title}</PathLink> },
    { label: "Omschrijving", cell: (a) => a.description },
    {
      label: "Acties",
      hiddenLabel: true,
            cell: (a) => (
        <PathLink to={alertEditPath(a.id)}>
          Bewerken<span className="visually-hidden"> {a.title}</span>
        </PathLink>
      ),
    },
  ],
};
