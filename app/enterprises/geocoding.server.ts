import { config } from "../lib/config.server";
import { normalizePostcode } from "../lib/validation";
import type { EnterpriseRow } from "./enterprise.server";
import { logEvent } from "../lib/log.server";

/**
 * Geocoding of establishment addresses through the PDOK Locatieserver (the Dutch government's
 * address search; no key needed). A lookup runs only when the postcode changes, is given one
 * short timeout and no retries, and never throws: a failed lookup must never block a save, it
 * only leads to the warning 'Deze postcode kon niet gevalideerd worden.'.
 */

/** Long enough for PDOK on a normal day, short enough that a save never seems to hang. */
const GEOCODING_TIMEOUT_MS = 3000;

export interface GeocodeAddress {
  street: string;
  houseNr: string;
  postalCode: string;
  town: string;
}

export interface GeoLocation {
  lat: number;
  lon: number;
}

/** The enterprises columns a geocoding writes. */
export type GeocodeColumns = Pick<EnterpriseRow, "location_lat" | "location_lon" | "geocoded" | "geocoding_failed">;

export interface LookupOptions {
  /** The Locatieserver search API; default GEOCODER_URL (or PDOK's own). */
  baseUrl?: string;
  timeoutMs?: number;
}

/** The free-text query of an address: postcode and house number identify a Dutch address. */
export function addressQuery(address: Pick<GeocodeAddress, "postalCode" | "houseNr">): string {
  return [normalizePostcode(address.postalCode), address.houseNr.trim()].filter(Boolean).join(" ");
}

/** Reads 'POINT(lon lat)' (WGS84, as PDOK's centroide_ll gives it). */
export function parsePoint(value: unknown): GeoLocation | null {
  if (typeof value !== "string") return null;
  const match = /^\s*POINT\s*\(\s*(-?\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?)\s*\)\s*$/i.exec(value);
  if (!match) return null;
  const lon = Number(match[1]);
  const lat = Number(match[2]);
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { lat, lon };
}

/**
 * The location of an address, or null when the Locatieserver does not know it, answers with an
 * error, or does not answer within the timeout. One request, no retries.
 */
export async function lookupLocation(
  address: Pick<GeocodeAddress, "postalCode" | "houseNr">,
  { baseUrl = config.geocoderUrl, timeoutMs = GEOCODING_TIMEOUT_MS }: LookupOptions = {},
): Promise<GeoLocation | null> {
  const query = addressQuery(address);
  if (!query) return null;
  const url = new URL(`${baseUrl.replace(/\/+$/, "")}/free`);
  url.searchParams.set("q", query);
  url.searchParams.set("fq", "type:adres");
  url.searchParams.set("rows", "1");
  url.searchParams.set("fl", "centroide_ll");
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { Accept: "application/json" } });
    if (!res.ok) {
      logEvent("warn", "geocoding_failed", { query, reason: `HTTP ${res.status}` });
      return null;
    }
    const body = (await res.json()) as { response?: { docs?: { centroide_ll?: unknown }[] } };
    const location = parsePoint(body?.response?.docs?.[0]?.centroide_ll);
    if (!location) logEvent("warn", "geocoding_failed", { query, reason: "adres niet gevonden" });
    return location;
  } catch (error) {
    // fetch's own message ('fetch failed') hides the reason in its cause.
    const cause = (error as { cause?: unknown })?.cause;
    const reason =
      error instanceof Error && error.name === "TimeoutError"
        ? "geen antwoord binnen de tijd"
        : `${String(error)}${cause ? ` (${String(cause)})` : ""}`;
    logEvent("warn", "geocoding_failed", { query, reason });
    return null;
  }
}

/**
 * What a save writes about the location when the postcode changed: null when it did not (or
 * geocoding is off), so the stored location stays. Otherwise the looked-up location with the
 * time of the attempt, or on failure no location and geocoding_failed 1. A cleared postcode
 * clears the location without a warning. Call it before the save's transaction (it waits on
 * the network); it never throws.
 */
export async function geocodeChange(
  previousPostalCode: string | null,
  address: GeocodeAddress,
  options: LookupOptions = {},
): Promise<GeocodeColumns | null> {
  try {
    if (!config.geocoding) return null;
    const postalCode = normalizePostcode(address.postalCode);
    if (postalCode === normalizePostcode(previousPostalCode)) return null;
    if (!postalCode) return { location_lat: null, location_lon: null, geocoded: null, geocoding_failed: 0 };
    const location = await lookupLocation(address, options);
    return {
      location_lat: location?.lat ?? null,
      location_lon: location?.lon ?? null,
      geocoded: new Date().toISOString(),
      geocoding_failed: location ? 0 : 1,
    };
  } catch (error) {
    logEvent("warn", "geocoding_failed", { reason: String(error) });
    return null;
  }
}

/**
 * Whether the form shows 'Deze postcode kon niet gevalideerd worden.' (when the postcode is still
 * the stored one): a lookup took place and left no location.
 */
export function showGeocodingWarning(location: { lat: number | null; lon: number | null; geocoded: string | null }): boolean {
  if (!config.geocoding) return false;
  return (location.lat === null || location.lon === null) && !!location.geocoded;
}
