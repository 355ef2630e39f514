import type { Account } from "../auth/account";
import { actor } from "../auth/imitation.server";
import { getDb, nowIso, type Tx } from "../lib/db.server";
import { paginate, type Page } from "../lib/paging.server";
import { LOG_ACTOR_COLUMNS, loggedBy, logPageNumber } from "../lib/log-entries.server";
import { LOG_TAB_PARAM } from "./EnterpriseLogTab";
import { licenseComparisonPath } from "./licenses";

/** The tab an establishment log entry is about (part 1 §3 "Enterprise log entry"). */
export type EnterpriseLogForm = "main" | "options" | "info" | "licenses" | "inspection" | "professionals";

/**
 * The tabs the Logboek can be filtered on, in the tab bar's order: their value in the URL, their
 * form key and their Dutch label. Professionals is not among them (spec), nor, for associate
 * memberships, Licenties and Keuring.
 */
const FILTER_TABS: { value: string; form: EnterpriseLogForm; label: string; fullMembersOnly?: boolean }[] = [
  { value: "algemeen", form: "main", label: "Algemeen" },
  { value: "aanbod", form: "options", label: "Aanbod" },
  { value: "info-media", form: "info", label: "Info & Media" },
  { value: "licenties", form: "licenses", label: "Licenties", fullMembersOnly: true },
  { value: "keuring", form: "inspection", label: "Keuring", fullMembersOnly: true },
];

const PAGE_SIZE = 10;

/**
 * Writes an establishment log entry inside the transaction of the change it records. The acting
 * user is the signed-in account (the imitated one while imitating), flagged when an admin acts
 * for it. `content` (the licences' declaration) is stored as JSON.
 */
export async function writeEnterpriseLog(
  tx: Tx,
  account: Account,
  entry: { enterpriseId: number; form: EnterpriseLogForm; finalize?: boolean; content?: unknown },
): Promise<void> {
  const { userId, imitating } = actor(account);
  await tx
    .insertInto("enterprise_log")
    .values({
      enterprise_id: entry.enterpriseId,
      form: entry.form,
      finalize: entry.finalize ? 1 : 0,
      user_id: userId,
      imitating: imitating ? 1 : 0,
      content: entry.content === undefined ? "" : JSON.stringify(entry.content),
      created: nowIso(),
    })
    .execute();
}

interface EnterpriseLogRow {
  id: number;
  form: EnterpriseLogForm;
  finalize: boolean;
  /** 'Tab Algemeen gewijzigd', plus ' en doorgegeven' when finalized. */
  action: string;
  /** The Details comparison of a finalized Licenties entry; null for any other. */
  details: string | null;
  /** A name, 'Beheerder namens <name>' while imitating, or '[Account verwijderd]'. */
  by: string;
  created: string;
}

export interface EnterpriseLogPage extends Page<EnterpriseLogRow> {
  /** The chosen filter value ('' = every tab of the select). */
  tab: string;
  /** The filter select's options, 'Alle tabs' first. */
  options: { value: string; label: string }[];
  /** The table has a Details column: the establishment has Licenties (a full membership's). */
  detailsColumn: boolean;
}

function enterpriseLogAction(form: string, finalize: boolean): string {
  const label = FILTER_TABS.find((t) => t.form === form)?.label ?? (form === "professionals" ? "Professionals" : form);
  return `Tab ${label} gewijzigd${finalize ? " en doorgegeven" : ""}`;
}

/**
 * One page (10) of an establishment's log, newest first, filtered by the tab chosen in
 * `?logboek-tab=` and paged by `?logboek=`. `associate` (whether its membership is an associate
 * one) limits the tabs; it is looked up when not given.
 */
export async function enterpriseLogPage(enterpriseId: number, url: URL, associate?: boolean): Promise<EnterpriseLogPage> {
  const db = getDb();
  if (associate === undefined) {
    const member = await db
      .selectFrom("enterprises")
      .innerJoin("members", "members.id", "enterprises.member_id")
      .select("members.associate")
      .where("enterprises.id", "=", enterpriseId)
      .executeTakeFirst();
    associate = !!member?.associate;
  }
  const tabs = FILTER_TABS.filter((t) => !(associate && t.fullMembersOnly));
  const chosen = tabs.find((t) => t.value === url.searchParams.get(LOG_TAB_PARAM));
  const forms = (chosen ? [chosen] : tabs).map((t) => t.form);

  const query = db
    .selectFrom("enterprise_log as l")
    .leftJoin("users as actor", "actor.id", "l.user_id")
    .select(["l.id", "l.form", "l.finalize", "l.imitating", "l.created", ...LOG_ACTOR_COLUMNS])
    .where("l.enterprise_id", "=", enterpriseId)
    .where("l.form", "in", forms)
    .orderBy("l.created", "desc")
    .orderBy("l.id", "desc");
  const result = await paginate(query, logPageNumber(url), PAGE_SIZE);
  return {
    ...result,
    rows: result.rows.map((r) => ({
      id: r.id,
      form: r.form as EnterpriseLogForm,
      finalize: !!r.finalize,
      action: enterpriseLogAction(r.form, !!r.finalize),
      details: r.form === "licenses" && r.finalize ? licenseComparisonPath(enterpriseId, r.id) : null,
      by: loggedBy(r),
      created: r.created,
    })),
    tab: chosen?.value ?? "",
    options: [{ value: "", label: "Alle tabs" }, ...tabs.map(({ value, label }) => ({ value, label }))],
    detailsColumn: !associate,
  };
}
