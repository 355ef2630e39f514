import type { Route } from "./+types/account-search";
import { requireAccount } from "../auth/account.server";
import { can } from "../auth/policy";
import { searchAccounts } from "./profile.server";

const headers = { "Cache-Control": "no-store" };

/**
 * Suggestions for the account field of a professional (admins): [{id, label}] of the accounts
 * without a professional, or linked to the one of `?professional=`.
 */
export async function loader({ request }: Route.LoaderArgs) {
  // Anonymous visitors go to the login like everywhere else; signed-in others get a plain refusal.
  const { account } = await requireAccount(request);
  if (!can(account, "registrants:admin")) return Response.json({ error: "Geen toegang" }, { status: 403, headers });
  const params = new URL(request.url).searchParams;
  const own = params.get("professional") ?? "";
  return Response.json(await searchAccounts(params.get("q"), /^\d{1,9}$/.test(own) ? Number(own) : null), { headers });
}
