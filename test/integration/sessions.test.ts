import { describe, expect, it } from "vitest";
import { insertUser } from "../fixtures";
import { Client, DEMO_PASSWORD, getDb, latestMailTo, linkIn, notificationIn, signIn } from "./support";

const NEW_PASSWORD = "een-nieuwe-wachtzin-2026";

async function superAdmin() {
  return insertUser(getDb(), { role: "super-admin", mfa: "email", givenName: "Sofie", familyName: "Toezicht" });
}

/** A super admin's client imitating a fresh member account. */
async function imitating() {
  const admin = await superAdmin();
  const member = await insertUser(getDb(), { givenName: "Mila", familyName: "Lid" });
  const client = await signIn(admin.email);
  const res = await client.post("/imitate", { intent: "start", userId: String(member.id) });
  expect(res.status).toBe(302);
  expect(res.headers.get("location")).toBe("/");
  return { admin, member, client };
}

async function resetPasswordOf(email: string) {
  await new Client().post("/wachtwoord-vergeten", { email });
  const link = linkIn((await latestMailTo(email))!, "/resetting/reset/");
  const res = await new Client().post(link, { password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD });
  expect(res.status).toBe(302);
}

const givenName = async (id: number) =>
  (await getDb().selectFrom("users").select("given_name").where("id", "=", id).executeTakeFirstOrThrow()).given_name;

function saveOwnData(client: Client, member: { email: string }, name: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ intent: "data", email: member.email, givenName: name, familyName: "Lid" })) form.set(k, v);
  return client.post("/mijn-gegevens", form);
}

describe("an imitation lives no longer than its admin may imitate", () => {
  it("ends with the admin's password reset, and stopping it then gives no admin session", async () => {
    const { admin, client } = await imitating();
    expect((await client.get("/mijn-gegevens")).status).toBe(200);
    await resetPasswordOf(admin.email);
    expect((await client.page("/mijn-gegevens")).url).toMatch(/^\/\?next=/);
    const stop = await client.post("/imitate", { intent: "stop" });
    expect(stop.status).toBe(302);
    expect((await client.page("/lidmaatschappen")).url).toMatch(/^\/\?next=/);
  });

  it("ends at the next request once the admin is disabled, and saves nothing for the imitated account", async () => {
    const { admin, member, client } = await imitating();
    await getDb().updateTable("users").set({ enabled: 0 }).where("id", "=", admin.id).execute();
    const res = await saveOwnData(client, member, "Overgenomen");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/\?next=/);
    expect(await givenName(member.id)).toBe("Mila");
    // The session is gone on the server too, not only for this request.
    await getDb().updateTable("users").set({ enabled: 1 }).where("id", "=", admin.id).execute();
    expect((await client.page("/mijn-gegevens")).url).toMatch(/^\/\?next=/);
  });

  it("ends once the admin is no longer a super admin, and 'Stop imiteren' gives no admin session", async () => {
    const { admin, client } = await imitating();
    await getDb().updateTable("users").set({ role: "admin" }).where("id", "=", admin.id).execute();
    await client.post("/imitate", { intent: "stop" });
    expect((await client.page("/lidmaatschappen")).url).toMatch(/^\/\?next=/);
  });

  it("ends with the imitated account's sessions too (its password reset)", async () => {
    const { member, client } = await imitating();
    await resetPasswordOf(member.email);
    expect((await client.page("/mijn-gegevens")).url).toMatch(/^\/\?next=/);
  });
});

describe("the imitation audit", () => {
  it("records start and end, and shows them to admins only", async () => {
    const { admin, member, client } = await imitating();
    const row = () =>
      getDb()
        .selectFrom("imitation_log")
        .selectAll()
        .where("imitator_id", "=", admin.id)
        .where("imitated_id", "=", member.id)
        .executeTakeFirstOrThrow();
    expect((await row()).ended).toBeNull();
    expect((await row()).ip).toBe(client.ip);
    await client.post("/imitate", { intent: "stop" });
    expect((await row()).ended).not.toBeNull();

    const { html } = await (await signIn("beheer@voorbeeld.nl")).page("/imitate/logboek");
    expect(html).toContain("Logboek imiteren");
    expect(html).toContain("Sofie Toezicht");
    expect(html).toContain(`Mila Lid (${member.email})`);
    const refused = await (await signIn("lid@voorbeeld.nl")).get("/imitate/logboek");
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe("/");
  });

  it("closes the audit row when the imitation is ended by logging out", async () => {
    const { admin, client } = await imitating();
    await client.post("/uitloggen", {});
    const row = await getDb().selectFrom("imitation_log").select("ended").where("imitator_id", "=", admin.id).executeTakeFirstOrThrow();
    expect(row.ended).not.toBeNull();
  });
});

describe("session lifetimes", () => {
  const sessionRows = (userId: number) => getDb().selectFrom("sessions").selectAll().where("user_id", "=", userId).execute();

  it("ends a half-signed-in session (waiting for its code) with a password reset of the account", async () => {
    const user = await insertUser(getDb(), { mfa: "email" });
    const client = new Client();
    await client.post("/?index", { intent: "login", email: user.email, password: DEMO_PASSWORD });
    expect((await sessionRows(user.id)).length).toBe(1);
    await resetPasswordOf(user.email);
    expect(await sessionRows(user.id)).toEqual([]);
    const { html } = await client.page("/");
    expect(html).not.toContain("2factor code invoeren");
  });

  it("ends a session at its absolute lifetime however active it is", async () => {
    const user = await insertUser(getDb(), {});
    const client = await signIn(user.email);
    expect((await client.get("/mijn-gegevens")).status).toBe(200);
    const thirteenHoursAgo = new Date(Date.now() - 13 * 3600_000).toISOString();
    await getDb().updateTable("sessions").set({ created: thirteenHoursAgo }).where("user_id", "=", user.id).execute();
    expect((await client.page("/mijn-gegevens")).url).toMatch(/^\/\?next=/);
    expect(await sessionRows(user.id)).toEqual([]);
  });

  it("ends an idle session, and moves the idle deadline with activity", async () => {
    const user = await insertUser(getDb(), {});
    const client = await signIn(user.email);
    const soon = new Date(Date.now() + 30 * 60_000).toISOString();
    await getDb().updateTable("sessions").set({ expires: soon }).where("user_id", "=", user.id).execute();
    expect((await client.get("/mijn-gegevens")).status).toBe(200);
    const [moved] = await sessionRows(user.id);
    expect(Date.parse(moved.expires)).toBeGreaterThan(Date.now() + 100 * 60_000);

    await getDb()
      .updateTable("sessions")
      .set({ expires: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", user.id)
      .execute();
    expect((await client.page("/mijn-gegevens")).url).toMatch(/^\/\?next=/);
  });
});

describe("own sessions on /mijn-gegevens", () => {
  it("lists the devices and logs out all others", async () => {
    const user = await insertUser(getDb(), {});
    const here = await signIn(user.email);
    const elsewhere = await signIn(user.email);
    const { html } = await here.page("/mijn-gegevens");
    expect(html).toContain("Ingelogde apparaten");
    expect(html).toContain("(dit apparaat)");
    expect(html.match(/<tr>/g)!.length).toBe(3);
    expect(html).toContain(">Uitloggen op alle andere apparaten</button>");

    const done = await here.submit("/mijn-gegevens", { intent: "logout-others" });
    expect(notificationIn(done.html)).toBe("U bent uitgelogd op alle andere apparaten.");
    expect((await here.get("/mijn-gegevens")).status).toBe(200);
    expect((await elsewhere.page("/mijn-gegevens")).url).toMatch(/^\/\?next=/);
  });

  it("does not let an imitating admin log the person out elsewhere", async () => {
    const { member, client } = await imitating();
    const own = await signIn(member.email);
    const { html } = await client.page("/mijn-gegevens");
    expect(html).not.toContain(">Uitloggen op alle andere apparaten</button>");
    const res = await client.submit("/mijn-gegevens", { intent: "logout-others" });
    expect(notificationIn(res.html)).toBe("Tijdens het imiteren kunt u geen apparaten van deze gebruiker uitloggen.");
    expect((await own.get("/mijn-gegevens")).status).toBe(200);
  });
});
