import { data, type AppLoadContext } from "react-router";

/** The client's address as the server saw it (empty under the development server). */
export function clientIp(context: AppLoadContext | undefined): string {
  return context?.ip || "unknown";
}

/** A path inside the portal to return to after sign-in; anything else becomes home. */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/";
  return next;
}

/** A route parameter as a record id; anything else is an item that does not exist (404). */
export function idParam(value: string | number | null | undefined): number {
  const text = String(value ?? "");
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1) throw data(null, { status: 404 });
  return Number(text);
}
