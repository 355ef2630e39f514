/** A file of an export page: where it downloads, its name and what it holds. */
export interface Download {
  id: string;
  href: string;
  label: string;
  description: string;
}

/**
 * The CSV exports of an export page. Plain links: without JavaScript the browser downloads the
 * file; they open in a new window so the page stays where it is.
 */
export function DownloadList({ downloads }: { downloads: Download[] }) {
  return (
    <ul className="export-list">
      {downloads.map((d) => (
        <li key={d.id}>
          <a className="button" href={d.href} target="_blank" rel="noopener" aria-describedby={`export-${d.id}-hint`}>
            {d.label}
          </a>
          <p className="form__note" id={`export-${d.id}-hint`}>
            {d.description}
          </p>
        </li>
      ))}
    </ul>
  );
}
