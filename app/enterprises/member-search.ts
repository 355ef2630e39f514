import type { Route } from "./+types/member-search";
import { requireAccount } from "../auth/account.server";
import { can } from "../auth/policy";
import { searchMembers } from "./enterprise.server";

const headers = { "Cache-Control": "no-store" };

/** Suggestions for the membership field of the establishment form: [{id, label, associate}], admins only. */
export async function loader({ request }: Route.LoaderArgs) {
  // Anonymous visitors go to the login like everywhere else; signed-in others get a plain refusal.
  const { account } = await requireAccount(request);
  if (!can(account, "enterprises:admin")) {
    return Response.json({ error: "Geen toegang" }, { status: 403, headers });
  }
  const q = new URL(request.url).searchParams.get("q");
  return Response.json(await searchMembers(q), { headers });
}
