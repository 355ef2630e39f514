import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  startGeocoderStub,
  stubLocation,
  STUB_ERROR_POSTCODE,
  STUB_SLOW_POSTCODE,
  STUB_UNKNOWN_POSTCODE,
  type GeocoderStub,
} from "../../test/geocoder-stub";
import { config, PDOK_LOCATIESERVER_URL } from "../lib/config.server";
import { addressQuery, geocodeChange, lookupLocation, parsePoint, showGeocodingWarning } from "./geocoding.server";

const address = (postalCode: string, houseNr = "12") => ({ street: "Vaartweg", houseNr, postalCode, town: "Amsterdam" });

let stub: GeocoderStub;
const saved = { url: process.env.GEOCODER_URL, on: process.env.GEOCODING };

beforeAll(async () => {
  stub = await startGeocoderStub({ slowMs: 2_000 });
  process.env.GEOCODER_URL = stub.url;
  delete process.env.GEOCODING;
  // Failures are logged on purpose; keep the test output quiet.
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterAll(async () => {
  await stub.stop();
  process.env.GEOCODER_URL = saved.url;
  if (saved.on === undefined) delete process.env.GEOCODING;
  else process.env.GEOCODING = saved.on;
  vi.restoreAllMocks();
});

afterEach(() => {
  delete process.env.GEOCODING;
});

describe("configuration", () => {
  it("uses PDOK's Locatieserver unless GEOCODER_URL says otherwise, and GEOCODING=off switches it off", () => {
    const url = process.env.GEOCODER_URL;
    delete process.env.GEOCODER_URL;
    expect(config.geocoderUrl).toBe(PDOK_LOCATIESERVER_URL);
    expect(PDOK_LOCATIESERVER_URL).toBe("https://api.pdok.nl/bzk/locatieserver/search/v3_1");
    process.env.GEOCODER_URL = `${url}/`;
    expect(config.geocoderUrl).toBe(url);
    process.env.GEOCODER_URL = url;
    expect(config.geocoding).toBe(true);
    process.env.GEOCODING = "off";
    expect(config.geocoding).toBe(false);
  });
});

describe("parsePoint and addressQuery", () => {
  it("reads PDOK's 'POINT(lon lat)'", () => {
    expect(parsePoint("POINT(4.89707 52.37740)")).toEqual({ lat: 52.3774, lon: 4.89707 });
    expect(parsePoint(" POINT ( -1.5 2 ) ")).toEqual({ lat: 2, lon: -1.5 });
    expect(parsePoint("POINT(4.8)")).toBeNull();
    expect(parsePoint("POINT(4.8 95)")).toBeNull();
    expect(parsePoint(undefined)).toBeNull();
    expect(parsePoint(12)).toBeNull();
  });

  it("asks for the normalised postcode and the house number", () => {
    expect(addressQuery({ postalCode: " 1011 ab", houseNr: " 12a " })).toBe("1011AB 12a");
    expect(addressQuery({ postalCode: "1011AB", houseNr: "" })).toBe("1011AB");
    expect(addressQuery({ postalCode: "", houseNr: "" })).toBe("");
  });
});

describe("lookupLocation against the Locatieserver stub", () => {
  it("sends the free search for an address and reads the first document's centroid", async () => {
    const before = stub.requests.length;
    await expect(lookupLocation({ postalCode: "1011 ab", houseNr: "1" })).resolves.toEqual(stubLocation("1011AB"));
    const sent = stub.requests.at(-1)!;
    expect(stub.requests.length).toBe(before + 1);
    expect(sent.get("q")).toBe("1011AB 1");
    expect(sent.get("fq")).toBe("type:adres");
    expect(sent.get("rows")).toBe("1");
  });

  it("gives null for an unknown address, an HTTP error, a timeout or no server at all", async () => {
    await expect(lookupLocation({ postalCode: STUB_UNKNOWN_POSTCODE, houseNr: "1" })).resolves.toBeNull();
    await expect(lookupLocation({ postalCode: STUB_ERROR_POSTCODE, houseNr: "1" })).resolves.toBeNull();
    const started = Date.now();
    await expect(lookupLocation({ postalCode: STUB_SLOW_POSTCODE, houseNr: "1" }, { timeoutMs: 300 })).resolves.toBeNull();
    expect(Date.now() - started).toBeLessThan(1_500);
    await expect(lookupLocation({ postalCode: "1011AB", houseNr: "1" }, { baseUrl: "http://127.0.0.1:9" })).resolves.toBeNull();
  });

  it("makes exactly one request per lookup, also when it fails (no retries)", async () => {
    const before = stub.requests.length;
    await lookupLocation({ postalCode: STUB_ERROR_POSTCODE, houseNr: "1" });
    expect(stub.requests.length).toBe(before + 1);
  });
});

describe("geocodeChange", () => {
  it("does nothing when the postcode did not change (spaces and case do not count)", async () => {
    const before = stub.requests.length;
    await expect(geocodeChange("1011AB", address("1011 ab"))).resolves.toBeNull();
    await expect(geocodeChange(null, address(""))).resolves.toBeNull();
    expect(stub.requests.length).toBe(before);
  });

  it("writes the location and the time of the lookup for a changed or new postcode", async () => {
    const started = new Date().toISOString();
    const columns = await geocodeChange("1011AB", address("2011 RD"));
    expect(columns).toMatchObject({ ...locationColumns("2011RD"), geocoding_failed: 0 });
    expect(columns!.geocoded! >= started).toBe(true);
    await expect(geocodeChange(null, address("3511AA"))).resolves.toMatchObject({ ...locationColumns("3511AA"), geocoding_failed: 0 });
  });

  it("records a failure without a location, and never throws", async () => {
    for (const postcode of [STUB_UNKNOWN_POSTCODE, STUB_ERROR_POSTCODE]) {
      const columns = await geocodeChange("1011AB", address(postcode));
      expect(columns).toMatchObject({ location_lat: null, location_lon: null, geocoding_failed: 1 });
      expect(columns!.geocoded).toMatch(/^\d{4}-\d\d-\d\dT/);
    }
    await expect(geocodeChange("1011AB", address("1234AB"), { baseUrl: "http://127.0.0.1:9" })).resolves.toMatchObject({
      location_lat: null,
      geocoding_failed: 1,
    });
  });

  it("gives up after the timeout so a save never hangs", async () => {
    const started = Date.now();
    const columns = await geocodeChange("1011AB", address(STUB_SLOW_POSTCODE), { timeoutMs: 300 });
    expect(columns).toMatchObject({ location_lat: null, geocoding_failed: 1 });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("clears the location, without a warning, when the postcode is removed", async () => {
    await expect(geocodeChange("1011AB", address(""))).resolves.toEqual({
      location_lat: null,
      location_lon: null,
      geocoded: null,
      geocoding_failed: 0,
    });
  });

  it("with GEOCODING=off looks nothing up and writes nothing", async () => {
    process.env.GEOCODING = "off";
    const before = stub.requests.length;
    await expect(geocodeChange("1011AB", address("2011RD"))).resolves.toBeNull();
    expect(stub.requests.length).toBe(before);
  });
});

describe("showGeocodingWarning", () => {
  const row = (lat: number | null, lon: number | null, geocoded: string | null) => ({ lat, lon, geocoded });

  it("warns only when a lookup took place and left no location", () => {
    expect(showGeocodingWarning(row(null, null, "2026-01-01T10:00:00.000Z"))).toBe(true);
    expect(showGeocodingWarning(row(52.1, null, "2026-01-01T10:00:00.000Z"))).toBe(true);
    expect(showGeocodingWarning(row(52.1, 4.9, "2026-01-01T10:00:00.000Z"))).toBe(false);
    expect(showGeocodingWarning(row(null, null, null))).toBe(false);
  });

  it("never warns while geocoding is off", () => {
    process.env.GEOCODING = "off";
    expect(showGeocodingWarning(row(null, null, "2026-01-01T10:00:00.000Z"))).toBe(false);
  });
});

function locationColumns(postcode: string) {
  const { lat, lon } = stubLocation(postcode);
  return { location_lat: lat, location_lon: lon };
}
