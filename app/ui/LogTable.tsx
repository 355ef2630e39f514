import type { ReactNode } from "react";
import { formatDateTime } from "../lib/format";
import type { Page } from "../lib/paging.server";
import { Pager } from "./Pager";

/** The query parameter of a Logboek's page, beside the tab's `?tab=`. */
export const LOG_PAGE_PARAM = "logboek";

/**
 * The table of a Logboek tab (membership and establishment): Actie, Door, Datum, newest first,
 * ten a page, paged in the URL (`?logboek=`) so it works without JavaScript. With `details`, a
 * column of its own after Actie holds each row's Details button (part 1 §2: the establishment's
 * finalized Licenties entries).
 */
export function LogTable<Row extends { id: number; by: string; created: string }>({
  log,
  action,
  details,
}: {
  log: Page<Row>;
  action: (row: Row) => ReactNode;
  details?: (row: Row) => ReactNode;
}) {
  if (!log.rows.length) return <p className="empty">Er zijn nog geen logregels.</p>;
  return (
    <>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Actie</th>
              {details ? <th scope="col">Details</th> : null}
              <th scope="col">Door</th>
              <th scope="col">Datum</th>
            </tr>
          </thead>
          <tbody>
            {log.rows.map((row) => (
              <tr key={row.id}>
                <td>{action(row)}</td>
                {details ? <td>{details(row)}</td> : null}
                <td>{row.by}</td>
                <td>{formatDateTime(row.created)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={log.page} total={log.total} limit={log.limit} param={LOG_PAGE_PARAM} tab="logboek" />
    </>
  );
}
