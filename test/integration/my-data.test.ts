import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { totpFor } from "../../app/auth/login.server";
import { insertUser, uniqueEmail } from "../fixtures";
import { breadcrumbs, Client, codeIn, decodeEntities, DEMO_PASSWORD, errorsIn, getDb, latestMailTo, linkIn, notificationIn, signIn } from "./support";

const PATH = "/mijn-gegevens";
let fixtureCount = 0;

/** Page text without React's separators between adjacent text parts, and without inline tags. */
const text = (html: string) => decodeEntities(html.replace(/<!-- -->|<\/?(?:strong|code)>/g, ""));

interface Fixture {
  id: number;
  email: string;
}

/** A fresh account of our own (password DEMO_PASSWORD), so demo personas stay untouched. */
async function fixtureUser(overrides: { phone?: string; mfa?: "" | "email" } = {}): Promise<Fixture> {
  fixtureCount += 1;
  return insertUser(getDb(), {
    email: uniqueEmail("mijngegevens"),
    givenName: "Femke",
    namePreposition: "de",
    familyName: `Fixture${fixtureCount}`,
    phone: overrides.phone ?? "0201234567",
    mfa: overrides.mfa ?? "",
  });
}

async function userRow(id: number) {
  return getDb().selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

function form(user: Fixture, changes: Record<string, string> = {}): FormData {
  const body = new FormData();
  const fields = {
    intent: "data",
    email: user.email,
    givenName: "Femke",
    namePreposition: "de",
    familyName: "Vries",
    phonePrimary: "0201234567",
    ...changes,
  };
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return body;
}

async function tinyPng(): Promise<Buffer> {
  return sharp({ create: { width: 10, height: 10, channels: 3, background: "#f00" } }).png().toBuffer();
}

function withFile(body: FormData, bytes: Buffer | string, name: string, type: string): FormData {
  body.set("photo", new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], { type }), name);
  return body;
}

describe("access", () => {
  it("sends anonymous visitors to the login with the way back", async () => {
    const res = await new Client().get(PATH);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/?next=%2Fmijn-gegevens");
  });

  it("refuses anonymous posts the same way", async () => {
    const res = await new Client().post(PATH, { intent: "mfa", mfaType: "off" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/?next=%2Fmijn-gegevens");
  });
});

describe("the account form", () => {
  it("shows the current values, the breadcrumb and the title", async () => {
    const user = await fixtureUser({ phone: "0612345678" });
    const { res, html } = await (await signIn(user.email)).page(PATH);
    expect(res.status).toBe(200);
    expect(html).toContain("<title>Mijn gegevens – Ledenportaal</title>");
    expect(html).toContain("<h1>Mijn gegevens</h1>");
    expect(breadcrumbs(html).at(-1)).toBe("Mijn gegevens");
    for (const label of ["E-mailadres", "Voornaam", "Tussenvoegsel", "Achternaam", "Telefoonnummer", "Foto"]) {
      expect(html).toMatch(new RegExp(`<label for="[^"]+">${label}`));
    }
    expect(html).toContain(`value="${user.email}"`);
    expect(html).toContain('value="Femke"');
    expect(html).toContain('value="de"');
    expect(html).toContain(`value="Fixture${fixtureCount}"`);
    expect(html).toContain('value="0612345678"');
    expect(html).toMatch(/enctype="multipart\/form-data"/i);
    expect(html).toContain(">Opslaan</button>");
    // No photo yet: nothing to remove.
    expect(html).not.toContain("Foto verwijderen");
  });

  it("shows the required-field message for each empty required field, keeps what was typed and saves nothing", async () => {
    const user = await fixtureUser();
    const client = await signIn(user.email);
    const before = await userRow(user.id);
    const res = await client.post(PATH, form(user, { email: "  ", givenName: "", familyName: "", namePreposition: "van" }));
    expect(res.status).toBe(400);
    const html = await res.text();
    const errors = errorsIn(html);
    expect(errors.filter((e) => e === "Dit is een verplicht veld")).toHaveLength(3);
    expect(html).toContain('value="van"');
    expect(html).toContain("Controleer de volgende velden:");
    expect(await userRow(user.id)).toEqual(before);
  });

  it("refuses a bad e-mail address and a bad phone number in Dutch", async () => {
    const user = await fixtureUser();
    const client = await signIn(user.email);
    const before = await userRow(user.id);
    const res = await client.post(PATH, form(user, { email: "geen-adres", phonePrimary: "06-123", givenName: "Typte" }));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(errorsIn(html)).toEqual(
      expect.arrayContaining([
        "U dient een geldig e-mailadres in te voeren",
        "Het telefoonnummer dient uit 10 cijfers te bestaan",
      ]),
    );
    expect(html).toContain('value="geen-adres"');
    expect(html).toContain('value="06-123"');
    expect(html).toContain('value="Typte"');
    expect(html).toMatch(/aria-invalid="true"/);
    expect(await userRow(user.id)).toEqual(before);
  });

  it("refuses an e-mail address of another account", async () => {
    const user = await fixtureUser();
    const other = await fixtureUser();
    const client = await signIn(user.email);
    const before = await userRow(user.id);
    const res = await client.post(PATH, form(user, { email: other.email.toUpperCase(), givenName: "Anders", currentPassword: DEMO_PASSWORD }));
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(errorsIn(html)).toContain("Dit e-mailadres is al in gebruik.");
    expect(html).toContain('value="Anders"');
    expect(await userRow(user.id)).toEqual(before);
  });

  it("saves at once, normalising the phone number; a new e-mail address waits for its confirmation link", async () => {
    const user = await fixtureUser();
    const client = await signIn(user.email);
    const newEmail = `Nieuw-${process.pid}-${Date.now()}@Voorbeeld.NL`;
    const { html, url } = await client.submit(
      PATH,
      form(user, {
        email: `  ${newEmail} `,
        givenName: "Floor",
        namePreposition: "",
        familyName: "Jansen",
        phonePrimary: "06-1234 5678",
        currentPassword: DEMO_PASSWORD,
      }),
    );
    expect(url).toBe(PATH);
    expect(notificationIn(html)).toBe("Uw gegevens zijn opgeslagen.");
    expect(decodeEntities(html)).toContain(
      `We hebben een bevestigingslink gestuurd naar ${newEmail.toLowerCase()}. Uw e-mailadres wijzigt zodra u op die link klikt.`,
    );
    const row = await userRow(user.id);
    expect(row.email).toBe(user.email);
    expect(row.phone_primary).toBe("0612345678");
    expect(row.given_name).toBe("Floor");
    expect(row.name_preposition).toBe("");
    expect(row.family_name).toBe("Jansen");
    expect(html).toContain('value="0612345678"');
    expect(text(html)).toMatch(/class="header__me"[^]*Floor Jansen/);
    // The link goes to the new address; following it changes the address (in any case).
    const link = linkIn((await latestMailTo(newEmail.toLowerCase()))!, "/mijn-gegevens/e-mailadres-bevestigen/");
    const elsewhere = await signIn(user.email);
    const confirmed = await client.submit(link, {});
    expect(notificationIn(confirmed.html)).toBe("Uw e-mailadres is gewijzigd.");
    expect((await userRow(user.id)).email).toBe(newEmail.toLowerCase());
    // The account's other sessions end with the change; the one that confirmed stays signed in.
    expect((await elsewhere.page(PATH)).url).toBe("/?next=%2Fmijn-gegevens");
    expect((await client.page(PATH)).url).toBe(PATH);
    await signIn(newEmail, DEMO_PASSWORD);
  });

  it("keeps an unchanged e-mail of its own and an empty phone number", async () => {
    const user = await fixtureUser();
    const client = await signIn(user.email);
    const { html } = await client.submit(PATH, form(user, { phonePrimary: "" }));
    expect(notificationIn(html)).toBe("Uw gegevens zijn opgeslagen.");
    expect((await userRow(user.id)).phone_primary).toBe("");
  });

  it("turns the newsletter on and off with the form's checkbox 'Nieuwsbrief'", async () => {
    const user = await fixtureUser();
    const client = await signIn(user.email);
    const checkbox = (html: string) => html.match(/<input[^>]*name="newsletter"[^>]*>/)?.[0] ?? "";
    const before = await client.page(PATH);
    expect(text(before.html)).toMatch(/<label for="my-data-newsletter">[^]*?Nieuwsbrief<\/label>/);
    expect(checkbox(before.html)).not.toContain("checked");

    const on = await client.submit(PATH, form(user, { newsletter: "on" }));
    expect(notificationIn(on.html)).toBe("Uw gegevens zijn opgeslagen.");
    expect((await userRow(user.id)).newsletter).toBe(1);
    expect(checkbox(on.html)).toContain("checked");

    // An unticked checkbox is not posted at all: off.
    await client.submit(PATH, form(user));
    expect((await userRow(user.id)).newsletter).toBe(0);
  });

  it("keeps the newsletter choice as ticked when the form comes back with an error", async () => {
    const user = await fixtureUser();
    const client = await signIn(user.email);
    const { html } = await client.submit(PATH, form(user, { newsletter: "on", familyName: "" }));
    expect(errorsIn(html)).toContain("Dit is een verplicht veld");
    expect(html.match(/<input[^>]*name="newsletter"[^>]*>/)?.[0]).toContain("checked");
    expect((await userRow(user.id)).newsletter).toBe(0);
  });
});

describe("the photo", () => {
  it("stores an uploaded PNG, serves it as a thumbnail and offers its removal", async () => {
    const user = await fixtureUser();
    const client = await signIn(user.email);
    const { html } = await client.submit(PATH, withFile(form(user), await tinyPng(), "rood.png", "image/png"));
    expect(notificationIn(html)).toBe("Uw gegevens zijn opgeslagen.");
    const row = await userRow(user.id);
    expect(row.image_file_id).not.toBeNull();
    const file = await getDb().selectFrom("files").selectAll().where("id", "=", row.image_file_id!).executeTakeFirstOrThrow();
    expect(file.mime).toBe("image/png");
    const src = `/image/${file.id}/150/0/${encodeURIComponent(file.modified)}`;
    expect(html).toContain(`src="${src}"`);
    expect(html).toContain("Foto verwijderen");
    const image = await client.get(src);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
  });

  it("refuses a file that only pretends to be an image, keeps the typed values and stores nothing", async () => {
    const user = await fixtureUser();
    const files = await getDb().selectFrom("files").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const client = await signIn(user.email);
    const before = await userRow(user.id);
    const res = await client.post(PATH, withFile(form(user, { givenName: "Nieuwe naam" }), "dit is geen afbeelding", "x.png", "image/png"));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(errorsIn(html)).toContain("Dit bestandstype is niet toegestaan. Toegestaan: jpg, png.");
    expect(html).toContain('value="Nieuwe naam"');
    expect(await userRow(user.id)).toEqual(before);
    const after = await getDb().selectFrom("files").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(files.n));
  });

  it("refuses a photo above 10 MB and stores nothing", async () => {
    const user = await fixtureUser();
    const client = await signIn(user.email);
    const before = await userRow(user.id);
    const tooBig = async (size: number) => {
      const bytes = Buffer.alloc(size);
      (await tinyPng()).copy(bytes);
      return withFile(form(user, { givenName: "Groot" }), bytes, "groot.png", "image/png");
    };
    // Just over the limit: read, checked, refused beside the field with the typed values kept.
    const res = await client.post(PATH, await tooBig(10 * 1024 * 1024 + 1));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(errorsIn(html)).toContain("Het bestand is te groot (maximaal 10 MB).");
    expect(html).toContain('value="Groot"');
    // Far over it: its bytes skipped as they arrive, refused the same way, the typed values kept too.
    const huge = await client.post(PATH, await tooBig(30 * 1024 * 1024));
    expect(huge.status).toBe(400);
    const hugeHtml = await huge.text();
    expect(errorsIn(hugeHtml)).toContain("Het bestand is te groot (maximaal 10 MB).");
    expect(hugeHtml).toContain('value="Groot"');
    // More files than the form has: refused unread.
    const twice = await tooBig(100);
    twice.append("photo", new Blob([new Uint8Array(await tinyPng())], { type: "image/png" }), "twee.png");
    const forged = await client.post(PATH, twice);
    expect(forged.status).toBe(413);
    expect(errorsIn(await forged.text())).toContain("Het bestand is te groot (maximaal 10 MB).");
    expect(await userRow(user.id)).toEqual(before);
  });

  it("replaces a photo and removes it with 'Foto verwijderen'", async () => {
    const user = await fixtureUser();
    const client = await signIn(user.email);
    await client.submit(PATH, withFile(form(user), await tinyPng(), "een.png", "image/png"));
    const first = (await userRow(user.id)).image_file_id!;
    await client.submit(PATH, withFile(form(user), await tinyPng(), "twee.png", "image/png"));
    const second = (await userRow(user.id)).image_file_id!;
    expect(second).not.toBe(first);
    expect(await getDb().selectFrom("files").select("id").where("id", "=", first).executeTakeFirst()).toBeUndefined();

    const { html } = await client.submit(PATH, form(user, { photoRemove: "on" }));
    expect(notificationIn(html)).toBe("Uw gegevens zijn opgeslagen.");
    expect((await userRow(user.id)).image_file_id).toBeNull();
    expect(await getDb().selectFrom("files").select("id").where("id", "=", second).executeTakeFirst()).toBeUndefined();
    expect(html).not.toContain("Foto verwijderen");
  });
});

/** Signs in up to the second-factor stage; returns the client and the code page. */
async function passwordStep(email: string) {
  const client = new Client();
  const res = await client.post("/?index", { intent: "login", email, password: DEMO_PASSWORD });
  expect(res.status).toBe(302);
  const { html } = await client.page("/");
  return { client, html };
}

function secretIn(html: string): string {
  const match = html.match(/class="secret"[^>]*>([A-Z2-7]+)</);
  if (!match) throw new Error("no secret on the page");
  return match[1];
}

describe("two-factor settings", () => {
  it("shows the choice with the current setting", async () => {
    const user = await fixtureUser();
    const { html } = await (await signIn(user.email)).page(PATH);
    expect(html).toContain("Tweestapsverificatie</h2>");
    expect(text(html)).toContain("Huidige instelling: Uit");
    for (const label of ["Uit", "E-mailcode", "Authenticator-app"]) expect(html).toMatch(new RegExp(`type="radio"[^>]*/>${label}`));
    expect(html).toMatch(/<input type="radio"[^>]*(?:checked=""[^>]*value="off"|value="off"[^>]*checked="")/);
    expect(html).toContain(">Instelling wijzigen</button>");
  });

  it("switches to the e-mail code, which the next sign-in then asks for", async () => {
    const user = await fixtureUser();
    const client = await signIn(user.email);
    const { html } = await client.submit(PATH, { intent: "mfa", mfaType: "email", currentPassword: DEMO_PASSWORD });
    expect(notificationIn(html)).toBe("Tweestapsverificatie opgeslagen.");
    expect(text(html)).toContain("Huidige instelling: E-mailcode");
    expect((await userRow(user.id)).mfa_type).toBe("email");

    const next = await passwordStep(user.email);
    expect(next.html).toContain("2factor code invoeren");
    const code = (await latestMailTo(user.email))?.match(/\b(\d{6})\b/)?.[1];
    expect(code).toBeDefined();
    expect((await next.client.post("/?index", { intent: "code", code: code! })).status).toBe(302);
  });

  it("ends the account's other sessions when the setting changes, but not this one", async () => {
    const user = await fixtureUser();
    const elsewhere = await signIn(user.email);
    const client = await signIn(user.email);
    await client.submit(PATH, { intent: "mfa", mfaType: "email", currentPassword: DEMO_PASSWORD });
    expect((await elsewhere.page(PATH)).url).toBe("/?next=%2Fmijn-gegevens");
    expect((await client.page(PATH)).url).toBe(PATH);
  });

  it("sets up the authenticator app only after a correct first code", async () => {
    const user = await fixtureUser({ mfa: "" });
    const client = await signIn(user.email);
    const chosen = await client.submit(PATH, { intent: "mfa", mfaType: "app", currentPassword: DEMO_PASSWORD });
    expect(chosen.url).toBe(`${PATH}#authenticator`);
    // Nothing is switched on yet.
    expect((await userRow(user.id)).mfa_type).toBe("");
    expect(chosen.html).toMatch(/<img class="qr" src="data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+"[^>]*alt="QR-code voor de authenticator-app"/);
    const secret = secretIn(chosen.html);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(chosen.html).toContain(">Activeren</button>");
    expect(chosen.html).toContain(">Annuleren</button>");
    // The pending secret is not stored readable in the session table.
    const sessions = await getDb().selectFrom("sessions").select("data").where("user_id", "=", user.id).execute();
    expect(sessions.some((s) => s.data.includes(secret))).toBe(false);

    const good = totpFor(secret, user.email).generate();
    const wrong = good === "000000" ? "111111" : "000000";
    const refused = await client.post(PATH, { intent: "activate", code: wrong });
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(errorsIn(refusedHtml)).toContain("Verkeerde 2factor code!");
    // Same QR and secret again.
    expect(secretIn(refusedHtml)).toBe(secret);
    expect(refusedHtml).toContain('<img class="qr"');
    expect((await userRow(user.id)).mfa_type).toBe("");

    const { html } = await client.submit(PATH, { intent: "activate", code: good });
    expect(notificationIn(html)).toBe("Tweestapsverificatie opgeslagen.");
    expect(text(html)).toContain("Huidige instelling: Authenticator-app");
    expect(html).not.toContain('class="secret"');
    const row = await userRow(user.id);
    expect(row.mfa_type).toBe("app");
    expect(row.totp_secret).not.toBeNull();
    expect(row.totp_secret).not.toContain(secret);

    // The next sign-in asks for the app's code and accepts a generated one.
    const next = await passwordStep(user.email);
    expect(next.html).toContain("2factor code invoeren");
    expect(next.html).toContain("Vul de code in die uw authenticator-app toont.");
    // The activation code was used up; the code of the next time step is accepted, once.
    const used = await next.client.post("/?index", { intent: "code", code: good });
    expect(used.status).toBe(401);
    expect(errorsIn(await used.text())).toContain("Verkeerde 2factor code!");
    const nextCode = totpFor(secret, user.email).generate({ timestamp: Date.now() + 30_000 });
    const res = await next.client.post("/?index", { intent: "code", code: nextCode });
    expect(res.status).toBe(302);
    expect((await next.client.page(PATH)).url).toBe(PATH);
    const replay = await passwordStep(user.email);
    expect((await replay.client.post("/?index", { intent: "code", code: nextCode })).status).toBe(401);

    // Switching off works (with the password and a fresh code of the app) and forgets the secret.
    // As if a time step had passed since the last code was used:
    await getDb().updateTable("users").set({ totp_last_step: null }).where("id", "=", user.id).execute();
    const off = await next.client.submit(PATH, {
      intent: "mfa",
      mfaType: "off",
      currentPassword: DEMO_PASSWORD,
      secondFactorCode: totpFor(secret, user.email).generate(),
    });
    expect(notificationIn(off.html)).toBe("Tweestapsverificatie opgeslagen.");
    expect(text(off.html)).toContain("Huidige instelling: Uit");
    const offRow = await userRow(user.id);
    expect(offRow.mfa_type).toBe("");
    expect(offRow.totp_secret).toBeNull();
    expect((await passwordStep(user.email)).html).not.toContain("2factor code invoeren");
  });

  it("asks for the code when it is left empty", async () => {
    const user = await fixtureUser();
    const client = await signIn(user.email);
    await client.submit(PATH, { intent: "mfa", mfaType: "app", currentPassword: DEMO_PASSWORD });
    const res = await client.post(PATH, { intent: "activate", code: "" });
    expect(res.status).toBe(400);
    expect(errorsIn(await res.text())).toContain("Dit is een verplicht veld");
  });

  it("discards a pending app setup with 'Annuleren'", async () => {
    const user = await fixtureUser();
    const client = await signIn(user.email);
    // Already on the e-mail code; that stays while the app is set up and then cancelled.
    await getDb().updateTable("users").set({ mfa_type: "email" }).where("id", "=", user.id).execute();
    // With the e-mail code set, the change needs a mailed code as well as the password.
    const asked = await client.post(PATH, { intent: "mfa", mfaType: "app", currentPassword: DEMO_PASSWORD, sendCode: "1" });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("Er is een code naar uw e-mailadres verstuurd.");
    const mailed = codeIn((await latestMailTo(user.email))!);
    const chosen = await client.submit(PATH, { intent: "mfa", mfaType: "app", currentPassword: DEMO_PASSWORD, secondFactorCode: mailed });
    const secret = secretIn(chosen.html);
    const { html } = await client.submit(PATH, { intent: "cancel-app" });
    expect(notificationIn(html)).toBe("Het instellen van de authenticator-app is geannuleerd.");
    expect(html).not.toContain('class="secret"');
    expect(text(html)).toContain("Huidige instelling: E-mailcode");
    // The discarded secret no longer activates anything.
    const late = await client.submit(PATH, { intent: "activate", code: totpFor(secret, user.email).generate() });
    expect(notificationIn(late.html)).toBe(
      "Het instellen van de authenticator-app is verlopen. Kies opnieuw voor de authenticator-app.",
    );
    expect((await userRow(user.id)).mfa_type).toBe("email");
  });

  it("refuses an unknown choice", async () => {
    const user = await fixtureUser();
    const client = await signIn(user.email);
    const res = await client.post(PATH, { intent: "mfa", mfaType: "sms" });
    expect(res.status).toBe(400);
    expect((await userRow(user.id)).mfa_type).toBe("");
  });
});

describe("while an admin imitates the account", () => {
  it("shows the two-factor settings read-only and refuses changes to them", async () => {
    const user = await fixtureUser();
    const admin = await signIn("superbeheer@voorbeeld.nl");
    const started = await admin.post("/imitate", { intent: "start", userId: String(user.id) });
    expect(started.status).toBe(302);
    const { html } = await admin.page(PATH);
    expect(html).toContain(`value="${user.email}"`);
    expect(text(html)).toContain("U imiteert deze gebruiker. Alleen de gebruiker zelf kan de tweestapsverificatie wijzigen.");
    expect(html).not.toContain(">Instelling wijzigen</button>");

    for (const fields of <Record<string, string>[]>[
      { intent: "mfa", mfaType: "email" },
      { intent: "mfa", mfaType: "app" },
      { intent: "activate", code: "123456" },
    ]) {
      const res = await admin.submit(PATH, fields);
      expect(notificationIn(res.html)).toBe("Tijdens het imiteren kunt u de tweestapsverificatie niet wijzigen.");
      expect(res.html).not.toContain('class="secret"');
    }
    const row = await userRow(user.id);
    expect(row.mfa_type).toBe("");
    expect(row.totp_secret).toBeNull();

    // The account form itself stays usable for the admin acting on the user's behalf.
    const saved = await admin.submit(PATH, form(user, { givenName: "Namens" }));
    expect(notificationIn(saved.html)).toBe("Uw gegevens zijn opgeslagen.");
    expect((await userRow(user.id)).given_name).toBe("Namens");
  });
});
