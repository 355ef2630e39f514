import { sql } from "kysely";
import { href, redirect } from "react-router";
import type { Account } from "../auth/account";
import type { AppSession } from "../auth/session.server";
import { can } from "../auth/policy";
import { condition, getDb, rowExists } from "../lib/db.server";
import { formatDate } from "../lib/format";
import type { Notification } from "../shell/notification";
import { transitionAnswer } from "./answers.server";
import {
  EMPLOYMENT_TEXTS as T,
  REGISTRANT_EMPLOYMENT_INTENT,
  REGISTRANT_TAB,
  type EmploymentStatus,
  type RegistrantEmploymentCard,
  type RegistrantEmploymentsData,
} from "./employments";
import { shownTo, type TransitionName } from "./employments.server";
import { tabPath } from "../ui/tab-path";

/**
 * Tab Sportcentra of a professional (part 2 §2.8, §4.2): the establishments that invited the
 * professional, where it works, and those that ended its employment, as cards with the
 * establishment's name, header image and a status line; accept or decline an invitation, detach
 * from an establishment, hide an end by the establishment. The professional itself and admins act.
 *
 * The page's tab registry takes it with a two-line adapter, e.g.
 *   load: (ctx) => loadRegistrantEmployments(ctx.registrantId, { path: ctx.path, readOnly: ctx.readOnly }),
 *   attention: registrantEmploymentsAttention,
 *   intents: adapt(REGISTRANT_EMPLOYMENT_INTENTS), // (ctx, form) => handler({ ...ctx, registrantId, path }, form)
 */

const STATE: Partial<Record<EmploymentStatus, RegistrantEmploymentCard["state"]>> = {
  invitation_sent: "invited",
  invitation_accepted: "accepted",
  terminated_by_enterprise: "ended",
};

const ACTIONS: Record<RegistrantEmploymentCard["state"], RegistrantEmploymentCard["actions"]> = {
  invited: ["accept", "decline"],
  accepted: ["terminate"],
  ended: ["dismiss"],
};

const ORDER: RegistrantEmploymentCard["state"][] = ["invited", "accepted", "ended"];

/** The employments the tab lists (shownTo), with their establishments: the cards, the '!' and the dashboard's notes read this one query. */
function listedEmployments(registrantId: number) {
  return getDb()
    .selectFrom("employments as e")
    .innerJoin("enterprises as en", "en.id", "e.enterprise_id")
    .where("e.registrant_id", "=", registrantId)
    .where(shownTo("registrant"));
}

/**
 * The tab's cards: invitations first, then the establishments the professional works at, then
 * those that ended it (until hidden); declined, revoked and self-ended ones are not shown.
 */
export async function loadRegistrantEmployments(registrantId: number, page: { path: string; readOnly: boolean }): Promise<RegistrantEmploymentsData> {
  const rows = await listedEmployments(registrantId)
    .leftJoin("enterprise_info as i", "i.enterprise_id", "en.id")
    .leftJoin("files as f", "f.id", "i.header_file_id")
    .select(["e.id", "e.status", "e.invitation_accepted", "en.name", "f.id as header_id", "f.modified as header_modified"])
    .orderBy("en.name")
    .orderBy("e.id")
    .execute();
  const cards: RegistrantEmploymentCard[] = rows.flatMap((r) => {
    const state = STATE[r.status as EmploymentStatus];
    if (!state) return [];
    return [
      {
        id: r.id,
        state,
        enterprise: { name: r.name, header: r.header_id !== null && r.header_modified !== null ? { id: r.header_id, modified: r.header_modified } : null },
        statusLine: state === "accepted" ? T.since(formatDate(r.invitation_accepted)) : state === "invited" ? T.invited : T.endedByEnterprise,
        actions: page.readOnly ? [] : ACTIONS[state],
      },
    ];
  });
  cards.sort((a, b) => ORDER.indexOf(a.state) - ORDER.indexOf(b.state));
  return { path: page.path, readOnly: page.readOnly, cards };
}

/** The states a professional is to see to: an invitation to answer, an end by the establishment not yet hidden. */
const TO_SEE = { invited: "invitation_sent", ended: "terminated_by_enterprise" } as const satisfies Record<string, EmploymentStatus>;

/** A professional's invitations to answer and ends by an establishment not yet hidden: the dashboard's notes and the tab's red '!'. */
export async function registrantEmploymentsToSee(registrantId: number): Promise<{ invited: number; ended: number }> {
  const row = await listedEmployments(registrantId)
    .select([
      sql<number>`coalesce(sum(case when e.status = ${TO_SEE.invited} then 1 else 0 end), 0)`.as("invited"),
      sql<number>`coalesce(sum(case when e.status = ${TO_SEE.ended} then 1 else 0 end), 0)`.as("ended"),
    ])
    .executeTakeFirstOrThrow();
  return { invited: Number(row.invited), ended: Number(row.ended) };
}

/** The tab's red '!': invitations to answer, or ends by an establishment not yet hidden. */
export const registrantEmploymentsAttention = condition((registrantId: number) =>
  rowExists(listedEmployments(registrantId).select("e.id").where("e.status", "in", [TO_SEE.invited, TO_SEE.ended])),
);

// ---------------------------------------------------------------------------
// The posts
// ---------------------------------------------------------------------------

/** The professional a post is for, the page it came from and who posts it. */
export interface RegistrantEmploymentTarget {
  account: Account;
  session: AppSession;
  registrantId: number;
  /** The page the tab is on: the post returns there, on tab Sportcentra. */
  path: string;
}

const DONE = {
  accept: { type: "success", header: "Uitnodiging geaccepteerd." },
  decline: { type: "success", header: "Uitnodiging afgewezen." },
  registrantTerminate: { type: "success", header: "U bent losgekoppeld van dit sportcentrum." },
  registrantDismiss: { type: "success", header: "De melding is verborgen." },
} satisfies Partial<Record<TransitionName, Notification>>;

/** Only the professional itself and admins act on its employments; everyone else goes home. */
function ownRegistrant(target: RegistrantEmploymentTarget): number {
  if (!can(target.account, "registrant:view", { registrantId: target.registrantId })) throw redirect(href("/"));
  return target.registrantId;
}

const step = (name: keyof typeof DONE) => (target: RegistrantEmploymentTarget, form: FormData) =>
  transitionAnswer(target, form, { name, ownerId: ownRegistrant(target), back: tabPath(target.path, REGISTRANT_TAB), done: DONE[name] });

/**
 * The posts of tab Sportcentra, by intent: each names the employment (field `employment`), which
 * must be this professional's, and answers with a redirect back to the tab and a notification.
 */
export const REGISTRANT_EMPLOYMENT_INTENTS: Record<string, (target: RegistrantEmploymentTarget, form: FormData) => Promise<Response>> = {
  [REGISTRANT_EMPLOYMENT_INTENT.accept]: step("accept"),
  [REGISTRANT_EMPLOYMENT_INTENT.decline]: step("decline"),
  [REGISTRANT_EMPLOYMENT_INTENT.terminate]: step("registrantTerminate"),
  [REGISTRANT_EMPLOYMENT_INTENT.dismiss]: step("registrantDismiss"),
};
