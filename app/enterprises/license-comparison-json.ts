import type { Route } from "./+types/license-comparison-json";
import { licenseComparisonLoader } from "./license-comparison.server";

// What the Details dialog of an establishment's Logboek loads: the same comparison as its page,
// under the same permission.
export async function loader({ request, params }: Route.LoaderArgs) {
  return Response.json(await licenseComparisonLoader(request, params), { headers: { "Cache-Control": "no-store" } });
}
