import { data } from "react-router";
import type { Route } from "./+types/document-file";
import { requireAccount } from "../auth/account.server";
import { storedFileResponse } from "../lib/files.server";
import { securityLog } from "../lib/log.server";
import { idParam } from "../lib/request.server";
import { downloadableFile } from "./documents.server";

/**
 * One file of a download (part 2 §7 'Download link'), for whoever sees its document on the
 * downloads page. Not found when it does not exist, is not a file of that document, or is not the
 * account's to see: an id reveals nothing. Always a download, never shown inline (the server gives
 * every response nosniff and no-store).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { account } = await requireAccount(request);
  const documentId = idParam(params.id);
  const fileId = idParam(params.fileId);
  const file = await downloadableFile(account, documentId, fileId);
  if (!file) {
    securityLog("access_refused", { outcome: "failure", action: "downloads", path: new URL(request.url).pathname });
    throw data(null, { status: 404 });
  }
  const response = storedFileResponse(file, { fallbackName: "download" });
  if (!response) throw data(null, { status: 404 });
  return response;
}
