import * as OTPAuth from "otpauth";
import QRCode from "qrcode";
import { totpFor, totpStep } from "../auth/login.server";
import { endSessionsOf, type AppSession } from "../auth/session.server";
import { decrypt, encrypt } from "../lib/crypto.server";
import type { Account } from "../auth/account";
import { userForMail } from "../auth/password.server";
import { getDb, nowIso } from "../lib/db.server";
import { securityLog } from "../lib/log.server";
import { sendAlertMail } from "../lib/mail.server";
import { hashPassword } from "../lib/passwords.server";
import { MFA_LABELS } from "./MfaChoice";

export const MFA_SAVED = "Tweestapsverificatie opgeslagen.";
export const MFA_CANCELLED = "Het instellen van de authenticator-app is geannuleerd.";
export const MFA_LOCKED_WHILE_IMITATING = "Tijdens het imiteren kunt u de tweestapsverificatie niet wijzigen.";

/** What the page shows while the authenticator app is being set up. */
export interface AppSetup {
  secret: string;
  /** The otpauth:// URI as a QR code: an SVG in a data: URL (the CSP allows data: images only). */
  qrDataUrl: string;
}

/** Turns the second factor off or to a mailed code. A secret of an app no longer used is dropped. */
export async function setMfaType(userId: number, type: "" | "email"): Promise<{ changed: boolean }> {
  const user = await getDb().selectFrom("users").select("mfa_type").where("id", "=", userId).executeTakeFirstOrThrow();
  await getDb()
    .updateTable("users")
    .set({ mfa_type: type, totp_secret: null, totp_last_step: null })
    .where("id", "=", userId)
    .execute();
  return { changed: user.mfa_type !== type };
}

/**
 * Starts setting up the authenticator app: a new secret waits in the session (encrypted, as at
 * rest in the users table) until the person proves with a first code that the app has it. The
 * current second factor stays in force until then.
 */
export function startAppSetup(session: AppSession): void {
  session.set("pendingTotpSecret", encrypt(new OTPAuth.Secret({ size: 20 }).base32));
}

export function cancelAppSetup(session: AppSession): void {
  session.unset("pendingTotpSecret");
}

function pendingSecret(session: AppSession): string | null {
  const sealed = session.get("pendingTotpSecret");
  if (!sealed) return null;
  try {
    return decrypt(sealed);
  } catch {
    // Sealed with an earlier key: as if nothing was pending.
    return null;
  }
}

export async function appSetup(session: AppSession, label: string): Promise<AppSetup | null> {
  const secret = pendingSecret(session);
  if (!secret) return null;
  const svg = await QRCode.toString(totpFor(secret, label).toString(), { type: "svg", margin: 1 });
  return { secret, qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

export type ActivateResult = "ok" | "wrong" | "no-setup";

/** Switches the app on when `code` matches the pending secret: secret and type in one update. */
export async function activateApp(session: AppSession, userId: number, label: string, code: string): Promise<ActivateResult> {
  const secret = pendingSecret(session);
  if (!secret) return "no-setup";
  const step = totpStep(secret, label, code);
  if (step === null) return "wrong";
  // The activation code counts as used: the first sign-in needs the next one.
  await getDb()
    .updateTable("users")
    .set({ mfa_type: "app", totp_secret: encrypt(secret), totp_last_step: step })
    .where("id", "=", userId)
    .execute();
  cancelAppSetup(session);
  return "ok";
}

/**
 * A changed second factor is a security change: sessions elsewhere (perhaps someone else's)
 * end, so they must sign in again under the new setting. The session that made the change stays.
 */
export async function endOtherSessions(userId: number, session: AppSession): Promise<void> {
  await endSessionsOf(userId, session.id || undefined);
}

async function mailNotice(userId: number, ref: string, vars: Record<string, string> = {}) {
  const { email, name } = await userForMail(userId);
  await sendAlertMail(ref, email, { name, ...vars });
}

/** After a change of second factor: other sessions end, the account is told by mail, the log records it. */
export async function secondFactorChanged(account: Account, session: AppSession, type: "" | "email" | "app"): Promise<void> {
  await endOtherSessions(account.id, session);
  await mailNotice(account.id, "second_factor_changed_notice", { setting: MFA_LABELS[type] });
  securityLog("second_factor_changed", { outcome: "success", method: type || "off" });
}

/** A new password chosen on the own-data page; the account is told by mail. */
export async function setOwnPassword(userId: number, password: string): Promise<void> {
  const hash = await hashPassword(password);
  await getDb().updateTable("users").set({ password_hash: hash, password_changed: nowIso() }).where("id", "=", userId).execute();
  await mailNotice(userId, "password_changed_notice");
  securityLog("password_changed", { outcome: "success" });
}
