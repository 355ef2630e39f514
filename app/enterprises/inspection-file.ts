import { data } from "react-router";
import type { Route } from "./+types/inspection-file";
import { storedFileResponse } from "../lib/files.server";
import { idParam } from "../lib/request.server";
import { requireAccess } from "../auth/account.server";
import { requireEnterprise } from "./enterprise.server";
import { inspectionFile } from "./inspection.server";

/**
 * The RIE report or plan of action of an establishment (tab Keuring), for whoever may change the
 * establishment, never for an associate membership (which has no Keuring); 404 when there is none.
 * Always a download, like the KvK extract.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAccess(request, "enterprise:edit", { enterpriseId: idParam(params.enterprise) });
  const { enterprise, member } = await requireEnterprise(params.enterprise);
  if (member.associate) throw data(null, { status: 404 });
  const file = await inspectionFile(enterprise.id, params.file);
  const response = file && storedFileResponse({ storageName: file.storage_name, name: file.original_name, mime: file.mime }, { fallbackName: params.file });
  if (!response) throw data(null, { status: 404 });
  return response;
}
