import { data } from "react-router";
import { requireAccess } from "../auth/account.server";
import type { Action } from "../auth/policy";
import type { Notification } from "../shell/notification";
import type { ListData } from "../ui/ListPage";
import { approvalResponse, confirmationBack, deletionAction, type Deletion } from "./record-actions.server";
import { idParam } from "./request.server";
import type { StatusOutcome } from "./status.server";

/**
 * The server halves of the admin route shapes (list, approval, deletion), so that a route module of
 * such a page is its definition and one line per export.
 */

/** A list page's loader: the admin's access, then the rows for the URL. */
export async function listLoader<Row>(request: Request, access: Action, rows: (url: URL) => Promise<ListData<Row>>) {
  await requireAccess(request, access);
  return rows(new URL(request.url));
}

/** A confirmation page's loader: the record of the URL (404 when it is gone) and where to return to. */
export async function confirmationLoader<Record>(
  request: Request,
  access: Action,
  param: string,
  find: (id: number) => Promise<Record | undefined>,
  fallback: string,
) {
  await requireAccess(request, access);
  const record = await find(idParam(param));
  if (!record) throw data(null, { status: 404 });
  return { record, back: confirmationBack(request, fallback) };
}

/** A confirmed approval: back to the pending list with what happened. */
export async function approvalRouteAction<Extra>(
  request: Request,
  access: Action,
  param: string,
  back: string,
  approve: (id: number) => Promise<StatusOutcome<Extra>>,
  texts: { approved: (extra: Extra) => Notification; already: string },
) {
  const { session } = await requireAccess(request, access);
  const id = idParam(param);
  return approvalResponse(session, back, () => approve(id), texts);
}

/** A confirmed delete: back to where it was started with what happened. */
export async function deletionRouteAction(request: Request, access: Action, param: string, deletion: Omit<Deletion, "id">) {
  const { session, account } = await requireAccess(request, access);
  return deletionAction(request, session, account, { ...deletion, id: idParam(param) });
}
