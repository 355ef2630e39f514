import type { Route } from "./+types/catalogue-reorder-json";
import { reorderLoader } from "./reorder.server";

// What the reorder dialog of a catalogue's list loads: the entries of one category (or of the whole
// catalogue) in their stored order, as the reorder page shows them. The dialog saves through the
// reorder page's own form and action.
export async function loader({ request }: Route.LoaderArgs) {
  return Response.json(await reorderLoader(request), { headers: { "Cache-Control": "no-store" } });
}
