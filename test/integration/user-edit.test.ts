import sharp from "sharp";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { setAccountEnabled } from "../../app/accounts/account-edit.server";
import { deleteUser } from "../../app/accounts/list.server";
import type { Account } from "../../app/auth/account";
import { insertEnterprise, insertMember, insertUser, uniqueEmail } from "../fixtures";
import {
  breadcrumbs,
  Client,
  control,
  errorsIn,
  fieldError,
  fileExists,
  getDb,
  heading,
  latestMailTo,
  linkByName,
  links,
  notificationIn,
  parsePage,
  sessionFor,
  tabNames,
  textOf,
} from "./support";

/**
 * Adding and changing accounts in the admin register (/accounts/toevoegen, /accounts/bewerken/:user)
 * and among the own membership's accounts (/mijn-accounts, its managers), without JavaScript. The
 * membership pages' account forms are the same module (member-accounts.test.ts). Every account
 * changed here is a fixture of this file.
 */
const ADMIN = "beheer@voorbeeld.nl";
const SUPER = "superbeheer@voorbeeld.nl";
const MEMBER = "lid@voorbeeld.nl";
const FULL_MEMBER = "vestiging@voorbeeld.nl";

const SUPER_ADMIN_GRANT_ONLY = "Alleen een superbeheerder kan superbeheerders aanwijzen of dit recht afnemen.";
const LAST_SUPER_ADMIN = "Er moet altijd ten minste één actieve superbeheerder blijven.";

let admin: Client;
let memberA: number;
let memberAName: string;
let memberB: number;
let alfa: number;
let foreign: number;
/** The membership of lid@ (De Vaart), whose accounts lid@ manages. */
let vaart: number;

const editPath = (id: number) => `/accounts/bewerken/${id}`;
const myEditPath = (id: number) => `/mijn-accounts/account-bewerken/${id}`;

async function userRow(id: number) {
  return getDb()
    .selectFrom("users")
    .select(["email", "given_name", "family_name", "enabled", "member_id", "manager_member", "contact_member", "role", "image_file_id", "newsletter"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

async function linksOf(table: "enterprise_managers" | "enterprise_contacts", userId: number): Promise<number[]> {
  const rows = await getDb().selectFrom(table).select("enterprise_id").where("user_id", "=", userId).execute();
  return rows.map((r) => r.enterprise_id).sort((a, b) => a - b);
}

function fields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "general",
    email: uniqueEmail("register"),
    givenName: "Rik",
    namePreposition: "van",
    familyName: "Register",
    phonePrimary: "0612345678",
    ...overrides,
  };
}

function formData(values: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  return form;
}

const tinyPng = () => sharp({ create: { width: 10, height: 10, channels: 3, background: "#0a0" } }).png().toBuffer();

beforeAll(async () => {
  const db = getDb();
  memberAName = `Registerclub ${Date.now().toString(36)}`;
  memberA = await insertMember(db, { name: memberAName });
  memberB = await insertMember(db);
  alfa = await insertEnterprise(db, memberA, { name: "Alfa" });
  foreign = await insertEnterprise(db, memberB, { name: "Elders" });
  admin = await sessionFor(ADMIN);
  vaart = (await db.selectFrom("users").select("member_id").where("email", "=", MEMBER).executeTakeFirstOrThrow()).member_id!;
});

describe("adding an account in the register", () => {
  it("is offered by the list's 'Toevoegen'; only a super admin is offered 'Superbeheerder'", async () => {
    const list = await admin.page("/accounts");
    expect(linkByName(list.html, "Toevoegen").href).toBe("/accounts/toevoegen");
    const page = await admin.page("/accounts/toevoegen");
    expect(heading(page.html)).toBe("Account toevoegen");
    const rights = (html: string) => control(html, "Rechten").querySelectorAll("option").map((o) => textOf(o));
    expect(rights(page.html)).toEqual(["Maak een keuze", "Gebruiker", "Beheerder"]);
    expect(textOf(control(page.html, "Lidmaatschap zoeken"))).toBe("");
    expect(rights((await (await sessionFor(SUPER)).page("/accounts/toevoegen")).html)).toContain("Superbeheerder");
  });

  it("creates a not yet active account with membership, rights and photo, and mails the activation link when asked", async () => {
    const values = fields({ member: String(memberA), rights: "admin", sendMail: "on", newsletter: "on" });
    const form = formData(values);
    form.set("photo", new Blob([new Uint8Array(await tinyPng())], { type: "image/png" }), "pasfoto.png");
    const done = await admin.submit("/accounts/toevoegen", form);
    const user = await getDb().selectFrom("users").select("id").where("email", "=", values.email).executeTakeFirstOrThrow();
    expect(done.url).toBe(editPath(user.id));
    expect(notificationIn(done.html)).toBe("Account aangemaakt. Er is een activatiemail verstuurd.");
    const row = await userRow(user.id);
    expect(row).toMatchObject({ member_id: memberA, role: "admin", enabled: 0, newsletter: 1, manager_member: 0 });
    expect(await fileExists(row.image_file_id)).toBe(true);
    const log = await getDb().selectFrom("member_log").selectAll().where("account_id", "=", user.id).execute();
    expect(log.map((l) => l.action)).toEqual(["account_created"]);
    expect(await latestMailTo(values.email)).toContain("/register/confirm/");
    // The page shows what was stored; the account has a membership, so the Rollen tab is there.
    expect(control(done.html, "Rechten").querySelector("option[selected]")?.getAttribute("value")).toBe("admin");
    expect(textOf(parsePage(done.html).querySelector(".member-choice__current"))).toContain(memberAName);
    expect(tabNames(done.html)).toEqual(["Algemeen", "Rollen"]);
  });

  it("creates an account without membership, without the Rollen tab", async () => {
    const values = fields({ rights: "user" });
    const done = await admin.submit("/accounts/toevoegen", values);
    const user = await getDb().selectFrom("users").select("id").where("email", "=", values.email).executeTakeFirstOrThrow();
    expect(await userRow(user.id)).toMatchObject({ member_id: null, role: "user" });
    expect(tabNames(done.html)).toEqual(["Algemeen"]);
    expect(await latestMailTo(values.email)).toBeUndefined();
  });

  it("refuses super admin rights from an admin, and a membership that does not exist, keeping what was typed", async () => {
    const grant = fields({ rights: "super-admin", givenName: "Sanne" });
    const refused = await admin.post("/accounts/toevoegen", grant);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(fieldError(html, "Rechten")).toBe(SUPER_ADMIN_GRANT_ONLY);
    expect(control(html, "Voornaam").getAttribute("value")).toBe("Sanne");
    expect(control(html, "E-mailadres").getAttribute("value")).toBe(grant.email);

    const gone = fields({ member: "99999999" });
    const missing = await admin.post("/accounts/toevoegen", gone);
    expect(missing.status).toBe(409);
    expect(errorsIn(await missing.text())).toContain("Dit lidmaatschap bestaat niet (meer).");

    const forged = await admin.post("/accounts/toevoegen", fields({ member: "abc" }));
    expect(forged.status).toBe(400);
    expect(errorsIn(await forged.text())).toContain("Kies een waarde uit de lijst");
    for (const email of [grant.email, gone.email]) {
      expect(await getDb().selectFrom("users").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
    }
  });

  it("lets a super admin make a super admin", async () => {
    const values = fields({ rights: "super-admin" });
    await (await sessionFor(SUPER)).submit("/accounts/toevoegen", values);
    const user = await getDb().selectFrom("users").select("role").where("email", "=", values.email).executeTakeFirstOrThrow();
    expect(user.role).toBe("super-admin");
  });

  it("searches memberships without JavaScript by showing the form again with the matches, saving nothing", async () => {
    const values = fields({ intent: "member-search", memberQuery: memberAName.slice(0, 14), givenName: "Zoeker" });
    const res = await admin.post("/accounts/toevoegen", values);
    expect(res.status).toBe(200);
    const html = await res.text();
    const options = control(html, "Lidmaatschap").querySelectorAll("option").map((o) => textOf(o));
    expect(options).toContain(memberAName);
    expect(control(html, "Voornaam").getAttribute("value")).toBe("Zoeker");
    expect(await getDb().selectFrom("users").select("id").where("email", "=", values.email).executeTakeFirst()).toBeUndefined();
  });
});

describe("changing an account in the register", () => {
  it("moves an account to another membership, dropping only the roles it held in the old one", async () => {
    const user = await insertUser(getDb(), { memberId: memberA, managerMember: true });
    await getDb().updateTable("users").set({ contact_member: 1 }).where("id", "=", user.id).execute();
    await getDb().insertInto("enterprise_managers").values([{ enterprise_id: alfa, user_id: user.id }, { enterprise_id: foreign, user_id: user.id }]).execute();
    await getDb().insertInto("enterprise_contacts").values({ enterprise_id: alfa, user_id: user.id }).execute();
    const page = await admin.page(editPath(user.id));
    expect(tabNames(page.html)).toEqual(["Algemeen", "Rollen"]);
    expect(page.html).toContain("<title>Femke Fixture – Ledenportaal</title>");
    expect(breadcrumbs(page.html)).toEqual(["Accounts → /accounts", "Account bewerken"]);

    const done = await admin.submit(editPath(user.id), fields({ email: user.email, member: String(memberB), rights: "user" }));
    expect(notificationIn(done.html)).toBe("Account opgeslagen.");
    expect(await userRow(user.id)).toMatchObject({ member_id: memberB, manager_member: 0, contact_member: 0 });
    expect(await linksOf("enterprise_managers", user.id)).toEqual([foreign]);
    expect(await linksOf("enterprise_contacts", user.id)).toEqual([]);
  });

  it("grants and takes the admin flag, replaces and removes the photo", async () => {
    const user = await insertUser(getDb(), { memberId: memberA });
    const withPhoto = formData(fields({ email: user.email, member: String(memberA), rights: "admin" }));
    withPhoto.set("photo", new Blob([new Uint8Array(await tinyPng())], { type: "image/png" }), "foto.png");
    await admin.submit(editPath(user.id), withPhoto);
    const first = await userRow(user.id);
    expect(first.role).toBe("admin");
    expect(await fileExists(first.image_file_id)).toBe(true);

    await admin.submit(editPath(user.id), fields({ email: user.email, member: String(memberA), rights: "user", photoRemove: "on" }));
    const second = await userRow(user.id);
    expect(second).toMatchObject({ role: "user", image_file_id: null });
    expect(await fileExists(first.image_file_id)).toBe(false);
  });

  it("keeps a super admin's account from admins, and super admin rights from what an admin posts", async () => {
    const superUser = await insertUser(getDb(), { role: "super-admin" });
    const opened = await admin.get(editPath(superUser.id));
    expect(opened.headers.get("location")).toBe("/");
    const forged = await admin.post(editPath(superUser.id), fields({ email: superUser.email, rights: "user" }));
    expect(forged.headers.get("location")).toBe("/");
    expect((await userRow(superUser.id)).role).toBe("super-admin");

    const user = await insertUser(getDb());
    const raise = await admin.post(editPath(user.id), fields({ email: user.email, rights: "super-admin" }));
    expect(raise.status).toBe(400);
    expect(fieldError(await raise.text(), "Rechten")).toBe(SUPER_ADMIN_GRANT_ONLY);
    expect((await userRow(user.id)).role).toBe("user");
  });

  describe("with one enabled super admin left", () => {
    let others: number[] = [];
    afterEach(async () => {
      if (others.length) await getDb().updateTable("users").set({ enabled: 1 }).where("id", "in", others).execute();
      others = [];
    });

    it("refuses to take super admin rights from the last enabled super admin, and allows it while another is left", async () => {
      const last = await insertUser(getDb(), { role: "super-admin", mfa: "email" });
      const client = await sessionFor(last.email);
      const db = getDb();
      others = (await db.selectFrom("users").select("id").where("role", "=", "super-admin").where("enabled", "=", 1).where("id", "!=", last.id).execute()).map((r) => r.id);
      await db.updateTable("users").set({ enabled: 0 }).where("id", "in", others).execute();

      const refused = await client.post(editPath(last.id), fields({ email: last.email, rights: "admin" }));
      expect(refused.status).toBe(409);
      expect(fieldError(await refused.text(), "Rechten")).toBe(LAST_SUPER_ADMIN);
      expect((await userRow(last.id)).role).toBe("super-admin");

      await db.updateTable("users").set({ enabled: 1 }).where("id", "in", others).execute();
      others = [];
      const done = await client.submit(editPath(last.id), fields({ email: last.email, rights: "admin" }));
      expect(notificationIn(done.html)).toBe("Account opgeslagen.");
      expect((await userRow(last.id)).role).toBe("admin");
    });

    it("refuses to deactivate or delete the last enabled super admin, whoever asks", async () => {
      // No page offers it (only a super admin acts on one, and never on the own account), so the
      // commands themselves are asked, as by a super admin whose account was switched off meanwhile.
      const last = await insertUser(getDb(), { role: "super-admin" });
      const db = getDb();
      others = (await db.selectFrom("users").select("id").where("role", "=", "super-admin").where("enabled", "=", 1).where("id", "!=", last.id).execute()).map((r) => r.id);
      await db.updateTable("users").set({ enabled: 0 }).where("id", "in", others).execute();
      const actor = { id: others[0], isAdmin: true, isSuperAdmin: true, imitatedBy: null } as Account;

      expect(await setAccountEnabled({ memberId: null, editPath }, last.id, false)).toBe("last-super-admin");
      expect(await deleteUser(last.id, actor)).toEqual({ refused: LAST_SUPER_ADMIN });
      expect(await userRow(last.id)).toMatchObject({ enabled: 1, role: "super-admin" });

      await db.updateTable("users").set({ enabled: 1 }).where("id", "in", others).execute();
      others = [];
      expect(await setAccountEnabled({ memberId: null, editPath }, last.id, false)).toBe("changed");
      expect(await deleteUser(last.id, actor)).toBe(true);
    });
  });

  it("deactivates an account at once, ending its sessions, and sends the activation mail only while inactive", async () => {
    const user = await insertUser(getDb(), { memberId: memberA });
    await sessionFor(user.email);
    const done = await admin.submit(editPath(user.id), { intent: "disable" });
    expect(notificationIn(done.html)).toBe("Account gedeactiveerd.");
    expect((await userRow(user.id)).enabled).toBe(0);
    expect(await getDb().selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
    const mailed = await admin.submit(editPath(user.id), { intent: "send-activation" });
    expect(notificationIn(mailed.html)).toBe("Activatiemail verzonden.");
    expect(await latestMailTo(user.email)).toContain("/register/confirm/");
  });

  it("on a new e-mail address tells the old one and ends the account's sessions; an address in use is refused", async () => {
    const user = await insertUser(getDb(), { memberId: memberA });
    const person = await sessionFor(user.email);
    const taken = await admin.post(editPath(user.id), fields({ email: ADMIN.toUpperCase(), member: String(memberA) }));
    expect(taken.status).toBe(409);
    expect(fieldError(await taken.text(), "E-mailadres")).toBe("Dit e-mailadres is al in gebruik.");
    expect((await person.get("/mijn-gegevens")).status).toBe(200);

    const address = uniqueEmail("nieuwadres");
    const done = await admin.submit(editPath(user.id), fields({ email: address, member: String(memberA) }));
    expect(notificationIn(done.html)).toBe("Account opgeslagen.");
    expect((await userRow(user.id)).email).toBe(address);
    expect(await latestMailTo(user.email)).toContain(address);
    expect(await getDb().selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
    expect((await person.get("/mijn-gegevens")).headers.get("location")).toMatch(/^\/\?next=/);
  });

  it("refuses a photo above 10 MB, a post with two files and a file that is no image, keeping what was typed and storing nothing", async () => {
    const user = await insertUser(getDb(), { memberId: memberA });
    const before = await userRow(user.id);
    const withPhoto = (bytes: Buffer | string, name: string) => {
      const form = formData(fields({ email: user.email, member: String(memberA), givenName: "Groot" }));
      form.append("photo", new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], { type: "image/png" }), name);
      return form;
    };
    const big = Buffer.alloc(10 * 1024 * 1024 + 1);
    (await tinyPng()).copy(big);
    const tooBig = await admin.post(editPath(user.id), withPhoto(big, "groot.png"));
    expect(tooBig.status).toBe(400);
    const html = await tooBig.text();
    expect(fieldError(html, "Foto")).toBe("Het bestand is te groot (maximaal 10 MB).");
    expect(control(html, "Voornaam").getAttribute("value")).toBe("Groot");

    const notImage = await admin.post(editPath(user.id), withPhoto("<html>geen foto</html>", "foto.png"));
    expect(notImage.status).toBe(400);
    expect(fieldError(await notImage.text(), "Foto")).toBe("Dit bestandstype is niet toegestaan. Toegestaan: jpg, png.");

    const twice = withPhoto(await tinyPng(), "een.png");
    twice.append("photo", new Blob([new Uint8Array(await tinyPng())], { type: "image/png" }), "twee.png");
    const forged = await admin.post(editPath(user.id), twice);
    expect(forged.status).toBe(413);
    expect(await userRow(user.id)).toEqual(before);
  });

  it("answers an unknown account with 'Deze gebruiker bestaat niet (meer)!'", async () => {
    for (const path of [editPath(99999999), "/accounts/bewerken/abc"]) {
      const res = await admin.get(path);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain("Deze gebruiker bestaat niet (meer)!");
    }
  });
});

describe("the own membership's accounts", () => {
  it("shows a manager the membership's accounts as cards to open, and 'Account toevoegen'", async () => {
    const lid = await sessionFor(MEMBER);
    const user = await insertUser(getDb(), { memberId: vaart, givenName: "Kaartje", familyName: "Vaart" });
    const page = await lid.page("/mijn-accounts");
    expect(heading(page.html)).toBe("Accounts");
    expect(linkByName(page.html, "Account toevoegen").href).toBe("/mijn-accounts/account-toevoegen");
    expect(links(page.html).map((l) => l.href)).toContain(myEditPath(user.id));
    // The menu leads here.
    expect(linkByName(page.html, "Accounts").href).toBe("/mijn-accounts");
  });

  it("shows a full member who is no manager the cards, without changing anything", async () => {
    const page = await (await sessionFor(FULL_MEMBER)).page("/mijn-accounts");
    expect(heading(page.html)).toBe("Accounts");
    expect(page.html).toContain("class=\"cards\"");
    expect(links(page.html).some((l) => l.href.startsWith("/mijn-accounts/"))).toBe(false);
    const add = await (await sessionFor(FULL_MEMBER)).post("/mijn-accounts/account-toevoegen", fields());
    expect(add.headers.get("location")).toBe("/");
  });

  it("adds an account to the own membership only, as a user, and opens it", async () => {
    const lid = await sessionFor(MEMBER);
    const add = await lid.page("/mijn-accounts/account-toevoegen");
    expect(linkByName(add.html, "Annuleren").href).toBe("/mijn-accounts");
    expect(add.html).not.toContain("Rechten");
    const values = fields({ member: String(memberA), rights: "admin", sendMail: "on" });
    const done = await lid.submit("/mijn-accounts/account-toevoegen", values);
    const user = await getDb().selectFrom("users").select("id").where("email", "=", values.email).executeTakeFirstOrThrow();
    expect(done.url).toBe(myEditPath(user.id));
    expect(await userRow(user.id)).toMatchObject({ member_id: vaart, role: "user", enabled: 0 });
    expect(tabNames(done.html)).toEqual(["Algemeen", "Rollen"]);
  });

  it("changes an account of the own membership: data, roles (logged), status, activation mail", async () => {
    const lid = await sessionFor(MEMBER);
    const user = await insertUser(getDb(), { memberId: vaart, enabled: false, password: null });
    // Each form posts to the page with its own tab open (`?tab=`), and comes back there.
    const saved = await lid.submit(`${myEditPath(user.id)}?tab=algemeen`, fields({ email: user.email, givenName: "Gewijzigd", rights: "admin" }));
    expect(saved.url).toBe(`${myEditPath(user.id)}?tab=algemeen#algemeen`);
    expect(notificationIn(saved.html)).toBe("Account opgeslagen.");
    expect(await userRow(user.id)).toMatchObject({ given_name: "Gewijzigd", role: "user", member_id: vaart });

    const roles = await lid.submit(`${myEditPath(user.id)}?tab=rollen`, { intent: "roles", contactMember: "on" });
    expect(roles.url).toBe(`${myEditPath(user.id)}?tab=rollen#rollen`);
    expect(notificationIn(roles.html)).toBe("Rollen opgeslagen.");
    expect((await userRow(user.id)).contact_member).toBe(1);
    const log = await getDb().selectFrom("member_log").select(["action", "member_id"]).where("account_id", "=", user.id).execute();
    expect(log).toEqual([{ action: "roles_changed", member_id: vaart }]);
    // The membership's log says so.
    const memberPage = await admin.page(`/lidmaatschappen/bewerken/${vaart}?tab=logboek`);
    expect(memberPage.html).toContain("Rollen gewijzigd: Gewijzigd van Register");

    expect(notificationIn((await lid.submit(myEditPath(user.id), { intent: "send-activation" })).html)).toBe("Activatiemail verzonden.");
    expect(notificationIn((await lid.submit(myEditPath(user.id), { intent: "enable" })).html)).toBe("Account geactiveerd.");
    expect((await userRow(user.id)).enabled).toBe(1);
    expect(notificationIn((await lid.submit(myEditPath(user.id), { intent: "disable" })).html)).toBe("Account gedeactiveerd.");
    expect((await userRow(user.id)).enabled).toBe(0);
  });

  it("leaves an admin's account in the own membership to admins", async () => {
    const lid = await sessionFor(MEMBER);
    const adminInMember = await insertUser(getDb(), { memberId: vaart, role: "admin" });
    const before = await userRow(adminInMember.id);
    expect((await lid.get(myEditPath(adminInMember.id))).headers.get("location")).toBe("/");
    for (const post of [fields({ email: uniqueEmail("overname") }), { intent: "disable" }, { intent: "roles", managerMember: "on" }]) {
      expect((await lid.post(myEditPath(adminInMember.id), post)).headers.get("location")).toBe("/");
    }
    expect(await userRow(adminInMember.id)).toEqual(before);
  });

  it("finds nothing beyond the own membership, and changes nothing there", async () => {
    const lid = await sessionFor(MEMBER);
    const outside = await insertUser(getDb(), { memberId: memberA });
    const before = await userRow(outside.id);
    expect((await lid.get(myEditPath(outside.id))).status).toBe(404);
    for (const post of [fields({ email: outside.email, givenName: "Overgenomen" }), { intent: "disable" }, { intent: "roles", managerMember: "on" }]) {
      expect((await lid.post(myEditPath(outside.id), post)).status).toBe(404);
    }
    expect(await userRow(outside.id)).toEqual(before);
  });
});
