import { href } from "react-router";
import type { Route } from "./+types/enterprises-export";
import { requireAccess } from "../auth/account.server";
import type { ExportFile } from "./export-files";
import { DownloadList, type Download } from "../ui/DownloadList";

export const handle = {
  breadcrumbs: [{ label: "Vestigingen", href: href("/vestigingen") }, { label: "Export" }],
};

export function meta() {
  return [{ title: "Export – Ledenportaal" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "enterprises:admin");
  return null;
}

const download = (file: ExportFile, label: string, description: string): Download => ({
  id: file,
  href: href("/vestigingen/export/:file", { file }),
  label,
  description,
});

const CAMPAIGN_DOWNLOADS: Download[] = [
  download(
    "campagne-interesse.csv",
    "Interesse-registraties scholingscampagne",
    "Vestigingen die interesse hebben aangegeven, met hun contactpersoon voor de campagne.",
  ),
  download("campagne-aanmeldingen.csv", "Alle aanmeldingen scholingscampagne", "Alle aangemelde deelnemers met opleiding, opleider, datum en locatie."),
];

const ENTERPRISE_DOWNLOADS: Download[] = [
  download("vestigingen.csv", "Vestigingen", "Alle vestigingen met lidmaatschap, lidnummer, adres, contactgegevens en status."),
];

/** The CSV exports of the establishments and the training campaign. */
export default function EnterprisesExport() {
  return (
    <>
      <h1>Export</h1>
      <p>De bestanden zijn CSV-bestanden die Excel direct opent (puntkomma als scheidingsteken, UTF-8).</p>
      <section className="card" aria-labelledby="export-campagne">
        <h2 id="export-campagne">Scholingscampagne Nederland Leert Door</h2>
        <DownloadList downloads={CAMPAIGN_DOWNLOADS} />
      </section>
      <section className="card" aria-labelledby="export-vestigingen">
        <h2 id="export-vestigingen">Vestigingen</h2>
        <DownloadList downloads={ENTERPRISE_DOWNLOADS} />
      </section>
    </>
  );
}
