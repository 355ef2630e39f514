import { beforeAll, describe, expect, it } from "vitest";
import { insertEnterprise, insertMember, insertUser, uniqueEmail } from "../fixtures";
import { Client, decodeEntities, disabledTabNames, errorsIn, getDb, latestMailTo, linkIn, notificationIn, openTab, sessionFor, signIn, tabPanelHtml } from "./support";

/**
 * The accounts of a membership in the admin context: member_user_add and member_user_edit
 * (part 2 §2.3 "Membership accounts" and "Account edit"). Every test works on memberships,
 * establishments and accounts of its own.
 */

const ADMIN = "beheer@voorbeeld.nl";
const SUPER = "superbeheer@voorbeeld.nl";
const MEMBER = "lid@voorbeeld.nl";
const NEW_PASSWORD = "Zomer-Fiets-Lantaarn-42";

const text = (html: string) => decodeEntities(html.replace(/<!-- -->/g, ""));

let memberA: number;
let memberB: number;
let memberAName: string;
/** Establishments of A, created in the order Bravo, Alfa, Charlie (the tab sorts them by name). */
let alfa: number;
let bravo: number;
let charlie: number;
let foreign: number;
let foreignKept: number;
let admin: Client;
let adminId: number;

const addPath = (memberId: number) => `/lidmaatschappen/bewerken/${memberId}/account-toevoegen`;
const editPath = (memberId: number, userId: number) => `/lidmaatschappen/bewerken/${memberId}/account-bewerken/${userId}`;
/** A page with one of its tabs open (`?tab=`), as its tab links and the forms inside the tab ask for it. */
const onTab = (path: string, tab: string) => `${path}?tab=${tab}`;
/** Where a tab's link, cancel button or post leads: the page on that tab, at its panel. */
const tabHref = (path: string, tab: string) => `${onTab(path, tab)}#${tab}`;
/** The membership's page on tab Accounts, where 'Annuleren' returns to. */
const accountsTab = (memberId: number) => tabHref(`/lidmaatschappen/bewerken/${memberId}`, "accounts");

async function userRow(id: number) {
  return getDb()
    .selectFrom("users")
    .select(["email", "given_name", "name_preposition", "family_name", "phone_primary", "newsletter", "enabled", "password_hash", "member_id", "manager_member", "contact_member", "role"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

async function links(table: "enterprise_managers" | "enterprise_contacts", userId: number): Promise<number[]> {
  const rows = await getDb().selectFrom(table).select("enterprise_id").where("user_id", "=", userId).execute();
  return rows.map((r) => r.enterprise_id).sort((a, b) => a - b);
}

/** A form with repeated fields (checkbox lists). */
function formOf(pairs: [string, string][]): FormData {
  const form = new FormData();
  for (const [name, value] of pairs) form.append(name, value);
  return form;
}

const sorted = (...ids: number[]) => [...ids].sort((a, b) => a - b);

/** Whether the checkbox with this id is rendered ticked. */
function isChecked(html: string, id: string): boolean {
  const input = html.match(new RegExp(`<input[^>]*id="${id}"[^>]*>`))?.[0];
  if (!input) throw new Error(`no checkbox ${id}`);
  return /\schecked=""/.test(input);
}

function accountFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    email: uniqueEmail("lidaccount"),
    givenName: "Karin",
    namePreposition: "de",
    familyName: "Klant",
    phonePrimary: "06-12345678",
    ...overrides,
  };
}

beforeAll(async () => {
  const db = getDb();
  memberAName = `Accountsclub ${Date.now().toString(36)}`;
  memberA = await insertMember(db, { name: memberAName });
  memberB = await insertMember(db);
  bravo = await insertEnterprise(db, memberA, { name: "Bravo vestiging" });
  alfa = await insertEnterprise(db, memberA, { name: "Alfa vestiging" });
  charlie = await insertEnterprise(db, memberA, { name: "Charlie vestiging" });
  foreign = await insertEnterprise(db, memberB, { name: "Andere club" });
  foreignKept = await insertEnterprise(db, memberB, { name: "Andere club twee" });
  admin = await sessionFor(ADMIN);
  adminId = (await db.selectFrom("users").select("id").where("email", "=", ADMIN).executeTakeFirstOrThrow()).id;
});

describe("adding an account to a membership", () => {
  it("shows the form with the membership's name, Algemeen active and Rollen disabled", async () => {
    const { res, html } = await admin.page(addPath(memberA));
    expect(res.status).toBe(200);
    expect(html).toContain("<h1>Account toevoegen</h1>");
    expect(text(html)).toContain(memberAName);
    for (const label of ["E-mailadres", "Voornaam", "Tussenvoegsel", "Achternaam", "Telefoonnummer", "Nieuwsbrief", "Activatiemail verzenden"]) {
      expect(text(html)).toMatch(new RegExp(`<label[^>]*>(<input[^>]*>)?${label}`));
    }
    expect(disabledTabNames(html)).toEqual(["Rollen"]);
    expect(html).toContain(">Opslaan</button>");
    expect(html).toContain(`href="${accountsTab(memberA)}"`);
  });

  it("refuses invalid input, keeping what was typed", async () => {
    const before = await getDb().selectFrom("users").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const res = await admin.post(addPath(memberA), {
      email: "geen-adres",
      givenName: " ",
      namePreposition: "van",
      familyName: "",
      phonePrimary: "12345",
      newsletter: "on",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    const errors = errorsIn(html);
    expect(errors.filter((e) => e === "Dit is een verplicht veld")).toHaveLength(2);
    expect(errors).toContain("U dient een geldig e-mailadres in te voeren");
    expect(errors).toContain("Het telefoonnummer dient uit 10 cijfers te bestaan");
    expect(html).toContain('value="geen-adres"');
    expect(html).toContain('value="van"');
    expect(html).toContain('value="12345"');
    expect(isChecked(html, "account-newsletter")).toBe(true);
    // Unticked boxes stay unticked after a failed submit.
    expect(isChecked(html, "account-sendMail")).toBe(false);
    expect(html).toContain("Controleer de volgende velden:");
    const after = await getDb().selectFrom("users").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("refuses an e-mail address that is in use, in any case", async () => {
    const res = await admin.post(addPath(memberA), accountFields({ email: "LID@voorbeeld.nl" }));
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(errorsIn(html)).toContain("Dit e-mailadres is al in gebruik.");
    expect(html).toContain('value="LID@voorbeeld.nl"');
    const members = await getDb().selectFrom("users").select("member_id").where("email", "=", MEMBER).execute();
    expect(members).toHaveLength(1);
  });

  it("creates a disabled account in the membership, logs it, and sends no mail unless asked", async () => {
    const fields = accountFields({ email: `  ${uniqueEmail("Nieuw").toUpperCase()} ` });
    const address = fields.email.trim().toLowerCase();
    const done = await admin.submit(addPath(memberA), fields);
    const user = await getDb().selectFrom("users").select("id").where("email", "=", address).executeTakeFirstOrThrow();
    expect(done.url).toBe(editPath(memberA, user.id));
    expect(notificationIn(done.html)).toBe("Account aangemaakt.");
    expect(text(done.html)).toContain("<h1>Karin de Klant</h1>");

    expect(await userRow(user.id)).toMatchObject({
      email: address,
      given_name: "Karin",
      name_preposition: "de",
      family_name: "Klant",
      phone_primary: "0612345678",
      newsletter: 0,
      enabled: 0,
      password_hash: null,
      member_id: memberA,
      manager_member: 0,
      contact_member: 0,
      role: "user",
    });
    const log = await getDb().selectFrom("member_log").selectAll().where("account_id", "=", user.id).execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ member_id: memberA, action: "account_created", user_id: adminId, imitating: 0 });
    expect((await latestMailTo(address))).toBeUndefined();
  });

  it("with 'Activatiemail verzenden' mails a link that activates the account", async () => {
    const fields = accountFields({ sendMail: "on", newsletter: "on" });
    const done = await admin.submit(addPath(memberA), fields);
    expect(notificationIn(done.html)).toBe("Account aangemaakt. Er is een activatiemail verstuurd.");
    const user = await getDb().selectFrom("users").select(["id", "newsletter"]).where("email", "=", fields.email).executeTakeFirstOrThrow();
    expect(user.newsletter).toBe(1);

    const mail = (await latestMailTo(fields.email));
    expect(mail).toBeDefined();
    const link = linkIn(mail!, "/register/confirm/");
    const visitor = new Client();
    const page = await visitor.page(link);
    expect(page.res.status).toBe(200);
    expect(page.html).toContain(fields.email);
    const activated = await visitor.submit(link, {
      givenName: "Karin",
      namePreposition: "de",
      familyName: "Klant",
      password: NEW_PASSWORD,
      repeatPassword: NEW_PASSWORD,
    });
    expect(notificationIn(activated.html)).toBe("Uw account is geactiveerd. U kunt nu inloggen.");
    expect((await userRow(user.id)).enabled).toBe(1);
    await signIn(fields.email, NEW_PASSWORD);
  });

  it("answers an unknown membership with 'Dit item bestaat niet (meer).'", async () => {
    for (const path of [addPath(99999999), "/lidmaatschappen/bewerken/abc/account-toevoegen"]) {
      const res = await admin.get(path);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain("Dit item bestaat niet (meer).");
    }
    const post = await admin.post(addPath(99999999), accountFields());
    expect(post.status).toBe(404);
  });
});

describe("editing an account of a membership", () => {
  it("shows the name, status buttons and the tabs Algemeen and Rollen with the establishments by name", async () => {
    const user = await insertUser(getDb(), { givenName: "Eva", namePreposition: "van", familyName: "Edit", memberId: memberA });
    const path = editPath(memberA, user.id);
    const general = await admin.page(path);
    expect(general.res.status).toBe(200);
    expect(openTab(general.html)).toBe("Algemeen");
    // Each tab is a page of its own: its link opens the page with the tab.
    const roles = await admin.page(onTab(path, "rollen"));
    expect(roles.res.status).toBe(200);
    expect(openTab(roles.html)).toBe("Rollen");
    for (const html of [general.html, roles.html]) {
      expect(text(html)).toContain("<h1>Eva van Edit</h1>");
      expect(html).toContain(">Deactiveren</button>");
      expect(html).not.toContain(">Activeren</button>");
      expect(html).not.toContain("Activatiemail verzenden");
      expect(html).toContain(`href="${tabHref(path, "algemeen")}"`);
      expect(html).toContain(`href="${tabHref(path, "rollen")}"`);
      expect(html).toContain(`href="${accountsTab(memberA)}"`);
    }
    const html = roles.html;
    for (const label of ["Contactpersoon lidmaatschap", "Beheerder lidmaatschap", "Beheerder van vestigingen", "Contactpersoon van vestigingen"]) {
      expect(text(html)).toContain(label);
    }
    const order = [alfa, bravo, charlie].map((id) => html.indexOf(`id="managerEnterprises-${id}"`));
    expect(order.every((pos) => pos > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(html).not.toContain(`managerEnterprises-${foreign}`);
    expect(html.match(/>Alles selecteren<\/button>/g)).toHaveLength(2);
    expect(html.match(/>Niets selecteren<\/button>/g)).toHaveLength(2);
    expect(html).toMatch(/<button type="submit" value="select-all-managers"[^>]*name="intent">Alles selecteren/);
  });

  it("saves the general form, refuses invalid input and an e-mail address in use", async () => {
    const user = await insertUser(getDb(), { memberId: memberA });
    const path = editPath(memberA, user.id);

    const invalid = await admin.post(onTab(path, "algemeen"), { intent: "general", email: "", givenName: "Gert", familyName: "Gewijzigd", phonePrimary: "06 1234" });
    expect(invalid.status).toBe(400);
    const invalidHtml = await invalid.text();
    expect(errorsIn(invalidHtml)).toEqual(expect.arrayContaining(["Dit is een verplicht veld", "Het telefoonnummer dient uit 10 cijfers te bestaan"]));
    expect(invalidHtml).toContain('value="Gewijzigd"');

    const conflict = await admin.post(onTab(path, "algemeen"), { intent: "general", email: MEMBER, givenName: "Gert", familyName: "Gewijzigd" });
    expect(conflict.status).toBe(409);
    expect(errorsIn(await conflict.text())).toContain("Dit e-mailadres is al in gebruik.");
    expect((await userRow(user.id)).email).toBe(user.email);

    const email = uniqueEmail("gewijzigd");
    const res = await admin.post(onTab(path, "algemeen"), {
      intent: "general",
      email: email.toUpperCase(),
      givenName: "Gert",
      namePreposition: "",
      familyName: "Gewijzigd",
      phonePrimary: "020 123 45 67",
      newsletter: "on",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(tabHref(path, "algemeen"));
    const page = await admin.page(res.headers.get("location")!);
    expect(notificationIn(page.html)).toBe("Account opgeslagen.");
    expect(page.html).toContain(`value="${email}"`);
    expect(await userRow(user.id)).toMatchObject({
      email,
      given_name: "Gert",
      family_name: "Gewijzigd",
      phone_primary: "0201234567",
      newsletter: 1,
      member_id: memberA,
    });
  });

  it("deactivates an account, ending its sessions, and activates it again", async () => {
    const user = await insertUser(getDb(), { memberId: memberA });
    const session = await sessionFor(user.email);
    expect((await session.get("/mijn-gegevens")).status).toBe(200);

    const off = await admin.submit(editPath(memberA, user.id), { intent: "disable" });
    expect(off.url).toBe(editPath(memberA, user.id));
    expect(notificationIn(off.html)).toBe("Account gedeactiveerd.");
    expect(off.html).toContain(">Activeren</button>");
    expect(off.html).toContain(">Activatiemail verzenden</button>");
    expect((await userRow(user.id)).enabled).toBe(0);
    const sessions = await getDb().selectFrom("sessions").select("id").where("user_id", "=", user.id).execute();
    expect(sessions).toHaveLength(0);
    const next = await session.get("/mijn-gegevens");
    expect(next.status).toBe(302);
    expect(next.headers.get("location")).toBe(`/?next=${encodeURIComponent("/mijn-gegevens")}`);

    const on = await admin.submit(editPath(memberA, user.id), { intent: "enable" });
    expect(notificationIn(on.html)).toBe("Account geactiveerd.");
    expect(on.html).toContain(">Deactiveren</button>");
    expect((await userRow(user.id)).enabled).toBe(1);
    await signIn(user.email);
  });

  it("does not let an admin deactivate his own account", async () => {
    const self = await insertUser(getDb(), { role: "admin", memberId: memberA });
    const client = await sessionFor(self.email);
    const page = await client.page(editPath(memberA, self.id));
    expect(page.html).not.toContain(">Deactiveren</button>");
    const res = await client.submit(editPath(memberA, self.id), { intent: "disable" });
    expect(notificationIn(res.html)).toBe("U kunt uw eigen account niet deactiveren.");
    expect((await userRow(self.id)).enabled).toBe(1);
    expect((await client.get("/mijn-gegevens")).status).toBe(200);
  });

  it("sends the activation mail only while the account is not enabled", async () => {
    const enabled = await insertUser(getDb(), { memberId: memberA });
    const refused = await admin.submit(editPath(memberA, enabled.id), { intent: "send-activation" });
    expect(notificationIn(refused.html)).toBe("Dit account is al actief.");
    expect((await latestMailTo(enabled.email))).toBeUndefined();

    const pending = await insertUser(getDb(), { memberId: memberA, enabled: false, password: null });
    const sent = await admin.submit(editPath(memberA, pending.id), { intent: "send-activation" });
    expect(notificationIn(sent.html)).toBe("Activatiemail verzonden.");
    const link = linkIn((await latestMailTo(pending.email))!, "/register/confirm/");
    expect((await new Client().page(link)).res.status).toBe(200);
  });

  it("saves the roles: flags and links to this membership's establishments only", async () => {
    const user = await insertUser(getDb(), { memberId: memberA });
    // A link to another membership's establishment is not this tab's business and stays.
    await getDb().insertInto("enterprise_managers").values({ enterprise_id: foreignKept, user_id: user.id }).execute();
    await getDb().insertInto("enterprise_contacts").values({ enterprise_id: bravo, user_id: user.id }).execute();
    const path = editPath(memberA, user.id);

    const res = await admin.post(
      onTab(path, "rollen"),
      formOf([
        ["contactMember", "on"],
        ["managerEnterprises", String(alfa)],
        ["managerEnterprises", String(charlie)],
        ["managerEnterprises", String(foreign)],
        ["managerEnterprises", "x1"],
        ["contactEnterprises", String(charlie)],
        ["intent", "roles"],
        ]),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(tabHref(path, "rollen"));
    expect(notificationIn((await admin.page(res.headers.get("location")!)).html)).toBe("Rollen opgeslagen.");
    expect(await userRow(user.id)).toMatchObject({ contact_member: 1, manager_member: 0 });
    expect(await links("enterprise_managers", user.id)).toEqual(sorted(alfa, charlie, foreignKept));
    expect(await links("enterprise_contacts", user.id)).toEqual([charlie]);

    const page = await admin.page(onTab(path, "rollen"));
    expect(isChecked(page.html, "role-contactMember")).toBe(true);
    expect(isChecked(page.html, "role-managerMember")).toBe(false);
    expect(isChecked(page.html, `managerEnterprises-${alfa}`)).toBe(true);
    expect(isChecked(page.html, `managerEnterprises-${bravo}`)).toBe(false);

    await admin.post(onTab(path, "rollen"), { intent: "roles", managerMember: "on" });
    expect(await userRow(user.id)).toMatchObject({ contact_member: 0, manager_member: 1 });
    expect(await links("enterprise_managers", user.id)).toEqual([foreignKept]);
    expect(await links("enterprise_contacts", user.id)).toEqual([]);
  });

  it("selects all or none without JavaScript by showing the form again, saving nothing", async () => {
    const user = await insertUser(getDb(), { memberId: memberA });
    const path = editPath(memberA, user.id);
    const all = await admin.post(
      onTab(path, "rollen"),
      formOf([
        ["managerMember", "on"],
        ["contactEnterprises", String(bravo)],
        ["intent", "select-all-managers"],
        ]),
    );
    expect(all.status).toBe(200);
    const html = await all.text();
    for (const id of [alfa, bravo, charlie]) expect(isChecked(html, `managerEnterprises-${id}`)).toBe(true);
    expect(isChecked(html, "role-managerMember")).toBe(true);
    expect(isChecked(html, "role-contactMember")).toBe(false);
    expect(isChecked(html, `contactEnterprises-${bravo}`)).toBe(true);
    expect(isChecked(html, `contactEnterprises-${alfa}`)).toBe(false);

    const none = await admin.post(
      onTab(path, "rollen"),
      formOf([
        ["managerEnterprises", String(alfa)],
        ["contactEnterprises", String(bravo)],
        ["contactEnterprises", String(charlie)],
        ["intent", "select-none-contacts"],
        ]),
    );
    const noneHtml = await none.text();
    expect(isChecked(noneHtml, `managerEnterprises-${alfa}`)).toBe(true);
    for (const id of [alfa, bravo, charlie]) expect(isChecked(noneHtml, `contactEnterprises-${id}`)).toBe(false);

    const allContacts = await admin.post(onTab(path, "rollen"), { intent: "select-all-contacts" });
    const allContactsHtml = await allContacts.text();
    for (const id of [alfa, bravo, charlie]) expect(isChecked(allContactsHtml, `contactEnterprises-${id}`)).toBe(true);
    const noManagers = await admin.post(onTab(path, "rollen"), { intent: "select-none-managers", managerEnterprises: String(bravo) });
    expect(isChecked(await noManagers.text(), `managerEnterprises-${bravo}`)).toBe(false);

    expect(await userRow(user.id)).toMatchObject({ manager_member: 0, contact_member: 0 });
    expect(await links("enterprise_managers", user.id)).toEqual([]);
    expect(await links("enterprise_contacts", user.id)).toEqual([]);
  });

  it("answers an account of another membership, or an unknown one, with 404", async () => {
    const other = await insertUser(getDb(), { memberId: memberB });
    const withoutMember = await insertUser(getDb());
    for (const path of [editPath(memberA, other.id), editPath(memberA, withoutMember.id), editPath(memberA, 99999999), `${editPath(memberA, 1)}x`]) {
      const res = await admin.get(path);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain("Deze gebruiker bestaat niet (meer)!");
    }
    const post = await admin.post(editPath(memberA, other.id), { intent: "disable" });
    expect(post.status).toBe(404);
    expect((await userRow(other.id)).enabled).toBe(1);
    expect((await admin.get(editPath(memberB, other.id))).status).toBe(200);
  });
});

describe("the Accounts tab of the membership", () => {
  it("shows the accounts as cards linking to their edit page, with role badges and the inactive mark", async () => {
    const memberId = await insertMember(getDb());
    const [one, two] = [await insertEnterprise(getDb(), memberId), await insertEnterprise(getDb(), memberId)];
    const manager = await insertUser(getDb(), { givenName: "Mila", familyName: "Manager", memberId });
    await getDb().updateTable("users").set({ manager_member: 1, contact_member: 1 }).where("id", "=", manager.id).execute();
    await getDb().insertInto("enterprise_managers").values([{ enterprise_id: one, user_id: manager.id }, { enterprise_id: two, user_id: manager.id }]).execute();
    await getDb().insertInto("enterprise_contacts").values({ enterprise_id: one, user_id: manager.id }).execute();
    const pending = await insertUser(getDb(), { givenName: "Piet", familyName: "Pending", memberId, enabled: false, password: null });

    const page = await admin.page(onTab(`/lidmaatschappen/bewerken/${memberId}`, "accounts"));
    expect(page.res.status).toBe(200);
    // The Accounts tab's panel, the one open.
    const html = tabPanelHtml(page.html, "accounts");
    expect(html).toContain(`href="${addPath(memberId)}"`);
    expect(html).toMatch(new RegExp(`<a href="${editPath(memberId, manager.id)}"[^>]*>Mila Manager</a>`));
    expect(html).toMatch(new RegExp(`<a href="${editPath(memberId, pending.id)}"[^>]*>Piet Pending</a>`));
    const card = html.slice(html.indexOf(">Mila Manager<"), html.indexOf("</article>", html.indexOf(">Mila Manager<")));
    for (const badge of ['title="Beheerder lidmaatschap">LB<', 'title="Contactpersoon lidmaatschap">LC<', 'title="Beheerder van vestigingen (2)">2 VB<', 'title="Contactpersoon van vestigingen">VC<']) {
      expect(card).toContain(badge);
    }
    const pendingCard = html.slice(html.indexOf(">Piet Pending<"), html.indexOf("</article>", html.indexOf(">Piet Pending<")));
    expect(pendingCard).toContain("Niet actief");
    expect(pendingCard).not.toContain("role-badge");
  });
});

describe("forged posts and imitation", () => {
  it("sends a non-admin home and changes nothing", async () => {
    const lid = await sessionFor(MEMBER);
    const user = await insertUser(getDb(), { memberId: memberA, enabled: false, password: null });
    const before = await userRow(user.id);
    const email = uniqueEmail("vervalst");

    const add = await lid.post(addPath(memberA), accountFields({ email, sendMail: "on" }));
    expect(add.status).toBe(302);
    expect(add.headers.get("location")).toBe("/");
    expect(await getDb().selectFrom("users").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();

    const posts: Record<string, string>[] = [
      { intent: "general", email: uniqueEmail("vervalst"), givenName: "X", familyName: "Y" },
      { intent: "roles", managerMember: "on", contactMember: "on", managerEnterprises: String(alfa) },
      { intent: "enable" },
      { intent: "disable" },
      { intent: "send-activation" },
      { intent: "select-all-managers" },
    ];
    for (const fields of posts) {
      const res = await lid.post(editPath(memberA, user.id), fields);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
    }
    expect(await userRow(user.id)).toEqual(before);
    expect(await links("enterprise_managers", user.id)).toEqual([]);
    expect((await latestMailTo(user.email))).toBeUndefined();

    const anonymous = await new Client().post(editPath(memberA, user.id), { intent: "enable" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/\?next=/);
    expect((await userRow(user.id)).enabled).toBe(0);
  });

  it("leaves a super admin's account to super admins", async () => {
    const superUser = await insertUser(getDb(), { role: "super-admin", memberId: memberA });
    const page = await admin.get(editPath(memberA, superUser.id));
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/");
    const forged = await admin.post(editPath(memberA, superUser.id), { intent: "general", email: uniqueEmail("overname"), givenName: "X", familyName: "Y" });
    expect(forged.headers.get("location")).toBe("/");
    expect((await userRow(superUser.id)).email).toBe(superUser.email);
    expect((await (await sessionFor(SUPER)).get(editPath(memberA, superUser.id))).status).toBe(200);
  });

  it("logs an account created while imitating an admin with imitating = 1", async () => {
    const imitated = await insertUser(getDb(), { role: "admin", givenName: "Ineke", familyName: "Imitatie" });
    const client = await sessionFor(SUPER);
    const started = await client.post("/imitate", { intent: "start", userId: String(imitated.id) });
    expect(started.status).toBe(302);

    const fields = accountFields();
    const done = await client.submit(addPath(memberA), fields);
    expect(notificationIn(done.html)).toBe("Account aangemaakt.");
    const user = await getDb().selectFrom("users").select("id").where("email", "=", fields.email).executeTakeFirstOrThrow();
    const log = await getDb().selectFrom("member_log").selectAll().where("account_id", "=", user.id).executeTakeFirstOrThrow();
    expect(log).toMatchObject({ member_id: memberA, action: "account_created", user_id: imitated.id, imitating: 1 });
  });
});
