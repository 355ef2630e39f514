import path from "node:path";

/** The Dutch government's address search (PDOK Locatieserver); its `/free` endpoint geocodes. */
export const PDOK_LOCATIESERVER_URL = "https://api.pdok.nl/bzk/locatieserver/search/v3_1";

const DEMO_SESSION_SECRET = "ledenportaal-demo-secret-change-me";
const SECRET_MISSING =
  "SESSION_SECRET ontbreekt. Stel in productie een geheim van minstens 32 willekeurige bytes in, bijvoorbeeld de uitvoer van `openssl rand -base64 32`.";
/** 32 random bytes are 43 characters in base64 (64 in hex). */
const MIN_SECRET_LENGTH = 43;

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
