import path from "node:path";

/** The Dutch government's address search (PDOK Locatieserver); its `/free` endpoint geocodes. */
export const PDOK_LOCATIESERVER_URL = "https://api.pdok.nl/bzk/locatieserver/search/v3_1";

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
  get mailUrl() {
    return process.env.MAIL_URL || "";
  },
  /** The portal's public address (https://…) for links in mails; without it the request's own origin. */
  get publicUrl() {
    return (process.env.PUBLIC_URL || "").replace(/\/+$/, "");
  },
  get mailFrom() {
    return process.env.MAIL_FROM || "Ledenportaal <noreply@ledenportaal.local>";
  },
  get production() {
    return process.env.NODE_ENV === "production";
  },
  /** Secure cookies need HTTPS; a local demo over plain HTTP sets COOKIE_SECURE=0. */
  get secureCookies() {
    return process.env.COOKIE_SECURE ? process.env.COOKIE_SECURE !== "0" : this.production;
  },
  get sessionSecret() {
    const secret = process.env.SESSION_SECRET;
    if (secret) return secret;
    if (this.production && process.env.DEMO === "0") {
      throw new Error("SESSION_SECRET must be set in production");
    }
    return "ledenportaal-demo-secret-change-me";
  },
  get demo() {
    return process.env.DEMO !== "0";
  },
  get trustProxy() {
    return process.env.TRUST_PROXY === "1";
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
