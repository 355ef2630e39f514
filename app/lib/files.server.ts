import fs from "node:fs";
import path from "node:path";
import { config } from "./config.server";
import { randomToken } from "./crypto.server";
import { nowIso, type DB, type Tx } from "./db.server";

export const IMAGE_TYPES = ["image/jpeg", "image/png"] as const;
export const DOCUMENT_TYPES = ["image/jpeg", "image/png", "application/pdf"] as const;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const UPLOAD_TOO_LARGE = "Het bestand is te groot (maximaal 10 MB).";

export function uploadsDir(): string {
  return path.join(config.dataDir, "uploads");
}

/** The real type of a file, from its first bytes (never from its name or the browser's claim). */
export function sniffType(bytes: Uint8Array): string | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return "application/pdf";
  return null;
}

export type UploadCheck = { ok: true; bytes: Buffer; mime: string } | { ok: false; message: string };

/** Size and content checks for an uploaded file against an allowlist of types. */
export async function checkUpload(file: File, allowed: readonly string[]): Promise<UploadCheck> {
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, message: UPLOAD_TOO_LARGE };
  const bytes = Buffer.from(await file.arrayBuffer());
  const mime = sniffType(bytes);
  if (!mime || !allowed.includes(mime)) {
    const kinds = allowed.map((t) => (t === "application/pdf" ? "pdf" : t === "image/png" ? "png" : "jpg")).join(", ");
    return { ok: false, message: `Dit bestandstype is niet toegestaan. Toegestaan: ${kinds}.` };
  }
  return { ok: true, bytes, mime };
}

/** Stores bytes under a generated name outside the public folder and records them. */
export async function storeFile(db: DB | Tx, bytes: Buffer, mime: string, originalName: string): Promise<number> {
  fs.mkdirSync(uploadsDir(), { recursive: true });
  const storageName = randomToken(18);
  fs.writeFileSync(path.join(uploadsDir(), storageName), bytes);
  const now = nowIso();
  const row = await db
    .insertInto("files")
    .values({ storage_name: storageName, original_name: originalName.slice(0, 200), mime, size: bytes.length, modified: now, created: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteFile(db: DB | Tx, fileId: number): Promise<void> {
  const row = await db.selectFrom("files").select("storage_name").where("id", "=", fileId).executeTakeFirst();
  if (!row) return;
  await db.deleteFrom("files").where("id", "=", fileId).execute();
  fs.rmSync(path.join(uploadsDir(), row.storage_name), { force: true });
  // Resized copies made for display (see app/media/image.ts) go with the original.
  const sized = sizedDir();
  if (fs.existsSync(sized)) {
    for (const name of fs.readdirSync(sized)) {
      if (name.startsWith(`${row.storage_name}-`)) fs.rmSync(path.join(sized, name), { force: true });
    }
  }
}

export function sizedDir(): string {
  return path.join(uploadsDir(), "sized");
}

export function filePath(storageName: string): string {
  return path.join(uploadsDir(), storageName);
}
