import { data } from "react-router";
import type { Route } from "./+types/license-file";
import { storedFileResponse } from "../lib/files.server";
import { requireFullMemberEnterprise } from "./enterprise.server";
import { licenseFile } from "./licenses.server";

/**
 * The videma licence of an establishment (tab Licenties), for whoever may change the
 * establishment, never for an associate membership (which has no Licenties); 404 when there is
 * none. Always a download, like the RIE files.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { enterprise } = (await requireFullMemberEnterprise(request, params.enterprise)).record;
  const file = await licenseFile(enterprise.id);
  const response = file && storedFileResponse({ storageName: file.storage_name, name: file.original_name, mime: file.mime }, { fallbackName: "videma-licentie" });
  if (!response) throw data(null, { status: 404 });
  return response;
}
