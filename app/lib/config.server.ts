import path from "node:path";

/** The Dutch government's address search (PDOK Locatieserver); its `/free` endpoint geocodes. */
export const PDOK_LOCATIESERVER_URL = "https://api.pdok.nl/bzk/locatieserver/search/v3_1";

const DEMO_SESSION_SECRET = "ledenportaal-demo-secret-change-me";
const SECRET_MISSING =
  "SESSION_SECRET ontbreekt. Stel in productie een geheim van minstens 32 willekeurige bytes in, bijvoorbeeld de uitvoer van `openssl rand -base64 32`.";
/** 32 random bytes are 43 characters in base64 (64 in hex). */
const MIN_SECRET_LENGTH = 43;

const PERSONAL_DATA_KEYS_MISSING =
  "PERSONAL_DATA_KEYS ontbreekt. Stel in productie een sleutel in voor BSN's en identiteitsbewijzen, los van SESSION_SECRET: `<sleutel-id>:<32 willekeurige bytes in base64>`, bijvoorbeeld `2026:` gevolgd door de uitvoer van `openssl rand -base64 32`.";
const PERSONAL_DATA_KEYS_INVALID =
  "PERSONAL_DATA_KEYS is ongeldig: gebruik `<sleutel-id>:<32 bytes in base64>`, meerdere gescheiden door komma's, de huidige sleutel eerst; een sleutel-id bestaat uit letters, cijfers, - of _.";

/** A key of the personal data (BSN, documents): its id, written beside what it sealed, and its 32 bytes. */
export interface PersonalDataKey {
  id: string;
  key: Buffer;
}

/**
 * The demo installation's personal-data key: public, so production refuses it. Not derived from
 * the session secret, so the two can be replaced apart.
 */
const DEMO_PERSONAL_DATA_KEY: PersonalDataKey = { id: "demo", key: Buffer.from("ledenportaal-demo-persoonsgegevens").subarray(0, 32) };

/**
 * PERSONAL_DATA_KEYS: `id:base64,id:base64`, the current key first; the others are kept to read
 * what they sealed until it is sealed anew (rotation by key id).
 */
export function parsePersonalDataKeys(value: string): PersonalDataKey[] | "missing" | "invalid" {
  const parts = value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (!parts.length) return "missing";
  const keys: PersonalDataKey[] = [];
  for (const part of parts) {
    const match = /^([A-Za-z0-9_-]{1,32}):([A-Za-z0-9+/=_-]+)$/.exec(part);
    if (!match) return "invalid";
    const key = Buffer.from(match[2], "base64");
    if (key.length !== 32 || keys.some((k) => k.id === match[1])) return "invalid";
    keys.push({ id: match[1], key });
  }
  return keys;
}

/**
 * What stops the portal from starting in production (NODE_ENV=production), in Dutch, one line
 * each; empty when nothing does. Outside production the demo defaults apply.
 */
export function productionProblems(env: NodeJS.ProcessEnv = process.env): string[] {
  const problems: string[] = [];
  const secret = env.SESSION_SECRET ?? "";
  if (!secret) problems.push(SECRET_MISSING);
  else if (secret === DEMO_SESSION_SECRET) {
    problems.push("SESSION_SECRET is het openbare demogeheim. Stel een eigen geheim van minstens 32 willekeurige bytes in.");
  } else if (secret.length < MIN_SECRET_LENGTH || new Set(secret).size < 16) {
    problems.push(
      `SESSION_SECRET is te kort of te eenvoudig: gebruik minstens 32 willekeurige bytes (${MIN_SECRET_LENGTH} tekens base64), bijvoorbeeld de uitvoer van \`openssl rand -base64 32\`.`,
    );
  }
  const keys = parsePersonalDataKeys(env.PERSONAL_DATA_KEYS ?? "");
  if (keys === "missing") problems.push(PERSONAL_DATA_KEYS_MISSING);
  else if (keys === "invalid") problems.push(PERSONAL_DATA_KEYS_INVALID);
  else if (keys.some((k) => k.key.equals(DEMO_PERSONAL_DATA_KEY.key))) {
    problems.push("PERSONAL_DATA_KEYS bevat de openbare demosleutel. Stel een eigen sleutel in.");
  }
  const publicUrl = env.PUBLIC_URL ?? "";
  if (!publicUrl) {
    problems.push("PUBLIC_URL ontbreekt. Stel in productie het openbare adres van het portaal in (https://…); gemailde links gebruiken alleen dat adres.");
  } else if (!/^https?:\/\/[^/?#\s]+\/?$/.test(publicUrl)) {
    problems.push("PUBLIC_URL is geen geldig adres: gebruik alleen schema en host, bijvoorbeeld https://portaal.example.nl.");
  }
  return problems;
}

/** Everything the server reads from the environment, in one place (documented in the README). */
export const config = {
  get port() {
    return Number(process.env.PORT || 3000);
  },
  get dataDir() {
    return path.resolve(process.env.DATA_DIR || "./data");
  },
  get databaseUrl() {
    return process.env.DATABASE_URL || "";
  },
  /** The SQLite database (DATABASE_URL empty): DATA_DIR/ledenportaal.sqlite, or the path of a `file:` DATABASE_URL. */
  get sqliteFile() {
    const url = this.databaseUrl;
    return url.startsWith("file:") ? url.slice(5) : path.join(this.dataDir, "ledenportaal.sqlite");
  },
  get mailUrl() {
    return process.env.MAIL_URL || "";
  },
  /** The portal's public address (https://…) for links in mails; required in production. */
  get publicUrl() {
    return (process.env.PUBLIC_URL || "").replace(/\/+$/, "");
  },
  /**
   * The origin mailed links point to: PUBLIC_URL, or outside production the address this server
   * listens on. Never a request header, so a forged Host cannot steer links elsewhere.
   */
  get linkOrigin() {
    return this.publicUrl || `http://localhost:${this.port}`;
  },
  get mailFrom() {
    return process.env.MAIL_FROM || "Ledenportaal <noreply@ledenportaal.local>";
  },
  /**
   * Production as the operator asked for it (NODE_ENV=production). The start script records it in
   * LEDENPORTAAL_PRODUCTION before it switches React to its production build for every start.
   */
  get production() {
    const recorded = process.env.LEDENPORTAAL_PRODUCTION;
    return recorded !== undefined ? recorded === "1" : process.env.NODE_ENV === "production";
  },
  /** Secure cookies need HTTPS; a local demo over plain HTTP sets COOKIE_SECURE=0. */
  get secureCookies() {
    return process.env.COOKIE_SECURE ? process.env.COOKIE_SECURE !== "0" : this.production;
  },
  get sessionSecret() {
    const secret = process.env.SESSION_SECRET;
    if (secret) return secret;
    if (this.production) throw new Error(SECRET_MISSING);
    return DEMO_SESSION_SECRET;
  },
  /**
   * The keys of the personal data with legal weight (PERSONAL_DATA_KEYS), the current one first;
   * outside production without the variable, the public demo key.
   */
  get personalDataKeys(): PersonalDataKey[] {
    const keys = parsePersonalDataKeys(process.env.PERSONAL_DATA_KEYS ?? "");
    if (Array.isArray(keys)) return keys;
    if (keys === "missing" && !this.production) return [DEMO_PERSONAL_DATA_KEY];
    throw new Error(keys === "missing" ? PERSONAL_DATA_KEYS_MISSING : PERSONAL_DATA_KEYS_INVALID);
  },
  /**
   * How long a training-campaign participant's BSN and documents are kept after the sign-up was
   * completed (CAMPAIGN_RETENTION_DAYS, default 365): the processing period, after which the
   * housekeeping job removes them.
   */
  get campaignRetentionDays() {
    const days = Number(process.env.CAMPAIGN_RETENTION_DAYS || 365);
    return Number.isFinite(days) && days > 0 ? days : 365;
  },
  /** Demo data (and its published passwords) only outside production, and not with DEMO=0. */
  get demo() {
    return !this.production && process.env.DEMO !== "0";
  },
  /**
   * Which proxies' X-Forwarded-For to believe: a number of hops in front of the portal (`1`), or
   * the proxies' addresses (`127.0.0.1`, `10.0.0.0/8`, comma-separated). Never every hop: then a
   * client could write its own address and escape every per-address limit.
   */
  get trustProxy(): false | number | string {
    const value = (process.env.TRUST_PROXY || "").trim();
    if (!value || value === "0") return false;
    if (/^\d+$/.test(value)) return Number(value);
    return value
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean)
      .join(",");
  },
  /** GEOCODING=off: establishments' addresses are not geocoded (no lookup, nothing written, no warning). */
  get geocoding() {
    return process.env.GEOCODING !== "off";
  },
  /** The base URL of the Locatieserver search API (tests point it at a local stub). */
  get geocoderUrl() {
    return (process.env.GEOCODER_URL || PDOK_LOCATIESERVER_URL).replace(/\/+$/, "");
  },
};
