import { href } from "react-router";
import type { Route } from "./+types/registrants-export";
import { requireAccess } from "../auth/account.server";
import { DownloadList } from "../ui/DownloadList";

export const handle = {
  breadcrumbs: [{ label: "FITNED.NL", href: href("/fitnednl") }, { label: "Export" }],
};

export function meta() {
  return [{ title: "Export FITNED.NL – Ledenportaal" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "registrants:admin");
  return null;
}

const DOWNLOADS = [
  {
    id: "fitnednl.csv",
    href: href("/fitnednl/export/fitnednl.csv"),
    label: "Download als CSV",
    description: "Alle FITNED.NL-professionals met nummers, naam, contactgegevens, adres, status, account en diploma's.",
  },
];

/** The export of the whole register (part 2 §2.2 "Export page"): a button that opens the file in a new window. */
export default function RegistrantsExport() {
  return (
    <>
      <h1>Export FITNED.NL</h1>
      <p>Het bestand is een CSV-bestand dat Excel direct opent (puntkomma als scheidingsteken, UTF-8).</p>
      <section className="card" aria-label="FITNED.NL-professionals">
        <DownloadList downloads={DOWNLOADS} />
      </section>
    </>
  );
}
