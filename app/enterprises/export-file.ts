import { data } from "react-router";
import type { Route } from "./+types/export-file";
import { requireAccess } from "../auth/account.server";
import { exportResponse } from "./export.server";
import { EXPORT_FILES, type ExportFile } from "./export-files";

const isExportFile = (name: string | undefined): name is ExportFile => EXPORT_FILES.some((file) => file === name);

/** One CSV file of the export page, streamed (admins only; an unknown name is 404). */
export async function loader({ request, params }: Route.LoaderArgs) {
  // Permission first, so others learn nothing about which files exist.
  await requireAccess(request, "enterprises:admin");
  if (!isExportFile(params.file)) throw data(null, { status: 404 });
  return exportResponse(params.file);
}
