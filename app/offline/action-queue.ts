import type { Route } from "./+types/action-queue";
import { getAuth } from "../auth/account.server";
import { commitSession, getSession } from "../auth/session.server";
import { changesText } from "./offline-state";
import { queueSchema, replayEntries } from "./replay.server";

const headers = { "Cache-Control": "no-store" };

export const QUEUE_UNREADABLE = "De wachtrij met offline wijzigingen kon niet worden gelezen.";
export const OFFLINE_CHANGES_SAVED = "Offline wijzigingen opgeslagen";

/** A visit: the queue only takes posts. */
export function loader() {
  return new Response("Alleen verzenden (POST) is toegestaan.", { status: 405, headers: { ...headers, Allow: "POST", "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * POST /action-queue {version, entries}: the posts the browser kept while the portal could not be
 * reached, applied one by one, in order, as the signed-in person (replay.server.ts). Answers per
 * entry: applied, refused with the reason, or later. Signed out: 401, and the browser keeps the
 * queue until the person has signed in again.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { account } = await getAuth(request);
  if (!account) return Response.json({ signedOut: true }, { status: 401, headers });
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return Response.json({ error: QUEUE_UNREADABLE }, { status: 400, headers });
  }
  const parsed = queueSchema.safeParse(body);
  if (!parsed.success) return Response.json({ error: QUEUE_UNREADABLE }, { status: 400, headers });
  if (!context.dispatch) return Response.json({ error: QUEUE_UNREADABLE }, { status: 503, headers });
  const results = await replayEntries(request, account, parsed.data.entries, context.dispatch);
  const applied = results.filter((r) => r.outcome === "applied").length;
  if (!applied) return Response.json({ results }, { headers });
  // The page the person is on shows it when the browser reloads its data after the run.
  const session = await getSession(request);
  session.flash("notification", { type: "success", header: OFFLINE_CHANGES_SAVED, text: `${changesText(applied)} verzonden.` });
  return Response.json({ results }, { headers: { ...headers, "Set-Cookie": await commitSession(session) } });
}
