import { describe, expect, it } from "vitest";
import { insertUser, uniqueEmail } from "../fixtures";
import {
  Client,
  control,
  errorSummary,
  fieldError,
  getDb,
  heading,
  latestMailTo,
  linkIn,
  links,
  notificationIn,
  pageText,
  rowElements,
  serverLogEntries,
  sessionFor,
  signIn,
  textOf,
} from "./support";

/** The two public registrations (part 2 §2.1, §5), posted as a browser without JavaScript does. */
const ADMIN = "beheer@voorbeeld.nl";
const REQUIRED = "Dit is een verplicht veld";
const MUST_TICK = "U dient dit aan te vinken";
const NOT_EQUAL = "De ingevoerde waarden komen niet overeen";
const POSTCODE = 'U dient een postcode van de vorm "1234AB" in te voeren';
const PHONE = "Het telefoonnummer dient uit 10 cijfers te bestaan";
const EMAIL_CONFLICT = "Dit e-mailadres is al in gebruik.";
const NEW_PASSWORD = "Zomer-Fiets-Lantaarn-42";
const REGISTRANT = "/registratie-fitnednl";
const ASSOCIATE = "/registratie-niet-lid";

const registrantFields = (email = uniqueEmail("registratie")) => ({
  email,
  emailRepeat: email,
  givenName: "Sanne",
  namePreposition: "van",
  familyName: "Dijk",
  addressStreet: "Dorpsstraat",
  addressHouseNr: "12a",
  addressPostalCode: "1234 ab",
  addressTown: "Utrecht",
  phone: "06-1234 5678",
  gender: "f",
  dateOfBirth: "1994-03-21",
  voucher: "",
  newsletter: "on",
  termsAndConditions: "on",
  privacy: "on",
  homepage: "",
});

const associateFields = (email = uniqueEmail("nietlid")) => ({
  interestMembership: "on",
  userEmail: email,
  userEmailRepeat: email,
  userGivenName: "Els",
  userNamePreposition: "de",
  userFamilyName: "Boer",
  memberName: `Sportschool De Boer ${email.split("@")[0]} B.V.`,
  enterpriseName: `Sportschool De Boer ${email.split("@")[0]}`,
  enterpriseAddressStreet: "Kerkstraat",
  enterpriseAddressHouseNr: "7",
  enterpriseAddressPostalCode: "5611 ab",
  enterpriseAddressTown: "Eindhoven",
  privacy: "on",
  homepage: "",
});

const userOf = (email: string) => getDb().selectFrom("users").selectAll().where("email", "=", email.toLowerCase()).executeTakeFirst();
const registrantOf = (userId: number) => getDb().selectFrom("registrants").selectAll().where("user_id", "=", userId).executeTakeFirst();
const counts = async () => {
  const db = getDb();
  const n = async (table: "users" | "registrants" | "members" | "enterprises" | "mail_outbox") =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  return { users: await n("users"), registrants: await n("registrants"), members: await n("members"), enterprises: await n("enterprises"), mails: await n("mail_outbox") };
};

/** Activates an account through its mailed link, checking that the form is prefilled with its names. */
async function activate(email: string, names: { givenName: string; namePreposition: string; familyName: string }) {
  const link = linkIn((await latestMailTo(email.toLowerCase()))!, "/register/confirm/");
  const visitor = new Client();
  const page = await visitor.page(link);
  expect(page.res.status).toBe(200);
  expect(page.html).toContain(email.toLowerCase());
  expect(control(page.html, "Voornaam").getAttribute("value")).toBe(names.givenName);
  expect(control(page.html, "Tussenvoegsel").getAttribute("value")).toBe(names.namePreposition);
  expect(control(page.html, "Achternaam").getAttribute("value")).toBe(names.familyName);
  const done = await visitor.submit(link, { ...names, password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD });
  expect(notificationIn(done.html)).toBe("Uw account is geactiveerd. U kunt nu inloggen.");
}

describe("professional registration /registratie-fitnednl", () => {
  it("shows the form with the fee, the terms and privacy links and a hidden honeypot, to visitors only", async () => {
    const { res, html } = await new Client().page(REGISTRANT);
    expect(res.status).toBe(200);
    expect(heading(html)).toBe("Registreren als FITNED.NL-professional");
    for (const label of ["E-mailadres", "Herhaal e-mailadres", "Voornaam", "Tussenvoegsel", "Achternaam", "Straat", "Huisnummer", "Postcode", "Plaats", "Telefoonnummer", "Geslacht", "Geboortedatum", "Vouchercode"]) {
      expect(control(html, label), label).toBeTruthy();
    }
    expect(control(html, "Ik ga akkoord met de algemene voorwaarden").getAttribute("type")).toBe("checkbox");
    expect(control(html, "Ik ga akkoord met de privacyverklaring").getAttribute("type")).toBe("checkbox");
    expect(control(html, "Geslacht").querySelectorAll("option").map((o) => textOf(o))).toEqual(expect.arrayContaining(["Man", "Vrouw", "Anders"]));
    expect(pageText(html).replace(/\u00a0/g, " ")).toContain(
      "Registratie in het FITNED.NL-register is gratis voor medewerkers van leden van de vereniging en met een vouchercode. Anders betaalt u eenmalig € 30,00.",
    );
    const hrefs = links(html).map((l) => l.href);
    expect(hrefs).toContain("/asset/terms_and_conditions");
    expect(hrefs).toContain("/asset/privacy_statement");
    // The honeypot: outside the view, out of the tab order, hidden from screen readers.
    const trap = control(html, "Laat dit veld leeg");
    expect(trap.getAttribute("name")).toBe("homepage");
    expect(trap.getAttribute("tabindex")).toBe("-1");
    expect(trap.parentNode?.getAttribute("class")).toBe("honeypot");
    expect(trap.parentNode?.getAttribute("aria-hidden")).toBe("true");

    const member = await sessionFor("lid@voorbeeld.nl");
    for (const path of [REGISTRANT, ASSOCIATE]) {
      const signedIn = await member.get(path);
      expect(signedIn.status, path).toBe(302);
      expect(signedIn.headers.get("location"), path).toBe("/");
    }
  });

  it("refuses bad input with the spec's messages and keeps everything typed", async () => {
    const before = await counts();
    const fields = {
      ...registrantFields(),
      emailRepeat: "iemand-anders@voorbeeld.nl",
      givenName: "  ",
      addressPostalCode: "123 AB",
      phone: "06123",
      dateOfBirth: "1994-02-30",
      termsAndConditions: "",
      privacy: "",
    };
    const res = await new Client().submit(REGISTRANT, fields);
    expect(res.status).toBe(400);
    expect(fieldError(res.html, "Herhaal e-mailadres")).toBe(NOT_EQUAL);
    expect(fieldError(res.html, "Voornaam")).toBe(REQUIRED);
    expect(fieldError(res.html, "Postcode")).toBe(POSTCODE);
    expect(fieldError(res.html, "Telefoonnummer")).toBe(PHONE);
    expect(fieldError(res.html, "Geboortedatum")).toBe("U dient een geldige datum in te voeren (DD-MM-JJJJ)");
    expect(fieldError(res.html, "Ik ga akkoord met de algemene voorwaarden")).toBe(MUST_TICK);
    expect(fieldError(res.html, "Ik ga akkoord met de privacyverklaring")).toBe(MUST_TICK);
    expect(errorSummary(res.html)?.fields.map((f) => f.text)).toEqual(
      expect.arrayContaining([expect.stringContaining("Herhaal e-mailadres"), expect.stringContaining("Postcode")]),
    );
    // What was typed comes back.
    expect(control(res.html, "E-mailadres").getAttribute("value")).toBe(fields.email);
    expect(control(res.html, "Herhaal e-mailadres").getAttribute("value")).toBe("iemand-anders@voorbeeld.nl");
    expect(control(res.html, "Straat").getAttribute("value")).toBe("Dorpsstraat");
    expect(control(res.html, "Postcode").getAttribute("value")).toBe("123 AB");
    expect(control(res.html, "Telefoonnummer").getAttribute("value")).toBe("06123");
    expect(control(res.html, "Geslacht").querySelector("option[selected]")?.getAttribute("value")).toBe("f");
    expect(control(res.html, "Ik wil de nieuwsbrief ontvangen").hasAttribute("checked")).toBe(true);
    expect(await counts()).toEqual(before);
  });

  it("requires every field the spec names", async () => {
    const res = await new Client().submit(REGISTRANT, { homepage: "" });
    expect(res.status).toBe(400);
    for (const label of ["E-mailadres", "Herhaal e-mailadres", "Voornaam", "Achternaam", "Straat", "Huisnummer", "Postcode", "Plaats", "Telefoonnummer"]) {
      expect(fieldError(res.html, label), label).toBe(REQUIRED);
    }
    for (const label of ["Tussenvoegsel", "Geslacht", "Geboortedatum", "Vouchercode"]) expect(fieldError(res.html, label), label).toBeUndefined();
  });

  it("creates a disabled account and an unapproved professional, mails the activation link, and after activation the registration awaits approval", async () => {
    const email = uniqueEmail("registratie").replace(/^r/, "R");
    const fields = registrantFields(email);
    const res = await new Client().submit(REGISTRANT, fields);
    expect(res.status).toBe(302);
    expect(res.url).toBe(`${REGISTRANT}?verzonden`);
    expect(heading(res.html)).toBe("Bedankt voor uw registratie");

    const user = (await userOf(email))!;
    expect(user).toMatchObject({ email: email.toLowerCase(), enabled: 0, password_hash: null, role: "user", member_id: null, newsletter: 1, given_name: "Sanne", name_preposition: "van", family_name: "Dijk" });
    expect(user.phone_primary).toBe("0612345678");
    const registrant = (await registrantOf(user.id))!;
    expect(registrant).toMatchObject({
      approved: 0,
      id_fit_ned: null,
      pass_number: null,
      gender: "f",
      date_of_birth: "1994-03-21",
      phone: "0612345678",
      address_street: "Dorpsstraat",
      address_house_nr: "12a",
      address_postal_code: "1234AB",
      address_town: "Utrecht",
      full_name: "Sanne van Dijk",
      email: email.toLowerCase(),
    });

    // Not yet among the new registrations: its account is not active.
    const admin = await sessionFor(ADMIN);
    const pendingPage = () => admin.page("/fitnednl/nieuwe-aanmeldingen");
    expect((await pendingPage()).html).not.toContain(email.toLowerCase());

    await activate(email, { givenName: "Sanne", namePreposition: "van", familyName: "Dijk" });
    const row = rowElements((await pendingPage()).html).find((r) => textOf(r).includes(email.toLowerCase()));
    expect(row && textOf(row)).toContain("Sanne van Dijk");
    await signIn(email.toLowerCase(), NEW_PASSWORD);
    expect(serverLogEntries().some((e) => e.event === "registered" && e.account === user.id && e.form === "registrant")).toBe(true);
  });

  it("answers an address that already has an account with the conflict, creating nothing and telling nothing more", async () => {
    const existing = await insertUser(getDb(), { email: uniqueEmail("bestaand") });
    const before = await counts();
    for (const email of [existing.email, existing.email.toUpperCase()]) {
      const res = await new Client().submit(REGISTRANT, registrantFields(email));
      expect(res.status).toBe(409);
      expect(fieldError(res.html, "E-mailadres")).toBe(EMAIL_CONFLICT);
      expect(control(res.html, "Straat").getAttribute("value")).toBe("Dorpsstraat");
    }
    const associate = await new Client().submit(ASSOCIATE, associateFields(existing.email));
    expect(associate.status).toBe(409);
    expect(fieldError(associate.html, "E-mailadres")).toBe(EMAIL_CONFLICT);
    expect(await counts()).toEqual(before);
  });

  it("two registrations of one address at once make one account", async () => {
    const email = uniqueEmail("tegelijk");
    const answers = await Promise.all([new Client().post(REGISTRANT, registrantFields(email)), new Client().post(REGISTRANT, registrantFields(email))]);
    expect(answers.map((a) => a.status).sort()).toEqual([302, 409]);
    const users = await getDb().selectFrom("users").select("id").where("email", "=", email).execute();
    expect(users).toHaveLength(1);
    expect(await getDb().selectFrom("registrants").select("id").where("email", "=", email).execute()).toHaveLength(1);
  });

  it("ignores fields a visitor may not set (approval, numbers, rights)", async () => {
    const email = uniqueEmail("vervalst");
    const res = await new Client().post(REGISTRANT, { ...registrantFields(email), approved: "on", idFitNed: "1", passNumber: "1", role: "super-admin", admin: "on", enabled: "1" });
    expect(res.status).toBe(302);
    const user = (await userOf(email))!;
    expect(user).toMatchObject({ role: "user", enabled: 0 });
    expect(await registrantOf(user.id)).toMatchObject({ approved: 0, id_fit_ned: null, pass_number: null });
  });

  it("takes field names that reach for an object's prototype for nothing, with bad input and with good", async () => {
    const forged = ["__proto__", "__proto__.approved", "constructor", "constructor.prototype.approved", "hasOwnProperty", "toString", "valueOf"];
    const withForged = (fields: Record<string, string>) => {
      const body = new URLSearchParams(fields);
      for (const name of forged) body.append(name, "1");
      return body;
    };
    const before = await counts();
    const bad = await new Client().post(REGISTRANT, withForged({ ...registrantFields(), givenName: "", addressPostalCode: "123 AB" }));
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(fieldError(html, "Voornaam")).toBe(REQUIRED);
    expect(fieldError(html, "Postcode")).toBe(POSTCODE);
    expect(control(html, "Postcode").getAttribute("value")).toBe("123 AB");
    expect(await counts()).toEqual(before);

    const email = uniqueEmail("prototype");
    const good = await new Client().post(REGISTRANT, withForged(registrantFields(email)));
    expect(good.status).toBe(302);
    const user = (await userOf(email))!;
    expect(user).toMatchObject({ given_name: "Sanne", role: "user", enabled: 0 });
    expect(await registrantOf(user.id)).toMatchObject({ approved: 0, address_postal_code: "1234AB" });
  });

  it("a filled honeypot is answered like a success and writes nothing", async () => {
    const before = await counts();
    const res = await new Client().submit(REGISTRANT, { ...registrantFields(), homepage: "https://spam.example" });
    expect(res.url).toBe(`${REGISTRANT}?verzonden`);
    expect(heading(res.html)).toBe("Bedankt voor uw registratie");
    const associate = await new Client().submit(ASSOCIATE, { ...associateFields(), homepage: "x" });
    expect(heading(associate.html)).toBe("Bedankt voor uw aanmelding");
    expect(await counts()).toEqual(before);
    expect(serverLogEntries().filter((e) => e.event === "honeypot").map((e) => e.form)).toEqual(expect.arrayContaining(["registrant", "associate"]));
  });

  it("limits valid posts per address, shared by both forms ('Teveel verkeer'), keeping what was typed", async () => {
    const client = new Client();
    const key = `publicFormIp:${client.ip}`;
    const used = async () => Number((await getDb().selectFrom("rate_limits").select("count").where("key", "=", key).executeTakeFirst())?.count ?? 0);
    expect((await client.post(REGISTRANT, registrantFields())).status).toBe(302);
    // An invalid post does not count.
    expect((await client.post(REGISTRANT, { ...registrantFields(), phone: "1" })).status).toBe(400);
    expect((await client.post(ASSOCIATE, associateFields())).status).toBe(302);
    expect(await used()).toBe(2);

    await getDb().updateTable("rate_limits").set({ count: 60 }).where("key", "=", key).execute();
    const before = await counts();
    const fields = registrantFields();
    const refused = await client.submit(REGISTRANT, fields);
    expect(refused.status).toBe(429);
    expect(errorSummary(refused.html)?.formErrors.join(" ")).toContain("Teveel verkeer");
    expect(control(refused.html, "E-mailadres").getAttribute("value")).toBe(fields.email);
    const associate = await client.submit(ASSOCIATE, associateFields());
    expect(associate.status).toBe(429);
    expect(await counts()).toEqual(before);
    // Another address is not held back.
    expect((await new Client().post(REGISTRANT, registrantFields())).status).toBe(302);
  });

  it("refuses a forged post with a file unread (413)", async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries(registrantFields())) form.append(name, value);
    form.append("bijlage", new Blob([Buffer.alloc(1024, 1)]), "bijlage.bin");
    const before = await counts();
    const res = await new Client().post(REGISTRANT, form);
    expect(res.status).toBe(413);
    expect(await counts()).toEqual(before);
  });
});

describe("trial membership /registratie-niet-lid", () => {
  it("shows the trial's terms from Teksten, editable there, and the form", async () => {
    const { res, html } = await new Client().page(ASSOCIATE);
    expect(res.status).toBe(200);
    expect(heading(html)).toBe("Proeflidmaatschap voor niet-leden");
    expect(pageText(html)).toContain("€ 275,00 excl. btw per vestiging");
    for (const label of ["Ik heb interesse in een volwaardig lidmaatschap", "Ik wil de nieuwsbrief ontvangen", "E-mailadres", "Herhaal e-mailadres", "Voornaam", "Achternaam", "Naam organisatie (statutaire of handelsnaam)", "Naam vestiging", "Straat", "Huisnummer", "Postcode", "Plaats", "Ik ga akkoord met de privacyverklaring"]) {
      expect(control(html, label), label).toBeTruthy();
    }
    expect(links(html).map((l) => l.href)).toContain("/asset/privacy_statement");

    const text = await getDb().selectFrom("texts").select(["id", "content"]).where("ref", "=", "register_associate_terms").executeTakeFirstOrThrow();
    try {
      await getDb().updateTable("texts").set({ content: "<p>Proeflidmaatschap tot en met 31 december 2028.</p><script>alert(1)</script>" }).where("id", "=", text.id).execute();
      const changed = (await new Client().page(ASSOCIATE)).html;
      expect(pageText(changed)).toContain("Proeflidmaatschap tot en met 31 december 2028.");
      expect(changed).not.toContain("<script>alert(1)");
    } finally {
      await getDb().updateTable("texts").set({ content: text.content }).where("id", "=", text.id).execute();
    }
  });

  it("refuses bad input with the spec's messages and keeps everything typed", async () => {
    const before = await counts();
    const fields = { ...associateFields(), userEmailRepeat: "anders@voorbeeld.nl", memberName: "", enterpriseAddressPostalCode: "AB1234", privacy: "" };
    const res = await new Client().submit(ASSOCIATE, fields);
    expect(res.status).toBe(400);
    expect(fieldError(res.html, "Herhaal e-mailadres")).toBe(NOT_EQUAL);
    expect(fieldError(res.html, "Naam organisatie (statutaire of handelsnaam)")).toBe(REQUIRED);
    expect(fieldError(res.html, "Postcode")).toBe(POSTCODE);
    expect(fieldError(res.html, "Ik ga akkoord met de privacyverklaring")).toBe(MUST_TICK);
    expect(control(res.html, "Naam vestiging").getAttribute("value")).toBe(fields.enterpriseName);
    expect(control(res.html, "Ik heb interesse in een volwaardig lidmaatschap").hasAttribute("checked")).toBe(true);
    expect(await counts()).toEqual(before);

    const empty = await new Client().submit(ASSOCIATE, { homepage: "" });
    for (const label of ["E-mailadres", "Herhaal e-mailadres", "Voornaam", "Achternaam", "Naam organisatie (statutaire of handelsnaam)", "Naam vestiging", "Straat", "Huisnummer", "Postcode", "Plaats"]) {
      expect(fieldError(empty.html, label), label).toBe(REQUIRED);
    }
  });

  it("creates an unapproved associate membership, its unapproved establishment and their manager; they reach the new memberships and establishments pages", async () => {
    const email = uniqueEmail("nietlid");
    const fields = { ...associateFields(email), newsletter: "on" };
    const res = await new Client().submit(ASSOCIATE, fields);
    expect(res.url).toBe(`${ASSOCIATE}?verzonden`);
    expect(heading(res.html)).toBe("Bedankt voor uw aanmelding");

    const user = (await userOf(email))!;
    expect(user).toMatchObject({ enabled: 0, password_hash: null, role: "user", manager_member: 1, contact_member: 0, newsletter: 1, given_name: "Els", name_preposition: "de", family_name: "Boer" });
    const member = await getDb().selectFrom("members").selectAll().where("id", "=", user.member_id!).executeTakeFirstOrThrow();
    expect(member).toMatchObject({ name: fields.memberName, associate: 1, interest_membership: 1, approved: 0, inactive: 0, hidden: 0 });
    const enterprises = await getDb().selectFrom("enterprises").selectAll().where("member_id", "=", member.id).execute();
    expect(enterprises).toHaveLength(1);
    expect(enterprises[0]).toMatchObject({ name: fields.enterpriseName, approved: 0, address_street: "Kerkstraat", address_house_nr: "7", address_postal_code: "5611AB", address_town: "Eindhoven", lidnummer: null });
    expect(member.principal_enterprise_id).toBe(enterprises[0].id);
    expect(await getDb().selectFrom("enterprise_managers").selectAll().where("user_id", "=", user.id).execute()).toEqual([
      { enterprise_id: enterprises[0].id, user_id: user.id },
    ]);

    const admin = await sessionFor(ADMIN);
    const members = await admin.page("/nieuwe-lidmaatschappen");
    expect(pageText(members.html)).toContain(fields.memberName);
    // Its establishment waits for the membership's approval first.
    expect(pageText((await admin.page("/vestigingen/nieuwe-vestigingen")).html)).not.toContain(fields.enterpriseName);
    const approve = `/nieuwe-lidmaatschappen/goedkeuren/${member.id}`;
    expect((await admin.post(approve, {})).status).toBe(302);
    expect((await getDb().selectFrom("members").select("approved").where("id", "=", member.id).executeTakeFirstOrThrow()).approved).toBe(1);
    expect(pageText((await admin.page("/vestigingen/nieuwe-vestigingen")).html)).toContain(fields.enterpriseName);

    await activate(email, { givenName: "Els", namePreposition: "de", familyName: "Boer" });
    await signIn(email, NEW_PASSWORD);
  });
});
