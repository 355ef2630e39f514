import { data } from "react-router";
import type { Route } from "./+types/inspection-file";
import { storedFileResponse } from "../lib/files.server";
import { requireFullMemberEnterprise } from "./enterprise.server";
import { inspectionFile } from "./inspection.server";

/**
 * The RIE report or plan of action of an establishment (tab Keuring), for whoever may change the
 * establishment, never for an associate membership (which has no Keuring); 404 when there is none.
 * Always a download, like the KvK extract.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { enterprise } = (await requireFullMemberEnterprise(request, params.enterprise)).record;
  const file = await inspectionFile(enterprise.id, params.file);
  const response = file && storedFileResponse({ storageName: file.storage_name, name: file.original_name, mime: file.mime }, { fallbackName: params.file });
  if (!response) throw data(null, { status: 404 });
  return response;
}
