import { href } from "react-router";
// Password reset and account activation: the commands behind reset_password, set_password and
// confirm_registration.
import * as z from "zod/mini";
import { config } from "../lib/config.server";
import { sha256 } from "../lib/crypto.server";
import { getDb, nowIso, type DB, type Tx } from "../lib/db.server";
import { sendAlertMail } from "../lib/mail.server";
import { hashPassword, isBreachedPassword } from "../lib/passwords.server";
import { securityLog } from "../lib/log.server";
import { clearAttempts, reserveAttempt } from "../lib/rate-limit.server";
import { NAME_COLUMNS, nameOfRow } from "../lib/users.server";
import { messages, PASSWORD_MIN_LENGTH } from "../lib/validation";
import { redirectWithNotification } from "../shell/flash.server";
import type { Notification } from "../shell/notification";
import { confirmAccountSchema, newPasswordSchema, passwordChangeSchema } from "./schemas";
import { endSessionsOf, type AppSession } from "./session.server";
import { checkLinkToken, issueLinkToken } from "./tokens.server";

// ---------------------------------------------------------------------------
// Texts (the catalogue's codes whose wording the spec leaves open are filled in here)
// ---------------------------------------------------------------------------

export const RESET_REQUESTED: Notification = {
  type: "success",
  header: "Als dit e-mailadres bij ons bekend is, ontvangt u een e-mail met een link om een nieuw wachtwoord in te stellen.",
};
/** reset_limit */
export const RESET_LIMIT =
  "Voor dit e-mailadres is kortgeleden al een nieuw wachtwoord aangevraagd. Kijk in uw e-mail of probeer het over enkele minuten opnieuw.";
/** invalid_token: a token we never issued (token_required ends here too). */
export const LINK_INVALID: Notification = {
  type: "danger",
  header: "Link niet geldig",
  text: "Vraag hieronder een nieuwe link aan.",
};
/** invalid_token: a token that was used or has expired. */
export const LINK_EXPIRED: Notification = {
  type: "danger",
  header: "Link niet meer geldig",
  text: "Vraag hieronder een nieuwe link aan.",
};
/** user_already_enabled */
const ALREADY_ENABLED: Notification = {
  type: "warning",
  header: "Dit account is al geactiveerd.",
  text: "U kunt inloggen met uw e-mailadres en wachtwoord.",
};
export const PASSWORD_CHANGED: Notification = { type: "success", header: "Uw wachtwoord is gewijzigd. U kunt nu inloggen." };
export const ACCOUNT_ACTIVATED: Notification = { type: "success", header: "Uw account is geactiveerd. U kunt nu inloggen." };

// ---------------------------------------------------------------------------
// Validation: the shared schemas (also run in the browser) plus the leaked-password list,
// which only the server holds.
// ---------------------------------------------------------------------------

const refuseBreached = z.superRefine<{ password: string }>(
  (data, ctx) => {
    if (isBreachedPassword(data.password)) {
      ctx.addIssue({ code: "custom", message: messages.passwordBreached, path: ["password"] });
    }
  },
  {
    // Also while other fields fail, so every problem shows in one submit.
    when: (payload) => {
      const value = (payload.value as { password?: unknown } | undefined)?.password;
      return typeof value === "string" && value.length >= PASSWORD_MIN_LENGTH;
    },
  },
);

export const newPasswordServerSchema = newPasswordSchema.check(refuseBreached);
export const passwordChangeServerSchema = passwordChangeSchema.check(refuseBreached);
export const confirmAccountServerSchema = confirmAccountSchema.check(refuseBreached);

// ---------------------------------------------------------------------------
// Links and mails
// ---------------------------------------------------------------------------

/**
 * The scheme and host that mailed links point to: PUBLIC_URL, or outside production the address
 * the portal listens on; never taken from the request, so a forged Host header cannot steer links
 * elsewhere.
 */
export function linkOrigin(): string {
  return config.linkOrigin;
}

/** The address and name a mail to the account uses. */
export async function userForMail(userId: number, db: DB | Tx = getDb()) {
  const user = await db
    .selectFrom("users")
    .select(NAME_COLUMNS)
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return { email: user.email, name: nameOfRow(user) };
}

/**
 * Mails a fresh activation link (7 days); earlier activation links of the account stop working.
 * Inside `tx`, the link and the mail are part of the change that made the account.
 */
export async function sendActivationMail(userId: number, origin: string, tx?: Tx): Promise<void> {
  const { email, name } = await userForMail(userId, tx);
  const token = await issueLinkToken(userId, "activate", tx);
  await sendAlertMail("registration_confirmation", email, { name, email, link: `${origin}${href("/register/confirm/:token", { token })}` }, tx);
}

/** Mails a fresh password link (60 minutes); earlier ones stop working. */
async function sendResetMail(userId: number, origin: string): Promise<void> {
  const { email, name } = await userForMail(userId);
  const token = await issueLinkToken(userId, "reset");
  await sendAlertMail("resetting_password", email, { name, link: `${origin}${href("/resetting/reset/:token", { token })}` });
}

// ---------------------------------------------------------------------------
// Requesting a reset
// ---------------------------------------------------------------------------

export type ResetOutcome = "requested" | "recent" | "too_many";

/**
 * Handles a reset request. The outcome never depends on whether the address is known: the limit
 * per address counts unknown addresses too.
 *
 * - enabled account: a password link;
 * - never activated (disabled, no password yet): the activation mail, which also sets the password;
 * - deactivated by an administrator (disabled with a password): nothing, so a reset cannot undo that.
 */
export async function requestPasswordReset(email: string, origin: string, ip: string): Promise<ResetOutcome> {
  const address = email.trim().toLowerCase();
  if (!(await reserveAttempt("resetIp", ip))) return "too_many";
  if (!(await reserveAttempt("resetAccount", address))) return "recent";

  const user = await getDb()
    .selectFrom("users")
    .select(["id", "enabled", "password_hash"])
    .where("email", "=", address)
    .executeTakeFirst();
  securityLog("password_reset_requested", { outcome: "success", account: user?.id ?? null });
  if (!user) return "requested";
  if (user.enabled) await sendResetMail(user.id, origin);
  else if (!user.password_hash) await sendActivationMail(user.id, origin);
  return "requested";
}

// ---------------------------------------------------------------------------
// Following a link
// ---------------------------------------------------------------------------

export type LinkProblem = "invalid" | "expired" | "already_enabled";

const LINK_PROBLEM_NOTIFICATION: Record<LinkProblem, Notification> = {
  invalid: LINK_INVALID,
  expired: LINK_EXPIRED,
  already_enabled: ALREADY_ENABLED,
};

/**
 * Where a link that cannot be used sends its visitor, with the reason: home for an account that
 * is already active, otherwise the reset page, where a new link can be asked for.
 */
export function linkProblemRedirect(session: AppSession, problem: LinkProblem): Promise<Response> {
  const target = problem === "already_enabled" ? href("/") : href("/wachtwoord-vergeten");
  return redirectWithNotification(session, target, LINK_PROBLEM_NOTIFICATION[problem]);
}

export async function checkResetLink(token: string): Promise<{ ok: true; userId: number } | { ok: false; problem: LinkProblem }> {
  const check = await checkLinkToken(token, "reset");
  return check.ok ? { ok: true, userId: check.userId } : { ok: false, problem: check.reason };
}

export interface ActivationInfo {
  userId: number;
  email: string;
  givenName: string;
  namePreposition: string;
  familyName: string;
}

/**
 * The account behind an activation link. An account that is already active says so, also when its
 * link has since been used or expired (someone clicking the mail a second time).
 */
export async function checkActivationLink(
  token: string,
): Promise<{ ok: true; info: ActivationInfo } | { ok: false; problem: LinkProblem }> {
  const check = await checkLinkToken(token, "activate");
  let userId: number;
  if (check.ok) userId = check.userId;
  else if (check.reason === "expired") {
    const owner = await getDb()
      .selectFrom("tokens")
      .innerJoin("users", "users.id", "tokens.user_id")
      .select("users.enabled")
      .where("tokens.token_hash", "=", sha256(token))
      .where("tokens.purpose", "=", "activate")
      .executeTakeFirst();
    return { ok: false, problem: owner?.enabled ? "already_enabled" : "expired" };
  } else return { ok: false, problem: "invalid" };

  const user = await getDb()
    .selectFrom("users")
    .select(["id", "email", "given_name", "name_preposition", "family_name", "enabled"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) return { ok: false, problem: "invalid" };
  if (user.enabled) return { ok: false, problem: "already_enabled" };
  return {
    ok: true,
    info: {
      userId: user.id,
      email: user.email,
      givenName: user.given_name,
      namePreposition: user.name_preposition,
      familyName: user.family_name,
    },
  };
}

// ---------------------------------------------------------------------------
// Using a link
// ---------------------------------------------------------------------------

/** Thrown inside a transaction to roll it back when the link turns out unusable after the check. */
export class TokenGone extends Error {
  constructor(readonly problem: LinkProblem) {
    super(problem);
  }
}

/**
 * Marks the token used, only if it still is unused and unexpired; of two simultaneous submits only
 * one wins.
 */
export async function claimToken(tx: Tx, token: string, purpose: "reset" | "activate" | "email_change", userId: number) {
  const result = await tx
    .updateTable("tokens")
    .set({ used: 1 })
    .where("token_hash", "=", sha256(token))
    .where("purpose", "=", purpose)
    .where("user_id", "=", userId)
    .where("used", "=", 0)
    .where("expires", ">", nowIso())
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new TokenGone("expired");
}

/** Sets the new password through a reset link and ends every session of the account. */
export async function setPasswordWithToken(token: string, userId: number, password: string): Promise<"ok" | LinkProblem> {
  // Hash first: argon2 takes a moment, and the transaction should not hold the write lock meanwhile.
  const passwordHash = await hashPassword(password);
  try {
    await getDb()
      .transaction()
      .execute(async (tx) => {
        await claimToken(tx, token, "reset", userId);
        await tx
          .updateTable("users")
          .set({ password_hash: passwordHash, password_changed: nowIso() })
          .where("id", "=", userId)
          .execute();
      });
  } catch (error) {
    if (error instanceof TokenGone) {
      securityLog("password_reset", { outcome: "failure", account: userId, reason: error.problem });
      return error.problem;
    }
    throw error;
  }
  securityLog("password_reset", { outcome: "success", account: userId });
  // Whoever knew the old password loses access at once.
  await endSessionsOf(userId);
  // Proving control of the mailbox lifts a sign-in lock caused by the forgotten password.
  const user = await getDb().selectFrom("users").select("email").where("id", "=", userId).executeTakeFirst();
  if (user) await clearAttempts("loginAccount", user.email);
  return "ok";
}

export interface ActivationInput {
  givenName: string;
  namePreposition?: string;
  familyName: string;
  password: string;
}

/** Activates the account of an activation link with its names and first password. */
export async function activateWithToken(token: string, userId: number, input: ActivationInput): Promise<"ok" | LinkProblem> {
  const passwordHash = await hashPassword(input.password);
  try {
    await getDb()
      .transaction()
      .execute(async (tx) => {
        await claimToken(tx, token, "activate", userId);
        const result = await tx
          .updateTable("users")
          .set({
            given_name: input.givenName,
            name_preposition: input.namePreposition ?? "",
            family_name: input.familyName,
            password_hash: passwordHash,
            password_changed: nowIso(),
            enabled: 1,
          })
          .where("id", "=", userId)
          .where("enabled", "=", 0)
          .executeTakeFirst();
        // Activated meanwhile (by an administrator): the link has nothing left to do.
        if (Number(result.numUpdatedRows) !== 1) throw new TokenGone("already_enabled");
      });
  } catch (error) {
    if (error instanceof TokenGone) {
      securityLog("account_activated", { outcome: "failure", account: userId, reason: error.problem });
      return error.problem;
    }
    throw error;
  }
  securityLog("account_activated", { outcome: "success", account: userId });
  return "ok";
}
