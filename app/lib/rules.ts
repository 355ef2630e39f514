// Validation rules and Dutch messages shared by browser and server: plain functions, no zod, so a
// page can check a form without loading a validation library (form-checks.ts).

export const messages = {
  required: "Dit is een verplicht veld",
  numeric: "U dient hier alleen cijfers in te voeren",
  email: "U dient een geldig e-mailadres in te voeren",
  url: "U dient een geldige URL in te voeren",
  urlSchemeHint: ', beginnend met "https://" of "http://"',
  postcode: 'U dient een postcode van de vorm "1234AB" in te voeren',
  phone: "Het telefoonnummer dient uit 10 cijfers te bestaan",
  iban: "U dient een geldig IBAN in te voeren",
  bsn: "U dient een geldig BSN in te voeren (8 of 9 cijfers)",
  minLength: (n: number) => `U moet minimaal ${n} tekens invoeren`,
  sameAs: "De ingevoerde waarden komen niet overeen",
  passwordRequired: "Het wachtwoord veld mag niet leeg zijn.",
  passwordHint: "Minimaal 8 tekens",
  passwordBreached:
    "Dit wachtwoord komt voor in lijsten van uitgelekte wachtwoorden. Kies een ander wachtwoord.",
  mustTick: "U dient dit aan te vinken",
  pickFromList: "Kies een waarde uit de lijst",
} as const;

export const PASSWORD_MIN_LENGTH = 8;

type Input = string | null | undefined;

const clean = (value: Input): string => (value ?? "").trim();

// ---------------------------------------------------------------------------
// Pure checks. Empty input passes every format check; "required" is separate.
// ---------------------------------------------------------------------------

// WHATWG-style local part, but the domain must have a dot and a real TLD.
const EMAIL_RE =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

export function isEmail(value: Input): boolean {
  const v = clean(value);
  return v === "" || (v.length <= 254 && EMAIL_RE.test(v));
}

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

export function normalizePhone(value: Input): string {
  return clean(value).replace(/[\s-]/g, "");
}

export function isPhone(value: Input): boolean {
  const v = normalizePhone(value);
  return v === "" || /^\d{10}$/.test(v);
}

export function normalizePostcode(value: Input): string {
  return clean(value).replace(/\s+/g, "").toUpperCase();
}

export function isPostcode(value: Input): boolean {
  const v = clean(value);
  // Dutch postcodes run from 1000 to 9999.
  return v === "" || /^[1-9]\d{3} ?[A-Za-z]{2}$/.test(v);
}

// The IBAN checks live apart, so a page that checks no IBAN does not load them.
export { isIban, normalizeIban } from "./iban";

export function isBsn(value: Input): boolean {
  const v = clean(value);
  if (v === "") return true;
  if (!/^\d{8,9}$/.test(v)) return false;
  const digits = v.padStart(9, "0");
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(digits[i]) * (9 - i);
  sum -= Number(digits[8]);
  return sum !== 0 && sum % 11 === 0;
}
