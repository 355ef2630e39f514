import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { insertEnterprise, insertMember, insertUser } from "../fixtures";
import { Client, errorsIn, getDb, sessionFor } from "./support";

const PDF = Buffer.from("%PDF-1.4\n% een uittreksel\n");
const BROKEN_PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3]);
const IMAGE_UNREADABLE = "Deze afbeelding kan niet worden gelezen. Kies een ander jpg- of png-bestand.";

const uploaded = (storageName: string) => path.join(inject("dataDir"), "uploads", storageName);

/** A small real PNG carrying EXIF metadata (as a camera would write, with what it reveals). */
async function pngWithMetadata(): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: "#0a0" } })
    .png()
    .withExif({ IFD0: { Copyright: "Geheime-Locatie-52.37N" } })
    .toBuffer();
}

function photoForm(user: { email: string }, bytes: Buffer, name: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ intent: "data", email: user.email, givenName: "Femke", familyName: "Foto", ...fields })) {
    form.set(k, v);
  }
  form.set("photo", new Blob([new Uint8Array(bytes)], { type: "image/png" }), name);
  return form;
}

function kvkForm(memberId: number, name: string, file: { bytes: Buffer; name: string; type: string }) {
  const form = new FormData();
  form.set("intent", "save");
  form.set("member", String(memberId));
  form.set("name", name);
  form.set("kvkExtract", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return form;
}

const fileRow = (id: number) => getDb().selectFrom("files").selectAll().where("id", "=", id).executeTakeFirst();
const imagePath = (file: { id: number; modified: string }) => `/image/${file.id}/150/0/${encodeURIComponent(file.modified)}`;

let admin: Client;
beforeAll(async () => {
  admin = await sessionFor("beheer@voorbeeld.nl");
});

describe("images are served only to those who may see their record", () => {
  it("never resizes a KvK extract uploaded as an image, not even for its own membership", async () => {
    const memberId = await insertMember(getDb());
    const enterpriseId = await insertEnterprise(getDb(), memberId);
    const manager = await insertUser(getDb(), { memberId });
    await getDb().updateTable("users").set({ manager_member: 1 }).where("id", "=", manager.id).execute();
    const scan = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#fff" } }).png().toBuffer();
    const res = await admin.post(`/vestigingen/bewerken/${enterpriseId}`, kvkForm(memberId, "Met uittreksel", { bytes: scan, name: "kvk.png", type: "image/png" }));
    expect(res.status).toBe(302);
    const { kvk_extract_file_id } = await getDb().selectFrom("enterprises").select("kvk_extract_file_id").where("id", "=", enterpriseId).executeTakeFirstOrThrow();
    const file = (await fileRow(kvk_extract_file_id!))!;
    expect(file).toMatchObject({ purpose: "kvk_extract", owner_id: enterpriseId });

    const otherMember = await insertUser(getDb(), { memberId: await insertMember(getDb()) });
    for (const client of [await sessionFor(otherMember.email), await sessionFor("professional@voorbeeld.nl"), await sessionFor(manager.email)]) {
      expect((await client.get(imagePath(file))).status).toBe(404);
    }
    // The extract itself stays available through its own checked download.
    expect((await (await sessionFor(manager.email)).get(`/vestigingen/bewerken/${enterpriseId}/kvk-uittreksel`)).status).toBe(200);
  });

  it("shows a photo to its own account, admins and its membership's people, and to no one else", async () => {
    const memberId = await insertMember(getDb());
    const owner = await insertUser(getDb(), { memberId });
    const colleague = await insertUser(getDb(), { memberId });
    const outsider = await insertUser(getDb(), { memberId: await insertMember(getDb()) });
    const loner = await insertUser(getDb(), { memberId: null });
    const ownClient = await sessionFor(owner.email);
    const res = await ownClient.post("/mijn-gegevens", photoForm(owner, await pngWithMetadata(), "ik.png"));
    expect(res.status).toBe(302);
    const { image_file_id } = await getDb().selectFrom("users").select("image_file_id").where("id", "=", owner.id).executeTakeFirstOrThrow();
    const file = (await fileRow(image_file_id!))!;
    expect(file).toMatchObject({ purpose: "avatar", owner_id: owner.id });

    for (const client of [ownClient, admin, await sessionFor(colleague.email)]) expect((await client.get(imagePath(file))).status).toBe(200);
    for (const client of [await sessionFor(outsider.email), await sessionFor(loner.email)]) expect((await client.get(imagePath(file))).status).toBe(404);
    expect((await new Client().get(imagePath(file))).status).toBe(302);
  });

  it("shows a catalogue entry's image to every signed-in account, and to no one signed out", async () => {
    const storageName = `catalogus-${Date.now()}`;
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#08c" } }).png().toBuffer();
    fs.mkdirSync(path.dirname(uploaded(storageName)), { recursive: true });
    fs.writeFileSync(uploaded(storageName), png);
    const now = new Date().toISOString();
    const { id } = await getDb()
      .insertInto("files")
      .values({ storage_name: storageName, original_name: "sauna.png", mime: "image/png", size: png.length, purpose: "catalogue_image", owner_id: null, modified: now, created: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    const file = { id, modified: now };
    for (const email of ["professional@voorbeeld.nl", "nietlid@voorbeeld.nl", "lid@voorbeeld.nl"]) {
      expect((await (await sessionFor(email)).get(imagePath(file))).status, email).toBe(200);
    }
    expect((await admin.get(imagePath(file))).status).toBe(200);
    expect((await new Client().get(imagePath(file))).status).toBe(302);
  });
});

describe("uploaded images are decoded and stored anew", () => {
  it("stores a photo without its metadata", async () => {
    const user = await insertUser(getDb(), {});
    const original = await pngWithMetadata();
    expect(original.toString("latin1")).toContain("Geheime-Locatie");
    const client = await sessionFor(user.email);
    expect((await client.post("/mijn-gegevens", photoForm(user, original, "foto.png"))).status).toBe(302);
    const { image_file_id } = await getDb().selectFrom("users").select("image_file_id").where("id", "=", user.id).executeTakeFirstOrThrow();
    const file = (await fileRow(image_file_id!))!;
    const stored = fs.readFileSync(uploaded(file.storage_name));
    expect(stored.subarray(0, 8)).toEqual(original.subarray(0, 8));
    expect(stored.toString("latin1")).not.toContain("Geheime-Locatie");
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
  });

  it("refuses a photo that cannot be read, keeping the typed values and storing nothing", async () => {
    const user = await insertUser(getDb(), {});
    const client = await sessionFor(user.email);
    const res = await client.post("/mijn-gegevens", photoForm(user, BROKEN_PNG, "kapot.png", { givenName: "Getypte naam" }));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(errorsIn(html)).toContain(IMAGE_UNREADABLE);
    expect(html).toContain('value="Getypte naam"');
    const row = await getDb().selectFrom("users").select(["given_name", "image_file_id"]).where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ given_name: "Femke", image_file_id: null });
  });
});

describe("download names", () => {
  it("lose path and control characters", async () => {
    const memberId = await insertMember(getDb());
    const enterpriseId = await insertEnterprise(getDb(), memberId);
    const res = await admin.post(
      `/vestigingen/bewerken/${enterpriseId}`,
      kvkForm(memberId, "Met naam", { bytes: PDF, name: '../../etc/"passwd".pdf', type: "application/pdf" }),
    );
    expect(res.status).toBe(302);
    const download = await admin.get(`/vestigingen/bewerken/${enterpriseId}/kvk-uittreksel`);
    const disposition = download.headers.get("content-disposition")!;
    expect(disposition).toBe(`attachment; filename="passwd.pdf"; filename*=UTF-8''passwd.pdf`);
  });
});

describe("deleting a membership", () => {
  it("removes its establishments' KvK extracts from the database and the disk", async () => {
    const memberId = await insertMember(getDb());
    const enterpriseIds = [await insertEnterprise(getDb(), memberId), await insertEnterprise(getDb(), memberId)];
    for (const id of enterpriseIds) {
      const res = await admin.post(`/vestigingen/bewerken/${id}`, kvkForm(memberId, `Vestiging ${id}`, { bytes: PDF, name: "kvk.pdf", type: "application/pdf" }));
      expect(res.status).toBe(302);
    }
    const files = await getDb()
      .selectFrom("enterprises")
      .innerJoin("files", "files.id", "enterprises.kvk_extract_file_id")
      .select(["files.id", "files.storage_name"])
      .where("enterprises.member_id", "=", memberId)
      .execute();
    expect(files).toHaveLength(2);
    for (const f of files) expect(fs.existsSync(uploaded(f.storage_name))).toBe(true);

    const res = await admin.post(`/lidmaatschappen/verwijderen/${memberId}`, {});
    expect(res.status).toBe(302);
    for (const f of files) {
      expect(await fileRow(f.id)).toBeUndefined();
      expect(fs.existsSync(uploaded(f.storage_name))).toBe(false);
    }
  });
});
