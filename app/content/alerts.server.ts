import { data, href } from "react-router";
import { requireAccess } from "../auth/account.server";
import { getDb } from "../lib/db.server";
import { PAGE_SIZE, readListParams } from "../lib/list";
import { parseWithZod } from "../lib/parse-form";
import { messages } from "../lib/validation";
import { paginate } from "../lib/paging.server";
import { redirectWithNotification } from "../shell/flash.server";
import { ALERT_NOT_FOUND, ALERT_SAVED, alertSchema, type AlertValues } from "./alert-schema";
import { sanitizeRichText } from "./rich-text.server";
import { readFields } from "../lib/form-body.server";

export interface AlertListRow {
  id: number;
  title: string;
  description: string;
}

export interface AlertRecord extends AlertListRow {
  subject: string;
  body: string;
}

export const ALERT_LIST_PATH = href("/notificaties/lijst");

/** One page of the notification texts, by title. */
export async function alertListPage(url: URL) {
  const params = readListParams(url, ["titel"], "titel");
  const query = getDb().selectFrom("alerts").select(["id", "title", "description"]).orderBy("title").orderBy("id");
  const page = await paginate<AlertListRow>(query, params.page, PAGE_SIZE);
  return { ...page, params: { ...params, page: page.page } };
}

async function findAlert(id: number): Promise<AlertRecord | undefined> {
  return getDb()
    .selectFrom("alerts")
    .select(["id", "title", "description", "subject", "body"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The alert of the URL, or back to the list with alert_not_found. */
async function requireAlert(request: Request, param: string | undefined): Promise<AlertRecord> {
  const alert = /^\d{1,9}$/.test(param ?? "") ? await findAlert(Number(param)) : undefined;
  if (!alert) throw await redirectWithNotification(request, ALERT_LIST_PATH, { type: "danger", header: ALERT_NOT_FOUND });
  return alert;
}

/** The edit page: title and description to read, subject and body to change (body sanitised as stored). */
export async function alertEditLoader(request: Request, param: string | undefined) {
  await requireAccess(request, "admin");
  const alert = await requireAlert(request, param);
  return { alert: { ...alert, body: sanitizeRichText(alert.body) } };
}

/** Opslaan: the subject and the sanitised body, then back to the list. */
export async function alertEditAction(request: Request, param: string | undefined) {
  const { session } = await requireAccess(request, "admin");
  const alert = await requireAlert(request, param);
  const submission = parseWithZod(await readFields(request), { schema: alertSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  // What is left once scripts and the like are gone must still be a text.
  const body = sanitizeRichText(submission.value.body);
  if (!body) return data({ result: submission.reply({ fieldErrors: { body: [messages.required] } }) }, { status: 400 });
  await saveAlert(alert.id, { subject: submission.value.subject, body });
  return redirectWithNotification(session, ALERT_LIST_PATH, { type: "success", header: ALERT_SAVED });
}

/** Stores a sanitised body. */
async function saveAlert(id: number, values: AlertValues): Promise<void> {
  await getDb()
    .updateTable("alerts")
    .set({ subject: values.subject, body: values.body })
    .where("id", "=", id)
    .execute();
}
