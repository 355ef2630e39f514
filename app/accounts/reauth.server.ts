import type { Account } from "../auth/account";
import { checkSecondFactor, sendMailCode } from "../auth/login.server";
import type { AppSession } from "../auth/session.server";
import { getDb } from "../lib/db.server";
import { securityLog } from "../lib/log.server";
import { verifyPassword } from "../lib/passwords.server";
import { clearAttempts, releaseAttempt, reserveAttempts, TOO_MANY_REQUESTS } from "../lib/rate-limit.server";
import { requestIp } from "../lib/request-scope.server";
import { CODE_NEEDED, CODE_WRONG, CURRENT_PASSWORD_NEEDED, CURRENT_PASSWORD_WRONG } from "./reauth";

export { LOCKED_WHILE_IMITATING } from "./reauth";

/**
 * Re-authentication before a change of e-mail address, password or second factor: the current
 * password, and the code of the account's second factor when it has one. Wrong tries count
 * against the sign-in limits, so these forms are no way around them.
 */

export interface ReauthInput {
  currentPassword?: string;
  secondFactorCode?: string;
}

export type ReauthResult = { ok: true } | { ok: false; fieldErrors: Record<string, string[]>; formErrors?: string[] };

/** The sign-in attempt a mailed re-authentication code belongs to: this session. */
function reauthAttempt(session: AppSession): string {
  return `reauth:${session.id}`;
}

/** Mails a code for re-authentication (the 'Code versturen' button); false when the limit is reached. */
export async function sendReauthCode(account: Account, session: AppSession): Promise<boolean> {
  if (!(await reserveAttempts(["codeAccount", String(account.id)]))) return false;
  await sendMailCode(account.id, reauthAttempt(session));
  return true;
}

export async function reauthenticate(account: Account, session: AppSession, input: ReauthInput): Promise<ReauthResult> {
  const fieldErrors: Record<string, string[]> = {};
  if (!input.currentPassword) fieldErrors.currentPassword = [CURRENT_PASSWORD_NEEDED];
  if (account.mfaType && !input.secondFactorCode) fieldErrors.secondFactorCode = [CODE_NEEDED];
  if (Object.keys(fieldErrors).length) return { ok: false, fieldErrors };

  const ip = requestIp();
  const limits: [Parameters<typeof reserveAttempts>[0][0], string][] = [
    ["loginIp", ip],
    ["loginAccount", account.email],
  ];
  if (account.mfaType) limits.push(["codeAccount", String(account.id)]);
  if (!(await reserveAttempts(...limits))) {
    return { ok: false, fieldErrors: {}, formErrors: [`${TOO_MANY_REQUESTS.header}: ${TOO_MANY_REQUESTS.text}`] };
  }
  const user = await getDb().selectFrom("users").select("password_hash").where("id", "=", account.id).executeTakeFirst();
  if (!user?.password_hash || !(await verifyPassword(user.password_hash, input.currentPassword!))) {
    securityLog("reauthentication", { outcome: "failure", reason: "password" });
    return { ok: false, fieldErrors: { currentPassword: [CURRENT_PASSWORD_WRONG] } };
  }
  if (account.mfaType) {
    const check = await checkSecondFactor(account.id, account.mfaType, input.secondFactorCode!, reauthAttempt(session));
    if (check !== "ok") {
      securityLog("reauthentication", { outcome: "failure", reason: "second_factor" });
      return { ok: false, fieldErrors: { secondFactorCode: [CODE_WRONG] } };
    }
    await clearAttempts("codeAccount", String(account.id));
  }
  await clearAttempts("loginAccount", account.email);
  await releaseAttempt("loginIp", ip);
  return { ok: true };
}
