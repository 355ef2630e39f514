import { beforeAll, describe, expect, it } from "vitest";
import { stubLocation, STUB_ERROR_POSTCODE, STUB_UNKNOWN_POSTCODE } from "../geocoder-stub";
import { insertEnterprise, insertMember } from "../fixtures";
import { Client, decodeEntities, getDb, notificationIn, sessionFor } from "./support";

/**
 * Geocoding through the real save of the Algemeen tab: the server asks the Locatieserver stub the
 * suite runs (test/geocoder-stub.ts) when, and only when, the postcode changes; a failure never
 * blocks the save and shows 'Deze postcode kon niet gevalideerd worden.'.
 */
const WARNING = "Deze postcode kon niet gevalideerd worden.";
const editPath = (id: number) => `/vestigingen/bewerken/${id}`;

let admin: Client;
beforeAll(async () => {
  admin = await sessionFor("beheer@voorbeeld.nl");
});

function save(memberId: number, postcode: string, name = "Geocodeerbaar"): FormData {
  const data = new FormData();
  for (const [field, value] of Object.entries({
    intent: "save",
    member: String(memberId),
    name,
    addressStreet: "Kade",
    addressHouseNr: "7",
    addressPostalCode: postcode,
    addressTown: "Zaandam",
    invoiceVia: "enterprise",
  })) {
    data.set(field, value);
  }
  return data;
}

async function location(id: number) {
  return getDb()
    .selectFrom("enterprises")
    .select(["location_lat", "location_lon", "geocoded", "geocoding_failed", "address_postal_code", "name"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

async function saved(id: number, memberId: number, postcode: string, name?: string) {
  const result = await admin.submit(editPath(id), save(memberId, postcode, name));
  expect(notificationIn(result.html)).toBe("Vestiging opgeslagen.");
  return { html: decodeEntities(result.html), row: await location(id) };
}

describe("geocoding on save", () => {
  it("looks up a changed postcode, keeps the location while it stays, and warns after a failure", async () => {
    const memberId = await insertMember(getDb());
    const id = await insertEnterprise(getDb(), memberId, { postalCode: "1011AB", houseNr: "7" });

    // The same postcode (typed differently): no lookup, nothing written.
    let step = await saved(id, memberId, "1011 ab");
    expect(step.row).toMatchObject({ location_lat: null, location_lon: null, geocoded: null, geocoding_failed: 0 });

    // A new postcode: the stub's location and the time of the lookup.
    step = await saved(id, memberId, "2011 rd");
    const { lat, lon } = stubLocation("2011RD");
    expect(step.row).toMatchObject({ address_postal_code: "2011RD", location_lat: lat, location_lon: lon, geocoding_failed: 0 });
    expect(step.row.geocoded).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(step.html).not.toContain(WARNING);
    const firstLookup = step.row.geocoded;

    // Saving other changes leaves the location alone.
    step = await saved(id, memberId, "2011RD", "Andere naam");
    expect(step.row).toMatchObject({ name: "Andere naam", location_lat: lat, location_lon: lon, geocoded: firstLookup });

    // An address the Locatieserver does not know: saved all the same, without location, with the warning.
    step = await saved(id, memberId, STUB_UNKNOWN_POSTCODE);
    expect(step.row).toMatchObject({ address_postal_code: STUB_UNKNOWN_POSTCODE, location_lat: null, location_lon: null, geocoding_failed: 1 });
    expect(step.html).toContain(WARNING);
    const failedLookup = step.row.geocoded;

    // Unchanged: no new lookup, the warning stays.
    step = await saved(id, memberId, STUB_UNKNOWN_POSTCODE, "Nog een naam");
    expect(step.row).toMatchObject({ name: "Nog een naam", geocoded: failedLookup, geocoding_failed: 1 });
    expect(step.html).toContain(WARNING);

    // The Locatieserver failing (HTTP 500) does not block the save either.
    step = await saved(id, memberId, STUB_ERROR_POSTCODE);
    expect(step.row).toMatchObject({ address_postal_code: STUB_ERROR_POSTCODE, location_lat: null, geocoding_failed: 1 });
    expect(step.html).toContain(WARNING);

    // A postcode that works again clears the failure and the warning.
    step = await saved(id, memberId, "3511AA");
    expect(step.row).toMatchObject({ ...{ location_lat: stubLocation("3511AA").lat, location_lon: stubLocation("3511AA").lon }, geocoding_failed: 0 });
    expect(step.html).not.toContain(WARNING);
  });
});
