import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HTMLElement } from "node-html-parser";
import { insertManagedEnterprise, insertUser } from "../fixtures";
import { Client, getDb, nameOf, notificationIn, pageText, parsePage, sections, sessionFor, tabPanel, tabs, textOf } from "./support";

/**
 * Tab Aanbod of an establishment (part 1 §2 "Aanbod form"): the four groups from the catalogues,
 * each item Ja, Nee or not filled in, the notice and the '!' while one is empty, a group's 'Alle
 * niet-ingevulde op Nee zetten', admin-only target groups, refused posts, and the log.
 */
const tag = `Aanbod${process.pid}${Date.now().toString(36)}`;
const NOTICE = "U heeft nog niet voor alle onderstaande opties Ja of Nee ingevuld.";
const FILL = "Alle niet-ingevulde op Nee zetten";
const SAVED = "Aanbod opgeslagen.";
const GROUPS = ["Sportaanbod", "Faciliteiten", "Groepslessen", "Doelgroepen"];

/** The tab's id: its `?tab=`, and the hash of its panel. */
const TAB = "aanbod";
/** A page of an establishment, with one of its tabs open when `tab` is given. */
const withTab = (path: string, tab?: string) => (tab ? `${path}?tab=${tab}` : path);
const editPath = (id: number, tab?: string) => withTab(`/vestigingen/bewerken/${id}`, tab);
const ownPath = (id: number, tab?: string) => withTab(`/mijn-vestigingen/bewerken/${id}`, tab);

interface Question {
  group: string;
  label: string;
  /** The posted name (none when read-only). */
  name: string | null;
  value: string | null;
  readOnly: boolean;
}

/** The questions of the Aanbod panel as a screen reader meets them: per group, each fieldset with its checked choice. */
function questions(html: string): Question[] {
  const doc = parsePage(html);
  const panel = tabPanel(html, "Aanbod");
  if (!panel) throw new Error("tab Aanbod is not the open tab");
  return panel.querySelectorAll("section[aria-labelledby]").flatMap((section) =>
    section.querySelectorAll("fieldset").map((fieldset: HTMLElement) => {
      const radios = fieldset.querySelectorAll("input[type=radio]");
      const checked = radios.find((r) => r.hasAttribute("checked"));
      return {
        group: nameOf(section, doc),
        label: textOf(fieldset.querySelector("legend")),
        name: radios[0]?.getAttribute("name") ?? null,
        value: checked ? (checked.getAttribute("value") ?? "") : null,
        readOnly: fieldset.hasAttribute("disabled"),
      };
    }),
  );
}

const question = (html: string, label: string) => {
  const found = questions(html).find((q) => q.label === label || q.label.startsWith(`${label} (`));
  if (!found) throw new Error(`no question ${label}`);
  return found;
};

const attention = (html: string) => tabs(html).find((t) => t.name === "Aanbod")?.attention;
const panelText = (html: string) => textOf(tabPanel(html, "Aanbod"));

/** The Aanbod form as the page holds it, with `changes` (by item label) and the button's intent. */
function post(html: string, intent: string, changes: Record<string, string> = {}): FormData {
  const body = new FormData();
  body.set("intent", intent);
  for (const q of questions(html)) {
    if (!q.name) continue;
    const label = q.label;
    body.set(q.name, label in changes ? changes[label] : (q.value ?? ""));
  }
  return body;
}

/** The catalogue entries of this file (removed again afterwards). */
const entries = { sport: 0, sport2: 0, facility: 0, lessonGeneral: 0, lessonMills: 0, lessonJoy: 0, target: 0, adminOnly: 0 };
const names = {
  sport: `Sport ${tag}`,
  sport2: `Sport twee ${tag}`,
  facility: `Faciliteit ${tag}`,
  lessonGeneral: `Les algemeen ${tag}`,
  lessonMills: `Les Mills-les ${tag}`,
  lessonJoy: `ClubJoy-les ${tag}`,
  target: `Doelgroep ${tag}`,
  adminOnly: `Alleen beheer ${tag}`,
};

async function insertEntries() {
  const db = getDb();
  const add = async (table: "fitness_types" | "facilities", name: string) =>
    (await db.insertInto(table).values({ name, sequence: 9000 }).returning("id").executeTakeFirstOrThrow()).id;
  entries.sport = await add("fitness_types", names.sport);
  entries.sport2 = await add("fitness_types", names.sport2);
  entries.facility = await add("facilities", names.facility);
  const lesson = async (category: string, name: string) =>
    (await db.insertInto("group_lessons").values({ category, name, sequence: 9000 }).returning("id").executeTakeFirstOrThrow()).id;
  // Inserted out of the spec's order: the tab shows algemeen, les_mills, clubjoy.
  entries.lessonJoy = await lesson("clubjoy", names.lessonJoy);
  entries.lessonMills = await lesson("les_mills", names.lessonMills);
  entries.lessonGeneral = await lesson("algemeen", names.lessonGeneral);
  const target = async (name: string, adminOnly: number) =>
    (await db.insertInto("target_groups").values({ name, admin_only: adminOnly, sequence: 9000 }).returning("id").executeTakeFirstOrThrow()).id;
  entries.target = await target(names.target, 0);
  entries.adminOnly = await target(names.adminOnly, 1);
}

async function removeEntries() {
  const db = getDb();
  await db.deleteFrom("fitness_types").where("id", "in", [entries.sport, entries.sport2]).execute();
  await db.deleteFrom("facilities").where("id", "=", entries.facility).execute();
  await db.deleteFrom("group_lessons").where("id", "in", [entries.lessonGeneral, entries.lessonMills, entries.lessonJoy]).execute();
  await db.deleteFrom("target_groups").where("id", "in", [entries.target, entries.adminOnly]).execute();
}

/** The stored answers of an establishment, by table and entry. */
async function answers(enterpriseId: number) {
  const db = getDb();
  const read = async (table: "enterprise_fitness_types" | "enterprise_facilities" | "enterprise_group_lessons" | "enterprise_target_groups") =>
    Object.fromEntries(
      (await db.selectFrom(table).select(["entry_id", "value"]).where("enterprise_id", "=", enterpriseId).execute()).map((r) => [r.entry_id, r.value]),
    );
  return {
    fitness: await read("enterprise_fitness_types"),
    facilities: await read("enterprise_facilities"),
    lessons: await read("enterprise_group_lessons"),
    targets: await read("enterprise_target_groups"),
  };
}

async function logRows(enterpriseId: number) {
  return getDb().selectFrom("enterprise_log").select(["form", "user_id", "imitating"]).where("enterprise_id", "=", enterpriseId).orderBy("id").execute();
}

/** A membership with one establishment and its manager member (a non-admin who may edit it). */
const fixture = () => insertManagedEnterprise(getDb(), { name: `Vestiging ${tag}`, manager: { givenName: "Mira", familyName: `Manager${tag}` } });

async function demoEnterprise(name: string) {
  return (await getDb().selectFrom("enterprises").select(["id", "member_id"]).where("name", "=", name).executeTakeFirstOrThrow());
}

let admin: Client;
beforeAll(async () => {
  admin = await sessionFor("beheer@voorbeeld.nl");
});

describe("the demo establishments", () => {
  it("shows the complete one without and the partly answered one with the notice and the '!'", async () => {
    const complete = await demoEnterprise("Sportcentrum De Vaart Centrum");
    const partial = await demoEnterprise("Sportcentrum De Vaart Noord");
    const done = (await admin.page(editPath(complete.id, TAB))).html;
    expect(attention(done)).toBe(false);
    expect(panelText(done)).not.toContain(NOTICE);
    const open = (await admin.page(editPath(partial.id, TAB))).html;
    expect(attention(open)).toBe(true);
    expect(panelText(open)).toContain(NOTICE);
  });
});

describe("tab Aanbod", () => {
  beforeAll(insertEntries);
  afterAll(removeEntries);

  it("exists in every context of the establishment page, after Algemeen, with the four groups in order", async () => {
    const noord = await demoEnterprise("Sportcentrum De Vaart Noord");
    const associate = await demoEnterprise("Buurtsport Oost");
    const pages: [string, string][] = [
      ["beheer@voorbeeld.nl", editPath(noord.id, TAB)],
      ["beheer@voorbeeld.nl", withTab(`/lidmaatschappen/bewerken/${noord.member_id}/vestiging/${noord.id}`, TAB)],
      ["lid@voorbeeld.nl", ownPath(noord.id, TAB)],
      ["vestiging@voorbeeld.nl", withTab("/mijn-vestiging", TAB)],
      ["nietlid@voorbeeld.nl", withTab("/mijn-vestiging", TAB)],
    ];
    for (const [persona, path] of pages) {
      const client = persona === "beheer@voorbeeld.nl" ? admin : await sessionFor(persona);
      const { res, html } = await client.page(path);
      expect(res.status, path).toBe(200);
      const tabNames = tabs(html).map((t) => t.name);
      expect(tabNames.slice(0, 2), `${persona} ${path}`).toEqual(["Algemeen", "Aanbod"]);
      const panel = tabPanel(html, "Aanbod")!;
      const groups = sections(panel);
      expect(groups.map((g) => g.name)).toEqual(GROUPS);
      // Group lessons by category in the spec's order.
      expect(groups[2].items).toEqual(["Algemeen", "Les Mills", "ClubJoy"]);
      const lessons = questions(html).filter((q) => q.group === "Groepslessen").map((q) => q.label);
      expect(lessons.indexOf(names.lessonGeneral)).toBeLessThan(lessons.indexOf(names.lessonMills));
      expect(lessons.indexOf(names.lessonMills)).toBeLessThan(lessons.indexOf(names.lessonJoy));
      // Admin order within a group.
      const sport = questions(html).filter((q) => q.group === "Sportaanbod").map((q) => q.label);
      expect(sport.indexOf(names.sport)).toBeLessThan(sport.indexOf(names.sport2));
      expect(panel.querySelectorAll("button").map((b) => textOf(b)).filter((t) => t === FILL)).toHaveLength(4);
      expect(pageText(panel)).toContain("Opslaan");
      expect(pageText(panel)).toContain("Annuleren");
    }
    void associate;
  });

  it("is disabled on the add page", async () => {
    const { html } = await admin.page("/vestigingen/toevoegen");
    expect(tabs(html).find((t) => t.name === "Aanbod")).toMatchObject({ disabled: true });
  });

  it("saves Ja, Nee and empty for a member, logs it in the same go, and reloads with 'Aanbod opgeslagen.'", async () => {
    const { enterpriseId, manager } = await fixture();
    const client = await sessionFor(manager.email);
    const path = ownPath(enterpriseId, TAB);
    const first = (await client.page(path)).html;
    expect(question(first, names.sport)).toMatchObject({ value: "", readOnly: false, name: `fitnessTypes[${entries.sport}]` });
    expect(attention(first)).toBe(true);
    expect(panelText(first)).toContain(NOTICE);

    const result = await client.submit(
      path,
      post(first, "options", { [names.sport]: "on", [names.sport2]: "off", [names.facility]: "on", [names.lessonMills]: "off", [names.target]: "on" }),
    );
    expect(result.status).toBe(302);
    expect(result.url).toBe(`${ownPath(enterpriseId)}?tab=aanbod#aanbod`);
    expect(notificationIn(result.html)).toBe(SAVED);
    expect(question(result.html, names.sport).value).toBe("on");
    expect(question(result.html, names.sport2).value).toBe("off");
    const stored = await answers(enterpriseId);
    expect(stored.fitness).toEqual({ [entries.sport]: 1, [entries.sport2]: 0 });
    expect(stored.facilities).toEqual({ [entries.facility]: 1 });
    expect(stored.lessons).toEqual({ [entries.lessonMills]: 0 });
    expect(stored.targets).toEqual({ [entries.target]: 1 });
    expect(await logRows(enterpriseId)).toEqual([{ form: "options", user_id: manager.id, imitating: 0 }]);

    // Back to empty: the answer is removed.
    const again = await client.submit(path, post(result.html, "options", { [names.sport]: "" }));
    expect(again.status).toBe(302);
    expect((await answers(enterpriseId)).fitness).toEqual({ [entries.sport2]: 0 });
    expect(await logRows(enterpriseId)).toHaveLength(2);
  });

  it("answers every question, then shows neither the notice nor the '!'", async () => {
    const { enterpriseId } = await fixture();
    const path = editPath(enterpriseId, TAB);
    const first = (await admin.page(path)).html;
    const all = Object.fromEntries(questions(first).map((q) => [q.label, "off"]));
    const result = await admin.submit(path, post(first, "options", all));
    expect(notificationIn(result.html)).toBe(SAVED);
    expect(attention(result.html)).toBe(false);
    expect(panelText(result.html)).not.toContain(NOTICE);
  });

  it("'Alle niet-ingevulde op Nee zetten' stores Nee for that group's empty items only and keeps the other choices as typed", async () => {
    const { enterpriseId, manager } = await fixture();
    const client = await sessionFor(manager.email);
    const path = ownPath(enterpriseId, TAB);
    const first = (await client.page(path)).html;
    const body = post(first, "options-nee:fitnessTypes", { [names.sport]: "on", [names.facility]: "on", [names.target]: "off" });
    const res = await client.post(path, body);
    expect(res.status).toBe(200);
    const html = await res.text();
    // Sportaanbod: the empty ones are Nee now and stored; the typed Ja is shown but not stored.
    expect(question(html, names.sport2).value).toBe("off");
    expect(question(html, names.sport).value).toBe("on");
    const sportQuestions = questions(html).filter((q) => q.group === "Sportaanbod");
    expect(sportQuestions.every((q) => q.value !== "")).toBe(true);
    // Other groups: as typed, not stored.
    expect(question(html, names.facility).value).toBe("on");
    expect(question(html, names.target).value).toBe("off");
    expect(question(html, names.lessonGeneral).value).toBe("");
    const stored = await answers(enterpriseId);
    expect(stored.fitness[entries.sport2]).toBe(0);
    expect(stored.fitness[entries.sport]).toBeUndefined();
    expect(Object.values(stored.fitness).every((v) => v === 0)).toBe(true);
    expect(stored.facilities).toEqual({});
    expect(stored.lessons).toEqual({});
    expect(stored.targets).toEqual({});
    expect(await logRows(enterpriseId)).toEqual([{ form: "options", user_id: manager.id, imitating: 0 }]);
    // The panel's form posts to the page, on tab Aanbod.
    expect(tabPanel(html, "Aanbod")!.querySelector("form")!.getAttribute("action")).toBe(`${ownPath(enterpriseId)}?tab=aanbod#aanbod`);
  });

  it("shows admin-only target groups read-only to non-admins, as Nee when empty, and ignores their forged posts", async () => {
    const { enterpriseId, manager } = await fixture();
    const client = await sessionFor(manager.email);
    const path = ownPath(enterpriseId, TAB);
    const first = (await client.page(path)).html;
    expect(question(first, names.adminOnly)).toMatchObject({ readOnly: true, name: null, value: "off" });
    expect(question(first, names.target)).toMatchObject({ readOnly: false });

    // Everything else answered: the admin-only group counts as Nee, so no '!' for the member …
    const all = Object.fromEntries(questions(first).filter((q) => !q.readOnly).map((q) => [q.label, "on"]));
    const body = post(first, "options", all);
    body.set(`targetGroups[${entries.adminOnly}]`, "on");
    const saved = await client.submit(path, body);
    expect(notificationIn(saved.html)).toBe(SAVED);
    const adminOnlyIds = (await getDb().selectFrom("target_groups").select("id").where("admin_only", "=", 1).execute()).map((r) => r.id);
    const storedAdminOnly = async () => Object.keys((await answers(enterpriseId)).targets).map(Number).filter((id) => adminOnlyIds.includes(id));
    expect(await storedAdminOnly()).toEqual([]);
    expect((await answers(enterpriseId)).targets[entries.target]).toBe(1);
    expect(attention(saved.html)).toBe(false);
    expect(panelText(saved.html)).not.toContain(NOTICE);
    // … nor is it set by a group's button.
    const filled = await client.post(path, (() => {
      const b = post(saved.html, "options-nee:targetGroups");
      b.set(`targetGroups[${entries.adminOnly}]`, "");
      return b;
    })());
    expect(filled.status).toBe(200);
    expect(await storedAdminOnly()).toEqual([]);

    // … while for the admin it is a question like any other, still open.
    const adminPage = (await admin.page(editPath(enterpriseId, TAB))).html;
    expect(question(adminPage, names.adminOnly)).toMatchObject({ readOnly: false, value: "", name: `targetGroups[${entries.adminOnly}]` });
    expect(attention(adminPage)).toBe(true);
    const byAdmin = await admin.submit(editPath(enterpriseId, TAB), post(adminPage, "options", { [names.adminOnly]: "on" }));
    expect(notificationIn(byAdmin.html)).toBe(SAVED);
    expect((await answers(enterpriseId)).targets).toMatchObject({ [entries.target]: 1, [entries.adminOnly]: 1 });

    // A member's save keeps the admin's answer, and shows it.
    const memberPage = (await client.page(path)).html;
    expect(question(memberPage, names.adminOnly)).toMatchObject({ readOnly: true, value: "on" });
    const body2 = post(memberPage, "options");
    body2.set(`targetGroups[${entries.adminOnly}]`, "off");
    await client.submit(path, body2);
    expect((await answers(enterpriseId)).targets[entries.adminOnly]).toBe(1);
  });

  it("refuses unknown items, values other than Ja, Nee or empty, and unknown groups, changing nothing", async () => {
    const { enterpriseId, manager } = await fixture();
    const client = await sessionFor(manager.email);
    const path = ownPath(enterpriseId, TAB);
    const first = (await client.page(path)).html;
    const forged: [string, string][] = [
      ["fitnessTypes[999999999]", "on"],
      [`fitnessTypes[${entries.target}x]`, "on"],
      [`fitnessTypes[${entries.sport}]`, "ja"],
      [`facilities[${entries.facility}]`, "1"],
    ];
    for (const [name, value] of forged) {
      const body = post(first, "options", { [names.sport2]: "on" });
      body.set(name, value);
      const res = await client.post(path, body);
      expect(res.status, name).toBe(400);
      expect(await res.text()).toContain("Ongeldig");
    }
    expect((await client.post(path, post(first, "options-nee:bogus"))).status).toBe(400);
    expect(await answers(enterpriseId)).toEqual({ fitness: {}, facilities: {}, lessons: {}, targets: {} });
    expect(await logRows(enterpriseId)).toEqual([]);
  });

  it("refuses a post to an establishment the account may not change", async () => {
    const { enterpriseId, memberId } = await fixture();
    const other = await fixture();
    const intruder = await sessionFor(other.manager.email);
    const page = (await admin.page(editPath(enterpriseId, TAB))).html;
    for (const path of [ownPath(enterpriseId), editPath(enterpriseId)]) {
      const res = await intruder.post(path, post(page, "options", { [names.sport]: "on" }));
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
    }
    // An admin posting through another membership's page: not found.
    const res = await admin.post(`/lidmaatschappen/bewerken/${other.memberId}/vestiging/${enterpriseId}`, post(page, "options", { [names.sport]: "on" }));
    expect(res.status).toBe(404);
    void memberId;
    expect(await answers(enterpriseId)).toEqual({ fitness: {}, facilities: {}, lessons: {}, targets: {} });
    expect(await logRows(enterpriseId)).toEqual([]);
  });

  it("shows a contact person the answers read-only and refuses their post", async () => {
    const { enterpriseId, memberId } = await fixture();
    const db = getDb();
    const contact = await insertUser(db, { memberId });
    await db.insertInto("enterprise_contacts").values({ enterprise_id: enterpriseId, user_id: contact.id }).execute();
    await db.insertInto("enterprise_fitness_types").values({ enterprise_id: enterpriseId, entry_id: entries.sport, value: 1 }).execute();
    const client = await sessionFor(contact.email);
    const { html } = await client.page(withTab("/mijn-vestiging", TAB));
    expect(question(html, names.sport)).toMatchObject({ readOnly: true, value: "on", name: null });
    expect(tabPanel(html, "Aanbod")!.querySelector("form")).toBeNull();
    const res = await client.post("/mijn-vestiging", post((await admin.page(editPath(enterpriseId, TAB))).html, "options", { [names.sport]: "off" }));
    expect(res.headers.get("location")).toBe("/");
    expect((await answers(enterpriseId)).fitness).toEqual({ [entries.sport]: 1 });
  });

  it("logs a save while a super admin imitates the member with the imitation flag", async () => {
    const { enterpriseId, manager } = await fixture();
    const superAdmin = await sessionFor("superbeheer@voorbeeld.nl");
    const started = await superAdmin.submit("/imitate", { intent: "start", userId: String(manager.id) });
    expect(started.status).toBe(302);
    const path = ownPath(enterpriseId, TAB);
    const page = (await superAdmin.page(path)).html;
    const result = await superAdmin.submit(path, post(page, "options", { [names.sport]: "on" }));
    expect(notificationIn(result.html)).toBe(SAVED);
    expect(await logRows(enterpriseId)).toEqual([{ form: "options", user_id: manager.id, imitating: 1 }]);
    const log = textOf(tabPanel((await superAdmin.page(ownPath(enterpriseId, "logboek"))).html, "Logboek"));
    expect(log).toContain("Tab Aanbod gewijzigd");
    expect(log).toContain(`Beheerder namens Mira Manager${tag}`);
  });

  it("loses an entry's answers when the entry is deleted from its catalogue", async () => {
    const { enterpriseId } = await fixture();
    const db = getDb();
    const extra = (await db.insertInto("facilities").values({ name: `Weg ${tag}`, sequence: 9001 }).returning("id").executeTakeFirstOrThrow()).id;
    await db.insertInto("enterprise_facilities").values({ enterprise_id: enterpriseId, entry_id: extra, value: 1 }).execute();
    await db.deleteFrom("facilities").where("id", "=", extra).execute();
    expect((await answers(enterpriseId)).facilities).toEqual({});
  });
});
