import { Readable } from "node:stream";
import busboy from "busboy";
import { data } from "react-router";
import { claimIdempotencyKey } from "../offline/idempotency.server";
import { MAX_FILES_TOGETHER_BYTES, MAX_UPLOAD_BYTES, OversizedUpload } from "./files.server";
import { FORM_UNREADABLE } from "./form-names";

export { OversizedUpload };

class BodyTooLarge extends Error {}
/** A multipart body that is not one (a forged post: a browser always sends a well-formed one). */
class MalformedBody extends Error {}

/** Browsers write '"', CR and LF in a part's name and file name as %22, %0D and %0A (HTML's multipart encoding). */
function unescapeName(name: string): string {
  return withoutNul(name.replace(/%22/g, '"').replace(/%0D/g, "\r").replace(/%0A/g, "\n"));
}

/**
 * The text without NUL characters (U+0000). Nobody types one, it shows as nothing, and PostgreSQL
 * refuses it in text: a posted field holding one would make the save fail there (and be stored on
 * SQLite). So every field of a post is read without them, on both engines alike.
 */
function withoutNul(text: string): string {
  return text.includes("\0") ? text.replaceAll("\0", "") : text;
}

/** `form` with NUL characters taken out of its names and text values (see withoutNul). */
function textWithoutNul(form: FormData): FormData {
  let clean = true;
  for (const [name, value] of form) if (name.includes("\0") || (typeof value === "string" && value.includes("\0"))) clean = false;
  if (clean) return form;
  const out = new FormData();
  for (const [name, value] of form) out.append(withoutNul(name), typeof value === "string" ? withoutNul(value) : value);
  return out;
}

export interface FormLimits {
  /** The largest file kept; a larger one becomes an OversizedUpload. */
  fileBytes?: number;
  /** The most file parts a post may have. */
  files?: number;
  /** The most bytes of files kept together (in memory); a file beyond it is not kept (OversizedUpload, together). */
  keptBytes?: number;
  /** The largest body read at all: beyond it the post is refused (BodyTooLarge). */
  bodyBytes?: number;
}

/**
 * The most a multipart post may be. Read, not kept: a file picked by mistake (a large scan, a short
 * video) is skipped as it arrives, so the page can say it is too large and keep the rest of the
 * form. The server stops reading any multipart body beyond it (server/request-handler.ts).
 */
export const MAX_MULTIPART_BYTES = 100 * 1024 * 1024;

/** The answer to a body past its limit, wherever it is refused (here, the request handler, the server's declared-size check). */
export const BODY_TOO_LARGE = "Het verzoek is te groot.";

const DEFAULT_FILES = 20;
/** The text of all fields together: a rich text with its markup, and every row of the largest form. */
const TEXT_BYTES = 2 * 1024 * 1024;
const MAX_FIELDS = 50_000;

/**
 * The fields of a post, as `request.formData()` gives them, without holding a file above the
 * upload limit in memory or losing the text fields that came with it (which a refusal by
 * Content-Length did). A multipart body is parsed as it streams in; any other body is read as usual.
 * Files are kept up to `keptBytes` together (twice the upload limit unless given); a file past it is
 * not kept either (OversizedUpload, together). A body above `bodyBytes`, with more files than
 * `files` or more fields than a person could post,
 * is refused: null, for the page to answer 413 with 'Het bestand is te groot' on its upload field.
 */
export async function readForm(request: Request, limits: FormLimits = {}): Promise<FormData | null> {
  try {
    const form = await parse(request, limits);
    // A form the offline queue may replay: its key decides whether this post is new (see there).
    await claimIdempotencyKey(request, form);
    return form;
  } catch (error) {
    if (error instanceof BodyTooLarge) return null;
    if (error instanceof MalformedBody) throw data(FORM_UNREADABLE, { status: 400 });
    throw error;
  }
}

async function parse(request: Request, limits: FormLimits): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^multipart\/form-data/i.test(type) || !request.body) return textWithoutNul(await request.formData());
  const fileBytes = limits.fileBytes ?? MAX_UPLOAD_BYTES;
  const bodyBytes = limits.bodyBytes ?? MAX_MULTIPART_BYTES;
  const keptBytes = limits.keptBytes ?? MAX_FILES_TOGETHER_BYTES;
  if (Number(request.headers.get("Content-Length") ?? 0) > bodyBytes) throw new BodyTooLarge();

  // In the order the parts came: several files under one name keep their order.
  const entries: [string, string | File][] = [];
  const parser = busboy({
    headers: { "content-type": type },
    defParamCharset: "utf8",
    // One byte over the limit is enough to know a file is too large.
    limits: { fileSize: fileBytes + 1, fieldSize: TEXT_BYTES, fields: MAX_FIELDS, files: limits.files ?? DEFAULT_FILES },
  });
  const source = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>);

  return new Promise<FormData>((resolve, reject) => {
    let read = 0;
    let kept = 0;
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      // The rest is read and dropped, so the answer reaches a client still sending.
      source.unpipe(parser);
      source.resume();
      reject(error);
    };
    // The form is complete once the last file has been read.
    const pending: Promise<void>[] = [];
    source.on("data", (chunk: Buffer) => {
      read += chunk.length;
      if (read > bodyBytes) fail(new BodyTooLarge());
    });
    source.on("error", fail);
    let text = 0;
    parser.on("field", (name, value, info) => {
      text += name.length + value.length;
      if (info.valueTruncated || text > TEXT_BYTES) fail(new BodyTooLarge());
      else entries.push([unescapeName(name), withoutNul(value)]);
    });
    parser.on("file", (name, stream, info) => {
      const at = entries.push([unescapeName(name), ""]) - 1;
      pending.push(
        new Promise<void>((done) => {
          const chunks: Buffer[] = [];
          let size = 0;
          // Kept while within the limit for one file and, with the files kept before it, for all.
          let dropped = false;
          stream.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (dropped) return;
            if (size > fileBytes || kept + chunk.length > keptBytes) {
              // Its bytes so far are let go too.
              dropped = true;
              kept -= size - chunk.length;
              chunks.length = 0;
            } else {
              chunks.push(chunk);
              kept += chunk.length;
            }
          });
          stream.on("close", () => {
            // An empty file input posts a part without name and bytes, as a browser's FormData has it.
            const mime = info.mimeType || "application/octet-stream";
            const filename = unescapeName(info.filename ?? "");
            if (dropped) entries[at][1] = new OversizedUpload(filename, mime, size, size <= fileBytes);
            else entries[at][1] = new File(chunks as unknown as BlobPart[], filename, { type: mime });
            done();
          });
        }),
      );
    });
    parser.on("fieldsLimit", () => fail(new BodyTooLarge()));
    parser.on("filesLimit", () => fail(new BodyTooLarge()));
    parser.on("error", () => fail(new MalformedBody()));
    parser.on("close", () => {
      void Promise.all(pending).then(() => {
        if (failed) return;
        const form = new FormData();
        for (const [name, value] of entries) form.append(name, value);
        resolve(form);
      });
    });
    source.pipe(parser);
  });
}

/**
 * The fields of a form without files. A multipart post to it (a forged one: its pages send none)
 * may hold no file and only as much text as a form has; otherwise it is answered 413 unread.
 */
export async function readFields(request: Request): Promise<FormData> {
  const form = await readForm(request, { files: 0 });
  if (!form) throw data(BODY_TOO_LARGE, { status: 413 });
  return form;
}
