import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import { data, href, redirect } from "react-router";
import type { Account } from "../auth/account";
import type { AppSession } from "../auth/session.server";
import { can } from "../auth/policy";
import { GROUP_LESSON_CATEGORIES } from "../catalogues/definitions";
import { condition, getDb, read, together, type Condition, type DB, type Read, type Together, type Tx } from "../lib/db.server";
import { ITEM_GONE, redirectWithNotification } from "../shell/flash.server";
import type { TriState } from "../ui/TriStateField";
import { readSheetPost, writeSheetAnswers, type SheetChange, type SheetEntry } from "../lib/tri-state.server";
import type { EnterpriseActionData, EnterpriseTabPage } from "./edit.server";
import { writeEnterpriseLog } from "./log.server";
import {
  OPTION_GROUPS,
  optionField,
  OPTIONS_INVALID,
  OPTIONS_SAVED,
  type EnterpriseOptionsData,
  type OptionGroup,
  type OptionGroupKey,
  type OptionItem,
} from "./options";
import { tabPath } from "../ui/tab-path";

/** Each group's catalogue and the table of its answers (migration 013). */
const TABLES: Record<OptionGroupKey, { catalogue: string; answers: string }> = {
  fitnessTypes: { catalogue: "fitness_types", answers: "enterprise_fitness_types" },
  facilities: { catalogue: "facilities", answers: "enterprise_facilities" },
  groupLessons: { catalogue: "group_lessons", answers: "enterprise_group_lessons" },
  targetGroups: { catalogue: "target_groups", answers: "enterprise_target_groups" },
};

/** The four catalogues and answer tables share their columns: one query serves them all. */
interface LooseRow {
  id: number;
  name: string;
  sequence: number;
  category: string;
  admin_only: number;
  enterprise_id: number;
  entry_id: number;
  value: number;
}
type Loose = Kysely<Record<string, LooseRow>>;
const loose = (db: DB | Tx) => db as unknown as Loose;

const CATEGORY_ORDER: string[] = GROUP_LESSON_CATEGORIES.map((c) => c.value);

interface Entry {
  id: number;
  name: string;
  category: string;
  adminOnly: boolean;
  /** The stored answer. */
  stored: TriState;
}

/** One group's catalogue entries in admin order (group lessons by category first) with the stored answers. */
function groupEntriesRead(key: OptionGroupKey, enterpriseId: number): Read<GroupEntryRow, Entry[]> {
  const { catalogue, answers } = TABLES[key];
  const extra = key === "groupLessons" ? (["c.category"] as const) : key === "targetGroups" ? (["c.admin_only"] as const) : ([] as const);
  const query = loose(getDb())
    .selectFrom(`${catalogue} as c`)
    .leftJoin(`${answers} as a`, (join) => join.onRef("a.entry_id", "=", "c.id").on("a.enterprise_id", "=", enterpriseId))
    .select(["c.id", "c.name", "c.sequence", "a.value", ...extra])
    .orderBy("c.sequence")
    .orderBy("c.id");
  return { query, of: (rows) => entriesOf(key, rows) };
}

interface GroupEntryRow {
  id: number;
  name: string;
  sequence: number;
  value: number | null;
  category?: string;
  admin_only?: number;
}

function entriesOf(key: OptionGroupKey, rows: GroupEntryRow[]): Entry[] {
  const entries = rows.map((r) => ({
    id: r.id,
    name: r.name,
    sequence: r.sequence,
    category: r.category ?? "",
    adminOnly: !!r.admin_only,
    stored: (r.value === null || r.value === undefined ? "" : Number(r.value) ? "on" : "off") as TriState,
  }));
  if (key !== "groupLessons") return entries;
  const rank = (category: string) => (CATEGORY_ORDER.includes(category) ? CATEGORY_ORDER.indexOf(category) : CATEGORY_ORDER.length);
  return entries.sort((a, b) => rank(a.category) - rank(b.category) || a.sequence - b.sequence || a.id - b.id);
}

/** An item as the viewer sees it: admin-only target groups are read-only for non-admins, and count as Nee for them. */
function itemFor(entry: Entry, admin: boolean, readOnlyPage: boolean): OptionItem {
  const locked = entry.adminOnly && !admin;
  return {
    id: entry.id,
    name: entry.name,
    value: locked && entry.stored === "" ? "off" : entry.stored,
    readOnly: readOnlyPage || locked,
  };
}

/** The four groups' entries with this establishment's answers, read together. */
function allEntriesRead(enterpriseId: number) {
  const parts = Object.fromEntries(OPTION_GROUPS.map((g) => [g.key, groupEntriesRead(g.key, enterpriseId)])) as Record<OptionGroupKey, Read<GroupEntryRow, Entry[]>>;
  return together(parts, (lists) => OPTION_GROUPS.map((g) => ({ key: g.key, label: g.label, entries: lists[g.key] })));
}

/** Tab Aanbod's data: the four groups from the catalogues with this establishment's answers. */
export function enterpriseOptionsRead(account: Account, enterpriseId: number, page: EnterpriseTabPage): Together<EnterpriseOptionsData> {
  return together({ all: allEntriesRead(enterpriseId) }, ({ all }) => optionsData(account, all, page));
}

function optionsData(account: Account, all: { key: OptionGroupKey; label: string; entries: Entry[] }[], page: EnterpriseTabPage): EnterpriseOptionsData {
  const admin = can(account, "enterprises:admin");
  const groups: OptionGroup[] = all.map(({ key, label, entries }) => {
    const items = entries.map((e) => ({ entry: e, item: itemFor(e, admin, page.readOnly) }));
    if (key !== "groupLessons") return { key, label, parts: [{ label: null, items: items.map((i) => i.item) }] };
    const parts = GROUP_LESSON_CATEGORIES.map((c) => ({ label: c.label as string, items: items.filter((i) => i.entry.category === c.value).map((i) => i.item) }));
    const other = items.filter((i) => !CATEGORY_ORDER.includes(i.entry.category)).map((i) => i.item);
    if (other.length) parts.push({ label: "Overig", items: other });
    return { key, label, parts: parts.filter((p) => p.items.length > 0) };
  });
  return { path: page.path, cancelHref: page.cancelHref, readOnly: page.readOnly, groups };
}

// ---------------------------------------------------------------------------
// The posts: Opslaan, and 'Alle niet-ingevulde op Nee zetten' per group
// ---------------------------------------------------------------------------

const FIELD = /^(fitnessTypes|facilities|groupLessons|targetGroups)\[(.*)\]$/;

type Change = SheetChange<OptionGroupKey>;

/** Writes the changed answers and the log entry in one transaction; false when the establishment is gone. */
async function writeAnswers(account: Account, enterpriseId: number, changes: Change[]): Promise<boolean> {
  return getDb()
    .transaction()
    .execute(async (tx) => {
      const exists = await tx.selectFrom("enterprises").select("id").where("id", "=", enterpriseId).executeTakeFirst();
      if (!exists) return false;
      for (const group of OPTION_GROUPS) {
        const own = changes.filter((c) => c.key === group.key);
        await writeSheetAnswers(tx, TABLES[group.key].answers, { column: "enterprise_id", id: enterpriseId }, own);
      }
      await writeEnterpriseLog(tx, account, { enterpriseId, form: "options" });
      return true;
    });
}

/**
 * A post of tab Aanbod. Opslaan stores every item the viewer may answer as posted (an item not
 * posted is not filled in); a group's 'Alle niet-ingevulde op Nee zetten' (`fill`) stores Nee for
 * that group's empty items only and shows the form again as posted, so choices not yet saved stay.
 * Admin-only target groups posted by a non-admin are ignored; an unknown item or value refuses the
 * whole post. Something that changed is logged with the change.
 */
export async function enterpriseOptionsIntent(
  ctx: { account: Account; session: AppSession; enterpriseId: number | null; path: string; readOnly: boolean },
  form: FormData,
  fill: OptionGroupKey | null,
) {
  if (ctx.readOnly) throw redirect(href("/"));
  if (ctx.enterpriseId === null) throw data("Onbekende actie", { status: 400 });
  const enterpriseId = ctx.enterpriseId;
  const admin = can(ctx.account, "enterprises:admin");
  const groups = await read(allEntriesRead(enterpriseId));
  const entries = new Map<string, SheetEntry<OptionGroupKey>>();
  for (const g of groups) for (const e of g.entries) entries.set(optionField(g.key, e.id), { key: g.key, id: e.id, stored: e.stored, editable: admin || !e.adminOnly });

  const post = readSheetPost(form, FIELD, entries, fill);
  if (!post.ok) return data<EnterpriseActionData>({ options: { values: post.values, formError: OPTIONS_INVALID } }, { status: 400 });
  const { wanted, changes } = post;

  if (changes.length && !(await writeAnswers(ctx.account, enterpriseId, changes))) {
    return redirectWithNotification(ctx.session, href("/"), ITEM_GONE);
  }
  if (fill !== null) return data<EnterpriseActionData>({ options: { values: wanted } }, { status: 200 });
  return redirectWithNotification(ctx.session, tabPath(ctx.path, "aanbod"), { type: "success", header: OPTIONS_SAVED });
}

/**
 * Which of the establishments `ids` have an item of tab Aanbod still without Ja or Nee, as `admin`
 * or another account sees the tab (for others admin-only target groups count as Nee). One query
 * for any number of establishments.
 */
async function withUnanswered(ids: readonly number[], admin: boolean): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await getDb()
    .selectFrom("enterprises as e")
    .select("e.id")
    .where("e.id", "in", [...ids])
    .where(unansweredOf(sql.ref("e.id"), admin))
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Establishment `enterprise` (an id or a column) has an item of tab Aanbod still without Ja or Nee, as `admin` or another account sees the tab. */
function unansweredOf(enterprise: Expression<number> | number, admin: boolean): RawBuilder<SqlBool> {
  const unanswered = OPTION_GROUPS.map(({ key }) => {
    const { catalogue, answers } = TABLES[key];
    const visible = key === "targetGroups" && !admin ? sql`and c.admin_only = 0` : sql``;
    return sql`exists (select 1 from ${sql.table(catalogue)} c where not exists (select 1 from ${sql.table(answers)} a where a.enterprise_id = ${enterprise} and a.entry_id = c.id) ${visible})`;
  });
  return sql<SqlBool>`(${sql.join(unanswered, sql` or `)})`;
}

/** The dashboard's warning: which of the non-admin's establishments `ids` have an item of tab Aanbod still without Ja or Nee. */
export const withUnansweredOptions = (ids: readonly number[]) => withUnanswered(ids, false);

const unansweredAsAdmin = condition((enterpriseId: number) => unansweredOf(enterpriseId, true));
const unansweredAsOther = condition((enterpriseId: number) => unansweredOf(enterpriseId, false));

/** Tab Aanbod's red '!': an item still without Ja or Nee, as `account` sees the tab. */
export function optionsUnanswered(account: Account, enterpriseId: number): Condition {
  return (can(account, "enterprises:admin") ? unansweredAsAdmin : unansweredAsOther)(enterpriseId);
}
