import { data, href, redirect } from "react-router";
import type { Account } from "../auth/account";
import type { AppSession } from "../auth/session.server";
import { can } from "../auth/policy";
import { SPECIALISATION_CATEGORIES } from "../catalogues/definitions";
import { loadRegistrantEmployments, registrantEmploymentsAttention, REGISTRANT_EMPLOYMENT_INTENTS } from "../employments/registrant-tab.server";
import type { RegistrantEmploymentsData } from "../employments/employments";
import { readForm } from "../lib/form-body.server";
import { FILES_TOO_LARGE } from "../lib/files.server";
import { statusButtonResponse } from "../lib/record-actions.server";
import { loadTabs, tabIntent, type RecordTab, type TabRegistry } from "../lib/record-page.server";
import { isStatusIntent } from "../lib/status.server";
import type { Crumb } from "../shell/Breadcrumbs";
import { TAB_PARAM } from "../ui/tab-path";
import { ACCOUNT_SEARCH_INTENT, PASS_NUMBER_REFRESH_INTENT, PROFILE_SAVE_INTENT, type ProfileData } from "./profile";
import { loadProfile, profileIntent, type ProfileActionData, type RegistrantRecord } from "./profile.server";
import {
  ACCREDITATION_SAVE_INTENT,
  QUALIFICATIONS_SAVE_INTENT,
  SPECIALISATIONS_SAVE_INTENT,
  specialisationsNoIntent,
  type AccreditationData,
  type QualificationsData,
  type SpecialisationsActionData,
  type SpecialisationsData,
} from "./tabs";
import {
  accreditationIntent,
  loadAccreditation,
  loadQualifications,
  loadSpecialisations,
  qualificationsIntent,
  specialisationsIntent,
  specialisationsUnanswered,
} from "./tabs.server";

/**
 * What a professional's page knows: the viewer, the professional (null on the add page), and
 * whether it is the admin's page or the professional's own 'Mijn FITNED.NL'.
 */
export interface RegistrantPageContext {
  account: Account;
  session: AppSession;
  registrant: RegistrantRecord | null;
  own: boolean;
  /** The page itself: its forms post here. */
  path: string;
}

/** What the posts of a professional's page answer, besides a redirect. */
export interface RegistrantActionData {
  profile?: ProfileActionData;
  specialisations?: SpecialisationsActionData;
}

type RegistrantAnswer = Response | ReturnType<typeof data<RegistrantActionData>>;

/** The admin's page: the admin-only tabs and fields (never on the own page, not even an admin's). */
const adminPage = (ctx: RegistrantPageContext) => !ctx.own && can(ctx.account, "registrants:admin");

/** The professional a tab with `needsRecord` shows, and where its forms post. */
const tabPage = (ctx: RegistrantPageContext) => ({ registrantId: ctx.registrant!.id, path: ctx.path, session: ctx.session });

// ---------------------------------------------------------------------------
// The tabs
// ---------------------------------------------------------------------------

const profileAnswer = (ctx: RegistrantPageContext, form: FormData, intent: string) =>
  profileIntent({ account: ctx.account, session: ctx.session, registrant: ctx.registrant, path: ctx.path, own: ctx.own }, form, intent);

const profile: RecordTab<RegistrantPageContext, ProfileData, RegistrantAnswer> = {
  label: "Persoonsgegevens",
  load: (ctx) =>
    loadProfile(ctx.account, ctx.registrant, {
      path: ctx.path,
      cancelHref: ctx.registrant || ctx.own ? ctx.path : href("/fitnednl"),
      own: ctx.own,
    }),
  intents: Object.fromEntries(
    [PROFILE_SAVE_INTENT, ACCOUNT_SEARCH_INTENT, PASS_NUMBER_REFRESH_INTENT].map((intent) => [
      intent,
      (ctx: RegistrantPageContext, form: FormData) => profileAnswer(ctx, form, intent),
    ]),
  ),
};

const specialisations: RecordTab<RegistrantPageContext, SpecialisationsData, RegistrantAnswer> = {
  label: "Specialisaties",
  needsRecord: true,
  load: (ctx) => loadSpecialisations(tabPage(ctx)),
  attention: (ctx) => specialisationsUnanswered(ctx.registrant!.id),
  intents: {
    [SPECIALISATIONS_SAVE_INTENT]: (ctx, form) => specialisationsIntent(tabPage(ctx), form, null),
    ...Object.fromEntries(
      SPECIALISATION_CATEGORIES.map(({ value: category }) => [
        specialisationsNoIntent(category),
        (ctx: RegistrantPageContext, form: FormData) => specialisationsIntent(tabPage(ctx), form, category),
      ]),
    ),
  },
};

const qualifications: RecordTab<RegistrantPageContext, QualificationsData, RegistrantAnswer> = {
  label: "Diploma's",
  needsRecord: true,
  load: (ctx) => loadQualifications(tabPage(ctx), adminPage(ctx)),
  intents: {
    // Read-only for the professional: only the admin's page answers.
    [QUALIFICATIONS_SAVE_INTENT]: async (ctx, form) => {
      if (!adminPage(ctx)) throw redirect(href("/"));
      return qualificationsIntent(tabPage(ctx), form);
    },
  },
};

const accreditation: RecordTab<RegistrantPageContext, AccreditationData, RegistrantAnswer> = {
  label: "Accreditatie",
  // Admins only, so anyone else's post of it is refused as unknown.
  hidden: (ctx) => !adminPage(ctx),
  needsRecord: true,
  load: (ctx) => loadAccreditation(tabPage(ctx)),
  intents: { [ACCREDITATION_SAVE_INTENT]: (ctx, form) => accreditationIntent(tabPage(ctx), form) },
};

const employments: RecordTab<RegistrantPageContext, RegistrantEmploymentsData, RegistrantAnswer> = {
  label: "Sportcentra",
  needsRecord: true,
  load: (ctx) => loadRegistrantEmployments(ctx.registrant!.id, { path: ctx.path, readOnly: false }),
  attention: (ctx) => registrantEmploymentsAttention(ctx.registrant!.id),
  intents: Object.fromEntries(
    Object.entries(REGISTRANT_EMPLOYMENT_INTENTS).map(([intent, handler]) => [
      intent,
      (ctx: RegistrantPageContext, form: FormData) =>
        handler({ account: ctx.account, session: ctx.session, registrantId: ctx.registrant!.id, path: ctx.path }, form),
    ]),
  ),
};

/** The tabs of a professional, in their order; the ids are their `?tab=`. */
const REGISTRANT_TABS = {
  persoonsgegevens: profile,
  specialisaties: specialisations,
  diplomas: qualifications,
  accreditatie: accreditation,
  sportcentra: employments,
} satisfies TabRegistry<RegistrantPageContext>;

// ---------------------------------------------------------------------------
// The page
// ---------------------------------------------------------------------------

export const OWN_TITLE = "Mijn FITNED.NL";
export const ADD_TITLE = "Professional toevoegen";

/** 'Jan de Vries (#100023)': the full name (or e-mail while it has none) and the ID number. */
export function registrantTitle(registrant: RegistrantRecord): string {
  const name = registrant.fullName || registrant.email || `Professional ${registrant.id}`;
  return registrant.idFitNed === null ? name : `${name} (#${registrant.idFitNed})`;
}

/** Everything a professional's page shows: its title, status and tabs. */
export async function loadRegistrantPage(ctx: RegistrantPageContext, request: Request) {
  const requested = new URL(request.url).searchParams.get(TAB_PARAM);
  const { tabs, open, data: tabData } = await loadTabs(REGISTRANT_TABS, ctx, ctx.registrant !== null, requested);
  const { registrant } = ctx;
  const title = ctx.own ? OWN_TITLE : registrant ? registrantTitle(registrant) : ADD_TITLE;
  const crumbs: Crumb[] = ctx.own ? [{ label: OWN_TITLE }] : [{ label: "FITNED.NL", href: href("/fitnednl") }, { label: registrant ? registrantTitle(registrant) : ADD_TITLE }];
  return {
    title,
    /** On the own page: whose page it is. */
    subtitle: ctx.own && registrant ? registrantTitle(registrant) : null,
    crumbs,
    path: ctx.path,
    admin: adminPage(ctx),
    status: registrant ? { approved: registrant.approved, inactive: registrant.inactive, hidden: registrant.hidden } : null,
    tabs,
    open,
    data: tabData,
  };
}

export type RegistrantPage = Awaited<ReturnType<typeof loadRegistrantPage>>;

/** The most files one of the page's forms posts: the photo. */
const MAX_FILES = 1;

/**
 * The posts of a professional's page: the status buttons (admins, on the admin's page) and each
 * tab's intents (a post without intent is Opslaan of tab Persoonsgegevens, as Enter sends it).
 */
export async function registrantPageAction(ctx: RegistrantPageContext, request: Request): Promise<RegistrantAnswer> {
  const form = await readForm(request, { files: MAX_FILES });
  if (!form) {
    return data<RegistrantActionData>(
      { profile: { result: { status: "error", error: { image: [FILES_TOO_LARGE] } } } },
      { status: 413 },
    );
  }
  const intent = String(form.get("intent") ?? PROFILE_SAVE_INTENT);
  if (isStatusIntent(intent)) {
    // Approval has its own page (new registrations); the own page shows the state read-only.
    if (!ctx.registrant || intent === "approve") throw data("Onbekende actie", { status: 400 });
    if (!adminPage(ctx)) throw redirect(href("/"));
    return statusButtonResponse(ctx.session, ctx.path, { table: "registrants", id: ctx.registrant.id }, intent);
  }
  const answer = tabIntent(REGISTRANT_TABS, ctx, intent, form);
  if (!answer) throw data("Onbekende actie", { status: 400 });
  return answer;
}
