import { href } from "react-router";
import type { Route } from "./+types/enterprises-export";
import { requireAccess } from "../auth/account.server";
import type { ExportFile } from "./export-files";

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

interface Download {
  file: ExportFile;
  label: string;
  description: string;
}

const CAMPAIGN_DOWNLOADS: Download[] = [
  {
    file: "campagne-interesse.csv",
    label: "Interesse-registraties scholingscampagne",
    description: "Vestigingen die interesse hebben aangegeven, met hun contactpersoon voor de campagne.",
  },
  {
    file: "campagne-aanmeldingen.csv",
    label: "Alle aanmeldingen scholingscampagne",
    description: "Alle aangemelde deelnemers met opleiding, opleider, datum en locatie.",
  },
];

const ENTERPRISE_DOWNLOADS: Download[] = [
  {
    file: "vestigingen.csv",
    label: "Vestigingen",
    description: "Alle vestigingen met lidmaatschap, lidnummer, adres, contactgegevens en status.",
  },
];

/**
 * The CSV exports. Plain links: without JavaScript the browser downloads the file; they open in a
 * new window so the page stays where it is.
 */
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

function DownloadList({ downloads }: { downloads: Download[] }) {
  return (
    <ul className="export-list">
      {downloads.map((d) => (
        <li key={d.file}>
          <a
            className="button"
            href={href("/vestigingen/export/:file", { file: d.file })}
            target="_blank"
            rel="noopener"
            aria-describedby={`export-${d.file}-hint`}
          >
            {d.label}
          </a>
          <p className="form__note" id={`export-${d.file}-hint`}>
            {d.description}
          </p>
        </li>
      ))}
    </ul>
  );
}
