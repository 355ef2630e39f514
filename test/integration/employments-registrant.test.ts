import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { storeFile } from "../../app/lib/files.server";
import { insertManagedEnterprise, insertRegistrant, insertUser } from "../fixtures";
import { Client, getDb, notification, sessionFor, tabPanel, tabs, textOf } from "./support";
import type { EmploymentStatus } from "../../app/employments/employments";

/**
 * Employment between establishments and professionals, the professional's side (part 2 §2.8,
 * §4.2): tab Sportcentra of 'Mijn FITNED.NL' and of the admin's page of a professional, each step
 * the professional takes (accept, decline, detach, hide an end by the establishment) with its
 * confirmation, the steps it may not take, forged ids, and who may post. The establishment's side
 * is in employments.test.ts.
 */
const tag = `Sport${process.pid}${Date.now().toString(36)}`;

const ACCEPT = "employment-accept-invitation";
const DECLINE = "employment-decline-invitation";
const TERMINATE = "employment-registrant-terminate";
const DISMISS = "employment-registrant-dismiss";

const REFUSED = "Deze actie is niet (meer) mogelijk.";
const GONE = "Dit item bestaat niet (meer).";
const OWN = "/mijn-fitnednl";

type Status = EmploymentStatus;

/** The page with tab Sportcentra open (`?tab=sportcentra`): what its links and forms ask for. */
const onTab = (path: string) => `${path}?tab=sportcentra`;
/** Where a post of the tab returns: the page on tab Sportcentra, at its panel. */
const backTo = (path: string) => `${onTab(path)}#sportcentra`;
/** The establishment's manager's page of it, on tab Professionals. */
const professionalsTab = (enterpriseId: number) => `/mijn-vestigingen/bewerken/${enterpriseId}?tab=professionals`;

const panel = (html: string) => tabPanel(html, "Sportcentra");
const attention = (html: string) => tabs(html).find((t) => t.name === "Sportcentra")?.attention;
/** The cards of the tab: the establishment's name and the card's text, in order. */
const cards = (html: string) =>
  panel(html)!
    .querySelectorAll("article")
    .map((a) => ({ name: textOf(a.querySelector("h3")), text: textOf(a) }));
const card = (html: string, name: string) => cards(html).find((c) => c.name === name)?.text;

let seq = 0;

/** A professional with an account of its own, signed in on 'Mijn FITNED.NL'. */
async function professional() {
  seq += 1;
  const familyName = `Sport${seq}${tag}`;
  const user = await insertUser(getDb(), { givenName: "Sanne", familyName });
  const id = await insertRegistrant(getDb(), { userId: user.id, email: user.email, givenName: "Sanne", familyName });
  return { id, user, name: `Sanne ${familyName}`, client: await sessionFor(user.email) };
}

/** An establishment of its own, with its manager. */
async function establishment(name = `Sportcentrum ${tag} ${++seq}`) {
  const fixture = await insertManagedEnterprise(getDb(), { name, manager: { givenName: "Mark", familyName: `Manager${tag}` } });
  return { ...fixture, name };
}

async function insertEmployment(enterpriseId: number, registrantId: number, status: Status, extra: { dismissedByRegistrant?: boolean } = {}) {
  const now = new Date().toISOString();
  const accepted = ["invitation_accepted", "terminated_by_enterprise", "terminated_by_registrant"].includes(status);
  return (
    await getDb()
      .insertInto("employments")
      .values({
        enterprise_id: enterpriseId,
        registrant_id: registrantId,
        status,
        invitation_sent: "2026-01-05T10:00:00.000Z",
        invitation_accepted: accepted ? "2026-01-08T10:00:00.000Z" : null,
        invitation_declined: status === "invitation_declined" ? now : null,
        invitation_revoked: status === "invitation_revoked" ? now : null,
        terminated: status.startsWith("terminated_") ? now : null,
        dismissed_by_enterprise: 0,
        dismissed_by_registrant: extra.dismissedByRegistrant ? 1 : 0,
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
}

const employment = (id: number) => getDb().selectFrom("employments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const logRows = (enterpriseId: number) =>
  getDb().selectFrom("enterprise_log").select(["form", "user_id", "imitating"]).where("enterprise_id", "=", enterpriseId).orderBy("id").execute();
const step = (intent: string, id: number | string) => ({ intent, employment: String(id) });

/** The confirmation question the page shows without JavaScript (?bevestigen=…), or null. */
async function question(client: Client, path: string, slug: string, id: number) {
  const { html } = await client.page(`${onTab(path)}&bevestigen=${slug}&koppeling=${id}`);
  const section = panel(html)?.querySelector("section.confirm");
  if (!section) return null;
  const form = section.querySelector("form")!;
  return {
    text: textOf(section),
    action: form.getAttribute("action"),
    cancel: section.querySelector("a")?.getAttribute("href"),
    fields: Object.fromEntries(form.querySelectorAll("input").map((i) => [i.getAttribute("name")!, i.getAttribute("value")!])),
    button: textOf(form.querySelector("button")),
  };
}

let admin: Client;
beforeAll(async () => {
  admin = await sessionFor("beheer@voorbeeld.nl");
});

describe("tab Sportcentra", () => {
  it("shows the demo professional its invitation, its employment and an end by an establishment, with the '!'", async () => {
    const client = await sessionFor("professional@voorbeeld.nl");
    const { html } = await client.page(onTab(OWN));
    expect(tabs(html).map((t) => t.name)).toContain("Sportcentra");
    expect(attention(html)).toBe(true);
    const shown = cards(html);
    expect(shown.map((c) => c.name)).toEqual(["Sportcentrum De Vaart Noord", "Sportcentrum De Vaart Centrum", "Fitness Vitaal"]);
    expect(shown[0].text).toContain("Uitgenodigd");
    expect(shown[0].text).toContain("Accepteren");
    expect(shown[0].text).toContain("Afwijzen");
    expect(shown[1].text).toMatch(/Werkzaam sinds \d{2}-\d{2}-\d{4}/);
    expect(shown[1].text).toContain("Ontkoppelen");
    expect(shown[2].text).toContain("Ontkoppeld");
    expect(shown[2].text).toContain("Verbergen");
    // A declined invitation is not shown; stored state values never are.
    expect(textOf(panel(html))).not.toContain("Powerhouse Gym");
    expect(textOf(panel(html))).not.toMatch(/invitation_|terminated_by/);
  });

  it("shows the establishment's header image and says when there are no sports centres", async () => {
    const pro = await professional();
    expect(textOf(panel((await pro.client.page(onTab(OWN))).html))).toContain("Er zijn nog geen sportcentra aan deze professional gekoppeld.");
    expect(attention((await pro.client.page(onTab(OWN))).html)).toBe(false);
    const { enterpriseId, name } = await establishment();
    const db = getDb();
    const png = await sharp({ create: { width: 60, height: 20, channels: 3, background: "#36c" } }).png().toBuffer();
    const fileId = await storeFile(db, png, "image/png", "kop.png", { purpose: "enterprise_image", ownerId: enterpriseId });
    await db.insertInto("enterprise_info").values({ enterprise_id: enterpriseId, header_file_id: fileId, modified: new Date().toISOString() }).execute();
    await insertEmployment(enterpriseId, pro.id, "invitation_accepted");
    const { html } = await pro.client.page(onTab(OWN));
    expect(card(html, name)).toContain("Werkzaam sinds 08-01-2026");
    expect(attention(html)).toBe(false);
    const src = panel(html)!.querySelector("article img")!.getAttribute("src")!;
    expect(src).toMatch(new RegExp(`^/image/${fileId}/420/0/`));
    expect((await pro.client.get(src)).status).toBe(200);
  });
});

describe("the professional's steps", () => {
  it("Accepteren: asks first, then accepts once, logged for the establishment, which shows 'Werkzaam sinds'", async () => {
    const pro = await professional();
    const { enterpriseId, name, manager } = await establishment();
    const id = await insertEmployment(enterpriseId, pro.id, "invitation_sent");
    const page = (await pro.client.page(onTab(OWN))).html;
    const link = panel(page)!.querySelectorAll("a").find((a) => a.getAttribute("aria-label") === `Accepteren ${name}`);
    expect(link?.getAttribute("href")).toBe(`${onTab(OWN)}&bevestigen=accepteren&koppeling=${id}#sportcentra`);

    const asked = await question(pro.client, OWN, "accepteren", id);
    expect(asked).toMatchObject({
      action: backTo(OWN),
      cancel: backTo(OWN),
      fields: { intent: ACCEPT, employment: String(id) },
      button: "Accepteren",
    });
    expect(asked!.text).toContain("Uitnodiging accepteren");
    expect(asked!.text).toContain("Weet u zeker dat u deze uitnodiging wilt accepteren?");
    expect(asked!.text).toContain(name);
    expect(await employment(id)).toMatchObject({ status: "invitation_sent" });

    const done = await pro.client.submit(onTab(OWN), asked!.fields);
    expect(done.url).toBe(backTo(OWN));
    expect(notification(done.html)?.header).toBe("Uitnodiging geaccepteerd.");
    const row = await employment(id);
    expect(row.status).toBe("invitation_accepted");
    expect(row.invitation_accepted).not.toBeNull();
    expect(card(done.html, name)).toMatch(/Werkzaam sinds \d{2}-\d{2}-\d{4}/);
    expect(await logRows(enterpriseId)).toEqual([{ form: "professionals", user_id: pro.user.id, imitating: 0 }]);

    const managerPage = (await (await sessionFor(manager.email)).page(professionalsTab(enterpriseId))).html;
    const professionals = textOf(tabPanel(managerPage, "Professionals"));
    expect(professionals).toContain("Werkzame professionals");
    expect(professionals).toContain(pro.name);

    const twice = await pro.client.submit(onTab(OWN), step(ACCEPT, id));
    expect(notification(twice.html)).toEqual({ header: REFUSED, text: "De status van deze koppeling is: Uitnodiging geaccepteerd." });
    expect(await logRows(enterpriseId)).toHaveLength(1);
  });

  it("Afwijzen: asks first, then declines; the establishment sees the decline with its '!'", async () => {
    const pro = await professional();
    const { enterpriseId, name, manager } = await establishment();
    const id = await insertEmployment(enterpriseId, pro.id, "invitation_sent");
    const asked = await question(pro.client, OWN, "afwijzen", id);
    expect(asked!.text).toContain("Weet u zeker dat u deze uitnodiging wilt afwijzen?");
    expect(asked!.fields).toEqual({ intent: DECLINE, employment: String(id) });

    const done = await pro.client.submit(onTab(OWN), asked!.fields);
    expect(notification(done.html)?.header).toBe("Uitnodiging afgewezen.");
    expect(await employment(id)).toMatchObject({ status: "invitation_declined" });
    expect(card(done.html, name)).toBeUndefined();
    expect(attention(done.html)).toBe(false);

    const managerPage = (await (await sessionFor(manager.email)).page(professionalsTab(enterpriseId))).html;
    expect(textOf(tabPanel(managerPage, "Professionals"))).toContain("Uitnodiging afgewezen");
    expect(tabs(managerPage).find((t) => t.name === "Professionals")?.attention).toBe(true);

    // Accepting after declining is not possible.
    expect(notification((await pro.client.submit(onTab(OWN), step(ACCEPT, id))).html)).toEqual({
      header: REFUSED,
      text: "De status van deze koppeling is: Uitnodiging afgewezen.",
    });
    expect(await employment(id)).toMatchObject({ status: "invitation_declined", invitation_accepted: null });
  });

  it("refuses to accept or decline a revoked invitation, and to accept an end", async () => {
    const pro = await professional();
    const { enterpriseId } = await establishment();
    const revoked = await insertEmployment(enterpriseId, pro.id, "invitation_revoked");
    for (const intent of [ACCEPT, DECLINE]) {
      const res = await pro.client.submit(onTab(OWN), step(intent, revoked));
      expect(notification(res.html), intent).toEqual({ header: REFUSED, text: "De status van deze koppeling is: Uitnodiging ingetrokken." });
    }
    expect(await employment(revoked)).toMatchObject({ status: "invitation_revoked", invitation_accepted: null, invitation_declined: null });
    const ended = await insertEmployment(enterpriseId, pro.id, "terminated_by_enterprise");
    expect(notification((await pro.client.submit(onTab(OWN), step(ACCEPT, ended))).html)?.header).toBe(REFUSED);
    expect(await employment(ended)).toMatchObject({ status: "terminated_by_enterprise" });
    // The question is not even asked for a card that offers no such step.
    expect(await question(pro.client, OWN, "accepteren", revoked)).toBeNull();
    expect(await logRows(enterpriseId)).toEqual([]);
  });

  it("Ontkoppelen: asks first, then ends the employment; the establishment sees 'Beëindigd door professional'", async () => {
    const pro = await professional();
    const { enterpriseId, name, manager } = await establishment();
    const id = await insertEmployment(enterpriseId, pro.id, "invitation_accepted");
    const page = (await pro.client.page(onTab(OWN))).html;
    expect(panel(page)!.querySelectorAll("a").find((a) => a.getAttribute("aria-label") === `Ontkoppelen ${name}`)?.getAttribute("href")).toBe(
      `${onTab(OWN)}&bevestigen=loskoppelen&koppeling=${id}#sportcentra`,
    );
    const asked = await question(pro.client, OWN, "loskoppelen", id);
    expect(asked!.text).toContain("Weet u zeker dat u zich als professional wilt loskoppelen van dit sportcentrum?");
    expect(asked!.fields).toEqual({ intent: TERMINATE, employment: String(id) });
    expect(asked!.button).toBe("Ontkoppelen");

    const done = await pro.client.submit(onTab(OWN), asked!.fields);
    expect(notification(done.html)?.header).toBe("U bent losgekoppeld van dit sportcentrum.");
    const row = await employment(id);
    expect(row.status).toBe("terminated_by_registrant");
    expect(row.terminated).not.toBeNull();
    expect(card(done.html, name)).toBeUndefined();

    const managerPage = (await (await sessionFor(manager.email)).page(professionalsTab(enterpriseId))).html;
    expect(textOf(tabPanel(managerPage, "Professionals"))).toContain("Beëindigd door professional");

    expect(notification((await pro.client.submit(onTab(OWN), step(TERMINATE, id))).html)).toEqual({
      header: REFUSED,
      text: "De status van deze koppeling is: Beëindigd door professional.",
    });
  });

  it("refuses to end a declined invitation, an open one, or one the establishment ended", async () => {
    const pro = await professional();
    const { enterpriseId } = await establishment();
    for (const status of ["invitation_declined", "invitation_sent", "terminated_by_enterprise"] as const) {
      const id = await insertEmployment(enterpriseId, pro.id, status);
      expect(notification((await pro.client.submit(onTab(OWN), step(TERMINATE, id))).html)?.header, status).toBe(REFUSED);
      expect(await employment(id)).toMatchObject({ status, terminated: status === "terminated_by_enterprise" ? expect.any(String) : null });
    }
    expect(await logRows(enterpriseId)).toEqual([]);
  });

  it("Verbergen: hides an end by the establishment once, taking the '!' with it; nothing else can be hidden", async () => {
    const pro = await professional();
    const { enterpriseId, name } = await establishment();
    const ended = await insertEmployment(enterpriseId, pro.id, "terminated_by_enterprise");
    const page = (await pro.client.page(onTab(OWN))).html;
    expect(card(page, name)).toContain("Ontkoppeld");
    expect(attention(page)).toBe(true);

    const done = await pro.client.submit(onTab(OWN), step(DISMISS, ended));
    expect(notification(done.html)?.header).toBe("De melding is verborgen.");
    expect(await employment(ended)).toMatchObject({ status: "terminated_by_enterprise", dismissed_by_registrant: 1, dismissed_by_enterprise: 0 });
    expect(card(done.html, name)).toBeUndefined();
    expect(attention(done.html)).toBe(false);
    expect(notification((await pro.client.submit(onTab(OWN), step(DISMISS, ended))).html)).toEqual({ header: REFUSED, text: "Deze melding is al verborgen." });

    for (const status of ["invitation_sent", "invitation_accepted", "terminated_by_registrant", "invitation_declined"] as const) {
      const other = await insertEmployment((await establishment()).enterpriseId, pro.id, status);
      expect(notification((await pro.client.submit(onTab(OWN), step(DISMISS, other))).html)?.header, status).toBe(REFUSED);
      expect(await employment(other)).toMatchObject({ status, dismissed_by_registrant: 0 });
    }
    expect(await logRows(enterpriseId)).toHaveLength(1);
  });
});

describe("refused posts", () => {
  it("treats another professional's employment as not found, for every step, changing nothing", async () => {
    const pro = await professional();
    const other = await professional();
    const { enterpriseId } = await establishment();
    const second = await establishment();
    const ids = {
      sent: await insertEmployment(enterpriseId, other.id, "invitation_sent"),
      accepted: await insertEmployment(second.enterpriseId, other.id, "invitation_accepted"),
      ended: await insertEmployment(enterpriseId, other.id, "terminated_by_enterprise"),
    };
    for (const [intent, id] of [
      [ACCEPT, ids.sent],
      [DECLINE, ids.sent],
      [TERMINATE, ids.accepted],
      [DISMISS, ids.ended],
      [ACCEPT, "x1"],
      [DECLINE, 999999999],
    ] as const) {
      const res = await pro.client.submit(onTab(OWN), step(intent, id));
      expect(res.url, `${intent} ${id}`).toBe(backTo(OWN));
      expect(notification(res.html)?.header, `${intent} ${id}`).toBe(GONE);
    }
    expect(await employment(ids.sent)).toMatchObject({ status: "invitation_sent" });
    expect(await employment(ids.accepted)).toMatchObject({ status: "invitation_accepted" });
    expect(await employment(ids.ended)).toMatchObject({ dismissed_by_registrant: 0 });
    // Nor can the establishment's own steps be posted on the professional's page.
    const res = await pro.client.post(OWN, step("employment-enterprise-terminate", ids.accepted));
    expect(res.status).toBe(400);
    expect(await employment(ids.accepted)).toMatchObject({ status: "invitation_accepted" });
    expect(await logRows(enterpriseId)).toEqual([]);
    expect(await logRows(second.enterpriseId)).toEqual([]);
  });

  it("sends a manager, a member and another professional home from the admin's page of a professional, and lets an admin act there", async () => {
    const pro = await professional();
    const { enterpriseId, manager } = await establishment();
    const id = await insertEmployment(enterpriseId, pro.id, "invitation_sent");
    const adminPath = `/fitnednl/bewerken/${pro.id}`;
    const others = [await sessionFor(manager.email), await sessionFor("lid@voorbeeld.nl"), (await professional()).client];
    for (const client of others) {
      for (const intent of [ACCEPT, DECLINE]) {
        const res = await client.post(adminPath, step(intent, id));
        expect(res.status).toBe(302);
        expect(res.headers.get("location")).toBe("/");
      }
    }
    // A manager without a professional of its own has no 'Mijn FITNED.NL' to post to.
    const own = await (await sessionFor(manager.email)).post(OWN, step(ACCEPT, id));
    expect(own.headers.get("location")).toBe("/");
    expect(await employment(id)).toMatchObject({ status: "invitation_sent" });

    const page = (await admin.page(adminPath)).html;
    expect(tabs(page).find((t) => t.name === "Sportcentra")?.attention).toBe(true);
    const done = await admin.submit(onTab(adminPath), step(ACCEPT, id));
    expect(done.url).toBe(backTo(adminPath));
    expect(notification(done.html)?.header).toBe("Uitnodiging geaccepteerd.");
    expect(await employment(id)).toMatchObject({ status: "invitation_accepted" });
  });
});
