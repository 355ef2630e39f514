import type { NextFunction, Request, Response } from "express";
import { createRequestHandler as createReactRouterHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { writeReadableStreamToWritable } from "@react-router/node";
// Multipart (upload) forms: their actions stream the body, skipping a file over the upload limit.
import { BODY_TOO_LARGE, MAX_MULTIPART_BYTES } from "../app/lib/form-body.server";
import { withoutEncodedNul } from "../app/lib/request.server";
import { withRequestScope } from "../app/lib/request-scope.server";
import { ACTION_QUEUE_PATH, MAX_QUEUE_BYTES } from "../app/offline/queue-limits";

/** Forms without files: a few text fields, never more than this. */
const MAX_FORM_BYTES = 64 * 1024;

/** The most a request body of this content type may hold (the offline queue carries several forms at once). */
function bodyLimit(contentType: string | undefined, path: string): number {
  if (path === ACTION_QUEUE_PATH) return MAX_QUEUE_BYTES;
  return /^multipart\/form-data\b/i.test(contentType ?? "") ? MAX_MULTIPART_BYTES : MAX_FORM_BYTES;
}

class BodyTooLarge extends Error {
  constructor() {
    super(BODY_TOO_LARGE);
  }
}

/**
 * The request body as a web stream that counts bytes as they arrive and fails past `limit`, so a
 * body without (or with a false) Content-Length cannot grow the server's memory: nothing beyond
 * the limit is ever read.
 */
function limitedBody(req: Request, limit: number, onTooLarge: () => void): ReadableStream<Uint8Array> {
  const chunks = req[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let seen = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await chunks.next();
        if (done) return controller.close();
        seen += value.length;
        if (seen > limit) {
          onTooLarge();
          controller.error(new BodyTooLarge());
          return;
        }
        controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      } catch (error) {
        controller.error(error);
      }
    },
    cancel() {
      req.destroy();
    },
  });
}

function headersOf(req: Request): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

interface Options {
  build: ServerBuild;
  mode: "production" | "development";
  getLoadContext: (req: Request, res: Response) => AppLoadContext;
  /** PUBLIC_URL: the origin of every request URL the app sees; without it the Host header's. */
  publicUrl?: string;
}

/**
 * React Router's request handler for Express, as `@react-router/express` builds it, with one
 * difference: the body is read through `limitedBody`. A body past its limit answers 413 and the
 * connection is closed, whatever the route would have answered.
 */
export function createLimitedRequestHandler({ build, mode, getLoadContext, publicUrl }: Options) {
  const handle = createReactRouterHandler(build, mode);
  return async (req: Request, res: Response, next: NextFunction) => {
    let tooLarge = false;
    const controller = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    try {
      const init: RequestInit & { duplex?: "half" } = { method: req.method, headers: headersOf(req), signal: controller.signal };
      if (req.method !== "GET" && req.method !== "HEAD") {
        init.body = limitedBody(req, bodyLimit(req.get("content-type"), req.path), () => (tooLarge = true));
        init.duplex = "half";
      }
      // The app sees the configured public origin (React Router checks a post's Origin against it);
      // X-Forwarded-Host is never read.
      const origin = publicUrl || `${req.protocol}://${req.get("host") || "localhost"}`;
      // Joined, not resolved: a path such as //other.example stays a path on this origin.
      const request = new Request(`${origin}${withoutEncodedNul(req.originalUrl)}`, init);
      const context = getLoadContext(req, res);
      // The offline queue's replay (app/offline/replay.server.ts) sends each queued post through
      // this same handler, in a request scope of its own.
      context.dispatch = (inner, scope) => withRequestScope(() => handle(inner, context), context.ip, scope);
      const response = await handle(request, context);
      if (tooLarge) {
        await response.body?.cancel();
        refuseTooLarge(res);
        return;
      }
      await send(res, response);
    } catch (error) {
      if (tooLarge) return refuseTooLarge(res);
      next(error);
    }
  };
}

function refuseTooLarge(res: Response) {
  if (res.headersSent) return void res.destroy();
  // The rest of the body is not read: the connection cannot be reused.
  res.status(413).set("Connection", "close").type("text/plain; charset=utf-8").send(BODY_TOO_LARGE);
}

async function send(res: Response, response: globalThis.Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
