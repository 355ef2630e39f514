import { parseWithZod } from "../lib/parse-form";
import { type AppLoadContext, data, href, redirect } from "react-router";
import { getAuth } from "../auth/account.server";
import { authenticate, checkSecondFactor, recordLogin, sendMailCode } from "../auth/login.server";
import { codeSchema, loginSchema, mfaSetupSchema } from "../auth/schemas";
import { commitSession, describeDevice, rotateSession, type AppSession } from "../auth/session.server";
import { activateApp, appSetup, cancelAppSetup, setMfaType, startAppSetup, type AppSetup } from "../accounts/two-factor.server";
import { randomToken } from "../lib/crypto.server";
import { getDb } from "../lib/db.server";
import { securityLog } from "../lib/log.server";
import { clearAttempts, releaseAttempt, reserveAttempts, TOO_MANY_REQUESTS } from "../lib/rate-limit.server";
import { clientIp, safeNext } from "../lib/request.server";

const LOGIN_FAILED = "Inloggen niet gelukt.";
const USER_NOT_ENABLED = "Deze gebruiker is niet actief!";
export const WRONG_CODE = "Verkeerde 2factor code!";
const CODE_EXPIRED = "Deze code is verlopen of te vaak verkeerd ingevoerd. Vraag een nieuwe code aan.";
const NEW_CODE_SENT = "Er is een nieuwe code naar uw e-mailadres verstuurd.";
const PENDING_MINUTES = 10;

const tooMany = `${TOO_MANY_REQUESTS.header}: ${TOO_MANY_REQUESTS.text}`;

const PENDING_KEYS = ["pendingUserId", "pendingMfa", "pendingSince", "pendingNext", "pendingAttempt", "pendingSetup"] as const;

export interface PendingStage {
  userId: number;
  /** How the second factor is given now; 'setup' while an admin still chooses one. */
  method: "email" | "app" | "setup";
  next: string;
  attempt: string;
  /** The code confirms a second factor being set up (admins must have one). */
  setup: boolean;
}

/** The second-factor stage, while it has not gone stale. */
export function pendingStage(session: AppSession): PendingStage | null {
  const userId = session.get("pendingUserId");
  const method = session.get("pendingMfa");
  const since = session.get("pendingSince");
  const attempt = session.get("pendingAttempt");
  if (!userId || !method || !since || !attempt || Date.now() - since > PENDING_MINUTES * 60_000) return null;
  return { userId, method, next: session.get("pendingNext") ?? "/", attempt, setup: !!session.get("pendingSetup") };
}

/** What the code stage shows of an authenticator app being set up (QR code and key). */
export async function pendingAppSetup(session: AppSession, pending: PendingStage): Promise<AppSetup | null> {
  if (!pending.setup || pending.method !== "app") return null;
  const user = await getDb().selectFrom("users").select("email").where("id", "=", pending.userId).executeTakeFirst();
  return user ? appSetup(session, user.email) : null;
}

async function login(request: Request, form: FormData, session: AppSession, ip: string) {
  const submission = parseWithZod(form, { schema: loginSchema });
  if (submission.status !== "success") {
    return data({ login: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const email = submission.value.email.toLowerCase();
  // Reserved before the password is checked, so a parallel burst cannot outrun the count.
  if (!(await reserveAttempts(["loginIp", ip], ["loginAccount", email]))) {
    return data({ login: submission.reply({ formErrors: [tooMany], hideFields: ["password"] }) }, { status: 429 });
  }
  const outcome = await authenticate(request, form);
  if (outcome.kind !== "ok") {
    securityLog("login", { outcome: "failure", account: outcome.kind === "disabled" ? outcome.userId : null, reason: outcome.kind });
    const message = outcome.kind === "disabled" ? USER_NOT_ENABLED : LOGIN_FAILED;
    return data({ login: submission.reply({ formErrors: [message], hideFields: ["password"] }) }, { status: 401 });
  }
  await clearAttempts("loginAccount", email);
  // A colleague's successful sign-in does not use up the office's shared address.
  await releaseAttempt("loginIp", ip);
  const next = safeNext(submission.value.next);
  const device = describeDevice(request.headers.get("User-Agent"));
  // Admins may imitate anyone: without a second factor they set one up before going on.
  const method = outcome.mfa || (outcome.admin ? "setup" : "");
  if (method) {
    const attempt = randomToken();
    if (method === "email") await sendMailCode(outcome.userId, attempt);
    securityLog("login", { outcome: "success", account: outcome.userId, stage: "password" });
    const cookie = await rotateSession(session, {
      pendingUserId: outcome.userId,
      pendingMfa: method,
      pendingSince: Date.now(),
      pendingNext: next,
      pendingAttempt: attempt,
      device,
    });
    return redirect(href("/"), { headers: { "Set-Cookie": cookie } });
  }
  securityLog("login", { outcome: "success", account: outcome.userId });
  await recordLogin(outcome.userId);
  const cookie = await rotateSession(session, { userId: outcome.userId, device });
  return redirect(next, { headers: { "Set-Cookie": cookie } });
}

/** An admin without a second factor chooses one: a mailed code is sent, or the app's QR code shown. */
async function chooseSetup(form: FormData, session: AppSession) {
  const pending = pendingStage(session);
  if (!pending || (!pending.setup && pending.method !== "setup")) return redirect(href("/"));
  const submission = parseWithZod(form, { schema: mfaSetupSchema });
  if (submission.status !== "success") return data({ setup: submission.reply() }, { status: 400 });
  const choice = submission.value.mfaType;
  session.set("pendingMfa", choice);
  session.set("pendingSetup", true);
  if (choice === "email") {
    cancelAppSetup(session);
    await sendMailCode(pending.userId, pending.attempt);
  } else startAppSetup(session);
  return redirect(href("/"), { headers: { "Set-Cookie": await commitSession(session) } });
}

/** The code of a second factor being set up: it switches that factor on for the account. */
async function confirmSetup(pending: PendingStage, session: AppSession, code: string): Promise<"ok" | "wrong" | "expired"> {
  if (pending.method === "email") {
    const result = await checkSecondFactor(pending.userId, "email", code, pending.attempt);
    if (result === "ok") await setMfaType(pending.userId, "email");
    return result;
  }
  const user = await getDb().selectFrom("users").select("email").where("id", "=", pending.userId).executeTakeFirstOrThrow();
  const result = await activateApp(session, pending.userId, user.email, code);
  return result === "no-setup" ? "expired" : result;
}

async function secondFactor(form: FormData, session: AppSession, ip: string) {
  const pending = pendingStage(session);
  if (!pending || pending.method === "setup") return redirect(href("/"));
  const submission = parseWithZod(form, { schema: codeSchema });
  if (submission.status !== "success") return data({ code: submission.reply() }, { status: 400 });
  const account = String(pending.userId);
  if (!(await reserveAttempts(["codeIp", ip], ["codeAccount", account]))) {
    return data({ code: submission.reply({ formErrors: [tooMany], hideFields: ["code"] }) }, { status: 429 });
  }
  const result = pending.setup
    ? await confirmSetup(pending, session, submission.value.code)
    : await checkSecondFactor(pending.userId, pending.method, submission.value.code, pending.attempt);
  if (result !== "ok") {
    securityLog("login_second_factor", { outcome: "failure", account: pending.userId, method: pending.method });
    const messages = result === "expired" && pending.method === "email" ? [WRONG_CODE, CODE_EXPIRED] : [WRONG_CODE];
    return data({ code: submission.reply({ formErrors: messages, hideFields: ["code"] }) }, { status: 401 });
  }
  await clearAttempts("codeAccount", account);
  await releaseAttempt("codeIp", ip);
  if (pending.setup) securityLog("second_factor_changed", { outcome: "success", account: pending.userId, method: pending.method });
  securityLog("login_second_factor", { outcome: "success", account: pending.userId, method: pending.method });
  await recordLogin(pending.userId);
  const cookie = await rotateSession(session, { userId: pending.userId });
  return redirect(pending.next, { headers: { "Set-Cookie": cookie } });
}

async function resendCode(session: AppSession) {
  const pending = pendingStage(session);
  if (pending?.method === "email") {
    if (!(await reserveAttempts(["codeAccount", String(pending.userId)]))) {
      session.flash("notification", TOO_MANY_REQUESTS);
    } else {
      await sendMailCode(pending.userId, pending.attempt);
      session.flash("notification", { type: "success", header: NEW_CODE_SENT });
    }
  }
  return redirect(href("/"), { headers: { "Set-Cookie": await commitSession(session) } });
}

/** The home page's posts: password, second factor (or its setup), a new mailed code, or back to the password. */
export async function homeAction(request: Request, form: FormData, context: AppLoadContext) {
  const { session, account } = await getAuth(request);
  if (account) return redirect(href("/"));
  const ip = clientIp(context);
  switch (form.get("intent")) {
    case "code":
      return secondFactor(form, session, ip);
    case "setup":
      return chooseSetup(form, session);
    case "resend":
      return resendCode(session);
    case "cancel":
      for (const key of PENDING_KEYS) session.unset(key);
      cancelAppSetup(session);
      return redirect(href("/"), { headers: { "Set-Cookie": await commitSession(session) } });
    default:
      return login(request, form, session, ip);
  }
}
