import type { Route } from "./+types/pass-file";
import { requireAccess } from "../auth/account.server";
import { commitSession } from "../auth/session.server";
import { passExport } from "./pass.server";

/**
 * 'Download als CSV' of the pass data page: the file of the professionals flagged now. The session
 * keeps who was in it, so the reset clears exactly those (server-checked, with or without
 * JavaScript).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { session } = await requireAccess(request, "registrants:admin");
  const { ids, response } = await passExport();
  session.set("passExport", ids);
  response.headers.append("Set-Cookie", await commitSession(session));
  return response;
}
