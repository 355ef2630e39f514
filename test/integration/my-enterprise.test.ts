import { describe, expect, it } from "vitest";
import { insertEnterprise, insertMember, insertUser } from "../fixtures";
import { decodeEntities, errorsIn, getDb, notificationIn, sessionFor } from "./support";

const tag = `${process.pid}${Date.now().toString(36)}`;
const text = (html: string) => decodeEntities(html.replace(/<!-- -->/g, ""));

const ONE = "/mijn-vestiging";
const LIST = "/mijn-vestigingen";
const ADD = "/mijn-vestigingen/toevoegen";
const editPath = (id: number) => `/mijn-vestigingen/bewerken/${id}`;

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  data.set("intent", "save");
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

/** A membership of its own with `count` establishments and a manager member (signed in). */
async function membership(count: number, options: { associate?: boolean } = {}) {
  const db = getDb();
  const memberId = await insertMember(db, { associate: options.associate });
  const enterprises: number[] = [];
  for (let i = 0; i < count; i++) enterprises.push(await insertEnterprise(db, memberId, { name: `Eigen ${tag} ${i}` }));
  const user = await insertUser(db, { memberId });
  await db.updateTable("users").set({ manager_member: 1 }).where("id", "=", user.id).execute();
  return { memberId, enterprises, user, client: await sessionFor(user.email) };
}

describe("/mijn-vestiging", () => {
  it("is the edit page of the account's one establishment; none or several send it home", async () => {
    const one = await membership(1);
    const { res, html } = await one.client.page(ONE);
    expect(res.status).toBe(200);
    expect(text(html)).toContain(`Eigen ${tag} 0`);
    expect(html).toContain('id="enterprise-general"');
    // A manager member may add establishments: 'Toevoegen'.
    expect(html).toMatch(new RegExp(`href="${ADD}"[^>]*>Toevoegen<`));

    for (const count of [0, 2]) {
      const other = await membership(count);
      const res = await other.client.get(ONE);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
    }
  });

  it("shows no 'Toevoegen' to a branch manager who is no manager member", async () => {
    const client = await sessionFor("vestiging@voorbeeld.nl");
    const { res, html } = await client.page(ONE);
    expect(res.status).toBe(200);
    expect(text(html)).toContain("Sportcentrum De Vaart Noord");
    expect(html).not.toContain(`href="${ADD}"`);
  });

  it("saves and comes back to /mijn-vestiging", async () => {
    const one = await membership(1);
    const result = await one.client.submit(ONE, form({ name: `Eén ${tag}` }));
    expect(result.url).toBe(ONE);
    expect(notificationIn(result.html)).toBe("Vestiging opgeslagen.");
    const row = await getDb().selectFrom("enterprises").select("name").where("id", "=", one.enterprises[0]).executeTakeFirstOrThrow();
    expect(row.name).toBe(`Eén ${tag}`);
  });

  it("shows a contact person's only establishment read-only and refuses a post", async () => {
    const db = getDb();
    const { memberId, enterprises } = await membership(1);
    const contact = await insertUser(db, { memberId, familyName: `Contact${tag}` });
    await db.insertInto("enterprise_contacts").values({ enterprise_id: enterprises[0], user_id: contact.id }).execute();
    const client = await sessionFor(contact.email);
    const { res, html } = await client.page(ONE);
    expect(res.status).toBe(200);
    expect(text(html)).toContain(`Eigen ${tag} 0`);
    expect(html).not.toContain('id="enterprise-general"');
    expect(text(html)).toContain(`Femke Contact${tag}`);
    expect(html).not.toContain("Logboek");

    const post = await client.post(ONE, form({ name: "Gewijzigd door contact" }));
    expect(post.status).toBe(302);
    expect(post.headers.get("location")).toBe("/");
    const row = await db.selectFrom("enterprises").select("name").where("id", "=", enterprises[0]).executeTakeFirstOrThrow();
    expect(row.name).toBe(`Eigen ${tag} 0`);
  });
});

describe("/mijn-vestigingen/toevoegen", () => {
  it("is 'Vestiging toevoegen' for manager members, without the admin's fields", async () => {
    const { client } = await membership(1);
    const { res, html } = await client.page(ADD);
    expect(res.status).toBe(200);
    expect(text(html)).toContain("<h1>Vestiging toevoegen</h1>");
    expect(html).toContain("<title>Vestiging toevoegen – Ledenportaal</title>");
    for (const name of ["member", "memberQuery", "lidnummer", "franchise", "preventiecentrum", "nlfb"]) {
      expect(html, name).not.toContain(`name="${name}"`);
    }
  });

  it("cancels to /mijn-vestiging with one establishment to list and to the list with more", async () => {
    const one = await membership(1);
    expect((await one.client.page(ADD)).html).toMatch(new RegExp(`href="${ONE}"[^>]*>Annuleren<`));
    const two = await membership(2);
    expect((await two.client.page(ADD)).html).toMatch(new RegExp(`href="${LIST}"[^>]*>Annuleren<`));
  });

  it("creates an unapproved establishment without lidnummer in the own membership and opens its edit page", async () => {
    const { memberId, client } = await membership(1);
    const otherMember = await insertMember(getDb());
    const result = await client.submit(
      ADD,
      form({ name: `Toegevoegd ${tag}`, addressTown: "Leiden", member: String(otherMember), lidnummer: "4242", franchise: "on", nlfb: "on" }),
    );
    const created = await getDb().selectFrom("enterprises").selectAll().where("name", "=", `Toegevoegd ${tag}`).executeTakeFirstOrThrow();
    expect(created).toMatchObject({ member_id: memberId, approved: 0, lidnummer: null, franchise: 0, nlfb: 0, address_town: "Leiden" });
    // The account is read afresh: the new establishment is manageable at once.
    expect(result.url).toBe(editPath(created.id));
    expect(result.res.status).toBe(200);
    expect(notificationIn(result.html)).toBe("Vestiging toegevoegd.");
    const log = await getDb().selectFrom("enterprise_log").select("form").where("enterprise_id", "=", created.id).execute();
    expect(log).toEqual([{ form: "main" }]);
  });

  it("shows the form again with the messages when something is wrong", async () => {
    const { client } = await membership(1);
    const res = await client.post(ADD, form({ name: "", phone: "123", addressTown: `Getypt ${tag}` }));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(errorsIn(html).sort()).toEqual(["Dit is een verplicht veld", "Het telefoonnummer dient uit 10 cijfers te bestaan"].sort());
    expect(text(html)).toContain(`value="Getypt ${tag}"`);
  });

  it("sends others home, also when they post", async () => {
    const db = getDb();
    const { memberId } = await membership(1);
    const plain = await insertUser(db, { memberId });
    const client = await sessionFor(plain.email);
    expect((await client.get(ADD)).headers.get("location")).toBe("/");
    const res = await client.post(ADD, form({ name: `Niet toegestaan ${tag}` }));
    expect(res.headers.get("location")).toBe("/");
    expect(await db.selectFrom("enterprises").select("id").where("name", "=", `Niet toegestaan ${tag}`).executeTakeFirst()).toBeUndefined();
  });
});

describe("/mijn-vestigingen/bewerken/:enterprise", () => {
  it("reloads the form with Annuleren and saves back to itself", async () => {
    const { enterprises, client } = await membership(2);
    const path = editPath(enterprises[1]);
    const { html } = await client.page(path);
    expect(html).toMatch(new RegExp(`href="${path}"[^>]*>Annuleren<`));
    const result = await client.submit(path, form({ name: `Bewerkt ${tag}` }));
    expect(result.url).toBe(path);
    expect(notificationIn(result.html)).toBe("Vestiging opgeslagen.");
  });

  it("gives the reduced form to an associate membership's manager", async () => {
    const { enterprises, client } = await membership(1, { associate: true });
    const { html } = await client.page(editPath(enterprises[0]));
    for (const name of ["kvkNr", "invoiceVia", "contacts", "managers"]) expect(html, name).not.toContain(`name="${name}"`);
    expect(text(html)).toContain("(Niet-lid)");
    // The Niet-lid note links to the own membership page.
    expect(html).toContain('href="/mijn-lidmaatschap"');
  });
});
