import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import * as OTPAuth from "otpauth";
import { getDb, nowIso } from "../lib/db.server";
import { decrypt, randomToken } from "../lib/crypto.server";
import { sendAlertMail } from "../lib/mail.server";
import { hashPassword, verifyPassword } from "../lib/passwords.server";
import { checkMailCode, issueMailCode, type CodeCheck } from "./tokens.server";

export type LoginOutcome =
  | { kind: "ok"; userId: number; mfa: "" | "email" | "app"; admin: boolean }
  | { kind: "invalid" }
  | { kind: "disabled"; userId: number };

// A hash to compare against when the e-mail is unknown, so both cases take as long.
let dummyHash: Promise<string> | undefined;

async function checkCredentials(email: string, password: string): Promise<LoginOutcome> {
  const user = await getDb()
    .selectFrom("users")
    .select(["id", "password_hash", "enabled", "mfa_type", "role"])
    .where("email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
  dummyHash ??= hashPassword(randomToken());
  const valid = await verifyPassword(user?.password_hash ?? (await dummyHash), password);
  if (!user || !user.password_hash || !valid) return { kind: "invalid" };
  if (!user.enabled) return { kind: "disabled", userId: user.id };
  return { kind: "ok", userId: user.id, mfa: user.mfa_type, admin: user.role === "admin" || user.role === "super-admin" };
}

const authenticator = new Authenticator<LoginOutcome>();
authenticator.use(
  new FormStrategy(async ({ form }) =>
    checkCredentials(String(form.get("email") ?? ""), String(form.get("password") ?? "")),
  ),
  "form",
);

/** Checks e-mail and password of a posted login form (already read from `request`). */
export function authenticate(request: Request, form: FormData): Promise<LoginOutcome> {
  const body = new URLSearchParams({ email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") });
  return authenticator.authenticate("form", new Request(request.url, { method: "POST", body }));
}

export async function recordLogin(userId: number): Promise<void> {
  await getDb().updateTable("users").set({ last_login: nowIso() }).where("id", "=", userId).execute();
}

/** Mails a fresh code for sign-in attempt `attempt` to the account. */
export async function sendMailCode(userId: number, attempt: string): Promise<void> {
  const user = await getDb().selectFrom("users").select(["email"]).where("id", "=", userId).executeTakeFirstOrThrow();
  const code = await issueMailCode(userId, attempt);
  await sendAlertMail("mfa_email_code", user.email, { code });
}

export function totpFor(secret: string, label: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: "Ledenportaal",
    label,
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** The time step a code belongs to when it is valid (one step either side allowed), else null. */
export function totpStep(secret: string, label: string, code: string): number | null {
  const totp = totpFor(secret, label);
  const delta = totp.validate({ token: code.replace(/\s/g, ""), window: 1 });
  return delta === null ? null : totp.counter() + delta;
}

/**
 * Accepts a step only if it is later than the last one accepted for the account, in one
 * conditional update, so a code seen over someone's shoulder cannot be used a second time.
 */
async function claimTotpStep(userId: number, step: number): Promise<boolean> {
  const result = await getDb()
    .updateTable("users")
    .set({ totp_last_step: step })
    .where("id", "=", userId)
    .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Checks the second factor the account has chosen (a mailed code: the one sent for `attempt`). */
export async function checkSecondFactor(userId: number, method: "email" | "app", code: string, attempt: string): Promise<CodeCheck> {
  if (method === "email") return checkMailCode(userId, attempt, code);
  const user = await getDb().selectFrom("users").select(["email", "totp_secret"]).where("id", "=", userId).executeTakeFirst();
  if (!user?.totp_secret) return "expired";
  const step = totpStep(decrypt(user.totp_secret), user.email, code);
  return step !== null && (await claimTotpStep(userId, step)) ? "ok" : "wrong";
}
