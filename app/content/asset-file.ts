import { storedFileResponse } from "../lib/files.server";
import { getDb } from "../lib/db.server";
import type { Route } from "./+types/asset-file";

/**
 * An asset's file by its ref (/asset/algemene_voorwaarden): public, because the registration forms
 * link their terms and privacy statement for people without an account. PDFs and pictures open in
 * the browser, other types download. (The server gives every response nosniff and no-store.)
 */
export async function loader({ params }: Route.LoaderArgs) {
  const file = /^[a-z0-9_]{1,60}$/.test(params.ref)
    ? await getDb()
        .selectFrom("assets")
        .innerJoin("files", "files.id", "assets.file_id")
        .select(["files.storage_name", "files.original_name", "files.mime"])
        .where("assets.ref", "=", params.ref)
        .executeTakeFirst()
    : undefined;
  if (!file) throw new Response("Niet gevonden", { status: 404 });
  const inline = file.mime === "application/pdf" || file.mime.startsWith("image/");
  const response = storedFileResponse(
    { storageName: file.storage_name, name: file.original_name, mime: file.mime },
    { disposition: inline ? "inline" : "attachment" },
  );
  if (!response) throw new Response("Niet gevonden", { status: 404 });
  return response;
}
