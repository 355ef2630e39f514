import { data } from "react-router";
import type { Account } from "../auth/account";
import { getDb } from "../lib/db.server";
import { LOG_ACTOR_COLUMNS, loggedBy } from "../lib/log-entries.server";
import { idParam } from "../lib/request.server";
import type { LicenseDeclaration } from "./licenses";
import { requireFullMemberEnterprise } from "./enterprise.server";
import { parseSpaces } from "./licenses.server";
import { tabPath } from "../ui/tab-path";

/** Who submitted a declaration when no user is known (an imported one). */
export const IMPORTED = "[import]";

/** One side of the comparison: a finalized declaration, who submitted it and when. */
export interface ComparedDeclaration {
  id: number;
  by: string;
  created: string;
  declaration: LicenseDeclaration;
}

export interface LicenseComparisonData {
  enterpriseName: string;
  /** The Logboek the page returns to. */
  back: string;
  current: ComparedDeclaration;
  /** The finalized declaration before it; null for the first one. */
  previous: ComparedDeclaration | null;
}

/** A log entry's content as a declaration; anything missing counts as not declared. */
function declarationOfContent(json: string): LicenseDeclaration {
  let content: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(json || "{}");
    if (parsed && typeof parsed === "object") content = parsed as Record<string, unknown>;
  } catch {
    content = {};
  }
  const flag = (key: string) => content[key] === true;
  const text = (key: string) => (typeof content[key] === "string" ? (content[key] as string) : "");
  const tvSets = Number(content.tvSets);
  return {
    sena: flag("sena"),
    buma: flag("buma"),
    videma: flag("videma"),
    authorizationSena: flag("authorizationSena"),
    authorizationBuma: flag("authorizationBuma"),
    authorizationVidema: flag("authorizationVidema"),
    tvSets: content.tvSets === null || content.tvSets === undefined || !Number.isFinite(tvSets) ? null : tvSets,
    spaces: parseSpaces(JSON.stringify(content.spaces ?? {})),
    authorizationName: text("authorizationName"),
    authorizationIban: text("authorizationIban"),
    authorizationBic: text("authorizationBic"),
  };
}

function finalizedLicenses(enterpriseId: number) {
  return getDb()
    .selectFrom("enterprise_log as l")
    .leftJoin("users as actor", "actor.id", "l.user_id")
    .select(["l.id", "l.created", "l.content", "l.imitating", ...LOG_ACTOR_COLUMNS])
    .where("l.enterprise_id", "=", enterpriseId)
    .where("l.form", "=", "licenses")
    .where("l.finalize", "=", 1);
}

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof finalizedLicenses>["executeTakeFirst"]>>>;

const compared = (row: Row): ComparedDeclaration => ({
  id: row.id,
  by: row.actor_id === null ? IMPORTED : loggedBy(row),
  created: row.created,
  declaration: declarationOfContent(row.content),
});

/**
 * A finalized Licenties entry of this establishment beside the finalized one before it; 404 for
 * any other entry (another establishment's, another tab's, one not passed on).
 */
export async function loadLicenseComparison(
  account: Account,
  enterprise: { id: number; name: string },
  entryParam: string,
): Promise<LicenseComparisonData> {
  const entryId = idParam(entryParam);
  const current = await finalizedLicenses(enterprise.id).where("l.id", "=", entryId).executeTakeFirst();
  if (!current) throw data(null, { status: 404 });
  const previous = await finalizedLicenses(enterprise.id)
    .where((eb) => eb.or([eb("l.created", "<", current.created), eb.and([eb("l.created", "=", current.created), eb("l.id", "<", current.id)])]))
    .orderBy("l.created", "desc")
    .orderBy("l.id", "desc")
    .limit(1)
    .executeTakeFirst();
  const own = account.listableEnterprises.length === 1 ? "/mijn-vestiging" : `/mijn-vestigingen/bewerken/${enterprise.id}`;
  return {
    enterpriseName: enterprise.name,
    back: tabPath(account.isAdmin ? `/vestigingen/bewerken/${enterprise.id}` : own, "logboek"),
    current: compared(current),
    previous: previous ? compared(previous) : null,
  };
}

/** The comparison of the page and of the dialog's JSON, under the establishment page's permission. */
export async function licenseComparisonLoader(request: Request, params: { enterprise: string; entry: string }) {
  const { account, record } = await requireFullMemberEnterprise(request, params.enterprise);
  return loadLicenseComparison(account, record.enterprise, params.entry);
}
