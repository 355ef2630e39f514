import { describe, expect, it } from "vitest";
import { INSPECTION_TO_SEND, LICENSES_TO_CONFIRM, OPTIONS_TO_ANSWER } from "../../app/home/dashboard.server";
import { insertEnterprise, insertMember, insertUser } from "../fixtures";
import { getDb, parsePage, region, signIn, textOf } from "./support";

/** The lines of the dashboard's section 'Meldingen over uw vestigingen', or null without it. */
async function warningsOf(email: string): Promise<string[] | null> {
  const { html } = await (await signIn(email)).page("/");
  const section = region(parsePage(html), "Meldingen over uw vestigingen");
  return section ? section.querySelectorAll("li").map((li) => textOf(li).replace(/\s+/g, " ").trim()) : null;
}

/** Answers every item of tab Aanbod of an establishment (admin-only target groups too, or not). */
async function answerAll(enterpriseId: number, { adminOnly }: { adminOnly: boolean }) {
  const db = getDb();
  const answer = async (catalogue: "fitness_types" | "facilities" | "group_lessons", table: "enterprise_fitness_types" | "enterprise_facilities" | "enterprise_group_lessons") => {
    const entries = await db.selectFrom(catalogue).select("id").execute();
    if (entries.length) await db.insertInto(table).values(entries.map((e) => ({ enterprise_id: enterpriseId, entry_id: e.id, value: 0 }))).execute();
  };
  await answer("fitness_types", "enterprise_fitness_types");
  await answer("facilities", "enterprise_facilities");
  await answer("group_lessons", "enterprise_group_lessons");
  let targets = db.selectFrom("target_groups").select("id");
  if (!adminOnly) targets = targets.where("admin_only", "=", 0);
  const entries = await targets.execute();
  await db.insertInto("enterprise_target_groups").values(entries.map((e) => ({ enterprise_id: enterpriseId, entry_id: e.id, value: 1 }))).execute();
}

describe("the dashboard's warnings about one's establishments", () => {
  it("names an establishment whose Aanbod is not fully answered, until it is; admin-only target groups count as answered", async () => {
    const db = getDb();
    const memberId = await insertMember(db);
    const name = `Sportschool Dashboard ${Date.now()}`;
    const enterpriseId = await insertEnterprise(db, memberId, { name, approved: true });
    const manager = await insertUser(db, { memberId, managerMember: true });

    expect(await warningsOf(manager.email)).toEqual([`${name} ${OPTIONS_TO_ANSWER}`]);
    await answerAll(enterpriseId, { adminOnly: false });
    expect(await warningsOf(manager.email)).toEqual([]);
  });

  it("names an establishment whose licence data the association changed until it declares again, beside its unanswered Aanbod", async () => {
    const db = getDb();
    const memberId = await insertMember(db);
    const name = `Licentiecentrum ${Date.now()}`;
    const enterpriseId = await insertEnterprise(db, memberId, { name });
    const manager = await insertUser(db, { memberId, managerMember: true });
    await db.insertInto("enterprise_licenses").values({ enterprise_id: enterpriseId, videma_licentie_nummer: "V-1", dirty: 1, modified: new Date().toISOString() }).execute();
    expect(await warningsOf(manager.email)).toEqual([`${name} ${OPTIONS_TO_ANSWER}`, `${name} ${LICENSES_TO_CONFIRM}`]);
    await answerAll(enterpriseId, { adminOnly: false });
    await db.updateTable("enterprise_licenses").set({ dirty: 0 }).where("enterprise_id", "=", enterpriseId).execute();
    expect(await warningsOf(manager.email)).toEqual([]);
  });

  it("names an establishment with Keuring changes saved in between until they are passed on", async () => {
    const db = getDb();
    const memberId = await insertMember(db);
    const name = `Keuringcentrum ${Date.now()}`;
    const enterpriseId = await insertEnterprise(db, memberId, { name, approved: true });
    await answerAll(enterpriseId, { adminOnly: false });
    const manager = await insertUser(db, { memberId, managerMember: true });
    const client = await signIn(manager.email);
    const path = `/mijn-vestigingen/bewerken/${enterpriseId}`;
    expect((await client.post(path, { intent: "inspection", comment: "Tussendoor" })).status).toBe(302);
    expect(await warningsOf(manager.email)).toEqual([`${name} ${INSPECTION_TO_SEND}`]);
    expect((await client.post(path, { intent: "inspection-finalize", comment: "Doorgegeven" })).status).toBe(302);
    expect(await warningsOf(manager.email)).toEqual([]);
  });

  it("says an establishment is not approved yet rather than asking for its Aanbod", async () => {
    const db = getDb();
    const memberId = await insertMember(db);
    const name = `Sportschool Nieuw ${Date.now()}`;
    await insertEnterprise(db, memberId, { name, approved: false });
    const manager = await insertUser(db, { memberId, managerMember: true });
    expect(await warningsOf(manager.email)).toEqual([`${name} is nog niet goedgekeurd door de vereniging.`]);
  });

  it("has no warnings section for admins", async () => {
    expect(await warningsOf("beheer@voorbeeld.nl")).toBeNull();
  });
});
