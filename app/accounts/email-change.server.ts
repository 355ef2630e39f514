import { href } from "react-router";
import { getDb, isUniqueViolation } from "../lib/db.server";
import { securityLog } from "../lib/log.server";
import { sendAlertMail } from "../lib/mail.server";
import { emailTaken, NAME_COLUMNS, nameOfRow } from "../lib/users.server";
import { claimToken, linkOrigin, TokenGone } from "../auth/password.server";
import { endSessionsOf } from "../auth/session.server";
import { checkLinkToken, issueLinkToken, withdrawLinkTokens } from "../auth/tokens.server";

/**
 * Changing one's own e-mail address: the new address must prove itself by a link mailed to it
 * (24 hours), and the old address is told. Until the link is followed the old address stays.
 */

const confirmEmailPath = (token: string) => href("/mijn-gegevens/e-mailadres-bevestigen/:token", { token });
export const emailChangeRequested = (email: string) =>
  `We hebben een bevestigingslink gestuurd naar ${email}. Uw e-mailadres wijzigt zodra u op die link klikt.`;
export const EMAIL_CHANGED = "Uw e-mailadres is gewijzigd.";

/** Mails the confirmation link to `newEmail` and the notice to the current address, in one transaction. */
export async function requestEmailChange(userId: number, newEmail: string): Promise<void> {
  await getDb()
    .transaction()
    .execute(async (tx) => {
      const user = await tx.selectFrom("users").select(NAME_COLUMNS).where("id", "=", userId).executeTakeFirstOrThrow();
      const token = await issueLinkToken(userId, "email_change", tx, newEmail);
      const name = nameOfRow(user);
      await sendAlertMail("email_change_confirmation", newEmail, { name, email: newEmail, link: `${linkOrigin()}${confirmEmailPath(token)}` }, tx);
      await sendAlertMail("email_changed_notice", user.email, { name, email: newEmail }, tx);
    });
  securityLog("email_change_requested", { outcome: "success", subject: userId });
}

export type EmailChangeCheck = { ok: true; userId: number; email: string } | { ok: false; problem: "invalid" | "expired" };

export async function checkEmailChange(token: string): Promise<EmailChangeCheck> {
  const check = await checkLinkToken(token, "email_change");
  if (!check.ok) return { ok: false, problem: check.reason };
  return { ok: true, userId: check.userId, email: check.boundTo };
}

export type EmailChangeOutcome = "ok" | "invalid" | "expired" | "conflict";

/**
 * Follows a confirmation link: the address changes, every link mailed before (reset, activation,
 * other changes) stops working in the same transaction, and the account's other sessions end.
 */
export async function confirmEmailChange(token: string, keepSessionId?: string): Promise<EmailChangeOutcome> {
  const check = await checkEmailChange(token);
  if (!check.ok) return check.problem;
  try {
    await getDb()
      .transaction()
      .execute(async (tx) => {
        await claimToken(tx, token, "email_change", check.userId);
        if (await emailTaken(tx, check.email, check.userId)) throw new EmailTaken();
        await tx.updateTable("users").set({ email: check.email }).where("id", "=", check.userId).execute();
        await withdrawLinkTokens(tx, check.userId);
      });
  } catch (error) {
    if (error instanceof TokenGone) return "expired";
    if (error instanceof EmailTaken || isUniqueViolation(error)) return "conflict";
    throw error;
  }
  securityLog("email_changed", { outcome: "success", account: check.userId });
  await endSessionsOf(check.userId, keepSessionId);
  return "ok";
}

class EmailTaken extends Error {}
