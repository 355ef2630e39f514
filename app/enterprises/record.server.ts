import { data, href, redirect } from "react-router";
import type { Account } from "../auth/account";
import type { AppSession } from "../auth/session.server";
import { can } from "../auth/policy";
import type { EnterpriseEmploymentsData } from "../employments/employments";
import { ENTERPRISE_EMPLOYMENT_INTENTS, enterpriseEmploymentsAttention, loadEnterpriseEmployments } from "../employments/enterprise-tab.server";
import { readForm } from "../lib/form-body.server";
import { FILES_TOO_LARGE, UPLOAD_TOO_LARGE } from "../lib/files.server";
import { statusButtonResponse } from "../lib/record-actions.server";
import { TAB_PARAM } from "../ui/tab-path";
import { once } from "../lib/once";
import { loadTabs, tabIntent, type RecordTab, type TabRegistry } from "../lib/record-page.server";
import { isStatusIntent } from "../lib/status.server";
import {
  editPathIn,
  enterpriseEditHeader,
  enterpriseGeneralIntent,
  GENERAL_INTENTS,
  loadEnterpriseAddPage,
  enterpriseEditPageRead,
  tabCancelPath,
  type EnterpriseActionData,
  type EnterpriseContext,
  type EnterprisePageData,
  type EnterpriseTabPage,
  type EnterpriseTarget,
} from "./edit.server";
import type { EnterpriseRecord } from "./enterprise.server";
import { INFO_SAVE_INTENT, type EnterpriseInfoData } from "./info";
import { enterpriseInfoIntent, enterpriseInfoRead } from "./info.server";
import { INSPECTION_FINALIZE_INTENT, INSPECTION_SAVE_INTENT, type EnterpriseInspectionData } from "./inspection";
import { enterpriseInspectionIntent, loadEnterpriseInspection } from "./inspection.server";
import { LICENSES_ADMIN_INTENT, LICENSES_INTENT, type EnterpriseLicensesData } from "./licenses";
import { enterpriseLicensesAdminIntent, enterpriseLicensesIntent, loadEnterpriseLicenses } from "./licenses.server";
import { enterpriseLogPage, type EnterpriseLogPage } from "./log.server";
import { OPTION_GROUPS, optionsNoIntent, OPTIONS_SAVE_INTENT, type EnterpriseOptionsData, type OptionGroupKey } from "./options";
import { enterpriseOptionsIntent, enterpriseOptionsRead, optionsUnanswered } from "./options.server";
import { tabDirty } from "./enterprise.server";
import { SAVE_INTENT } from "./schema";
import { enterpriseStatusRules } from "./status.server";

/**
 * What an establishment page knows: the viewer, where the page sits (admin, membership, own, the
 * one establishment), what it is about (an establishment, or one being added), and whether the
 * viewer may only look (a contact person).
 */
export interface EnterprisePageContext {
  account: Account;
  session: AppSession;
  context: EnterpriseContext;
  target: EnterpriseTarget;
  readOnly: boolean;
  url: URL;
  /** On add, the page's data: tab Algemeen's and the header's, read once. */
  addPage: () => Promise<EnterprisePageData>;
}

export function enterprisePageContext(
  auth: { account: Account; session: AppSession },
  context: EnterpriseContext,
  target: EnterpriseTarget,
  url: URL,
  readOnly = false,
): EnterprisePageContext {
  return {
    ...auth,
    context,
    target,
    readOnly,
    url,
    addPage: once(() => loadEnterpriseAddPage(auth.account, context, target.kind === "add" ? target.member : null)),
  };
}

/** The most files one of the page's forms posts: tab Keuring two, tab Info & Media a logo, a header and images. */
const MAX_FILES = 20;

type EnterpriseAnswer = Response | ReturnType<typeof data<EnterpriseActionData>>;

const generalIntent = (ctx: EnterprisePageContext, form: FormData, intent: string) => {
  if (ctx.readOnly) throw redirect(href("/"));
  return enterpriseGeneralIntent(ctx, form, intent);
};

// ---------------------------------------------------------------------------
// The tabs
// ---------------------------------------------------------------------------

const general: RecordTab<EnterprisePageContext, EnterprisePageData, EnterpriseAnswer> = {
  label: "Algemeen",
  // An existing establishment's tab as reads, read with the tab bar's marks (loadTabs).
  load: (ctx) => (ctx.target.kind === "edit" ? enterpriseEditPageRead(ctx.account, ctx.context, ctx.target.record, { readOnly: ctx.readOnly }) : ctx.addPage()),
  intents: Object.fromEntries(GENERAL_INTENTS.map((intent) => [intent, (ctx: EnterprisePageContext, form: FormData) => generalIntent(ctx, form, intent)])),
};

/** The establishment a tab with `needsRecord` shows. */
function shownRecord(ctx: EnterprisePageContext) {
  return (ctx.target as Extract<EnterpriseTarget, { kind: "edit" }>).record;
}

/** The establishment tab `tab` shows, and its page: where its form posts, whether it is only shown, where it cancels to. */
function tabPage(ctx: EnterprisePageContext, tab: string): { record: EnterpriseRecord; page: EnterpriseTabPage } {
  const record = shownRecord(ctx);
  const path = editPathIn(ctx.context, record.enterprise.id, record.member.id);
  return { record, page: { path, readOnly: ctx.readOnly, cancelHref: tabCancelPath(ctx.context, path, tab) } };
}

/** The establishment, its page's path and the viewer, for a tab's intent. */
function tabTarget(ctx: EnterprisePageContext) {
  const record = ctx.target.kind === "edit" ? ctx.target.record : null;
  const path = record ? editPathIn(ctx.context, record.enterprise.id, record.member.id) : "";
  return { ...ctx, enterpriseId: record?.enterprise.id ?? null, path };
}

const optionsIntent = (ctx: EnterprisePageContext, form: FormData, fill: OptionGroupKey | null) => enterpriseOptionsIntent(tabTarget(ctx), form, fill);

const options: RecordTab<EnterprisePageContext, EnterpriseOptionsData, EnterpriseAnswer> = {
  label: "Aanbod",
  needsRecord: true,
  load: (ctx) => {
    const { record, page } = tabPage(ctx, "aanbod");
    return enterpriseOptionsRead(ctx.account, record.enterprise.id, page);
  },
  // An item still without Ja or Nee (admin-only ones count as Nee for non-admins).
  attention: (ctx) => optionsUnanswered(ctx.account, shownRecord(ctx).enterprise.id),
  intents: {
    [OPTIONS_SAVE_INTENT]: (ctx, form) => optionsIntent(ctx, form, null),
    ...Object.fromEntries(OPTION_GROUPS.map((g) => [optionsNoIntent(g.key), (ctx: EnterprisePageContext, form: FormData) => optionsIntent(ctx, form, g.key)])),
  },
};

/** An associate membership's establishment: no Licenties, Keuring and Professionals, a simpler Info & Media. */
const associateTarget = (ctx: EnterprisePageContext) =>
  ctx.target.kind === "edit" ? ctx.target.record.member.associate : !!ctx.target.member?.associate;

const info: RecordTab<EnterprisePageContext, EnterpriseInfoData, EnterpriseAnswer> = {
  label: "Info & Media",
  needsRecord: true,
  load: (ctx) => {
    const { record, page } = tabPage(ctx, "info-media");
    return enterpriseInfoRead(record.enterprise.id, {
      ...page,
      associate: record.member.associate,
      admin: can(ctx.account, "enterprises:admin"),
    });
  },
  intents: {
    [INFO_SAVE_INTENT]: (ctx, form) => enterpriseInfoIntent({ ...tabTarget(ctx), associate: associateTarget(ctx) }, form),
  },
};

const licenses: RecordTab<EnterprisePageContext, EnterpriseLicensesData, EnterpriseAnswer> = {
  label: "Licenties",
  // Hidden for associate memberships, so their posts to this tab are refused as unknown.
  hidden: associateTarget,
  needsRecord: true,
  load: async (ctx) => {
    const { record, page } = tabPage(ctx, "licenties");
    return loadEnterpriseLicenses(ctx.account, record.enterprise.id, page);
  },
  // A change by the association the establishment has not yet confirmed.
  attention: (ctx) => tabDirty("enterprise_licenses", shownRecord(ctx).enterprise.id),
  intents: {
    [LICENSES_INTENT]: (ctx, form) => enterpriseLicensesIntent(tabTarget(ctx), form),
    [LICENSES_ADMIN_INTENT]: (ctx, form) => enterpriseLicensesAdminIntent(tabTarget(ctx), form),
  },
};

const inspectionIntent = (ctx: EnterprisePageContext, form: FormData, finalize: boolean) => enterpriseInspectionIntent(tabTarget(ctx), form, finalize);

const inspection: RecordTab<EnterprisePageContext, EnterpriseInspectionData, EnterpriseAnswer> = {
  label: "Keuring",
  // Hidden for associate memberships, so their posts to this tab are refused as unknown.
  hidden: associateTarget,
  needsRecord: true,
  load: async (ctx) => {
    const { record, page } = tabPage(ctx, "keuring");
    return loadEnterpriseInspection(record.enterprise.id, page);
  },
  // Interim changes not yet passed on.
  attention: (ctx) => tabDirty("enterprise_inspections", shownRecord(ctx).enterprise.id),
  intents: {
    [INSPECTION_SAVE_INTENT]: (ctx, form) => inspectionIntent(ctx, form, false),
    [INSPECTION_FINALIZE_INTENT]: (ctx, form) => inspectionIntent(ctx, form, true),
  },
};

const professionals: RecordTab<EnterprisePageContext, EnterpriseEmploymentsData, EnterpriseAnswer> = {
  label: "Professionals",
  // Hidden for associate memberships, so their posts to this tab are refused as unknown.
  hidden: associateTarget,
  needsRecord: true,
  load: async (ctx) => {
    const { record, page } = tabPage(ctx, "professionals");
    return loadEnterpriseEmployments(record.enterprise.id, page);
  },
  // Invitations still open, or declines and ends by the professional not yet hidden.
  attention: (ctx) => enterpriseEmploymentsAttention(shownRecord(ctx).enterprise.id),
  intents: Object.fromEntries(
    Object.entries(ENTERPRISE_EMPLOYMENT_INTENTS).map(([intent, handler]) => [intent, (ctx: EnterprisePageContext, form: FormData) => handler(tabTarget(ctx), form)]),
  ),
};

const log: RecordTab<EnterprisePageContext, EnterpriseLogPage> = {
  label: "Logboek",
  // A contact person sees the establishment, not its history.
  hidden: (ctx) => ctx.readOnly,
  needsRecord: true,
  load: (ctx) => {
    const { record } = ctx.target as Extract<EnterpriseTarget, { kind: "edit" }>;
    return enterpriseLogPage(record.enterprise.id, ctx.url, record.member.associate);
  },
};

/** The tabs of an establishment, in their order; the ids are their `?tab=`. */
const ENTERPRISE_TABS = {
  algemeen: general,
  aanbod: options,
  "info-media": info,
  licenties: licenses,
  keuring: inspection,
  professionals,
  logboek: log,
} satisfies TabRegistry<EnterprisePageContext>;

// ---------------------------------------------------------------------------
// The page
// ---------------------------------------------------------------------------

/** Everything an establishment page shows: its header and its tabs. */
export async function loadEnterprisePage(ctx: EnterprisePageContext) {
  const { target } = ctx;
  // An establishment's header comes from its record; on add, tab Algemeen (the only one) has it.
  const [{ tabs, open, data: tabData }, page] = await Promise.all([
    loadTabs(ENTERPRISE_TABS, ctx, target.kind === "edit", ctx.url.searchParams.get(TAB_PARAM)),
    target.kind === "edit" ? enterpriseEditHeader(ctx.account, ctx.context, target.record, { readOnly: ctx.readOnly }) : ctx.addPage(),
  ]);
  const { enterprise, member } = page;
  return {
    title: page.title,
    crumbs: page.crumbs,
    path: page.path,
    context: page.context,
    admin: page.admin,
    header: {
      enterprise: enterprise && member ? { name: enterprise.name, approved: enterprise.approved, inactive: enterprise.inactive, hidden: enterprise.hidden, member } : null,
      memberName: member?.name ?? null,
      memberLink: page.memberLink,
      refusal: page.refusal,
      addHref: page.addHref,
    },
    tabs,
    open,
    data: tabData,
  };
}

export type EnterprisePage = Awaited<ReturnType<typeof loadEnterprisePage>>;

/**
 * The posts of an establishment page: the status buttons (admins) and each tab's intents (a post
 * without intent is Opslaan, as Enter in a field sends it).
 */
export async function enterprisePageAction(ctx: EnterprisePageContext, request: Request): Promise<EnterpriseAnswer> {
  // A file over the limit, or past what a post keeps in files together, is skipped as it arrives and
  // refused beside its field with the rest kept. Only a post with more files than a form has is refused unread.
  const form = await readForm(request, { files: MAX_FILES });
  if (!form) {
    return data<EnterpriseActionData>(
      { result: { status: "error", error: { kvkExtract: [UPLOAD_TOO_LARGE] } }, info: { status: "error", error: { "": [FILES_TOO_LARGE] } } },
      { status: 413 },
    );
  }
  const intent = String(form.get("intent") ?? SAVE_INTENT);
  if (isStatusIntent(intent)) {
    if (ctx.target.kind !== "edit" || intent === "approve") throw data("Onbekende actie", { status: 400 });
    if (!can(ctx.account, "enterprises:admin")) throw redirect(href("/"));
    const { record } = ctx.target;
    const path = editPathIn(ctx.context, record.enterprise.id, record.member.id);
    return statusButtonResponse(ctx.session, path, { table: "enterprises", id: record.enterprise.id, rules: enterpriseStatusRules(record.enterprise.id) }, intent);
  }
  const answer = tabIntent(ENTERPRISE_TABS, ctx, intent, form);
  if (!answer) throw data("Onbekende actie", { status: 400 });
  return answer;
}
