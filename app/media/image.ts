import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { requireAccount } from "../auth/account.server";
import { filePath, sizedDir } from "../lib/files.server";
import { idParam } from "../lib/request.server";
import type { Route } from "./+types/image";
import { viewableImage } from "./image-access.server";

/** Sizes the portal renders (thumbnails and cards); other sizes are refused rather than computed. */
const WIDTHS = new Set([150, 420]);

export async function loader({ request, params }: Route.LoaderArgs) {
  const { account } = await requireAccount(request);
  // An id as every route reads one: more digits than an id has is not found (not a database error).
  const id = idParam(params.id, "Niet gevonden");
  const width = Number(params.width);
  const height = Number(params.height);
  if (!WIDTHS.has(width) || !(height === 0 || height === 100)) {
    throw new Response("Niet gevonden", { status: 404 });
  }
  // Not found, also when it exists but is not the account's to see: an id reveals nothing.
  const file = await viewableImage(account, id);
  if (!file) throw new Response("Niet gevonden", { status: 404 });

  // Resized copies are kept beside the original, so each size is computed once.
  const cacheDir = sizedDir();
  const cached = path.join(cacheDir, `${file.storage_name}-${width}x${height}.jpg`);
  if (!fs.existsSync(cached)) {
    fs.mkdirSync(cacheDir, { recursive: true });
    await sharp(filePath(file.storage_name))
      .rotate()
      .resize({ width, height: height || undefined, fit: "cover", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 82 })
      .toFile(cached);
  }
  return new Response(fs.readFileSync(cached), {
    headers: {
      "Content-Type": "image/jpeg",
      // The URL carries the modification time, so a changed image gets a new URL.
      "Cache-Control": "private, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
    },
  });
}
