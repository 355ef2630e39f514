import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type AppLoadContext } from "react-router";
import { getAuth } from "../auth/account.server";
import { authenticate, checkSecondFactor, recordLogin, sendMailCode } from "../auth/login.server";
import { codeSchema, loginSchema } from "../auth/schemas";
import { commitSession, rotateSession, type AppSession } from "../auth/session.server";
import { clearAttempts, countAttempt, isLimited, TOO_MANY_REQUESTS } from "../lib/rate-limit.server";
import { clientIp, safeNext } from "../lib/request.server";

export const LOGIN_FAILED = "Inloggen niet gelukt.";
export const USER_NOT_ENABLED = "Deze gebruiker is niet actief!";
export const WRONG_CODE = "Verkeerde 2factor code!";
export const CODE_EXPIRED = "Deze code is verlopen of te vaak verkeerd ingevoerd. Vraag een nieuwe code aan.";
const PENDING_MINUTES = 10;

const tooMany = `${TOO_MANY_REQUESTS.header}: ${TOO_MANY_REQUESTS.text}`;

/** The second-factor stage, while it has not gone stale. */
export function pendingStage(session: AppSession) {
  const userId = session.get("pendingUserId");
  const method = session.get("pendingMfa");
  const since = session.get("pendingSince");
  if (!userId || !method || !since || Date.now() - since > PENDING_MINUTES * 60_000) return null;
  return { userId, method, next: session.get("pendingNext") ?? "/" };
}

async function login(request: Request, form: FormData, session: AppSession, ip: string) {
  const submission = parseWithZod(form, { schema: loginSchema });
  if (submission.status !== "success") {
    return data({ login: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const email = submission.value.email.toLowerCase();
  if ((await isLimited("loginIp", ip)) || (await isLimited("loginAccount", email))) {
    return data({ login: submission.reply({ formErrors: [tooMany], hideFields: ["password"] }) }, { status: 429 });
  }
  const outcome = await authenticate(request);
  if (outcome.kind !== "ok") {
    await countAttempt("loginIp", ip);
    await countAttempt("loginAccount", email);
    const message = outcome.kind === "disabled" ? USER_NOT_ENABLED : LOGIN_FAILED;
    return data({ login: submission.reply({ formErrors: [message], hideFields: ["password"] }) }, { status: 401 });
  }
  await clearAttempts("loginAccount", email);
  const next = safeNext(submission.value.next);
  if (outcome.mfa === "email" || outcome.mfa === "app") {
    if (outcome.mfa === "email") await sendMailCode(outcome.userId);
    const cookie = await rotateSession(session, {
      pendingUserId: outcome.userId,
      pendingMfa: outcome.mfa,
      pendingSince: Date.now(),
      pendingNext: next,
    });
    return redirect("/", { headers: { "Set-Cookie": cookie } });
  }
  await recordLogin(outcome.userId);
  const cookie = await rotateSession(session, { userId: outcome.userId });
  return redirect(next, { headers: { "Set-Cookie": cookie } });
}

async function secondFactor(form: FormData, session: AppSession, ip: string) {
  const pending = pendingStage(session);
  if (!pending) return redirect("/");
  const submission = parseWithZod(form, { schema: codeSchema });
  if (submission.status !== "success") return data({ code: submission.reply() }, { status: 400 });
  const account = String(pending.userId);
  if ((await isLimited("codeIp", ip)) || (await isLimited("codeAccount", account))) {
    return data({ code: submission.reply({ formErrors: [tooMany], hideFields: ["code"] }) }, { status: 429 });
  }
  const result = await checkSecondFactor(pending.userId, pending.method, submission.value.code);
  if (result !== "ok") {
    await countAttempt("codeIp", ip);
    await countAttempt("codeAccount", account);
    const messages = result === "expired" && pending.method === "email" ? [WRONG_CODE, CODE_EXPIRED] : [WRONG_CODE];
    return data({ code: submission.reply({ formErrors: messages, hideFields: ["code"] }) }, { status: 401 });
  }
  await clearAttempts("codeAccount", account);
  await recordLogin(pending.userId);
  const cookie = await rotateSession(session, { userId: pending.userId });
  return redirect(pending.next, { headers: { "Set-Cookie": cookie } });
}

/** The home page's posts: password, second factor, a new mailed code, or back to the password. */
export async function homeAction(request: Request, context: AppLoadContext) {
  const { session, account } = await getAuth(request);
  if (account) return redirect("/");
  const form = await request.clone().formData();
  const ip = clientIp(context);
  switch (form.get("intent")) {
    case "code":
      return secondFactor(form, session, ip);
    case "resend": {
      const pending = pendingStage(session);
      if (pending?.method === "email") {
        if (await isLimited("codeAccount", String(pending.userId))) {
          session.flash("notification", TOO_MANY_REQUESTS);
        } else {
          await countAttempt("codeAccount", String(pending.userId));
          await sendMailCode(pending.userId);
          session.flash("notification", { type: "success", header: "Er is een nieuwe code naar uw e-mailadres verstuurd." });
        }
      }
      return redirect("/", { headers: { "Set-Cookie": await commitSession(session) } });
    }
    case "cancel":
      for (const key of ["pendingUserId", "pendingMfa", "pendingSince", "pendingNext"] as const) session.unset(key);
      return redirect("/", { headers: { "Set-Cookie": await commitSession(session) } });
    default:
      return login(request, form, session, ip);
  }
}
