import { beforeAll, describe, expect, it } from "vitest";
import { insertRegistrant, insertUser } from "../fixtures";
import { Client, decodeEntities, getDb, notificationIn, sessionFor, tableRows } from "./support";

/**
 * The pass data page (/fitnednl/pasgegevens): the flagged professionals, their file, and the reset
 * that only follows an export in the same session and clears exactly the exported professionals.
 */
const ADMIN = "beheer@voorbeeld.nl";
const TAG = `Ps${Date.now().toString(36)}`;
const text = (html: string) => decodeEntities(html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " "));
const flag = (id: number) => getDb().updateTable("registrants").set({ create_pass: 1, pass_created: null }).where("id", "=", id).execute();
const passState = async (id: number) =>
  getDb().selectFrom("registrants").select(["create_pass", "pass_created"]).where("id", "=", id).executeTakeFirstOrThrow();

let admin: Client;
let withAccount: { id: number; email: string; accountEmail: string };
let withoutAccount: number;

beforeAll(async () => {
  const db = getDb();
  const user = await insertUser(db, { givenName: "Pia", namePreposition: "de", familyName: TAG, password: null });
  const id = await insertRegistrant(db, { userId: user.id, givenName: "Pia", namePreposition: "de", familyName: TAG, email: user.email, idFitNed: 900_000 + (Date.now() % 90_000), passNumber: null, town: "Zwolle" });
  await db.updateTable("registrants").set({ gender: "f", address_street: "Kerkstraat", address_house_nr: "3", address_postal_code: "8011AB" }).where("id", "=", id).execute();
  withAccount = { id, email: user.email, accountEmail: user.email };
  withoutAccount = await insertRegistrant(db, { givenName: "Quinten", familyName: TAG, town: "Ede" });
  await db.updateTable("registrants").set({ gender: "m" }).where("id", "=", withoutAccount).execute();
  await flag(withAccount.id);
  await flag(withoutAccount);
  admin = await sessionFor(ADMIN);
});

describe("pass data", () => {
  it("lists the flagged professionals and refuses a reset before an export", async () => {
    const { html } = await admin.page("/fitnednl/pasgegevens");
    const rows = tableRows(html).filter((cells) => cells[3]?.endsWith(TAG));
    expect(rows.map((cells) => cells[3]).sort()).toEqual([`Pia de ${TAG}`, `Quinten ${TAG}`]);
    expect(text(html)).toContain("Download als CSV");

    // Neither the confirmation nor the post itself works before an export, with the spec's message.
    const page = await admin.page("/fitnednl/pasgegevens/resetten");
    expect(page.url).toBe("/fitnednl/pasgegevens");
    expect(notificationIn(page.html)).toContain("U dient de huidige pasgegevens eerst te exporteren!");
    const posted = await admin.submit("/fitnednl/pasgegevens/resetten", {});
    expect(notificationIn(posted.html)).toContain("U dient de huidige pasgegevens eerst te exporteren!");
    expect((await passState(withAccount.id)).create_pass).toBe(1);
  });

  it("exports the file for the pass printer", async () => {
    const res = await admin.get("/fitnednl/pasgegevens/passen.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="passen-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.csv"$/);
    // Decoded with its byte order mark kept (Response.text() drops it).
    const body = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(body.startsWith("\uFEFF")).toBe(true);
    const lines = body.slice(1).split("\r\n");
    expect(lines[0]).toBe("ID;Aanhef 1;Aanhef 2;Voornaam;Achternaam;Naam;Geslacht;Niveau;Status;Hoofdaccount;Straat;Huisnummer;Postcode;Plaats;E-mail");
    const pia = lines.find((line) => line.includes(`Pia de ${TAG}`))!.split(";");
    expect(pia.slice(1, 10)).toEqual(["Mevrouw", "de", "Pia", TAG, `Pia de ${TAG}`, "Vrouw", "", "Actief", withAccount.accountEmail]);
    expect(pia.slice(10)).toEqual(["Kerkstraat", "3", "8011AB", "Zwolle", withAccount.email]);
    const quinten = lines.find((line) => line.includes(`Quinten ${TAG}`))!.split(";");
    expect(quinten.slice(1, 4)).toEqual(["De heer", "", "Quinten"]);
    expect(quinten[9]).toBe("");
  });

  it("resets exactly the exported professionals after the export, not one flagged since", async () => {
    const fresh = new Client();
    const session = await sessionFor(ADMIN, fresh);
    await (await session.get("/fitnednl/pasgegevens/passen.csv")).text();
    // Flagged after the export: not in the file, so the reset leaves it.
    const later = await insertRegistrant(getDb(), { givenName: "Rik", familyName: TAG });
    await flag(later);

    const confirm = await session.page("/fitnednl/pasgegevens/resetten");
    expect(confirm.url).toBe("/fitnednl/pasgegevens/resetten");
    expect(text(confirm.html)).toContain("Weet u zeker dat u de pasgegevens wilt reset'en?");
    const done = await session.submit("/fitnednl/pasgegevens/resetten", {});
    expect(done.url).toBe("/fitnednl/pasgegevens");
    expect(text(done.html)).toContain("Succesvol ge-reset");
    expect(text(done.html)).toContain("De pasgegevens zijn ge-reset bij de betreffende professionals");

    for (const id of [withAccount.id, withoutAccount]) {
      const state = await passState(id);
      expect(state.create_pass).toBe(0);
      expect(state.pass_created).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(await passState(later)).toEqual({ create_pass: 1, pass_created: null });
    // The export is used up: the next reset needs the next export.
    const again = await session.submit("/fitnednl/pasgegevens/resetten", {});
    expect(notificationIn(again.html)).toContain("U dient de huidige pasgegevens eerst te exporteren!");
    expect(await passState(later)).toEqual({ create_pass: 1, pass_created: null });
  });
});
