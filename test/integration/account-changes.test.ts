import * as OTPAuth from "otpauth";
import { describe, expect, it } from "vitest";
import { encrypt } from "../../app/lib/crypto.server";
import { insertMember, insertUser, uniqueEmail } from "../fixtures";
import {
  Client,
  codeIn,
  DEMO_PASSWORD,
  decodeEntities,
  errorsIn,
  getDb,
  latestMailTo,
  linkIn,
  notificationIn,
  signIn,
} from "./support";

const PATH = "/mijn-gegevens";
const NEW_PASSWORD = "een-heel-nieuwe-wachtzin-77";
const CONFIRM = "/mijn-gegevens/e-mailadres-bevestigen/";

const userRow = (id: number) => getDb().selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

function accountForm(email: string, extra: Record<string, string> = {}): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries({ intent: "data", email, givenName: "Femke", familyName: "Fixture", ...extra })) body.set(k, v);
  return body;
}

async function imitatedBySuperAdmin(userId: number) {
  const admin = await signIn("superbeheer@voorbeeld.nl");
  expect((await admin.post("/imitate", { intent: "start", userId: String(userId) })).status).toBe(302);
  return admin;
}

describe("changes that need the current password", () => {
  it("refuses a new e-mail address with only a session", async () => {
    const user = await insertUser(getDb(), {});
    const client = await signIn(user.email);
    const res = await client.post(PATH, accountForm(uniqueEmail("overgenomen"), { givenName: "Getypt" }));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(errorsIn(html)).toContain("Vul uw huidige wachtwoord in.");
    expect(html).toContain('value="Getypt"');
    const wrong = await client.post(PATH, accountForm(uniqueEmail("overgenomen"), { currentPassword: "niet-het-wachtwoord" }));
    expect(errorsIn(await wrong.text())).toContain("Het huidige wachtwoord klopt niet.");
    expect((await userRow(user.id)).email).toBe(user.email);
  });

  it("refuses a change of second factor with only a session", async () => {
    const user = await insertUser(getDb(), {});
    const client = await signIn(user.email);
    const res = await client.post(PATH, { intent: "mfa", mfaType: "email" });
    expect(res.status).toBe(400);
    expect(errorsIn(await res.text())).toContain("Vul uw huidige wachtwoord in.");
    expect((await userRow(user.id)).mfa_type).toBe("");
  });

  it("counts wrong current passwords against the sign-in limit of the account", async () => {
    const user = await insertUser(getDb(), {});
    const client = await signIn(user.email);
    for (let i = 0; i < 10; i++) {
      await client.post(PATH, { intent: "password", currentPassword: `fout-${i}-wachtwoord`, password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD });
    }
    const res = await client.post(PATH, { intent: "password", currentPassword: DEMO_PASSWORD, password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(decodeEntities(await res.text())).toContain("Teveel verkeer");
    expect((await new Client().post("/?index", { intent: "login", email: user.email, password: DEMO_PASSWORD })).status).toBe(429);
  });

  it("asks an authenticator-app user for a fresh code of the app, and refuses a replayed one", async () => {
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    const user = await insertUser(getDb(), {});
    await getDb().updateTable("users").set({ mfa_type: "app", totp_secret: encrypt(secret) }).where("id", "=", user.id).execute();
    const client = new Client();
    await client.post("/?index", { intent: "login", email: user.email, password: DEMO_PASSWORD });
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), label: user.email, issuer: "Ledenportaal" });
    const used = totp.generate();
    expect((await client.post("/?index", { intent: "code", code: used })).status).toBe(302);

    const fields = { intent: "password", currentPassword: DEMO_PASSWORD, password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD };
    const missing = await client.post(PATH, fields);
    expect(errorsIn(await missing.text())).toContain("Vul de code van uw tweestapsverificatie in.");
    const replayed = await client.post(PATH, { ...fields, secondFactorCode: used });
    expect(errorsIn(await replayed.text())).toContain("Verkeerde 2factor code!");
    const fresh = totp.generate({ timestamp: Date.now() + 30_000 });
    const done = await client.submit(PATH, { ...fields, secondFactorCode: fresh });
    expect(notificationIn(done.html)).toBe("Uw wachtwoord is gewijzigd.");
  });

  it("mails an e-mail-code user a code with 'Code versturen', keeping what was typed", async () => {
    const user = await insertUser(getDb(), { mfa: "email" });
    const client = await signIn(user.email);
    const newEmail = uniqueEmail("met-code");
    const asked = await client.post(PATH, accountForm(newEmail, { givenName: "Blijft", currentPassword: DEMO_PASSWORD, sendCode: "1" }));
    expect(asked.status).toBe(200);
    const html = await asked.text();
    expect(html).toContain("Er is een code naar uw e-mailadres verstuurd. Vul die hieronder in.");
    expect(html).toContain('value="Blijft"');
    expect(html).toContain(`value="${newEmail}"`);
    expect(html).not.toContain(`value="${DEMO_PASSWORD}"`);
    const code = codeIn((await latestMailTo(user.email))!);
    const done = await client.submit(PATH, accountForm(newEmail, { currentPassword: DEMO_PASSWORD, secondFactorCode: code }));
    expect(notificationIn(done.html)).toBe("Uw gegevens zijn opgeslagen.");
    expect(await latestMailTo(newEmail)).toContain(CONFIRM);
  });

  it("does not let an admin switch the second factor off", async () => {
    const admin = await insertUser(getDb(), { role: "admin", mfa: "email" });
    const client = await signIn(admin.email);
    const res = await client.post(PATH, { intent: "mfa", mfaType: "off", currentPassword: DEMO_PASSWORD });
    expect(res.status).toBe(400);
    expect(errorsIn(await res.text())).toContain(
      "Beheerders loggen altijd in met tweestapsverificatie: kies de e-mailcode of de authenticator-app.",
    );
    expect((await userRow(admin.id)).mfa_type).toBe("email");
  });
});

describe("while an admin imitates the account", () => {
  it("refuses a new e-mail address, a new password and a new second factor", async () => {
    const user = await insertUser(getDb(), {});
    const admin = await imitatedBySuperAdmin(user.id);
    const newEmail = uniqueEmail("namens");
    const email = await admin.post(PATH, accountForm(newEmail, { currentPassword: DEMO_PASSWORD }));
    expect(email.status).toBe(403);
    expect(errorsIn(await email.text())).toContain(
      "Tijdens het imiteren kunt u het e-mailadres, het wachtwoord en de tweestapsverificatie niet wijzigen.",
    );
    const password = await admin.submit(PATH, { intent: "password", currentPassword: DEMO_PASSWORD, password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD });
    expect(notificationIn(password.html)).toBe(
      "Tijdens het imiteren kunt u het e-mailadres, het wachtwoord en de tweestapsverificatie niet wijzigen.",
    );
    const row = await userRow(user.id);
    expect(row.email).toBe(user.email);
    expect(row.password_changed).toBeNull();
    expect(await latestMailTo(newEmail)).toBeUndefined();
    const page = await admin.page(PATH);
    expect(page.html).not.toContain(">Wachtwoord wijzigen</button>");
  });
});

describe("a new e-mail address is confirmed by a link to it", () => {
  it("tells the old address, keeps it until the link is followed, then ends the other sessions", async () => {
    const user = await insertUser(getDb(), {});
    const client = await signIn(user.email);
    const elsewhere = await signIn(user.email);
    const newEmail = uniqueEmail("bevestigd");
    await client.submit(PATH, accountForm(newEmail, { currentPassword: DEMO_PASSWORD }));
    expect(await latestMailTo(user.email)).toContain(newEmail);
    expect((await userRow(user.id)).email).toBe(user.email);
    // The old address still signs in.
    await signIn(user.email);

    const link = linkIn((await latestMailTo(newEmail))!, CONFIRM);
    // Opening the link changes nothing by itself.
    const shown = await new Client().page(link);
    expect(decodeEntities(shown.html)).toContain(newEmail);
    expect((await userRow(user.id)).email).toBe(user.email);

    const done = await new Client().submit(link, {});
    expect(notificationIn(done.html)).toBe("Uw e-mailadres is gewijzigd.");
    expect((await userRow(user.id)).email).toBe(newEmail);
    expect((await elsewhere.page(PATH)).url).toMatch(/^\/\?next=/);
    expect((await client.page(PATH)).url).toMatch(/^\/\?next=/);
    await signIn(newEmail);
    // A link works once.
    const again = await new Client().submit(link, {});
    expect(notificationIn(again.html)).toBe("Link niet meer geldig");
  });

  it("refuses the link when the address has been taken meanwhile", async () => {
    const user = await insertUser(getDb(), {});
    const client = await signIn(user.email);
    const newEmail = uniqueEmail("bezet");
    await client.submit(PATH, accountForm(newEmail, { currentPassword: DEMO_PASSWORD }));
    const link = linkIn((await latestMailTo(newEmail))!, CONFIRM);
    await insertUser(getDb(), { email: newEmail });
    const res = await client.submit(link, {});
    expect(notificationIn(res.html)).toBe("Dit e-mailadres is inmiddels al in gebruik door een ander account.");
    expect((await userRow(user.id)).email).toBe(user.email);
  });
});

describe("an e-mail change withdraws the links mailed before it", () => {
  it("no longer activates an account through a link mailed to the mistyped address", async () => {
    const memberId = await insertMember(getDb());
    const mistyped = uniqueEmail("verkeerd-getypt");
    const user = await insertUser(getDb(), { email: mistyped, memberId, enabled: false, password: null });
    const admin = await signIn("beheer@voorbeeld.nl");
    const edit = `/lidmaatschappen/bewerken/${memberId}/account-bewerken/${user.id}`;
    await admin.submit(edit, { intent: "send-activation" });
    const link = linkIn((await latestMailTo(mistyped))!, "/register/confirm/");

    const corrected = uniqueEmail("goed-getypt");
    const saved = await admin.submit(edit, { intent: "general", email: corrected, givenName: "Femke", familyName: "Fixture" });
    expect(saved.status).toBe(302);
    expect((await userRow(user.id)).email).toBe(corrected);

    const page = await new Client().page(link);
    expect(page.url).toBe("/wachtwoord-vergeten");
    expect(notificationIn(page.html)).toBe("Link niet meer geldig");
    const post = await new Client().post(link, {
      givenName: "Femke",
      familyName: "Fixture",
      password: NEW_PASSWORD,
      repeatPassword: NEW_PASSWORD,
    });
    expect(post.status).toBe(302);
    expect((await userRow(user.id)).enabled).toBe(0);
  });

  it("withdraws a reset link when the person confirms a new address", async () => {
    const user = await insertUser(getDb(), {});
    await new Client().post("/wachtwoord-vergeten", { email: user.email });
    const reset = linkIn((await latestMailTo(user.email))!, "/resetting/reset/");
    const client = await signIn(user.email);
    const newEmail = uniqueEmail("na-reset");
    await client.submit(PATH, accountForm(newEmail, { currentPassword: DEMO_PASSWORD }));
    await client.submit(linkIn((await latestMailTo(newEmail))!, CONFIRM), {});
    const res = await new Client().post(reset, { password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/wachtwoord-vergeten");
    expect((await userRow(user.id)).password_changed).toBeNull();
  });
});

describe("'Wachtwoord wijzigen'", () => {
  const fields = (extra: Record<string, string>) => ({ intent: "password", currentPassword: DEMO_PASSWORD, ...extra });

  it("refuses a wrong current password, a leaked or short new one, and a repeat that differs", async () => {
    const user = await insertUser(getDb(), {});
    const client = await signIn(user.email);
    const wrong = await client.post(PATH, fields({ currentPassword: "niet-goed-123", password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD }));
    expect(errorsIn(await wrong.text())).toContain("Het huidige wachtwoord klopt niet.");
    const leaked = await client.post(PATH, fields({ password: "password123", repeatPassword: "password123" }));
    expect(errorsIn(await leaked.text())).toContain("Dit wachtwoord komt voor in lijsten van uitgelekte wachtwoorden. Kies een ander wachtwoord.");
    const short = await client.post(PATH, fields({ password: "kort", repeatPassword: "kort" }));
    expect(errorsIn(await short.text())).toContain("U moet minimaal 8 tekens invoeren");
    const differs = await client.post(PATH, fields({ password: NEW_PASSWORD, repeatPassword: `${NEW_PASSWORD}x` }));
    expect(errorsIn(await differs.text())).toContain("De ingevoerde waarden komen niet overeen");
    expect((await userRow(user.id)).password_changed).toBeNull();
  });

  it("sets the new password, tells the account by mail and ends the other sessions", async () => {
    const user = await insertUser(getDb(), {});
    const elsewhere = await signIn(user.email);
    const client = await signIn(user.email);
    const { html } = await client.submit(PATH, fields({ password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD }));
    expect(notificationIn(html)).toBe("Uw wachtwoord is gewijzigd.");
    expect(await latestMailTo(user.email)).toContain("Het wachtwoord van uw account in het Ledenportaal is zojuist gewijzigd.");
    expect((await client.page(PATH)).url).toBe(PATH);
    expect((await elsewhere.page(PATH)).url).toMatch(/^\/\?next=/);
    expect((await new Client().post("/?index", { intent: "login", email: user.email, password: DEMO_PASSWORD })).status).toBe(401);
    await signIn(user.email, NEW_PASSWORD);
  });
});
