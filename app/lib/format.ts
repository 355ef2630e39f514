// Display formatting shared by browser and server. Instants are always shown in
// Amsterdam time so server-rendered and hydrated output agree.

const TIME_ZONE = "Europe/Amsterdam";

const euroFormat = new Intl.NumberFormat("nl-NL", { style: "currency", currency: "EUR" });

/** '€ 1.234,50' — note the no-break space (U+00A0) after '€', as Intl writes it. */
export function formatEuro(amount: number): string {
  return euroFormat.format(amount);
}

const priceFormat = new Intl.NumberFormat("nl-NL", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An amount in cents as typed in a price field: '1.234,50' (no sign; the field shows '€'). */
export function formatPrice(cents: number): string {
  return priceFormat.format(cents / 100);
}

/** The largest price a field takes: € 999.999,99. */
const MAX_PRICE_CENTS = 99_999_999;

/**
 * A price typed the Dutch way, in cents: '1.234,50', '1234,5', '€ 12', '12,-' and '1234.50' (a
 * point followed by one or two digits at the end is taken as decimals). Null for anything else,
 * negative amounts and amounts above € 999.999,99.
 */
export function parsePrice(text: string): number | null {
  let value = text.replace(/[\s\u00a0]/g, "").replace(/^€/, "").replace(/,-$/, "");
  if (!value) return null;
  if (/^\d+\.\d{1,2}$/.test(value)) value = value.replace(".", ",");
  const match = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  const cents = Number(match[1].replaceAll(".", "")) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
  return cents <= MAX_PRICE_CENTS ? cents : null;
}

const oneDecimal = new Intl.NumberFormat("nl-NL", { maximumFractionDigits: 1 });

/** A file's size as people read it: '850 bytes', '12 kB', '1,4 MB' (1 kB = 1024 bytes). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} kB`;
  return `${oneDecimal.format(bytes / (1024 * 1024))} MB`;
}

const dateTimeFormat = new Intl.DateTimeFormat("nl-NL", {
  timeZone: TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

interface Parts {
  day: string;
  month: string;
  year: string;
  hour: string;
  minute: string;
}

const DATE_ONLY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
// Date-times without an offset; the database stores those in UTC.
const NAIVE_DATE_TIME_RE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/;

function toParts(value: string | Date | null | undefined): Parts | undefined {
  if (value == null || value === "") return undefined;

  if (typeof value === "string") {
    const text = value.trim();
    // A calendar date has no time zone: take its parts as they are, never via Date.
    const dateOnly = DATE_ONLY_RE.exec(text);
    if (dateOnly) {
      const [, y, m, d] = dateOnly;
      const check = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
      if (check.getUTCMonth() !== Number(m) - 1 || check.getUTCDate() !== Number(d)) return undefined;
      return { day: d, month: m, year: y, hour: "00", minute: "00" };
    }
    const date = new Date(NAIVE_DATE_TIME_RE.test(text) ? `${text.replace(" ", "T")}Z` : text);
    return instantParts(date);
  }

  return instantParts(value);
}

const PART_TYPES = new Set<string>(["day", "month", "year", "hour", "minute"]);

function instantParts(date: Date): Parts | undefined {
  if (Number.isNaN(date.getTime())) return undefined;
  const parts: Partial<Parts> = {};
  for (const part of dateTimeFormat.formatToParts(date)) {
    if (PART_TYPES.has(part.type)) {
      parts[part.type as keyof Parts] = part.value;
    }
  }
  const { day = "", month = "", year = "", hour = "", minute = "" } = parts;
  return { day, month, year, hour, minute };
}

/** 'DD-MM-YYYY'; '' for empty or invalid input. 'YYYY-MM-DD' strings never shift a day. */
export function formatDate(value: string | Date | null | undefined): string {
  const p = toParts(value);
  return p ? `${p.day}-${p.month}-${p.year}` : "";
}

/** 'DD-MM-YYYY HH:mm' in Amsterdam time; '' for empty or invalid input. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const p = toParts(value);
  return p ? `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}` : "";
}

export interface NameParts {
  givenName?: string | null;
  namePreposition?: string | null;
  familyName?: string | null;
  username?: string | null;
  email?: string | null;
}

/** 'Jan van Dijk'; falls back to the username, then the e-mail address, then ''. */
export function fullName(person: NameParts): string {
  const name = [person.givenName, person.namePreposition, person.familyName]
    .map((part) => (part ?? "").trim().replace(/\s+/g, " "))
    .filter((part) => part !== "")
    .join(" ");
  return name || (person.username ?? "").trim() || (person.email ?? "").trim();
}
