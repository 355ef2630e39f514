import { redirect } from "react-router";
import { commitSession, getSession, type AppSession } from "../auth/session.server";
import type { Notification } from "./notification";
import { isReplay, rememberAnswer } from "../offline/idempotency.server";

/** POST/redirect/GET with a notification for the next page. */
export async function redirectWithNotification(
  request: Request | AppSession,
  to: string,
  notification: Notification,
  headers: HeadersInit = {},
): Promise<Response> {
  const session = request instanceof Request ? await getSession(request) : request;
  await rememberAnswer(to, notification);
  // A replayed offline post reports its notification to the queue instead (offline/replay.server.ts).
  if (!isReplay()) session.flash("notification", notification);
  const h = new Headers(headers);
  h.append("Set-Cookie", await commitSession(session));
  return redirect(to, { headers: h });
}

/** The error catalogue's text for a record that was deleted meanwhile, or never existed. */
export const ITEM_GONE: Notification = { type: "danger", header: "Dit item bestaat niet (meer)." };

/** Generic failure text of the error catalogue. */
export const SOMETHING_WENT_WRONG: Notification = { type: "danger", header: "Oeps, er gaat iets mis!" };
