import { describe, expect, it } from "vitest";
import { sendActivationMail } from "../../app/auth/password.server";
import { insertUser, uniqueEmail as fixtureEmail } from "../fixtures";
import { baseUrl, Client, decodeEntities, errorsIn, getDb, latestMailTo, linkIn, notificationIn, signIn } from "./support";

const OLD_PASSWORD = "oud-wachtwoord-2026";
const NEW_PASSWORD = "nieuw-wachtwoord-2026";
const RESET_ANSWER =
  "Als dit e-mailadres bij ons bekend is, ontvangt u een e-mail met een link om een nieuw wachtwoord in te stellen.";
const RESET_LIMIT =
  "Voor dit e-mailadres is kortgeleden al een nieuw wachtwoord aangevraagd. Kijk in uw e-mail of probeer het over enkele minuten opnieuw.";

const uniqueEmail = (kind: string) => fixtureEmail(`pw-${kind}`);

interface Fixture {
  id: number;
  email: string;
}

/** A user of our own, so changing its password or state disturbs no other test. */
async function createUser(options: { enabled?: boolean; password?: string | null; givenName?: string } = {}): Promise<Fixture> {
  return insertUser(getDb(), {
    email: uniqueEmail(options.enabled === false ? "inactive" : "user"),
    givenName: options.givenName ?? "Pim",
    namePreposition: "van",
    familyName: "Wachtwoord",
    password: options.password === undefined ? OLD_PASSWORD : options.password,
    enabled: options.enabled !== false,
  });
}

async function passwordHashOf(id: number) {
  const row = await getDb().selectFrom("users").select("password_hash").where("id", "=", id).executeTakeFirstOrThrow();
  return row.password_hash;
}

async function requestReset(email: string, client = new Client()) {
  return client.post("/wachtwoord-vergeten", { email });
}

async function resetLinkFor(email: string): Promise<string> {
  const res = await requestReset(email);
  expect(res.status).toBe(302);
  const mail = (await latestMailTo(email));
  expect(mail).toBeDefined();
  return linkIn(mail!, "/resetting/reset/");
}

async function signInFails(email: string, password: string): Promise<boolean> {
  const res = await new Client().post("/?index", { intent: "login", email, password });
  return res.status !== 302;
}

describe("requesting a password reset", () => {
  it("shows the form with a real label, a button and the way back", async () => {
    const { res, html } = await new Client().page("/wachtwoord-vergeten");
    expect(res.status).toBe(200);
    expect(html).toContain("Wachtwoord vergeten?");
    expect(html).toMatch(/<label for="[^"]+">E-mailadres/);
    expect(html).toContain(">Versturen</button>");
    expect(html).toMatch(/<a href="\/"[^>]*>Inloggen<\/a>/);
    expect(html).toContain("<title>Wachtwoord vergeten – Ledenportaal</title>");
  });

  it("mails a working link to a known address and answers as for an unknown one", async () => {
    const user = await createUser();
    const known = await new Client().submit("/wachtwoord-vergeten", { email: user.email.toUpperCase() });
    const unknownEmail = uniqueEmail("unknown");
    const unknown = await new Client().submit("/wachtwoord-vergeten", { email: unknownEmail });

    expect(known.status).toBe(302);
    expect(unknown.status).toBe(302);
    expect(known.url).toBe("/");
    expect(unknown.url).toBe("/");
    expect(notificationIn(known.html)).toBe(RESET_ANSWER);
    expect(notificationIn(unknown.html)).toBe(RESET_ANSWER);

    const mail = (await latestMailTo(user.email));
    expect(mail).toContain("Beste Pim van Wachtwoord");
    // An absolute link on the portal's own address.
    expect(mail).toContain(`${baseUrl()}/resetting/reset/`);
    expect((await latestMailTo(unknownEmail))).toBeUndefined();

    const { res, html } = await new Client().page(linkIn(mail!, "/resetting/reset/"));
    expect(res.status).toBe(200);
    expect(html).toContain("Nieuw wachtwoord instellen");
  });

  it("sends the activation mail to an account that was never activated", async () => {
    const user = await createUser({ enabled: false, password: null });
    const res = await requestReset(user.email);
    expect(res.status).toBe(302);
    const mail = (await latestMailTo(user.email));
    expect(mail).toContain("/register/confirm/");
    expect(mail).not.toContain("/resetting/reset/");
  });

  it("sends nothing to an account an administrator deactivated", async () => {
    const user = await createUser({ enabled: false });
    const res = await requestReset(user.email);
    expect(res.status).toBe(302);
    expect((await latestMailTo(user.email))).toBeUndefined();
  });

  it("validates the e-mail address", async () => {
    const empty = await requestReset("");
    expect(empty.status).toBe(400);
    expect(errorsIn(await empty.text())).toContain("Dit is een verplicht veld");

    const invalid = await requestReset("geen-adres");
    expect(invalid.status).toBe(400);
    const html = await invalid.text();
    expect(errorsIn(html)).toContain("U dient een geldig e-mailadres in te voeren");
    expect(html).toContain('value="geen-adres"');
  });

  it("refuses a second request for the same address within minutes (reset_limit)", async () => {
    for (const email of [(await createUser()).email, uniqueEmail("unknown")]) {
      expect((await requestReset(email)).status).toBe(302);
      const again = await requestReset(email);
      expect(again.status).toBe(429);
      const html = await again.text();
      expect(errorsIn(html)).toContain(RESET_LIMIT);
      expect(html).toContain(`value="${email}"`);
    }
  });

  it("answers 'Teveel verkeer' after too many requests from one address", async () => {
    const client = new Client();
    for (let i = 0; i < 30; i++) {
      const res = await requestReset(uniqueEmail("flood"), client);
      expect(res.status).toBe(302);
    }
    const res = await requestReset(uniqueEmail("flood"), client);
    expect(res.status).toBe(429);
    expect(await res.text()).toContain("Teveel verkeer");
  });

  it("sends a signed-in user home", async () => {
    const user = await createUser();
    const client = await signIn(user.email, OLD_PASSWORD);
    expect((await client.page("/wachtwoord-vergeten")).url).toBe("/");
    const link = await resetLinkFor(user.email);
    expect((await client.page(link)).url).toBe("/");
  });
});

describe("setting a new password through the link", () => {
  it("shows the form with labels and the hint", async () => {
    const user = await createUser();
    const { html } = await new Client().page(await resetLinkFor(user.email));
    expect(html).toMatch(/<label for="[^"]+">Nieuw wachtwoord/);
    expect(html).toMatch(/<label for="[^"]+">Herhaal wachtwoord/);
    expect(html).toContain("Minimaal 8 tekens");
    expect(html).toContain(">Opslaan</button>");
  });

  it("refuses every kind of bad password, keeps the page and changes nothing", async () => {
    const user = await createUser();
    const link = await resetLinkFor(user.email);
    const before = await passwordHashOf(user.id);
    const client = new Client();
    const cases: [Record<string, string>, string][] = [
      [{ password: "", repeatPassword: "" }, "Het wachtwoord veld mag niet leeg zijn."],
      [{ password: "kort", repeatPassword: "kort" }, "U moet minimaal 8 tekens invoeren"],
      [{ password: NEW_PASSWORD, repeatPassword: "iets-heel-anders" }, "De ingevoerde waarden komen niet overeen"],
      [
        { password: "password1", repeatPassword: "password1" },
        "Dit wachtwoord komt voor in lijsten van uitgelekte wachtwoorden. Kies een ander wachtwoord.",
      ],
    ];
    for (const [fields, message] of cases) {
      const res = await client.post(link, fields);
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(errorsIn(html)).toContain(message);
      expect(html).toContain("Nieuw wachtwoord instellen");
      if (fields.password) expect(html).not.toContain(`value="${fields.password}"`);
    }
    expect(await passwordHashOf(user.id)).toBe(before);
    // The link still works after the refusals.
    expect((await client.page(link)).url).toBe(link);
  });

  it("changes the password, ends the account's sessions, and the link then is spent", async () => {
    const user = await createUser();
    const elsewhere = await signIn(user.email, OLD_PASSWORD);
    const link = await resetLinkFor(user.email);

    const done = await new Client().submit(link, { password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD });
    expect(done.status).toBe(302);
    expect(done.url).toBe("/");
    expect(notificationIn(done.html)).toBe("Uw wachtwoord is gewijzigd. U kunt nu inloggen.");

    const row = await getDb()
      .selectFrom("users")
      .select(["password_changed"])
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_changed).not.toBeNull();
    const sessions = await getDb().selectFrom("sessions").select("id").where("user_id", "=", user.id).execute();
    expect(sessions).toHaveLength(0);
    // The session opened with the old password is over.
    expect((await elsewhere.page("/")).html).toContain("Wachtwoord vergeten?");

    await signIn(user.email, NEW_PASSWORD);
    expect(await signInFails(user.email, OLD_PASSWORD)).toBe(true);

    const again = await new Client().page(link);
    expect(again.url).toBe("/wachtwoord-vergeten");
    expect(notificationIn(again.html)).toBe("Link niet meer geldig");
    const repost = await new Client().post(link, { password: "nog-een-wachtwoord", repeatPassword: "nog-een-wachtwoord" });
    expect(repost.headers.get("location")).toBe("/wachtwoord-vergeten");
    await signIn(user.email, NEW_PASSWORD);
  });

  it("calls an unknown link not valid", async () => {
    const { url, html } = await new Client().page("/resetting/reset/dit-is-geen-echte-link");
    expect(url).toBe("/wachtwoord-vergeten");
    expect(notificationIn(html)).toBe("Link niet geldig");
  });

  it("calls an expired link no longer valid, also when the form was already open", async () => {
    const user = await createUser();
    const link = await resetLinkFor(user.email);
    const client = new Client();
    expect((await client.page(link)).url).toBe(link);
    await getDb()
      .updateTable("tokens")
      .set({ expires: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", user.id)
      .where("purpose", "=", "reset")
      .execute();
    const before = await passwordHashOf(user.id);

    const page = await new Client().page(link);
    expect(page.url).toBe("/wachtwoord-vergeten");
    expect(notificationIn(page.html)).toBe("Link niet meer geldig");

    const post = await client.submit(link, { password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD });
    expect(post.url).toBe("/wachtwoord-vergeten");
    expect(notificationIn(post.html)).toBe("Link niet meer geldig");
    expect(await passwordHashOf(user.id)).toBe(before);
  });

  it("withdraws an earlier link when a new one is issued", async () => {
    const user = await createUser();
    const first = await resetLinkFor(user.email);
    await getDb().deleteFrom("rate_limits").where("key", "=", `resetAccount:${user.email}`).execute();
    const second = await resetLinkFor(user.email);
    expect(second).not.toBe(first);
    expect(notificationIn((await new Client().page(first)).html)).toBe("Link niet meer geldig");
    expect((await new Client().page(second)).url).toBe(second);
  });
});

describe("activating an account", () => {
  async function activationLink(user: Fixture): Promise<string> {
    await sendActivationMail(user.id, baseUrl());
    const mail = (await latestMailTo(user.email));
    expect(mail).toContain(user.email);
    return linkIn(mail!, "/register/confirm/");
  }

  it("shows the e-mail address and the names, validates, activates and allows sign-in", async () => {
    const user = await createUser({ enabled: false, password: null, givenName: "Anna" });
    const link = await activationLink(user);
    const client = new Client();

    const page = await client.page(link);
    expect(page.res.status).toBe(200);
    expect(page.html).toContain("<title>Account activeren – Ledenportaal</title>");
    expect(page.html).toContain(user.email);
    expect(page.html).toMatch(/<label for="[^"]+">Voornaam/);
    expect(page.html).toContain('value="Anna"');
    expect(page.html).toContain('value="van"');
    expect(page.html).toContain('value="Wachtwoord"');
    expect(page.html).toContain(">Account activeren</button>");
    expect(page.html).toContain("Minimaal 8 tekens");

    const invalid = await client.post(link, {
      givenName: "",
      namePreposition: "",
      familyName: " ",
      password: "kort",
      repeatPassword: "anders",
    });
    expect(invalid.status).toBe(400);
    const errors = errorsIn(await invalid.text());
    expect(errors.filter((e) => e === "Dit is een verplicht veld")).toHaveLength(2);
    expect(errors).toContain("U moet minimaal 8 tekens invoeren");

    const mismatch = await client.post(link, {
      givenName: "Anna",
      familyName: "Actief",
      password: NEW_PASSWORD,
      repeatPassword: `${NEW_PASSWORD}x`,
    });
    expect(errorsIn(await mismatch.text())).toContain("De ingevoerde waarden komen niet overeen");

    const breached = await client.post(link, {
      givenName: "",
      familyName: "Actief",
      password: "wachtwoord",
      repeatPassword: "wachtwoord",
    });
    const breachedErrors = errorsIn(await breached.text());
    // Every problem in one submit: the missing name and the leaked password.
    expect(breachedErrors).toContain("Dit is een verplicht veld");
    expect(breachedErrors).toContain(
      "Dit wachtwoord komt voor in lijsten van uitgelekte wachtwoorden. Kies een ander wachtwoord.",
    );
    const empty = await client.post(link, { givenName: "Anna", familyName: "Actief", password: "", repeatPassword: "" });
    expect(errorsIn(await empty.text())).toContain("Het wachtwoord veld mag niet leeg zijn.");

    const still = await getDb().selectFrom("users").select(["enabled", "password_hash"]).where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(still).toEqual({ enabled: 0, password_hash: null });

    const done = await client.submit(link, {
      givenName: " Anna ",
      namePreposition: "",
      familyName: "Actief",
      password: NEW_PASSWORD,
      repeatPassword: NEW_PASSWORD,
    });
    expect(done.url).toBe("/");
    expect(notificationIn(done.html)).toBe("Uw account is geactiveerd. U kunt nu inloggen.");

    const row = await getDb()
      .selectFrom("users")
      .select(["enabled", "given_name", "name_preposition", "family_name", "password_changed"])
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ enabled: 1, given_name: "Anna", name_preposition: "", family_name: "Actief" });
    expect(row.password_changed).not.toBeNull();

    const signedIn = await signIn(user.email, NEW_PASSWORD);
    expect(decodeEntities((await signedIn.page("/")).html)).toContain("Anna Actief");

    // The mail clicked a second time.
    const again = await new Client().page(link);
    expect(again.url).toBe("/");
    expect(notificationIn(again.html)).toBe("Dit account is al geactiveerd.");
  });

  it("tells an already active account so and goes home", async () => {
    const user = await createUser();
    const link = await activationLink(user);
    const { url, html } = await new Client().page(link);
    expect(url).toBe("/");
    expect(notificationIn(html)).toBe("Dit account is al geactiveerd.");
    const post = await new Client().post(link, {
      givenName: "X",
      familyName: "Y",
      password: NEW_PASSWORD,
      repeatPassword: NEW_PASSWORD,
    });
    expect(post.headers.get("location")).toBe("/");
    expect(await signInFails(user.email, NEW_PASSWORD)).toBe(true);
  });

  it("calls unknown and expired activation links invalid and offers a new one", async () => {
    const unknown = await new Client().page("/register/confirm/onbekende-link");
    expect(unknown.url).toBe("/wachtwoord-vergeten");
    expect(notificationIn(unknown.html)).toBe("Link niet geldig");

    const user = await createUser({ enabled: false, password: null });
    const link = await activationLink(user);
    await getDb()
      .updateTable("tokens")
      .set({ expires: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", user.id)
      .where("purpose", "=", "activate")
      .execute();
    const expired = await new Client().page(link);
    expect(expired.url).toBe("/wachtwoord-vergeten");
    expect(notificationIn(expired.html)).toBe("Link niet meer geldig");
  });

  it("keeps a signed-in user out", async () => {
    const user = await createUser({ enabled: false, password: null });
    const link = await activationLink(user);
    const other = await createUser();
    const client = await signIn(other.email, OLD_PASSWORD);
    expect((await client.page(link)).url).toBe("/");
  });
});
