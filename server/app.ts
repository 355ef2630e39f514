import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import type { ServerBuild } from "react-router";
import { logEvent } from "../app/lib/log.server";
import { withRequestScope } from "../app/lib/request-scope.server";
import { BODY_TOO_LARGE, MAX_MULTIPART_BYTES } from "../app/lib/form-body.server";
import { createLimitedRequestHandler } from "./request-handler";

declare module "react-router" {
  interface AppLoadContext {
    /** Per-response CSP nonce for the scripts React Router renders. */
    nonce: string;
    /** The client's address, for rate limits. */
    ip: string;
    /**
     * Handles another request as this server would, in a request scope of its own (`scope`, which
     * the caller may read afterwards): the offline queue's replay of queued posts.
     */
    dispatch?: (request: globalThis.Request, scope: Map<string, unknown>) => Promise<globalThis.Response>;
  }
}

// A declared size above what any post may be (request-handler.ts) is refused before anything is read;
// a smaller or missing Content-Length is no promise: the request handler counts the bytes that arrive.
const MAX_BODY_BYTES = MAX_MULTIPART_BYTES;

interface Options {
  build: ServerBuild;
  clientDir: string;
  production: boolean;
  /** Hops or addresses of the proxies in front (see config.trustProxy); false: none. */
  trustProxy: false | number | string;
  /** PUBLIC_URL: the origin posts must come from; without it the Host header's. */
  publicUrl?: string;
}

/** The methods the portal answers; anything else (TRACE, PUT, DELETE, …) gets 405. */
const ALLOWED_METHODS = ["GET", "HEAD", "POST"];

function securityHeaders(production: boolean) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    res.setHeader(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
        "style-src 'self'",
        "img-src 'self' data: blob:",
        "font-src 'self'",
        "connect-src 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "object-src 'none'",
        "worker-src 'self'",
        "manifest-src 'self'",
      ].join("; "),
    );
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "same-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (production) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

/**
 * Every state-changing request must come from our own pages. Browsers send Origin on POST and
 * Sec-Fetch-Site everywhere; a request carrying neither comes from a non-browser client, which
 * cannot ride on a visitor's cookies.
 */
export function isSameOrigin(method: string, headers: Record<string, string | string[] | undefined>, host: string) {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return true;
  const site = headers["sec-fetch-site"];
  if (typeof site === "string" && site !== "same-origin" && site !== "none") return false;
  const origin = headers["origin"];
  if (typeof origin === "string" && origin !== "null") {
    try {
      return new URL(origin).host === host;
    } catch {
      return false;
    }
  }
  if (origin === "null") return false;
  return true;
}

export function createApp({ build, clientDir, production, trustProxy, publicUrl }: Options) {
  const app = express();
  app.disable("x-powered-by");
  if (trustProxy !== false) app.set("trust proxy", trustProxy);

  app.use(noteEarlyClose);
  app.use(securityHeaders(production));

  app.use((req, res, next) => {
    if (ALLOWED_METHODS.includes(req.method)) return next();
    res.status(405).set("Allow", ALLOWED_METHODS.join(", ")).type("text/plain; charset=utf-8").send("Deze methode is niet toegestaan.");
  });

  // X-Forwarded-Host is never trusted: the public address is configured, or the Host header is ours.
  const ownHost = publicUrl ? new URL(publicUrl).host : undefined;
  app.use((req, res, next) => {
    const host = ownHost ?? req.get("host") ?? "";
    if (!isSameOrigin(req.method, req.headers, host)) {
      res.status(403).type("text/plain; charset=utf-8").send("Verzoek geweigerd: andere herkomst.");
      return;
    }
    next();
  });

  // No form of the portal posts more than an upload and its fields; refuse larger bodies up front.
  app.use((req, res, next) => {
    if (Number(req.get("content-length") ?? 0) > MAX_BODY_BYTES) {
      res.status(413).type("text/plain; charset=utf-8").send(BODY_TOO_LARGE);
      return;
    }
    next();
  });

  // Pages, scripts, styles and JSON go out compressed (brotli or gzip, as the browser accepts):
  // on a phone's connection the scripts are most of the wait.
  app.use(compression());

  app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
  // The other public files (icons, manifest, service worker) are served by name: a page request
  // does not ask the file system first whether it is a file.
  const publicFiles = filesIn(clientDir, "assets");
  const servePublic = express.static(clientDir, { maxAge: "1h", index: false });
  app.use((req, res, next) => (publicFiles.has(req.path) ? servePublic(req, res, next) : next()));

  app.use((_req, res, next) => {
    // Pages carry personal data: never stored by the browser's or a proxy's cache.
    res.setHeader("Cache-Control", "no-store");
    next();
  });

  // Each request gets a scope its loaders share (the signed-in account is read once).
  app.use((req, _res, next) => withRequestScope(next, req.ip ?? req.socket.remoteAddress ?? ""));

  app.all(
    "/{*splat}",
    createLimitedRequestHandler({
      build,
      // Stack traces are a comfort of `npm run dev` (Vite's own server), never of a served build.
      mode: "production",
      publicUrl,
      getLoadContext: (req, res) => ({ nonce: res.locals.nonce as string, ip: req.ip ?? req.socket.remoteAddress ?? "" }),
    }),
  );
  app.use(answerFailure);
  return app;
}

/**
 * Marks a response whose connection closed before the response was finished: the client went away
 * (a browser that moved on, a load generator that stopped) while the page was still being sent.
 */
export function noteEarlyClose(_req: Request, res: Response, next: NextFunction) {
  res.once("close", () => {
    if (!res.writableFinished) res.locals.closedEarly = true;
  });
  next();
}

/**
 * Last: whatever failed answers with a plain Dutch page; details go to the log, never to the
 * client. A page whose client went away before it was sent fails to be written ('Writable closed
 * before stream finished'): that is no fault of the server, so it is logged as aborted, not as
 * an error, and there is no one to answer.
 */
export function answerFailure(error: unknown, req: Request, res: Response, next: NextFunction) {
  if (res.locals.closedEarly) {
    logEvent("info", "request_aborted", { method: req.method, path: req.path });
    return;
  }
  const status = errorStatus(error);
  logEvent(status >= 500 ? "error" : "warn", "request_failed", {
    method: req.method,
    path: req.path,
    status,
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
  });
  if (res.headersSent) return next(error);
  res.status(status).type("text/html; charset=utf-8").send(errorPage(status));
}

/** The URL paths of the files under `dir`, but for those in the folder `skip`. */
function filesIn(dir: string, skip: string): Set<string> {
  if (!fs.existsSync(dir)) return new Set();
  return new Set(
    fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`)
      .filter((file) => !file.startsWith(`/${skip}/`)),
  );
}

function errorStatus(error: unknown): number {
  const status = (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" && status >= 400 && status < 600 ? status : 500;
}

function errorPage(status: number): string {
  const text = status < 500 ? "Dit verzoek kunnen we niet verwerken." : "Oeps, er gaat iets mis!";
  return `<!doctype html><html lang="nl"><head><meta charset="utf-8"><title>${text} – Ledenportaal</title></head><body><h1>${text}</h1><p><a href="/">Naar de homepagina</a></p></body></html>`;
}
