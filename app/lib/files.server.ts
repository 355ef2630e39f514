import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { config } from "./config.server";
import { randomToken } from "./crypto.server";
import sharp from "sharp";
import type { FilePurpose } from "../../db/types";
import { nowIso, type DB, type Tx } from "./db.server";

export const IMAGE_TYPES = ["image/jpeg", "image/png"] as const;
export const DOCUMENT_TYPES = ["image/jpeg", "image/png", "application/pdf"] as const;
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation";
/** The files of a download: documents, spreadsheets, presentations and pictures. */
export const DOWNLOAD_TYPES = ["application/pdf", DOCX, XLSX, PPTX, "image/jpeg", "image/png"] as const;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const UPLOAD_TOO_LARGE = "Het bestand is te groot (maximaal 10 MB).";
/** What one post may carry in files together. */
export const MAX_FILES_TOGETHER_BYTES = 2 * MAX_UPLOAD_BYTES;
export const FILES_TOO_LARGE = "De bestanden zijn samen te groot (maximaal 20 MB per keer opslaan).";

/**
 * A file that came with a post but was not kept (app/lib/form-body.server.ts): larger than the
 * upload limit, or (`together`) one too many for what a post may carry in files together. Its bytes
 * were skipped as they arrived; its name and real size remain, and checkUpload refuses it with the
 * message for its case, so the form shows that beside its field with every other field as typed.
 */
export class OversizedUpload extends File {
  readonly #size: number;
  constructor(
    name: string,
    type: string,
    size: number,
    readonly together = false,
  ) {
    super([], name, { type });
    this.#size = size;
  }
  override get size(): number {
    return this.#size;
  }
}

function uploadsDir(): string {
  return path.join(config.dataDir, "uploads");
}

/** The real type of a file, from its first bytes (never from its name or the browser's claim). */
function sniffType(bytes: Uint8Array): string | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return "application/pdf";
  if (starts(0x50, 0x4b, 0x03, 0x04)) return officeType(bytes);
  return null;
}

/**
 * The Office Open XML type of a zip file: its parts' names are stored as plain text in the zip's
 * directory, and each type keeps its main part in a folder of its own. Any other zip is no type.
 */
function officeType(bytes: Uint8Array): string | null {
  const names = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  if (!names.includes("[Content_Types].xml")) return null;
  if (names.includes("word/document.xml")) return DOCX;
  if (names.includes("xl/workbook.xml")) return XLSX;
  if (names.includes("ppt/presentation.xml")) return PPTX;
  return null;
}

const KIND_NAMES: Record<string, string> = {
  "application/pdf": "pdf",
  "image/png": "png",
  "image/jpeg": "jpg",
  [DOCX]: "docx",
  [XLSX]: "xlsx",
  [PPTX]: "pptx",
};

const IMAGE_UNREADABLE = "Deze afbeelding kan niet worden gelezen. Kies een ander jpg- of png-bestand.";
/** Larger images are refused rather than decoded (a small file can unpack to a huge bitmap). */
const MAX_IMAGE_PIXELS = 40_000_000;

export type UploadCheck = { ok: true; bytes: Buffer; mime: string } | { ok: false; message: string };

/**
 * Size and content checks for an uploaded file against an allowlist of types. Images are decoded
 * and encoded anew (turned upright, without their metadata such as location), so a corrupt or
 * disguised image is refused here with a message instead of breaking pages later.
 */
export async function checkUpload(file: File, allowed: readonly string[]): Promise<UploadCheck> {
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, message: UPLOAD_TOO_LARGE };
  if (file instanceof OversizedUpload) return { ok: false, message: FILES_TOO_LARGE };
  const bytes = Buffer.from(await file.arrayBuffer());
  const mime = sniffType(bytes);
  if (!mime || !allowed.includes(mime)) {
    const kinds = allowed.map((t) => KIND_NAMES[t]).join(", ");
    return { ok: false, message: `Dit bestandstype is niet toegestaan. Toegestaan: ${kinds}.` };
  }
  if (!mime.startsWith("image/")) return { ok: true, bytes, mime };
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" }).rotate();
    const clean = mime === "image/png" ? await image.png().toBuffer() : await image.jpeg({ quality: 90 }).toBuffer();
    return { ok: true, bytes: clean, mime };
  } catch {
    return { ok: false, message: IMAGE_UNREADABLE };
  }
}

/**
 * A file name fit to keep and to offer as a download name: the last part of any path, without
 * control characters, quotes or path characters, at most 200 characters.
 */
export function safeFileName(name: string, fallback = "bestand"): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = base
    // eslint-disable-next-line no-control-regex -- control characters are what this strips
    .replace(/[\u0000-\u001f\u007f"<>:|?*]/g, "")
    .replace(/^\.+/, "")
    .trim()
    .slice(0, 200);
  return clean || fallback;
}

/** A Content-Disposition header: an ASCII fallback plus the UTF-8 original, both made safe. */
export function contentDisposition(name: string, type: "attachment" | "inline" = "attachment"): string {
  const safe = safeFileName(name);
  const ascii = safe.replace(/[^\x20-\x7e]/g, "_").replace(/[\\"%;]/g, "_");
  // RFC 5987: encodeURIComponent leaves ' ( ) * ! as they are, which the header may not carry.
  const encoded = encodeURIComponent(safe).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export interface FileOwner {
  purpose: FilePurpose;
  /** The owning record (see FilePurpose); null until it exists (set then with setFileOwner). */
  ownerId: number | null;
}

/** A stored image as pages show it (its URL carries id and modification time). */
export interface StoredImage {
  id: number;
  modified: string;
  name: string;
}

/** A file row as the image pages show. */
export function imageOfFile(file: { id: number; modified: string; original_name: string }): StoredImage {
  return { id: file.id, modified: file.modified, name: file.original_name };
}

/** A stored image as pages show it, or null. */
export async function storedImage(db: DB | Tx, fileId: number | null): Promise<StoredImage | null> {
  if (fileId === null) return null;
  const file = await db.selectFrom("files").select(["id", "modified", "original_name"]).where("id", "=", fileId).executeTakeFirst();
  return file ? imageOfFile(file) : null;
}

/** Stores bytes under a generated name outside the public folder and records them with their purpose and owner. */
export async function storeFile(db: DB | Tx, bytes: Buffer, mime: string, originalName: string, owner: FileOwner): Promise<number> {
  fs.mkdirSync(uploadsDir(), { recursive: true });
  const storageName = randomToken(18);
  fs.writeFileSync(path.join(uploadsDir(), storageName), bytes);
  const now = nowIso();
  const row = await db
    .insertInto("files")
    .values({
      storage_name: storageName,
      original_name: safeFileName(originalName),
      mime,
      size: bytes.length,
      purpose: owner.purpose,
      owner_id: owner.ownerId,
      modified: now,
      created: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setFileOwner(db: DB | Tx, fileId: number, ownerId: number): Promise<void> {
  await db.updateTable("files").set({ owner_id: ownerId }).where("id", "=", fileId).execute();
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

/**
 * A stored file as the answer of a download route, streamed with its type, length and name
 * (`name`, or `fallbackName` when it has none); null when its bytes are gone, for the route to
 * answer not found. The server gives every response nosniff and no-store.
 */
export function storedFileResponse(
  file: { storageName: string; name: string; mime: string },
  { fallbackName = "bestand", disposition = "attachment" }: { fallbackName?: string; disposition?: "attachment" | "inline" } = {},
): Response | null {
  const stored = filePath(file.storageName);
  let size: number;
  try {
    size = fs.statSync(stored).size;
  } catch {
    return null;
  }
  return new Response(Readable.toWeb(fs.createReadStream(stored)) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": file.mime,
      "Content-Length": String(size),
      "Content-Disposition": contentDisposition(file.name || fallbackName, disposition),
    },
  });
}
