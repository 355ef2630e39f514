import { beforeAll, describe, expect, it } from "vitest";
import { insertEnterprise, insertMember, insertUser, type EnterpriseFixture, type MemberFixture } from "../fixtures";
import { Client, decodeEntities, getDb, notificationIn, pageText, sessionFor, statusButtons } from "./support";

/**
 * The status buttons of an establishment's page (part 1 §4): admins activate, deactivate, hide
 * and show, within what its membership allows; everyone else sees the state and is sent home when
 * they post. Every establishment here is a fixture of this file.
 */
const ADMIN = "beheer@voorbeeld.nl";
const ACTIVATION_REFUSED = "Activeren kan pas als het lidmaatschap goedgekeurd en actief is.";
const VISIBILITY_REFUSED = "Zichtbaar maken kan pas als het lidmaatschap zichtbaar is.";

const text = (html: string) => decodeEntities(html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " "));
const editPath = (id: number) => `/vestigingen/bewerken/${id}`;

async function fixture(member: MemberFixture = {}, enterprise: EnterpriseFixture = {}) {
  const memberId = await insertMember(getDb(), member);
  const id = await insertEnterprise(getDb(), memberId, { lidnummer: null, ...enterprise });
  return { memberId, id };
}

async function flags(id: number) {
  return getDb().selectFrom("enterprises").select(["approved", "inactive", "hidden"]).where("id", "=", id).executeTakeFirstOrThrow();
}

/** The status buttons the page offers, by their names. */
const buttons = statusButtons;

let admin: Client;
beforeAll(async () => {
  admin = await sessionFor(ADMIN);
});

describe("status buttons of an establishment", () => {
  it("deactivates, activates, hides and shows, each with its notification", async () => {
    const { id } = await fixture();
    expect(buttons((await admin.page(editPath(id))).html)).toEqual(["Deactiveren", "Verbergen"]);

    let page = await admin.submit(editPath(id), { intent: "toggle-hidden" });
    expect(page.url).toBe(editPath(id));
    expect(notificationIn(page.html)).toBe("Verborgen.");
    expect(await flags(id)).toEqual({ approved: 1, inactive: 0, hidden: 1 });
    expect(buttons(page.html)).toEqual(["Deactiveren", "Zichtbaar maken"]);

    page = await admin.submit(editPath(id), { intent: "toggle-hidden" });
    expect(notificationIn(page.html)).toBe("Zichtbaar gemaakt.");
    expect(await flags(id)).toEqual({ approved: 1, inactive: 0, hidden: 0 });

    page = await admin.submit(editPath(id), { intent: "toggle-inactive" });
    expect(notificationIn(page.html)).toBe("Gedeactiveerd.");
    expect(await flags(id)).toEqual({ approved: 1, inactive: 1, hidden: 0 });
    // Hiding is offered only while active; a forged post changes nothing.
    expect(buttons(page.html)).toEqual(["Activeren"]);
    page = await admin.submit(editPath(id), { intent: "toggle-hidden" });
    expect(notificationIn(page.html)).toBe("Oeps, er gaat iets mis!");
    expect(await flags(id)).toEqual({ approved: 1, inactive: 1, hidden: 0 });

    page = await admin.submit(editPath(id), { intent: "toggle-inactive" });
    expect(notificationIn(page.html)).toBe("Geactiveerd.");
    expect(await flags(id)).toEqual({ approved: 1, inactive: 0, hidden: 0 });
  });

  it("activates only when the membership is approved and active, and says why not", async () => {
    for (const member of [{ inactive: true }, { approved: false }] satisfies MemberFixture[]) {
      const { id } = await fixture(member, { inactive: true });
      const before = await admin.page(editPath(id));
      expect(text(before.html)).toContain(ACTIVATION_REFUSED);
      expect(buttons(before.html)).toEqual([]);

      const refused = await admin.submit(editPath(id), { intent: "toggle-inactive" });
      expect(notificationIn(refused.html)).toBe(ACTIVATION_REFUSED);
      expect(await flags(id)).toEqual({ approved: 1, inactive: 1, hidden: 0 });
    }
    // Deactivating is always allowed.
    const { id } = await fixture({ inactive: true });
    expect(text((await admin.page(editPath(id))).html)).not.toContain(ACTIVATION_REFUSED);
    const page = await admin.submit(editPath(id), { intent: "toggle-inactive" });
    expect(notificationIn(page.html)).toBe("Gedeactiveerd.");
    expect(await flags(id)).toEqual({ approved: 1, inactive: 1, hidden: 0 });
  });

  it("makes visible only when the membership is visible, and says why not", async () => {
    const { id, memberId } = await fixture({ hidden: true }, { hidden: true });
    const before = await admin.page(editPath(id));
    expect(text(before.html)).toContain(VISIBILITY_REFUSED);
    expect(buttons(before.html)).toEqual(["Deactiveren"]);
    const refused = await admin.submit(editPath(id), { intent: "toggle-hidden" });
    expect(notificationIn(refused.html)).toBe(VISIBILITY_REFUSED);
    expect(await flags(id)).toEqual({ approved: 1, inactive: 0, hidden: 1 });

    // Once the membership is visible again, so may the establishment be.
    await getDb().updateTable("members").set({ hidden: 0 }).where("id", "=", memberId).execute();
    const page = await admin.submit(editPath(id), { intent: "toggle-hidden" });
    expect(notificationIn(page.html)).toBe("Zichtbaar gemaakt.");
    expect(await flags(id)).toEqual({ approved: 1, inactive: 0, hidden: 0 });

    // Hiding is always allowed.
    const other = await fixture({ hidden: true });
    const hidden = await admin.submit(editPath(other.id), { intent: "toggle-hidden" });
    expect(notificationIn(hidden.html)).toBe("Verborgen.");
    expect(await flags(other.id)).toEqual({ approved: 1, inactive: 0, hidden: 1 });
  });

  it("checks the rule against the membership as it is at the moment of the change", async () => {
    const { id, memberId } = await fixture({}, { inactive: true });
    expect(buttons((await admin.page(editPath(id))).html)).toEqual(["Activeren"]);
    // The membership is deactivated after the page was shown.
    await getDb().updateTable("members").set({ inactive: 1 }).where("id", "=", memberId).execute();
    const refused = await admin.submit(editPath(id), { intent: "toggle-inactive" });
    expect(notificationIn(refused.html)).toBe(ACTIVATION_REFUSED);
    expect(await flags(id)).toEqual({ approved: 1, inactive: 1, hidden: 0 });
  });

  it("shows 'Nog niet goedgekeurd' instead of buttons for an unapproved establishment", async () => {
    const { id } = await fixture({}, { approved: false, inactive: true, hidden: true });
    const page = await admin.page(editPath(id));
    expect(text(page.html)).toContain("Nog niet goedgekeurd");
    expect(buttons(page.html)).toEqual([]);
    for (const intent of ["toggle-inactive", "toggle-hidden"]) {
      const posted = await admin.submit(editPath(id), { intent });
      expect(notificationIn(posted.html)).toBe("Oeps, er gaat iets mis!");
    }
    expect(await flags(id)).toEqual({ approved: 0, inactive: 1, hidden: 1 });
  });

  it("returns to the page it was posted from in the membership context", async () => {
    const { id, memberId } = await fixture();
    const path = `/lidmaatschappen/bewerken/${memberId}/vestiging/${id}`;
    const page = await admin.submit(path, { intent: "toggle-inactive" });
    expect(page.url).toBe(path);
    expect(notificationIn(page.html)).toBe("Gedeactiveerd.");
    expect(await flags(id)).toEqual({ approved: 1, inactive: 1, hidden: 0 });
  });

  it("names an associate membership '(Niet-lid)' with a link to it", async () => {
    const { id, memberId } = await fixture({ associate: true, name: "Buurtsport Statustest" });
    const { html } = await admin.page(editPath(id));
    const heading = html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)![1];
    expect(heading).toMatch(new RegExp(`<a [^>]*href="/lidmaatschappen/bewerken/${memberId}"[^>]*>\\(Niet-lid\\)</a>`));
    const full = await fixture();
    expect((await admin.page(editPath(full.id))).html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)![1]).not.toContain("Niet-lid");
  });

  it("is read-only for others: they see the state, and a forged post sends them home and changes nothing", async () => {
    const { id, memberId } = await fixture();
    const user = await insertUser(getDb(), { memberId });
    await getDb().updateTable("users").set({ manager_member: 1 }).where("id", "=", user.id).execute();
    const manager = await sessionFor(user.email);

    const own = await manager.page(`/mijn-vestigingen/bewerken/${id}`);
    expect(own.res.status).toBe(200);
    expect(pageText(own.html)).toMatch(/Goedgekeurd Ja Actief Ja Zichtbaar Ja/);
    expect(text(own.html)).toMatch(/Goedgekeurd Ja Actief Ja Zichtbaar Ja/);
    expect(buttons(own.html)).toEqual([]);

    for (const path of [`/mijn-vestigingen/bewerken/${id}`, editPath(id)]) {
      for (const intent of ["toggle-inactive", "toggle-hidden"]) {
        const res = await manager.post(path, { intent });
        expect(res.status, `${path} ${intent}`).toBe(302);
        expect(res.headers.get("location"), `${path} ${intent}`).toBe("/");
      }
    }
    const anonymous = await new Client().post(editPath(id), { intent: "toggle-inactive" });
    expect(anonymous.headers.get("location")).toBe(`/?next=${encodeURIComponent(editPath(id))}`);
    expect(await flags(id)).toEqual({ approved: 1, inactive: 0, hidden: 0 });
  });
});
