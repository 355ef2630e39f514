import type { Route } from "./+types/imitate-users";
import { getAuth } from "./account.server";
import { searchCandidates, SUGGESTION_LIMIT } from "./imitation.server";
import { can } from "./policy";

const headers = { "Cache-Control": "no-store" };

/** Suggestions for the imitation autocomplete: [{id, fullName, email}], for those who may choose. */
export async function loader({ request }: Route.LoaderArgs) {
  const { session, account } = await getAuth(request);
  if (!account || !can(account, "imitate:choose")) {
    return Response.json({ error: "Geen toegang" }, { status: 403, headers });
  }
  const q = new URL(request.url).searchParams.get("q");
  const { users } = await searchCandidates(session, account, q ?? "", SUGGESTION_LIMIT);
  return Response.json(users, { headers });
}
