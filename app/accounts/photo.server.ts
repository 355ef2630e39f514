import { deleteFile, storeFile } from "../lib/files.server";
import { getDb, type Tx } from "../lib/db.server";

/** A posted account photo: a new one (checked already), or the request to remove the stored one. */
export interface PhotoChange {
  upload?: { bytes: Buffer; mime: string; name: string };
  remove: boolean;
}

/**
 * Stores a new photo for an account, or clears it, inside the transaction of the account's save
 * (a new photo wins over removal). Returns the replaced file, whose bytes go only once that
 * transaction has committed (`dropReplacedPhoto`): a rollback cannot bring deleted bytes back.
 */
export async function writeAccountPhoto(tx: Tx, userId: number, photo: PhotoChange): Promise<number | null> {
  if (!photo.upload && !photo.remove) return null;
  const current = await tx.selectFrom("users").select("image_file_id").where("id", "=", userId).executeTakeFirstOrThrow();
  const image = photo.upload
    ? await storeFile(tx, photo.upload.bytes, photo.upload.mime, photo.upload.name, { purpose: "avatar", ownerId: userId })
    : null;
  if (image === current.image_file_id) return null;
  await tx.updateTable("users").set({ image_file_id: image }).where("id", "=", userId).execute();
  return current.image_file_id;
}

/** Removes the photo `writeAccountPhoto` replaced, after its transaction committed. */
export async function dropReplacedPhoto(fileId: number | null): Promise<void> {
  if (fileId !== null) await deleteFile(getDb(), fileId);
}
