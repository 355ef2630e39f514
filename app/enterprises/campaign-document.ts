import { data } from "react-router";
import type { Route } from "./+types/campaign-document";
import { requireAccess } from "../auth/account.server";
import { contentDisposition } from "../lib/files.server";
import { securityLog } from "../lib/log.server";
import { idParam } from "../lib/request.server";
import { isCampaignDocument, readCampaignDocument } from "../registration/campaign-application.server";

/**
 * A training-campaign participant's ID document or consent form (tab Algemeen of an
 * establishment), for admins only: opened from its encryption, always a download, and every read
 * is in the security log (who and when are in every line). Others are refused as on every
 * admin-only page; 404 when the slot has no such document (not completed, or removed after the
 * retention period).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAccess(request, "enterprises:admin");
  const enterpriseId = idParam(params.enterprise);
  const slot = idParam(params.slot);
  if (!isCampaignDocument(params.document)) throw data(null, { status: 404 });
  const document = await readCampaignDocument(enterpriseId, slot, params.document);
  if (!document) throw data(null, { status: 404 });
  securityLog("personal_data_read", { outcome: "success", subject: document.applicationId, document: params.document });
  return new Response(new Uint8Array(document.bytes), {
    headers: {
      "Content-Type": document.mime,
      "Content-Length": String(document.bytes.length),
      "Content-Disposition": contentDisposition(document.name || params.document),
    },
  });
}
