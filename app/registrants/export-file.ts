import type { Route } from "./+types/export-file";
import { requireAccess } from "../auth/account.server";
import { registrantsExportResponse } from "./export.server";

/** The register as a CSV file, streamed (admins only). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "registrants:admin");
  return registrantsExportResponse();
}
