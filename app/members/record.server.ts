import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "../lib/parse-form";
import { data, href, redirect } from "react-router";
import type { Account } from "../auth/account";
import type { AppSession } from "../auth/session.server";
import { can } from "../auth/policy";
import { statusButtonResponse } from "../lib/record-actions.server";
import { once } from "../lib/once";
import { loadTabs, tabIntent, type RecordTab, type TabRegistry } from "../lib/record-page.server";
import { isStatusIntent } from "../lib/status.server";
import { TAB_PARAM } from "../ui/tab-path";
import { redirectWithNotification, SOMETHING_WENT_WRONG } from "../shell/flash.server";
import type { UserCardData } from "../ui/UserCard";
import { memberAccounts, type MemberAccountCard } from "../accounts/account-edit.server";
import { logPageNumber } from "../lib/log-entries.server";
import { memberLogPage } from "./log.server";
import {
  createMember,
  groupEnterprises,
  memberEnterprises,
  memberFormValues,
  memberNumber,
  principalOptionsOf,
  saveMemberGeneral,
  saveMemberRoles,
  type EnterpriseCardData,
  type MemberRecord,
  type SaveResult,
} from "./member.server";
import { EMPTY_MEMBER_VALUES, memberSchema } from "./schema";
import { readFields } from "../lib/form-body.server";
import { tabPath } from "../ui/tab-path";

const MEMBER_CREATED = "Lidmaatschap toegevoegd.";
const MEMBER_SAVED = "Lidmaatschap opgeslagen.";
const ROLES_SAVED = "Rollen opgeslagen.";

/** Fields only admins may set; a non-admin's post of them is ignored field by field. */
const ADMIN_ONLY_FIELDS = ["principalEnterprise", "associate"] as const;

/**
 * What a membership page knows: the viewer, the membership (null on the add page), and whether it
 * is the admin's edit page or the member's own /mijn-lidmaatschap. What several tabs read is read once.
 */
export interface MemberPageContext {
  account: Account;
  session: AppSession;
  mode: "admin" | "own";
  member: MemberRecord | null;
  /** The page itself: its forms post here. */
  path: string;
  url: URL;
  accounts: () => Promise<MemberAccountCard[]>;
  enterprises: () => Promise<EnterpriseCardData[]>;
}

export function memberPageContext(
  auth: { account: Account; session: AppSession },
  mode: "admin" | "own",
  member: MemberRecord | null,
  path: string,
  url: URL,
): MemberPageContext {
  return {
    ...auth,
    mode,
    member,
    path,
    url,
    accounts: once(() => (member ? memberAccounts(member.id) : Promise.resolve([]))),
    enterprises: once(() => (member ? memberEnterprises(member.id) : Promise.resolve([]))),
  };
}

/** What the posts of a membership page answer, besides a redirect. */
export interface MemberActionData {
  general?: SubmissionResult<string[]>;
}

type MemberAnswer = Response | ReturnType<typeof data<MemberActionData>>;

/** The admin's page shows the admin's tabs and fields. */
const admin = (ctx: MemberPageContext) => ctx.mode === "admin";
/** Whether the viewer may write what only admins write (checked on every post). */
const mayAdmin = (ctx: MemberPageContext) => can(ctx.account, "members:admin");

const ids = (form: FormData, name: string) =>
  [...new Set(form.getAll(name).map(String).filter((v) => /^\d{1,15}$/.test(v)).map(Number))];

const card = ({ managerMember: _m, contactMember: _c, ...user }: MemberAccountCard): UserCardData => user;

// ---------------------------------------------------------------------------
// The tabs
// ---------------------------------------------------------------------------

const general: RecordTab<MemberPageContext, { values: typeof EMPTY_MEMBER_VALUES; principalOptions: { id: number; name: string }[] }, MemberAnswer> = {
  label: "Algemeen",
  load: async (ctx) => {
    if (!ctx.member) return { values: EMPTY_MEMBER_VALUES, principalOptions: [] };
    const values = memberFormValues(ctx.member);
    if (!admin(ctx)) {
      values.principalEnterprise = "";
      delete values.associate;
    }
    return { values, principalOptions: admin(ctx) ? principalOptionsOf(await ctx.enterprises()) : [] };
  },
  intents: {
    general: async (ctx, form) => {
      if (!mayAdmin(ctx)) for (const name of ADMIN_ONLY_FIELDS) form.delete(name);
      // A new membership has no establishments, so there is no principal one to choose yet.
      if (!ctx.member) form.delete("principalEnterprise");
      const options = mayAdmin(ctx) ? principalOptionsOf(await ctx.enterprises()) : [];
      const submission = parseWithZod(form, { schema: memberSchema({ principalRequired: mayAdmin(ctx) && options.length > 0 }) });
      if (submission.status !== "success") return data<MemberActionData>({ general: submission.reply() }, { status: 400 });
      const failed = () => data<MemberActionData>({ general: submission.reply({ formErrors: [SOMETHING_WENT_WRONG.header] }) }, { status: 500 });
      if (!ctx.member) {
        let id: number;
        try {
          id = await createMember(submission.value);
        } catch (error) {
          console.error(error);
          return failed();
        }
        const edit = href("/lidmaatschappen/bewerken/:member", { member: String(id) });
        return redirectWithNotification(ctx.session, edit, { type: "success", header: MEMBER_CREATED });
      }
      let result: SaveResult;
      try {
        result = await saveMemberGeneral(ctx.account, ctx.member.id, submission.value, mayAdmin(ctx));
      } catch (error) {
        console.error(error);
        return failed();
      }
      if ("gone" in result) throw data(null, { status: 404 });
      if (!result.ok) return data<MemberActionData>({ general: submission.reply({ fieldErrors: result.fieldErrors }) }, { status: 400 });
      return redirectWithNotification(ctx.session, ctx.path, { type: "success", header: MEMBER_SAVED });
    },
  },
};

const enterprises: RecordTab<MemberPageContext, ReturnType<typeof groupEnterprises>> = {
  label: "Vestigingen",
  hidden: (ctx) => !admin(ctx),
  needsRecord: true,
  load: async (ctx) => groupEnterprises(await ctx.enterprises()),
};

export interface RolesTabData {
  contacts: UserCardData[];
  managers: UserCardData[];
  /** The membership's accounts to choose from (admins). */
  choices: { id: number; label: string; contact: boolean; manager: boolean }[];
}

const roles: RecordTab<MemberPageContext, RolesTabData, MemberAnswer> = {
  label: "Rollen",
  // Associate memberships have no Rollen tab of their own.
  hidden: (ctx) => !admin(ctx) && !!ctx.member?.associate,
  needsRecord: true,
  load: async (ctx) => {
    const accounts = await ctx.accounts();
    return {
      contacts: accounts.filter((a) => a.contactMember).map(card),
      managers: accounts.filter((a) => a.managerMember).map(card),
      choices: admin(ctx)
        ? accounts.map((a) => ({ id: a.id, label: `${a.fullName} (${a.email})`, contact: a.contactMember, manager: a.managerMember }))
        : [],
    };
  },
  intents: {
    roles: async (ctx, form) => {
      if (!mayAdmin(ctx) || !ctx.member) throw redirect(href("/"));
      const back = tabPath(ctx.path, "rollen");
      try {
        await saveMemberRoles(ctx.member.id, ids(form, "contacts"), ids(form, "managers"));
      } catch (error) {
        console.error(error);
        return redirectWithNotification(ctx.session, back, SOMETHING_WENT_WRONG);
      }
      return redirectWithNotification(ctx.session, back, { type: "success", header: ROLES_SAVED });
    },
  },
};

const accounts: RecordTab<MemberPageContext, MemberAccountCard[]> = {
  label: "Accounts",
  hidden: (ctx) => !admin(ctx),
  needsRecord: true,
  load: (ctx) => ctx.accounts(),
};

const log: RecordTab<MemberPageContext, Awaited<ReturnType<typeof memberLogPage>>> = {
  label: "Logboek",
  needsRecord: true,
  load: (ctx) => memberLogPage(ctx.member!.id, logPageNumber(ctx.url)),
};

/** The tabs of a membership, in their order; the ids are their `?tab=`. */
const MEMBER_TABS = { algemeen: general, vestigingen: enterprises, rollen: roles, accounts, logboek: log } satisfies TabRegistry<MemberPageContext>;

// ---------------------------------------------------------------------------
// The page
// ---------------------------------------------------------------------------

/** Everything a membership page shows: its header and its tabs. */
export async function loadMemberPage(ctx: MemberPageContext) {
  const { tabs, open, data: tabData } = await loadTabs(MEMBER_TABS, ctx, ctx.member !== null, ctx.url.searchParams.get(TAB_PARAM));
  const m = ctx.member;
  return {
    mode: ctx.mode,
    path: ctx.path,
    member: m
      ? {
          id: m.id,
          name: m.name,
          associate: m.associate,
          approved: m.approved,
          inactive: m.inactive,
          hidden: m.hidden,
          lidnummer: memberNumber(m, await ctx.enterprises()),
        }
      : null,
    tabs,
    open,
    data: tabData,
  };
}

export type MemberPageData = Awaited<ReturnType<typeof loadMemberPage>>;

/**
 * The posts of a membership page: the status buttons (admins) and each tab's intents. Admin-only
 * posts from others are answered like a forbidden route: home.
 */
export async function memberPageAction(ctx: MemberPageContext, request: Request): Promise<MemberAnswer> {
  const form = await readFields(request);
  const intent = String(form.get("intent") ?? "");
  if (isStatusIntent(intent) && ctx.member) {
    if (!mayAdmin(ctx)) throw redirect(href("/"));
    return statusButtonResponse(ctx.session, ctx.path, { table: "members", id: ctx.member.id }, intent);
  }
  const answer = tabIntent(MEMBER_TABS, ctx, intent, form);
  if (!answer) throw data("Onbekende actie", { status: 400 });
  return answer;
}
