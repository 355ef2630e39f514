import type { Account } from "../auth/account";
import { can } from "../auth/policy";
import { shownToEnterprises } from "../employments/employments.server";
import { getDb } from "../lib/db.server";

/**
 * The stored image `fileId` if `account` may see it resized: an avatar or a professional's photo,
 * decided by the policy on the record that owns it (a professional's photo also shows on the tab
 * Professionals of the establishments it is invited to or works at), or a catalogue entry's image, which every
 * signed-in account may see (catalogue entries show on members' pages), as may every signed-in account
 * an establishment's logo, header image and images (tab Info & Media: what the establishment shows of itself). Anything else (KvK
 * extracts, which have their own permission-checked download, document files, or files without a
 * purpose) is never served here.
 */
export async function viewableImage(account: Account, fileId: number) {
  const db = getDb();
  const file = await db
    .selectFrom("files")
    .select(["storage_name", "mime", "purpose", "owner_id"])
    .where("id", "=", fileId)
    .executeTakeFirst();
  if (!file || !file.mime.startsWith("image/")) return null;
  if (file.purpose === "catalogue_image" || file.purpose === "enterprise_image") return can(account, "signed-in") ? file : null;
  if (file.owner_id === null) return null;
  if (file.purpose === "avatar") {
    const owner = await db
      .selectFrom("users")
      .select(["id", "member_id"])
      .where("id", "=", file.owner_id)
      .where("image_file_id", "=", fileId)
      .executeTakeFirst();
    const allowed = owner && can(account, "avatar:view", { userId: owner.id, memberId: owner.member_id ?? undefined });
    return allowed ? file : null;
  }
  if (file.purpose === "registrant_image") {
    if (can(account, "registrant:view", { registrantId: file.owner_id })) return file;
    // Its current photo also to who sees an establishment whose tab Professionals shows it.
    if (!account.listableEnterprises.length) return null;
    const owner = await db.selectFrom("registrants").select("id").where("id", "=", file.owner_id).where("image_file_id", "=", fileId).executeTakeFirst();
    return owner && (await shownToEnterprises(owner.id, account.listableEnterprises)) ? file : null;
  }
  return null;
}
