import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { storeFile } from "../../app/lib/files.server";
import { insertManagedEnterprise, insertRegistrant, insertUser, uniqueEmail } from "../fixtures";
import {
  Client,
  control,
  fieldError,
  getDb,
  latestMailTo,
  mailSent,
  notification,
  pageText,
  sections,
  sessionFor,
  tabPanel,
  tabs,
  textOf,
} from "./support";
import type { EmploymentStatus } from "../../app/employments/employments";

/**
 * Employment between establishments and professionals, the establishment's side (part 1 §2
 * "Professionals tab", §4, §5 "Invite form", §6, §8): tab Professionals with its invite form and
 * cards, each step of the state machine the establishment takes, the steps it may not take, forged
 * ids, who may post, and the log. The professional's side is in employments-registrant.test.ts.
 */
const tag = `Prof${process.pid}${Date.now().toString(36)}`;

const INVITE = "employment-invite";
const REVOKE = "employment-revoke-invitation";
const TERMINATE = "employment-enterprise-terminate";
const DISMISS = "employment-enterprise-dismiss";

const NOT_FOUND = "Geen professional gevonden";
const ALREADY = "Deze professional is al gekoppeld aan deze vestiging";
const REFUSED = "Deze actie is niet (meer) mogelijk.";
const GONE = "Dit item bestaat niet (meer).";
const EMAIL_LABEL = "E-mailadres van de professional";
const MAIL_LABEL = "Stuur de professional een e-mail met de uitnodiging";

type Status = EmploymentStatus;

const editPath = (id: number) => `/vestigingen/bewerken/${id}`;
const ownPath = (id: number) => `/mijn-vestigingen/bewerken/${id}`;

/** The page with tab Professionals open (`?tab=professionals`): what its links and forms ask for. */
const onTab = (path: string) => `${path}?tab=professionals`;
/** Where a post of the tab returns: the page on tab Professionals, at its panel. */
const backTo = (path: string) => `${onTab(path)}#professionals`;

const panel = (html: string) => tabPanel(html, "Professionals");
const panelText = (html: string) => textOf(panel(html));
const attention = (html: string) => tabs(html).find((t) => t.name === "Professionals")?.attention;
/** The groups of the tab with the names on their cards. */
const groups = (html: string) => sections(panel(html)!).filter((s) => s.name !== "Professional uitnodigen").map((s) => ({ name: s.name, items: s.items }));
/** The card of `name` (its heading), as text. */
const card = (html: string, name: string) => {
  const heading = panel(html)!.querySelectorAll("article h3").find((h) => textOf(h) === name);
  return heading ? textOf(heading.closest("article")) : undefined;
};

let seq = 0;
/** A professional of this file's own, with an e-mail address to invite it by. */
async function professional(extra: { givenName?: string; userId?: number | null } = {}) {
  seq += 1;
  const email = uniqueEmail("professional");
  const familyName = `Prof${seq}${tag}`;
  const id = await insertRegistrant(getDb(), { email, givenName: extra.givenName ?? "Pim", familyName, userId: extra.userId ?? null });
  return { id, email, name: `${extra.givenName ?? "Pim"} ${familyName}` };
}

/** A membership with one establishment and its manager member, signed in. */
async function establishment() {
  const fixture = await insertManagedEnterprise(getDb(), { name: `Vestiging ${tag} ${++seq}`, manager: { givenName: "Mira", familyName: `Manager${tag}` } });
  return { ...fixture, client: await sessionFor(fixture.manager.email), path: ownPath(fixture.enterpriseId) };
}

/** An employment straight in the database, in `status` (the steps before it dated). */
async function insertEmployment(enterpriseId: number, registrantId: number, status: Status, extra: { dismissedByEnterprise?: boolean } = {}) {
  const now = new Date().toISOString();
  const accepted = ["invitation_accepted", "terminated_by_enterprise", "terminated_by_registrant"].includes(status);
  const row = await getDb()
    .insertInto("employments")
    .values({
      enterprise_id: enterpriseId,
      registrant_id: registrantId,
      status,
      invitation_sent: "2026-01-05T10:00:00.000Z",
      invitation_accepted: accepted ? "2026-01-07T10:00:00.000Z" : null,
      invitation_declined: status === "invitation_declined" ? now : null,
      invitation_revoked: status === "invitation_revoked" ? now : null,
      terminated: status.startsWith("terminated_") ? now : null,
      dismissed_by_enterprise: extra.dismissedByEnterprise ? 1 : 0,
      dismissed_by_registrant: 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function employment(id: number) {
  return getDb().selectFrom("employments").selectAll().where("id", "=", id).executeTakeFirst();
}

async function employmentsOf(enterpriseId: number) {
  return getDb().selectFrom("employments").selectAll().where("enterprise_id", "=", enterpriseId).orderBy("id").execute();
}

async function logRows(enterpriseId: number) {
  return getDb().selectFrom("enterprise_log").select(["form", "user_id", "imitating"]).where("enterprise_id", "=", enterpriseId).orderBy("id").execute();
}

const invite = (email: string, sendInvitation = true) => ({ intent: INVITE, email, ...(sendInvitation ? { sendInvitation: "on" } : {}) });
const step = (intent: string, id: number | string) => ({ intent, employment: String(id) });

let admin: Client;
beforeAll(async () => {
  admin = await sessionFor("beheer@voorbeeld.nl");
});

describe("tab Professionals", () => {
  it("sits between Keuring and Logboek, with the demo data of De Vaart Noord in its groups and the red '!'", async () => {
    const client = await sessionFor("vestiging@voorbeeld.nl");
    const { html } = await client.page(onTab("/mijn-vestiging"));
    const names = tabs(html).map((t) => t.name);
    expect(names.slice(names.indexOf("Keuring"), names.indexOf("Keuring") + 3)).toEqual(["Keuring", "Professionals", "Logboek"]);
    expect(attention(html)).toBe(true);
    expect(groups(html).map((g) => g.name)).toEqual([
      "Werkzame professionals",
      "Openstaande uitnodigingen",
      "Beëindigd door de professional",
      "Afgewezen uitnodigingen",
    ]);
    const invited = groups(html)[1].items;
    expect(invited).toContain("Piet Professional");
    expect(card(html, "Piet Professional")).toContain("Uitgenodigd");
    expect(card(html, "Piet Professional")).toContain("Intrekken");
    const working = groups(html)[0].items;
    expect(working.length).toBeGreaterThan(0);
    expect(card(html, working[0])).toMatch(/Werkzaam sinds \d{2}-\d{2}-\d{4}/);
    expect(card(html, working[0])).toContain("Ontkoppelen");
    expect(card(html, groups(html)[2].items[0])).toContain("Beëindigd door professional");
    expect(card(html, groups(html)[3].items[0])).toContain("Uitnodiging afgewezen");
    // The stored values of the states are never shown.
    expect(panelText(html)).not.toMatch(/invitation_|terminated_by/);
    expect(control(panel(html)!, EMAIL_LABEL).getAttribute("type")).toBe("email");
  });

  it("is disabled on the add page and absent for an associate membership's establishment", async () => {
    expect(tabs((await admin.page("/vestigingen/toevoegen")).html).find((t) => t.name === "Professionals")).toMatchObject({ disabled: true });
    const associate = await sessionFor("nietlid@voorbeeld.nl");
    const { html } = await associate.page("/mijn-vestiging");
    expect(tabs(html).map((t) => t.name)).not.toContain("Professionals");
    // Its posts are unknown there.
    const res = await associate.post("/mijn-vestiging", invite("professional@voorbeeld.nl"));
    expect(res.status).toBe(400);
    const enterprise = await getDb().selectFrom("enterprises").select("id").where("name", "=", "Buurtsport Oost").executeTakeFirstOrThrow();
    expect(await employmentsOf(enterprise.id)).toEqual([]);
  });

  it("shows an empty establishment's tab without '!' and says there are no professionals yet", async () => {
    const { client, path } = await establishment();
    const { html } = await client.page(onTab(path));
    expect(attention(html)).toBe(false);
    expect(panelText(html)).toContain("Er zijn nog geen professionals aan deze vestiging gekoppeld.");
  });
});

describe("inviting a professional", () => {
  it("requires a valid e-mail address, keeps what was typed, and stores nothing", async () => {
    const { client, path, enterpriseId } = await establishment();
    const empty = await client.post(onTab(path), invite("  "));
    expect(empty.status).toBe(400);
    const emptyHtml = await empty.text();
    expect(fieldError(panel(emptyHtml)!, EMAIL_LABEL)).toBe("Dit is een verplicht veld");
    const wrong = await client.post(onTab(path), invite("jan@", false));
    expect(wrong.status).toBe(400);
    const html = await wrong.text();
    expect(fieldError(panel(html)!, EMAIL_LABEL)).toBe("U dient een geldig e-mailadres in te voeren");
    expect(control(panel(html)!, EMAIL_LABEL).getAttribute("value")).toBe("jan@");
    expect(control(panel(html)!, MAIL_LABEL).hasAttribute("checked")).toBe(false);
    expect(await employmentsOf(enterpriseId)).toEqual([]);
    expect(await logRows(enterpriseId)).toEqual([]);
  });

  it("says so when no professional has the address, keeping the form as typed", async () => {
    const { client, path, enterpriseId } = await establishment();
    const typed = uniqueEmail("niemand");
    const res = await client.post(onTab(path), invite(typed));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(notification(html)).toEqual({ header: NOT_FOUND, text: "Er is geen FITNED.NL-professional met dit e-mailadres." });
    expect(control(panel(html)!, EMAIL_LABEL).getAttribute("value")).toBe(typed);
    expect(await employmentsOf(enterpriseId)).toEqual([]);
  });

  it("invites by the professional's address (in any case), logs it, mails the invitation and shows the card with the '!'", async () => {
    const { client, path, enterpriseId, manager } = await establishment();
    const pro = await professional({ givenName: "Ilse" });
    const result = await client.submit(onTab(path), invite(pro.email.toUpperCase()));
    expect(result.status).toBe(302);
    expect(result.url).toBe(backTo(path));
    expect(notification(result.html)).toEqual({ header: "Uitnodiging verstuurd.", text: "De professional krijgt ook een e-mail met de uitnodiging." });
    const [row] = await employmentsOf(enterpriseId);
    expect(row).toMatchObject({ registrant_id: pro.id, status: "invitation_sent", invited_by: manager.id, invitation_accepted: null, dismissed_by_enterprise: 0 });
    expect(await logRows(enterpriseId)).toEqual([{ form: "professionals", user_id: manager.id, imitating: 0 }]);
    expect(groups(result.html)).toEqual([{ name: "Openstaande uitnodigingen", items: [pro.name] }]);
    expect(card(result.html, pro.name)).toContain("Uitgenodigd");
    expect(attention(result.html)).toBe(true);
    // The form starts empty again.
    expect(control(panel(result.html)!, EMAIL_LABEL).getAttribute("value") ?? "").toBe("");

    const mail = await latestMailTo(pro.email);
    expect(mail).toBeDefined();
    expect(mail).toContain(`Vestiging ${tag}`);
    expect(mail).toContain(pro.name);
    expect(mail).toMatch(/https?:\/\/[^/\s]+\/mijn-fitnednl\?tab=sportcentra#sportcentra/);
  });

  it("invites without a mail when the box is not ticked", async () => {
    const { client, path, enterpriseId } = await establishment();
    const pro = await professional();
    const result = await client.submit(onTab(path), invite(pro.email, false));
    expect(notification(result.html)?.header).toBe("Uitnodiging verstuurd.");
    expect(await employmentsOf(enterpriseId)).toHaveLength(1);
    await mailSent();
    expect(await getDb().selectFrom("mail_outbox").select("id").where("recipient", "=", pro.email).execute()).toEqual([]);
  });

  it("refuses a second invitation while one is open or the professional works there, and invites again after a revoke", async () => {
    const { client, path, enterpriseId } = await establishment();
    const pro = await professional();
    await client.submit(onTab(path), invite(pro.email, false));
    const again = await client.post(onTab(path), invite(pro.email));
    expect(again.status).toBe(409);
    const html = await again.text();
    expect(notification(html)).toEqual({ header: ALREADY, text: "De professional is al uitgenodigd of werkt al bij deze vestiging." });
    expect(control(panel(html)!, EMAIL_LABEL).getAttribute("value")).toBe(pro.email);
    expect(await employmentsOf(enterpriseId)).toHaveLength(1);

    // Accepted: still linked.
    await getDb().updateTable("employments").set({ status: "invitation_accepted", invitation_accepted: new Date().toISOString() }).where("enterprise_id", "=", enterpriseId).execute();
    expect((await client.post(onTab(path), invite(pro.email))).status).toBe(409);

    // Ended: a new invitation is a new employment.
    await getDb().updateTable("employments").set({ status: "terminated_by_registrant" }).where("enterprise_id", "=", enterpriseId).execute();
    const fresh = await client.submit(onTab(path), invite(pro.email, false));
    expect(notification(fresh.html)?.header).toBe("Uitnodiging verstuurd.");
    expect((await employmentsOf(enterpriseId)).map((r) => r.status)).toEqual(["terminated_by_registrant", "invitation_sent"]);
  });

  it("makes one invitation of two posted at once; the other is told the professional is already linked", async () => {
    const { path, enterpriseId, manager } = await establishment();
    const pro = await professional();
    // Each from a session of its own (as three browsers), so no answer reads another's notification.
    const clients = await Promise.all([1, 2, 3].map(() => sessionFor(manager.email)));
    const answers = await Promise.all(clients.map((c) => c.post(onTab(path), invite(pro.email, false))));
    expect(answers.map((a) => a.status).sort()).toEqual([302, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) expect(notification(await answer.text())?.header).toBe(ALREADY);
    expect(await employmentsOf(enterpriseId)).toHaveLength(1);
    expect(await logRows(enterpriseId)).toHaveLength(1);
  });
});

describe("the establishment's steps", () => {
  it("Intrekken: revokes an open invitation once; a second post changes nothing and says so", async () => {
    const { client, path, enterpriseId, manager } = await establishment();
    const pro = await professional();
    const id = await insertEmployment(enterpriseId, pro.id, "invitation_sent");
    const done = await client.submit(onTab(path), step(REVOKE, id));
    expect(done.url).toBe(backTo(path));
    expect(notification(done.html)?.header).toBe("Uitnodiging ingetrokken.");
    expect(await employment(id)).toMatchObject({ status: "invitation_revoked" });
    expect((await employment(id))!.invitation_revoked).not.toBeNull();
    expect(card(done.html, pro.name)).toBeUndefined();
    expect(attention(done.html)).toBe(false);
    expect(await logRows(enterpriseId)).toEqual([{ form: "professionals", user_id: manager.id, imitating: 0 }]);

    const twice = await client.submit(onTab(path), step(REVOKE, id));
    expect(notification(twice.html)).toEqual({ header: REFUSED, text: "De status van deze koppeling is: Uitnodiging ingetrokken." });
    expect(await logRows(enterpriseId)).toHaveLength(1);
  });

  it("Intrekken is refused for an accepted employment", async () => {
    const { client, path, enterpriseId } = await establishment();
    const id = await insertEmployment(enterpriseId, (await professional()).id, "invitation_accepted");
    const res = await client.submit(onTab(path), step(REVOKE, id));
    expect(notification(res.html)).toEqual({ header: REFUSED, text: "De status van deze koppeling is: Uitnodiging geaccepteerd." });
    expect(await employment(id)).toMatchObject({ status: "invitation_accepted", invitation_revoked: null });
  });

  it("Ontkoppelen: asks first (a page without JavaScript), then ends the employment", async () => {
    const { client, path, enterpriseId } = await establishment();
    const pro = await professional();
    const id = await insertEmployment(enterpriseId, pro.id, "invitation_accepted");
    const before = (await client.page(onTab(path))).html;
    expect(card(before, pro.name)).toContain("Werkzaam sinds 07-01-2026");
    const link = panel(before)!.querySelectorAll("a").find((a) => a.getAttribute("aria-label") === `Ontkoppelen ${pro.name}`);
    expect(link?.getAttribute("href")).toBe(`${onTab(path)}&bevestigen=ontkoppelen&koppeling=${id}#professionals`);

    const { html } = await client.page(`${onTab(path)}&bevestigen=ontkoppelen&koppeling=${id}`);
    const question = panel(html)!.querySelector("section.confirm")!;
    expect(textOf(question)).toContain("Professional ontkoppelen");
    expect(textOf(question)).toContain("Weet u zeker dat u deze professional wilt ontkoppelen van deze vestiging?");
    expect(textOf(question)).toContain(pro.name);
    const form = question.querySelector("form")!;
    expect(form.getAttribute("action")).toBe(backTo(path));
    expect(question.querySelector("a")!.getAttribute("href")).toBe(backTo(path));
    const fields = Object.fromEntries(form.querySelectorAll("input").map((i) => [i.getAttribute("name"), i.getAttribute("value")]));
    expect(fields).toEqual({ intent: TERMINATE, employment: String(id) });
    // Nothing changed by asking.
    expect(await employment(id)).toMatchObject({ status: "invitation_accepted" });

    const done = await client.submit(onTab(path), fields as Record<string, string>);
    expect(notification(done.html)?.header).toBe("Professional ontkoppeld.");
    expect(await employment(id)).toMatchObject({ status: "terminated_by_enterprise" });
    expect((await employment(id))!.terminated).not.toBeNull();
    expect(card(done.html, pro.name)).toBeUndefined();
    expect(await logRows(enterpriseId)).toHaveLength(1);

    // A question for a card that offers no such step shows nothing.
    expect(panel((await client.page(`${onTab(path)}&bevestigen=ontkoppelen&koppeling=${id}`)).html)!.querySelector("section.confirm")).toBeNull();
  });

  it("Ontkoppelen is refused for an invitation and for a declined one", async () => {
    const { client, path, enterpriseId } = await establishment();
    const open = await insertEmployment(enterpriseId, (await professional()).id, "invitation_sent");
    const declined = await insertEmployment(enterpriseId, (await professional()).id, "invitation_declined");
    expect(notification((await client.submit(onTab(path), step(TERMINATE, open))).html)).toEqual({ header: REFUSED, text: "De status van deze koppeling is: Uitgenodigd." });
    expect(notification((await client.submit(onTab(path), step(TERMINATE, declined))).html)).toEqual({
      header: REFUSED,
      text: "De status van deze koppeling is: Uitnodiging afgewezen.",
    });
    expect((await employmentsOf(enterpriseId)).map((r) => r.status)).toEqual(["invitation_sent", "invitation_declined"]);
    expect(await logRows(enterpriseId)).toEqual([]);
  });

  it("Verbergen: hides a declined invitation and an end by the professional, once; the '!' goes with them", async () => {
    const { client, path, enterpriseId } = await establishment();
    const declinedBy = await professional();
    const endedBy = await professional();
    const declined = await insertEmployment(enterpriseId, declinedBy.id, "invitation_declined");
    const ended = await insertEmployment(enterpriseId, endedBy.id, "terminated_by_registrant");
    const first = (await client.page(onTab(path))).html;
    expect(attention(first)).toBe(true);
    expect(groups(first).map((g) => g.name)).toEqual(["Beëindigd door de professional", "Afgewezen uitnodigingen"]);
    expect(card(first, declinedBy.name)).toContain("Verbergen");

    const hidden = await client.submit(onTab(path), step(DISMISS, declined));
    expect(notification(hidden.html)?.header).toBe("De melding is verborgen.");
    expect(await employment(declined)).toMatchObject({ status: "invitation_declined", dismissed_by_enterprise: 1, dismissed_by_registrant: 0 });
    expect(card(hidden.html, declinedBy.name)).toBeUndefined();
    expect(attention(hidden.html)).toBe(true);

    const both = await client.submit(onTab(path), step(DISMISS, ended));
    expect(await employment(ended)).toMatchObject({ status: "terminated_by_registrant", dismissed_by_enterprise: 1 });
    expect(attention(both.html)).toBe(false);
    expect(panelText(both.html)).toContain("Er zijn nog geen professionals aan deze vestiging gekoppeld.");

    const twice = await client.submit(onTab(path), step(DISMISS, ended));
    expect(notification(twice.html)).toEqual({ header: REFUSED, text: "Deze melding is al verborgen." });
    expect(await logRows(enterpriseId)).toHaveLength(2);
  });

  it("Verbergen is refused for open invitations, employments and ends by the establishment itself", async () => {
    const { client, path, enterpriseId } = await establishment();
    for (const status of ["invitation_sent", "invitation_accepted", "terminated_by_enterprise", "invitation_revoked"] as const) {
      const id = await insertEmployment(enterpriseId, (await professional()).id, status);
      const res = await client.submit(onTab(path), step(DISMISS, id));
      expect(notification(res.html)?.header, status).toBe(REFUSED);
      expect(await employment(id)).toMatchObject({ status, dismissed_by_enterprise: 0 });
    }
    expect(await logRows(enterpriseId)).toEqual([]);
  });

  it("logs a step taken while a super admin imitates the manager with the imitation flag", async () => {
    const { enterpriseId, manager, path } = await establishment();
    const id = await insertEmployment(enterpriseId, (await professional()).id, "invitation_sent");
    const superAdmin = await sessionFor("superbeheer@voorbeeld.nl");
    expect((await superAdmin.submit("/imitate", { intent: "start", userId: String(manager.id) })).status).toBe(302);
    await superAdmin.submit(onTab(path), step(REVOKE, id));
    expect(await logRows(enterpriseId)).toEqual([{ form: "professionals", user_id: manager.id, imitating: 1 }]);
  });

  it("lets an admin take the steps on the admin's page", async () => {
    const { enterpriseId } = await establishment();
    const pro = await professional();
    const result = await admin.submit(onTab(editPath(enterpriseId)), invite(pro.email, false));
    expect(result.url).toBe(backTo(editPath(enterpriseId)));
    const [row] = await employmentsOf(enterpriseId);
    expect(row).toMatchObject({ status: "invitation_sent" });
    await admin.submit(onTab(editPath(enterpriseId)), step(REVOKE, row.id));
    expect(await employment(row.id)).toMatchObject({ status: "invitation_revoked" });
  });
});

describe("refused posts", () => {
  it("treats the id of another establishment's employment as not found, for every step, changing nothing", async () => {
    const own = await establishment();
    const other = await establishment();
    const ids = {
      sent: await insertEmployment(other.enterpriseId, (await professional()).id, "invitation_sent"),
      accepted: await insertEmployment(other.enterpriseId, (await professional()).id, "invitation_accepted"),
      declined: await insertEmployment(other.enterpriseId, (await professional()).id, "invitation_declined"),
    };
    const before = await employmentsOf(other.enterpriseId);
    for (const [intent, id] of [
      [REVOKE, ids.sent],
      [TERMINATE, ids.accepted],
      [DISMISS, ids.declined],
      [REVOKE, "abc"],
      [TERMINATE, ""],
      [DISMISS, 999999999],
    ] as const) {
      const res = await own.client.submit(onTab(own.path), step(intent, id));
      expect(res.url, `${intent} ${id}`).toBe(backTo(own.path));
      expect(notification(res.html)?.header, `${intent} ${id}`).toBe(GONE);
    }
    expect(await employmentsOf(other.enterpriseId)).toEqual(before);
    expect(await logRows(own.enterpriseId)).toEqual([]);
    expect(await logRows(other.enterpriseId)).toEqual([]);
  });

  it("sends a contact person, another membership's manager and a professional home, and an admin through the wrong membership to 404", async () => {
    const { enterpriseId, memberId, path } = await establishment();
    const pro = await professional();
    const id = await insertEmployment(enterpriseId, pro.id, "invitation_accepted");
    const db = getDb();
    const contact = await insertUser(db, { memberId });
    await db.insertInto("enterprise_contacts").values({ enterprise_id: enterpriseId, user_id: contact.id }).execute();
    const contactClient = await sessionFor(contact.email);

    // The contact person sees the cards, without the invite form and the buttons.
    const { html } = await contactClient.page(onTab("/mijn-vestiging"));
    expect(card(html, pro.name)).toContain("Werkzaam sinds 07-01-2026");
    expect(card(html, pro.name)).not.toContain("Ontkoppelen");
    expect(panel(html)!.querySelector("form")).toBeNull();

    const bodies = [invite(pro.email), step(TERMINATE, id), step(REVOKE, id), step(DISMISS, id)];
    for (const body of bodies) {
      const res = await contactClient.post("/mijn-vestiging", body);
      expect(res.headers.get("location"), `contact ${body.intent}`).toBe("/");
    }
    const intruder = await establishment();
    const professionalClient = await sessionFor("professional@voorbeeld.nl");
    for (const client of [intruder.client, professionalClient]) {
      for (const body of bodies) {
        for (const target of [path, editPath(enterpriseId)]) {
          const res = await client.post(target, body);
          expect(res.status).toBe(302);
          expect(res.headers.get("location")).toBe("/");
        }
      }
    }
    const wrongMembership = await admin.post(`/lidmaatschappen/bewerken/${intruder.memberId}/vestiging/${enterpriseId}`, step(TERMINATE, id));
    expect(wrongMembership.status).toBe(404);
    expect(await employment(id)).toMatchObject({ status: "invitation_accepted" });
    expect(await employmentsOf(enterpriseId)).toHaveLength(1);
    expect(await logRows(enterpriseId)).toEqual([]);
  });
});

describe("the cards", () => {
  it("show the professional's photo (to who sees the tab, not to others) and the highest level of its diplomas", async () => {
    const { client, path, enterpriseId } = await establishment();
    const db = getDb();
    const pro = await professional();
    const png = await sharp({ create: { width: 30, height: 30, channels: 3, background: "#2a6" } }).png().toBuffer();
    const fileId = await storeFile(db, png, "image/png", "pasfoto.png", { purpose: "registrant_image", ownerId: pro.id });
    await db.updateTable("registrants").set({ image_file_id: fileId }).where("id", "=", pro.id).execute();
    const levels = await db
      .insertInto("qualifications")
      .values([
        { name: `Diploma laag ${tag}`, sequence: 9000, level: `Niveau 2 ${tag}`, level_value: 2, recognized: 1 },
        { name: `Diploma hoog ${tag}`, sequence: 9001, level: `Niveau 5 ${tag}`, level_value: 5, recognized: 1 },
      ])
      .returning("id")
      .execute();
    await db.insertInto("registrant_qualifications").values(levels.map((q) => ({ registrant_id: pro.id, qualification_id: q.id }))).execute();
    await insertEmployment(enterpriseId, pro.id, "invitation_sent");

    const { html } = await client.page(onTab(path));
    expect(card(html, pro.name)).toContain(`Niveau 5 ${tag}`);
    expect(card(html, pro.name)).not.toContain(`Niveau 2 ${tag}`);
    const article = panel(html)!.querySelectorAll("article").find((a) => textOf(a.querySelector("h3")) === pro.name)!;
    const src = article.querySelector("img")!.getAttribute("src")!;
    expect(src).toMatch(new RegExp(`^/image/${fileId}/150/0/`));
    expect((await client.get(src)).status).toBe(200);
    expect((await admin.get(src)).status).toBe(200);
    // Another establishment's manager, and anyone once the card is hidden, does not get it.
    const other = await establishment();
    expect((await other.client.get(src)).status).toBe(404);
    await db.updateTable("employments").set({ status: "invitation_revoked" }).where("registrant_id", "=", pro.id).execute();
    expect((await client.get(src)).status).toBe(404);
    await db.deleteFrom("registrant_qualifications").where("registrant_id", "=", pro.id).execute();
    await db.deleteFrom("qualifications").where("id", "in", levels.map((q) => q.id)).execute();
  });

  it("never show revoked invitations, ends by the establishment, or hidden ones", async () => {
    const { client, path, enterpriseId } = await establishment();
    const hidden = await professional();
    for (const status of ["invitation_revoked", "terminated_by_enterprise"] as const) await insertEmployment(enterpriseId, (await professional()).id, status);
    await insertEmployment(enterpriseId, hidden.id, "invitation_declined", { dismissedByEnterprise: true });
    const { html } = await client.page(onTab(path));
    expect(groups(html)).toEqual([]);
    expect(pageText(panel(html)!)).toContain("Er zijn nog geen professionals aan deze vestiging gekoppeld.");
  });
});
