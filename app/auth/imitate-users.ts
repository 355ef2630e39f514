import type { Route } from "./+types/imitate-users";
import { requireAccount } from "./account.server";
import { searchCandidates, SUGGESTION_LIMIT } from "./imitation.server";
import { can } from "./policy";

const headers = { "Cache-Control": "no-store" };

/** Suggestions for the imitation autocomplete: [{id, fullName, email}], for those who may choose. */
export async function loader({ request }: Route.LoaderArgs) {
  // Anonymous visitors go to the login like everywhere else; signed-in others get a plain refusal.
  const { session, account } = await requireAccount(request);
  if (!can(account, "imitate:choose")) {
    return Response.json({ error: "Geen toegang" }, { status: 403, headers });
  }
  const q = new URL(request.url).searchParams.get("q");
  const { users } = await searchCandidates(session, account, q ?? "", SUGGESTION_LIMIT);
  return Response.json(users, { headers });
}
