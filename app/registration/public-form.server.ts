// What every public form (the registrations, the campaign application) does before it writes:
// refuse a post that filled the honeypot, and count the post against the per-address limit that
// all server processes share (app/lib/rate-limit.server.ts).
import type { AppLoadContext } from "react-router";
import { securityLog } from "../lib/log.server";
import { reserveAttempt, TOO_MANY_REQUESTS } from "../lib/rate-limit.server";
import { clientIp } from "../lib/request.server";
import { HONEYPOT_FIELD } from "./Honeypot";

export { HONEYPOT_FIELD, TOO_MANY_REQUESTS };

/** The form-level message of a refused post: the spec's 'Teveel verkeer' notification as one line. */
export const TOO_MANY_MESSAGE = `${TOO_MANY_REQUESTS.header}: ${TOO_MANY_REQUESTS.text}`;

/**
 * Whether the post filled the field people do not see: then it came from a program that fills in
 * every field. The caller answers as if it succeeded and writes nothing, so the program learns
 * nothing; the security log records it.
 */
export function filledHoneypot(form: FormData, formName: string): boolean {
  const value = form.get(HONEYPOT_FIELD);
  if (typeof value !== "string" || value.trim() === "") return false;
  securityLog("honeypot", { outcome: "failure", form: formName });
  return true;
}

/**
 * Counts a valid post of a public form against its client address (reserved before anything is
 * written, atomically, so a parallel burst cannot pass the limit); false when the address has
 * used up the hour's posts.
 */
export function reservePublicPost(context: AppLoadContext | undefined): Promise<boolean> {
  return reserveAttempt("publicFormIp", clientIp(context));
}
