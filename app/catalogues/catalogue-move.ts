import { redirect } from "react-router";
import type { Route } from "./+types/catalogue-move";
import { requireCatalogue } from "./catalogue.server";
import { listPath } from "./definitions";
import { stepMoveAction } from "./reorder.server";

// 'Omhoog' and 'Omlaag' of a row of the specialisations' list (part 2 §2.4): a post moves the entry
// one step within its category. Nothing changes by GET: the address leads to the list.

export async function loader({ request }: Route.LoaderArgs) {
  const { catalogue } = await requireCatalogue(request);
  return redirect(listPath(catalogue));
}

export const action = ({ request, params }: Route.ActionArgs) => stepMoveAction(request, params);
