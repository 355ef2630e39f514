import type { AppLoadContext } from "react-router";

/** The client's address as the server saw it (empty under the development server). */
export function clientIp(context: AppLoadContext | undefined): string {
  return context?.ip || "unknown";
}

/** A path inside the portal to return to after sign-in; anything else becomes home. */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/";
  return next;
}
