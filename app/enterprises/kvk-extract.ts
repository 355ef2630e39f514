import { data } from "react-router";
import type { Route } from "./+types/kvk-extract";
import { getDb } from "../lib/db.server";
import { storedFileResponse } from "../lib/files.server";
import { idParam } from "../lib/request.server";
import { requireAccess } from "../auth/account.server";
import { requireEnterprise } from "./enterprise.server";

/**
 * The KvK extract of an establishment, for whoever may change the establishment; 404 when there is
 * none. Always a download (the server adds nosniff to every response), never shown inline.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAccess(request, "enterprise:edit", { enterpriseId: idParam(params.enterprise) });
  const { enterprise } = await requireEnterprise(params.enterprise);
  const file =
    enterprise.kvkExtractFileId === null
      ? undefined
      : await getDb()
          .selectFrom("files")
          .select(["storage_name", "original_name", "mime"])
          .where("id", "=", enterprise.kvkExtractFileId)
          .executeTakeFirst();
  const response = file && storedFileResponse({ storageName: file.storage_name, name: file.original_name, mime: file.mime }, { fallbackName: "kvk-uittreksel" });
  if (!response) throw data(null, { status: 404 });
  return response;
}
