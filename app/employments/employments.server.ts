import { sql, type Expression, type SqlBool, type Updateable } from "kysely";
import { href } from "react-router";
import type { EmploymentTable } from "../../db/types";
import type { Account } from "../auth/account";
import { linkOrigin } from "../auth/password.server";
import { writeEnterpriseLog } from "../enterprises/log.server";
import { getDb, isUniqueViolation, nowIso, type DB, type Tx } from "../lib/db.server";
import { sendAlertMail } from "../lib/mail.server";
import { REGISTRANT_TAB, type EmploymentStatus } from "./employments";
import { tabPath } from "../ui/tab-path";

/**
 * The employment state machine (part 1 §4, part 2 §4.2). Every step is one conditional write in
 * a transaction with the establishment's log entry: it changes the row only when the row belongs
 * to the side that acts and is in a state the step starts from, so a second post of the same
 * button, a step the machine does not allow (accepting a revoked invitation) or a forged id of
 * another establishment or professional changes nothing.
 */

/** Invitations and employments that are open: at most one per establishment and professional (migration 018). */
export const OPEN_STATUSES: EmploymentStatus[] = ["invitation_sent", "invitation_accepted"];

/** Which side takes a step: the establishment (its managers, admins) or the professional (itself, admins). */
export type EmploymentSide = "enterprise" | "registrant";

interface Transition {
  side: EmploymentSide;
  from: EmploymentStatus[];
  /** A dismissal ('Verbergen'): only while that side has not hidden the card yet. */
  dismissal?: boolean;
  set: (now: string) => Updateable<EmploymentTable>;
}

export const TRANSITIONS = {
  /** 'Intrekken' */
  revoke: { side: "enterprise", from: ["invitation_sent"], set: (now) => ({ status: "invitation_revoked", invitation_revoked: now }) },
  decline: { side: "registrant", from: ["invitation_sent"], set: (now) => ({ status: "invitation_declined", invitation_declined: now }) },
  accept: { side: "registrant", from: ["invitation_sent"], set: (now) => ({ status: "invitation_accepted", invitation_accepted: now }) },
  /** 'Ontkoppelen' by the establishment */
  enterpriseTerminate: { side: "enterprise", from: ["invitation_accepted"], set: (now) => ({ status: "terminated_by_enterprise", terminated: now }) },
  /** 'Ontkoppelen' by the professional */
  registrantTerminate: { side: "registrant", from: ["invitation_accepted"], set: (now) => ({ status: "terminated_by_registrant", terminated: now }) },
  /** 'Verbergen' of a declined invitation or an end by the professional */
  enterpriseDismiss: {
    side: "enterprise",
    from: ["invitation_declined", "terminated_by_registrant"],
    dismissal: true,
    set: () => ({ dismissed_by_enterprise: 1 }),
  },
  /** 'Verbergen' of an end by the establishment */
  registrantDismiss: { side: "registrant", from: ["terminated_by_enterprise"], dismissal: true, set: () => ({ dismissed_by_registrant: 1 }) },
} satisfies Record<string, Transition>;

export type TransitionName = keyof typeof TRANSITIONS;

export type TransitionOutcome =
  | { ok: true }
  /** No such employment of this establishment or professional (or it was deleted with one of them). */
  | { ok: false; reason: "gone" }
  /** The employment is in a state this step does not start from, or already hidden. */
  | { ok: false; reason: "refused"; status: EmploymentStatus; dismissed: boolean };

const ownerColumn = (side: EmploymentSide) => (side === "enterprise" ? "enterprise_id" : "registrant_id");
const dismissedColumn = (side: EmploymentSide) => (side === "enterprise" ? "dismissed_by_enterprise" : "dismissed_by_registrant");

/**
 * Takes step `name` for employment `employmentId` of `ownerId` (the establishment or the
 * professional, by the step's side), logged for the establishment in the same transaction.
 */
export async function applyTransition(account: Account, name: TransitionName, employmentId: number, ownerId: number): Promise<TransitionOutcome> {
  const step: Transition = TRANSITIONS[name];
  const owner = ownerColumn(step.side);
  const dismissed = dismissedColumn(step.side);
  return getDb()
    .transaction()
    .execute(async (tx): Promise<TransitionOutcome> => {
      let update = tx
        .updateTable("employments")
        .set(step.set(nowIso()))
        .where("id", "=", employmentId)
        .where(owner, "=", ownerId)
        .where("status", "in", step.from);
      if (step.dismissal) update = update.where(dismissed, "=", 0);
      const changed = await update.returning("enterprise_id").executeTakeFirst();
      if (changed) {
        await writeEnterpriseLog(tx, account, { enterpriseId: changed.enterprise_id, form: "professionals" });
        return { ok: true };
      }
      const current = await tx
        .selectFrom("employments")
        .select(["status", dismissed])
        .where("id", "=", employmentId)
        .where(owner, "=", ownerId)
        .executeTakeFirst();
      if (!current) return { ok: false, reason: "gone" };
      return { ok: false, reason: "refused", status: current.status as EmploymentStatus, dismissed: !!current[dismissed as keyof typeof current] };
    });
}

// ---------------------------------------------------------------------------
// The invitation
// ---------------------------------------------------------------------------

/** The notification text of the invitation mail (db/seed-content.ts). */
export const INVITATION_MAIL_REF = "employment_invitation";
/** Where the invitation mail sends the professional: its own page, tab Sportcentra. */
export const OWN_EMPLOYMENTS_PATH = tabPath(href("/mijn-fitnednl"), REGISTRANT_TAB);

export type InviteOutcome =
  | { ok: true; registrant: { id: number; name: string }; mailed: boolean }
  | { ok: false; reason: "gone" | "unknown-email" | "already-linked" };

/**
 * The professional with e-mail address `email` (the registrant's own, which follows its account's):
 * one with an account before one without, the oldest first.
 */
async function registrantByEmail(db: DB | Tx, email: string) {
  const rows = await db
    .selectFrom("registrants")
    .select(["id", "full_name", "email", "user_id"])
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.trim().toLowerCase()))
    .orderBy("id")
    .execute();
  return rows.find((r) => r.user_id !== null) ?? rows[0];
}

/**
 * Invites the professional with e-mail `email` to establishment `enterpriseId`: a new employment
 * in state invitation_sent, logged, and with `sendMail` the invitation mail, all in one
 * transaction. Refused when no professional has the address, or one is already invited or working
 * there; two invitations posted at once meet the unique index, and the second is refused alike.
 */
export async function inviteRegistrant(
  account: Account,
  { enterpriseId, email, sendMail }: { enterpriseId: number; email: string; sendMail: boolean },
): Promise<InviteOutcome> {
  try {
    return await getDb()
      .transaction()
      .execute(async (tx): Promise<InviteOutcome> => {
        const enterprise = await tx.selectFrom("enterprises").select(["id", "name"]).where("id", "=", enterpriseId).executeTakeFirst();
        if (!enterprise) return { ok: false, reason: "gone" };
        const registrant = await registrantByEmail(tx, email);
        if (!registrant) return { ok: false, reason: "unknown-email" };
        const open = await tx
          .selectFrom("employments")
          .select("id")
          .where("enterprise_id", "=", enterpriseId)
          .where("registrant_id", "=", registrant.id)
          .where("status", "in", OPEN_STATUSES)
          .executeTakeFirst();
        if (open) return { ok: false, reason: "already-linked" };
        const now = nowIso();
        await tx
          .insertInto("employments")
          .values({
            enterprise_id: enterpriseId,
            registrant_id: registrant.id,
            status: "invitation_sent",
            invitation_sent: now,
            dismissed_by_enterprise: 0,
            dismissed_by_registrant: 0,
            invited_by: account.id,
          })
          .execute();
        await writeEnterpriseLog(tx, account, { enterpriseId, form: "professionals" });
        if (sendMail) {
          await sendAlertMail(
            INVITATION_MAIL_REF,
            registrant.email,
            { name: registrant.full_name, enterprise: enterprise.name, link: `${linkOrigin()}${OWN_EMPLOYMENTS_PATH}` },
            tx,
          );
        }
        return { ok: true, registrant: { id: registrant.id, name: registrant.full_name }, mailed: sendMail };
      });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "already-linked" };
    throw error;
  }
}

// ---------------------------------------------------------------------------
// Who sees what
// ---------------------------------------------------------------------------

/**
 * The employments one side's tab lists, as a condition over the employments table `e`: open ones,
 * and ends (on the establishment's side also declines) by the other side that this side has not
 * yet hidden. The establishment's Professionals tab and the professional's Sportcentra tab.
 */
export function shownTo(side: "enterprise" | "registrant"): Expression<SqlBool> {
  const dismissable = side === "enterprise" ? TRANSITIONS.enterpriseDismiss.from : TRANSITIONS.registrantDismiss.from;
  const column = (name: string) => sql.ref(`e.${name}`);
  return sql<SqlBool>`(${column("status")} in (${sql.join(OPEN_STATUSES)}) or (${column("status")} in (${sql.join(dismissable)}) and ${column(`dismissed_by_${side}`)} = 0))`;
}

/**
 * Whether professional `registrantId` shows on the Professionals tab of one of `enterpriseIds`
 * (its photo may then be shown to who sees that tab).
 */
export async function shownToEnterprises(registrantId: number, enterpriseIds: readonly number[]): Promise<boolean> {
  if (!enterpriseIds.length) return false;
  const row = await getDb()
    .selectFrom("employments as e")
    .select("e.id")
    .where("e.registrant_id", "=", registrantId)
    .where("e.enterprise_id", "in", [...enterpriseIds])
    .where(shownTo("enterprise"))
    .limit(1)
    .executeTakeFirst();
  return !!row;
}
