import { getDb } from "../lib/db.server";
import { sanitizeRichText } from "./rich-text.server";

/** A static text (rich HTML, sanitised as it is shown, with the allowlist of every rich text); empty when it does not exist. */
export async function getText(ref: string): Promise<string> {
  const row = await getDb().selectFrom("texts").select("content").where("ref", "=", ref).executeTakeFirst();
  return sanitizeRichText(row?.content ?? "");
}
