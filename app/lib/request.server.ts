import { data, type AppLoadContext } from "react-router";

/** The client's address as the server saw it (empty under the development server). */
export function clientIp(context: AppLoadContext | undefined): string {
  return context?.ip || "unknown";
}

// Any origin will do: only whether a target stays on it matters.
const OWN_ORIGIN = "http://portaal.invalid";

/**
 * A path inside the portal to return to (`next` after sign-in, `terug` after a confirmation);
 * anything else becomes home. The target is resolved as a browser would resolve it, so
 * `//evil.example`, `/\tab/evil.example` or `/\\evil.example` cannot leave the portal; control
 * characters and backslashes are refused outright. Only path, query and hash are kept.
 */
export function safeNext(next: string | null | undefined): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (!next || !next.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(next)) return "/";
  let url: URL;
  try {
    url = new URL(next, OWN_ORIGIN);
  } catch {
    return "/";
  }
  if (url.origin !== OWN_ORIGIN) return "/";
  return url.pathname + url.search + url.hash;
}

/**
 * An address without encoded NUL characters (%00): nobody types one, and PostgreSQL refuses it in
 * text, so a search or parameter holding one would fail there, and be searched for on SQLite. Every
 * request's address is read so (server/request-handler.ts, the offline queue's replay); posted
 * fields are read without NUL by readForm.
 */
export function withoutEncodedNul(url: string): string {
  // Again while one is left: taking '%00' out of '%%0000' leaves '%00'.
  while (url.includes("%00")) url = url.replaceAll("%00", "");
  return url;
}

/** A route parameter as a record id; anything else is an item that does not exist (404). */
export function idParam(value: string | number | null | undefined, notFound: string | null = null): number {
  const text = String(value ?? "");
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1) throw data(notFound, { status: 404 });
  return Number(text);
}
