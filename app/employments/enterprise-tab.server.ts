import { data, href, redirect } from "react-router";
import type { Account } from "../auth/account";
import type { AppSession } from "../auth/session.server";
import { can } from "../auth/policy";
import type { EnterpriseActionData } from "../enterprises/edit.server";
import { condition, getDb, rowExists } from "../lib/db.server";
import { formatDate } from "../lib/format";
import { parseWithZod } from "../lib/parse-form";
import { ITEM_GONE, redirectWithNotification } from "../shell/flash.server";
import type { Notification } from "../shell/notification";
import { transitionAnswer } from "./answers.server";
import {
  EMPLOYMENT_STATUS_LABELS,
  EMPLOYMENT_TEXTS as T,
  ENTERPRISE_EMPLOYMENT_INTENT,
  ENTERPRISE_TAB,
  inviteSchema,
  type EmploymentStatus,
  type EnterpriseEmploymentCard,
  type EnterpriseEmploymentGroupKey,
  type EnterpriseEmploymentsData,
} from "./employments";
import { shownTo, inviteRegistrant, type TransitionName } from "./employments.server";
import { tabPath } from "../ui/tab-path";

/**
 * Tab Professionals of an establishment (part 1 §2 "Professionals tab"): invite a professional by
 * e-mail, and the cards of the professionals working there, invited, ended by the professional
 * and declined, with Intrekken, Ontkoppelen and Verbergen. Its managers and admins act; a
 * contact person sees the cards.
 */

const GROUPS: { key: EnterpriseEmploymentGroupKey; label: string; statuses: EmploymentStatus[] }[] = [
  { key: "accepted", label: "Werkzame professionals", statuses: ["invitation_accepted"] },
  { key: "invited", label: "Openstaande uitnodigingen", statuses: ["invitation_sent"] },
  { key: "terminated", label: "Beëindigd door de professional", statuses: ["terminated_by_registrant"] },
  { key: "declined", label: "Afgewezen uitnodigingen", statuses: ["invitation_declined"] },
];

const ACTIONS: Partial<Record<EmploymentStatus, EnterpriseEmploymentCard["actions"]>> = {
  invitation_sent: ["revoke"],
  invitation_accepted: ["terminate"],
  invitation_declined: ["dismiss"],
  terminated_by_registrant: ["dismiss"],
};

function statusLine(status: EmploymentStatus, accepted: string | null): string {
  if (status === "invitation_accepted") return T.since(formatDate(accepted));
  if (status === "invitation_sent") return T.invited;
  return EMPLOYMENT_STATUS_LABELS[status];
}

/** The employments the tab lists (shownTo), with their professionals: the cards and the '!' read this one query. */
function listedEmployments(enterpriseId: number) {
  return getDb()
    .selectFrom("employments as e")
    .innerJoin("registrants as r", "r.id", "e.registrant_id")
    .where("e.enterprise_id", "=", enterpriseId)
    .where(shownTo("enterprise"));
}

/** The tab's data: its groups of cards (empty groups left out), each by the professional's name. */
export async function loadEnterpriseEmployments(enterpriseId: number, page: { path: string; readOnly: boolean }): Promise<EnterpriseEmploymentsData> {
  const rows = await listedEmployments(enterpriseId)
    .leftJoin("files as f", "f.id", "r.image_file_id")
    .select((eb) => [
      "e.id",
      "e.status",
      "e.invitation_accepted",
      "r.full_name",
      "f.id as image_id",
      "f.modified as image_modified",
      eb
        .selectFrom("registrant_qualifications as rq")
        .innerJoin("qualifications as q", "q.id", "rq.qualification_id")
        .select("q.level")
        .whereRef("rq.registrant_id", "=", "r.id")
        .orderBy("q.level_value", "desc")
        .orderBy("q.id")
        .limit(1)
        .as("level"),
    ])
    .orderBy("r.full_name")
    .orderBy("e.id")
    .execute();
  const cards = rows.map((r) => {
    const status = r.status as EmploymentStatus;
    const card: EnterpriseEmploymentCard = {
      id: r.id,
      name: r.full_name,
      image: r.image_id !== null && r.image_modified !== null ? { id: r.image_id, modified: r.image_modified } : null,
      level: r.level || null,
      statusLine: statusLine(status, r.invitation_accepted),
      actions: page.readOnly ? [] : (ACTIONS[status] ?? []),
    };
    return { status, card };
  });
  return {
    path: page.path,
    readOnly: page.readOnly,
    groups: GROUPS.map((g) => ({ key: g.key, label: g.label, cards: cards.filter((c) => g.statuses.includes(c.status)).map((c) => c.card) })).filter(
      (g) => g.cards.length > 0,
    ),
  };
}

/** The tab's red '!': a card outside 'Werkzame professionals' (an open invitation, a decline or an end by the professional not yet hidden). */
export const enterpriseEmploymentsAttention = condition((enterpriseId: number) =>
  rowExists(listedEmployments(enterpriseId).select("e.id").where("e.status", "!=", "invitation_accepted")),
);

// ---------------------------------------------------------------------------
// The posts
// ---------------------------------------------------------------------------

/** The establishment a post is for, the page it came from and who posts it. */
export interface EnterpriseEmploymentTarget {
  account: Account;
  session: AppSession;
  enterpriseId: number | null;
  path: string;
  /** A contact person: may look, not act. */
  readOnly: boolean;
}

export const EMPLOYMENT_NOT_FOUND: Notification = {
  type: "danger",
  header: "Geen professional gevonden",
  text: "Er is geen FITNED.NL-professional met dit e-mailadres.",
};

export const EMPLOYMENT_ALREADY_LINKED: Notification = {
  type: "danger",
  header: "Deze professional is al gekoppeld aan deze vestiging",
  text: "De professional is al uitgenodigd of werkt al bij deze vestiging.",
};

const DONE = {
  invited: (mailed: boolean): Notification => ({
    type: "success",
    header: "Uitnodiging verstuurd.",
    text: mailed ? "De professional krijgt ook een e-mail met de uitnodiging." : "De professional ziet de uitnodiging op zijn of haar FITNED.NL-pagina.",
  }),
  revoke: { type: "success", header: "Uitnodiging ingetrokken." },
  enterpriseTerminate: { type: "success", header: "Professional ontkoppeld." },
  enterpriseDismiss: { type: "success", header: "De melding is verborgen." },
} satisfies Record<string, Notification | ((mailed: boolean) => Notification)>;

/** Only who may change the establishment (its managers, admins) acts on its professionals; everyone else goes home. */
function managedEnterprise(target: EnterpriseEmploymentTarget): number {
  if (target.enterpriseId === null) throw data("Onbekende actie", { status: 400 });
  if (target.readOnly || !can(target.account, "enterprise:edit", { enterpriseId: target.enterpriseId })) throw redirect(href("/"));
  return target.enterpriseId;
}

const back = (target: EnterpriseEmploymentTarget) => tabPath(target.path, ENTERPRISE_TAB);

/**
 * 'Uitnodiging versturen': the e-mail address required and valid (the form comes back with what
 * was typed and the message beside the field), then the invitation; an address no professional
 * has, or a professional already invited or working here, comes back as a notification with the
 * form as typed.
 */
async function invite(target: EnterpriseEmploymentTarget, form: FormData) {
  const enterpriseId = managedEnterprise(target);
  const submission = parseWithZod(form, { schema: inviteSchema });
  if (submission.status !== "success") return data<EnterpriseActionData>({ professionals: { result: submission.reply() } }, { status: 400 });
  const outcome = await inviteRegistrant(target.account, {
    enterpriseId,
    email: submission.value.email,
    sendMail: submission.value.sendInvitation,
  });
  if (outcome.ok) return redirectWithNotification(target.session, back(target), DONE.invited(outcome.mailed));
  if (outcome.reason === "gone") return redirectWithNotification(target.session, href("/"), ITEM_GONE);
  const notification = outcome.reason === "unknown-email" ? EMPLOYMENT_NOT_FOUND : EMPLOYMENT_ALREADY_LINKED;
  return data<EnterpriseActionData>(
    { professionals: { result: submission.reply(), notification } },
    { status: outcome.reason === "unknown-email" ? 400 : 409 },
  );
}

const step = (name: TransitionName & keyof typeof DONE) => (target: EnterpriseEmploymentTarget, form: FormData) =>
  transitionAnswer(target, form, { name, ownerId: managedEnterprise(target), back: back(target), done: DONE[name] });

/** The posts of tab Professionals, by intent. */
export const ENTERPRISE_EMPLOYMENT_INTENTS = {
  [ENTERPRISE_EMPLOYMENT_INTENT.invite]: invite,
  [ENTERPRISE_EMPLOYMENT_INTENT.revoke]: step("revoke"),
  [ENTERPRISE_EMPLOYMENT_INTENT.terminate]: step("enterpriseTerminate"),
  [ENTERPRISE_EMPLOYMENT_INTENT.dismiss]: step("enterpriseDismiss"),
};
