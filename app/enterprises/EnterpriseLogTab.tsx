import { useEffect, useState } from "react";
import { Form, useLocation } from "react-router";
import { LOG_PAGE_PARAM, LogTable } from "../ui/LogTable";
import type { EnterpriseLogPage } from "./log.server";
import { LicenseDetails } from "./LicenseDetails";

/** The query parameter of the Logboek's tab filter (its page is `?logboek=`). */
export const LOG_TAB_PARAM = "logboek-tab";

/**
 * Tab Logboek of an establishment: which tab was changed (and passed on), by whom, when; ten a
 * page. The filter is a GET form with a button, so it works without JavaScript; with JavaScript
 * choosing a tab submits it at once.
 */
export function EnterpriseLogTab({ log }: { log: EnterpriseLogPage }) {
  const location = useLocation();
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  // Other parameters of the page stay; a new filter starts at its first page.
  const keep = [...new URLSearchParams(location.search)].filter(([name]) => name !== LOG_PAGE_PARAM && name !== LOG_TAB_PARAM);

  return (
    <>
      <Form method="get" action={`${location.pathname}#logboek`} preventScrollReset className="log-filter">
        {keep.map(([name, value]) => (
          <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
        ))}
        <label htmlFor="logboek-tab" className="log-filter__label">
          Tab
        </label>
        <select
          id="logboek-tab"
          name={LOG_TAB_PARAM}
          defaultValue={log.tab}
          key={log.tab}
          className="input log-filter__select"
          onChange={(event) => event.currentTarget.form?.requestSubmit()}
        >
          {log.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {enhanced ? null : (
          <button type="submit" className="button button--small">
            Filteren
          </button>
        )}
      </Form>
      <LogTable
        log={log}
        action={(row) => row.action}
        details={log.detailsColumn ? (row) => (row.details ? <LicenseDetails href={row.details} created={row.created} /> : null) : undefined}
      />
    </>
  );
}
