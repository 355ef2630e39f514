// The checks of numbers and web addresses, shared by browser and server; only signed-in forms ask
// for them, so they live apart from the public forms' checks (rules.ts, rules-formats.ts).
import { messages } from "./rules";

type Input = string | null | undefined;

const clean = (value: Input): string => (value ?? "").trim();

export function isNumeric(value: Input): boolean {
  const v = clean(value);
  return v === "" || /^\d+$/.test(v);
}

// Hostname after URL parsing (lowercased, punycoded): needs a dot and a TLD.
const HOST_RE =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

function isHttpUrl(candidate: string): boolean {
  if (!/^https?:\/\//i.test(candidate)) return false;
  let parsed: URL;
  try {
    parsed = new URL(candidate);
  } catch {
    return false;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return false;
  // Credentials in a website link are never intended (and hide 'mailto:x@y').
  if (parsed.username || parsed.password) return false;
  return HOST_RE.test(parsed.hostname);
}

/** The URL error message, or undefined when the value is empty or a valid http(s) URL. */
export function urlError(value: Input): string | undefined {
  const v = clean(value);
  if (v === "") return undefined;
  if (/\s/.test(v)) return messages.url;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(v)) return isHttpUrl(v) ? undefined : messages.url;
  // No scheme: hint only when adding one would actually fix it.
  return isHttpUrl(`https://${v}`) ? messages.url + messages.urlSchemeHint : messages.url;
}
