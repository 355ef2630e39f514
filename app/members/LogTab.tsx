import type { Page } from "../lib/paging.server";
import { LogTable } from "../ui/LogTable";
import type { MemberLogRow } from "./log.server";

function logActionLabel(row: Pick<MemberLogRow, "action" | "account" | "details">): string {
  switch (row.action) {
    case "account_created":
      return `Account aangemaakt: ${row.account ?? ""}`.trim();
    case "roles_changed":
      return `Rollen gewijzigd: ${row.account ?? ""}`.trim();
    case "name_changed":
      return row.details ? `Naam gewijzigd: ${row.details}` : "Naam gewijzigd";
  }
}

/** Tab Logboek: who changed a membership's accounts and name, newest first, ten a page. */
export function LogTab({ log }: { log: Page<MemberLogRow> }) {
  return <LogTable log={log} action={logActionLabel} />;
}
