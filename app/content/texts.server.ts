import { getDb } from "../lib/db.server";

/** A static text (rich HTML, sanitised when an admin saves it); empty when it does not exist. */
export async function getText(ref: string): Promise<string> {
  const row = await getDb().selectFrom("texts").select("content").where("ref", "=", ref).executeTakeFirst();
  return row?.content ?? "";
}
