import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import type { Account } from "../../app/auth/account";
import { loadAccount } from "../../app/auth/account.server";
import { EnterpriseLogTab } from "../../app/enterprises/EnterpriseLogTab";
import { enterpriseLogPage, writeEnterpriseLog, type EnterpriseLogForm, type EnterpriseLogPage } from "../../app/enterprises/log.server";
import { insertEnterprise, insertMember, insertUser } from "../fixtures";
import { decodeEntities, getDb, notificationIn, sessionFor, tabPanelHtml } from "./support";

/**
 * The establishment log (part 1 "Logboek of an establishment"): writing entries in the change's
 * transaction, the page of ten with its tab filter, and the tab's markup without JavaScript.
 */
const tag = `Elog${Date.now().toString(36)}`;
const url = (query = "") => new URL(`http://portaal.test/vestigingen/bewerken/1${query}`);

let memberId: number;
let enterpriseId: number;
let associateEnterpriseId: number;
let editor: Account;
let imitated: Account;
let goneUserId: number;

async function account(userId: number, imitatorId?: number): Promise<Account> {
  const loaded = await loadAccount(userId, imitatorId);
  if (!loaded) throw new Error(`no account ${userId}`);
  return loaded;
}

async function write(enterprise: number, actor: Account, form: EnterpriseLogForm, extra: { finalize?: boolean; content?: unknown } = {}) {
  await getDb()
    .transaction()
    .execute((tx) => writeEnterpriseLog(tx, actor, { enterpriseId: enterprise, form, ...extra }));
}

/** Gives an establishment's entries fixed times a minute apart, in the order they were written. */
async function stamp(enterprise: number, start: Date) {
  const rows = await getDb().selectFrom("enterprise_log").select("id").where("enterprise_id", "=", enterprise).orderBy("id").execute();
  for (const [i, row] of rows.entries()) {
    const created = new Date(start.getTime() + i * 60_000).toISOString();
    await getDb().updateTable("enterprise_log").set({ created }).where("id", "=", row.id).execute();
  }
}

function render(log: EnterpriseLogPage, path = "/vestigingen/bewerken/1"): string {
  const Stub = createRoutesStub([{ path: "/vestigingen/bewerken/:enterprise", Component: () => createElement(EnterpriseLogTab, { log }) }]);
  return decodeEntities(renderToString(createElement(Stub, { initialEntries: [path] })));
}

beforeAll(async () => {
  const db = getDb();
  memberId = await insertMember(db, { name: `Lid ${tag}` });
  enterpriseId = await insertEnterprise(db, memberId, { name: `Vestiging ${tag}` });
  associateEnterpriseId = await insertEnterprise(db, await insertMember(db, { associate: true }), { name: `Niet-lid ${tag}` });
  const editorUser = await insertUser(db, { memberId, givenName: "Eva", namePreposition: "de", familyName: `Editor${tag}` });
  const imitatedUser = await insertUser(db, { memberId, givenName: "Ivo", familyName: `Geimiteerd${tag}` });
  const goneUser = await insertUser(db, { memberId, givenName: "Gijs", familyName: `Weg${tag}` });
  const superAdmin = await db.selectFrom("users").select("id").where("email", "=", "superbeheer@voorbeeld.nl").executeTakeFirstOrThrow();
  editor = await account(editorUser.id);
  imitated = await account(imitatedUser.id, superAdmin.id);
  goneUserId = goneUser.id;

  // Twelve entries: Algemeen, Aanbod, Info & Media, Licenties (passed on), Keuring, Professionals, twice.
  const forms: EnterpriseLogForm[] = ["main", "options", "info", "licenses", "inspection", "professionals"];
  for (const round of [0, 1]) {
    for (const form of forms) {
      await write(enterpriseId, round === 0 && form === "main" ? imitated : editor, form, { finalize: form === "licenses" });
    }
  }
  await write(enterpriseId, await account(goneUserId), "main");
  await getDb().deleteFrom("users").where("id", "=", goneUserId).execute();
  await stamp(enterpriseId, new Date(Date.UTC(2025, 2, 1, 9, 0)));

  for (const form of ["main", "licenses", "inspection", "info"] as const) await write(associateEnterpriseId, editor, form);
});

describe("writeEnterpriseLog", () => {
  it("stores the tab, the acting user, the imitation flag, finalize and the content as JSON", async () => {
    const id = await insertEnterprise(getDb(), memberId);
    const before = new Date().toISOString();
    await write(id, editor, "main");
    await write(id, imitated, "licenses", { finalize: true, content: { sena: true, spaces: { fitness: [{ name: "Zaal", area: 120 }] } } });
    const rows = await getDb().selectFrom("enterprise_log").selectAll().where("enterprise_id", "=", id).orderBy("id").execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ form: "main", finalize: 0, user_id: editor.id, imitating: 0, content: "" });
    expect(rows[0].created >= before).toBe(true);
    expect(rows[1]).toMatchObject({ form: "licenses", finalize: 1, user_id: imitated.id, imitating: 1 });
    expect(JSON.parse(rows[1].content)).toEqual({ sena: true, spaces: { fitness: [{ name: "Zaal", area: 120 }] } });
  });

  it("is part of the change's transaction: a change that fails leaves no entry", async () => {
    const count = async () =>
      Number((await getDb().selectFrom("enterprise_log").select((eb) => eb.fn.countAll().as("n")).where("enterprise_id", "=", enterpriseId).executeTakeFirstOrThrow()).n);
    const before = await count();
    await expect(
      getDb()
        .transaction()
        .execute(async (tx) => {
          await writeEnterpriseLog(tx, editor, { enterpriseId, form: "main" });
          throw new Error("the save failed");
        }),
    ).rejects.toThrow("the save failed");
    expect(await count()).toBe(before);
  });
});

describe("enterpriseLogPage", () => {
  it("gives ten entries a page, newest first, with the spec's Actie and Door texts", async () => {
    const first = await enterpriseLogPage(enterpriseId, url());
    // Professionals is not in the Logboek: 11 of the 13 entries are.
    expect(first.total).toBe(11);
    expect(first.page).toBe(1);
    expect(first.limit).toBe(10);
    expect(first.rows).toHaveLength(10);
    expect(first.rows.map((r) => r.action)).toEqual([
      "Tab Algemeen gewijzigd",
      "Tab Keuring gewijzigd",
      "Tab Licenties gewijzigd en doorgegeven",
      "Tab Info & Media gewijzigd",
      "Tab Aanbod gewijzigd",
      "Tab Algemeen gewijzigd",
      "Tab Keuring gewijzigd",
      "Tab Licenties gewijzigd en doorgegeven",
      "Tab Info & Media gewijzigd",
      "Tab Aanbod gewijzigd",
    ]);
    expect(first.rows[0].by).toBe("[Account verwijderd]");
    expect(first.rows[1].by).toBe(`Eva de Editor${tag}`);
    expect(first.rows[3]).toMatchObject({ form: "info", finalize: false });
    expect(first.rows[2]).toMatchObject({ form: "licenses", finalize: true });

    const second = await enterpriseLogPage(enterpriseId, url("?logboek=2"));
    expect(second.page).toBe(2);
    expect(second.rows.map((r) => [r.action, r.by])).toEqual([["Tab Algemeen gewijzigd", `Beheerder namens Ivo Geimiteerd${tag}`]]);
    expect(second.rows[0].created).toBe("2025-03-01T09:00:00.000Z");
    // A page past the end shows the last one; nonsense shows the first.
    expect((await enterpriseLogPage(enterpriseId, url("?logboek=9"))).page).toBe(2);
    expect((await enterpriseLogPage(enterpriseId, url("?logboek=abc"))).page).toBe(1);
  });

  it("filters on one tab with ?logboek-tab= and offers every tab but Professionals", async () => {
    const all = await enterpriseLogPage(enterpriseId, url(), false);
    expect(all.tab).toBe("");
    expect(all.options).toEqual([
      { value: "", label: "Alle tabs" },
      { value: "algemeen", label: "Algemeen" },
      { value: "aanbod", label: "Aanbod" },
      { value: "info-media", label: "Info & Media" },
      { value: "licenties", label: "Licenties" },
      { value: "keuring", label: "Keuring" },
    ]);
    const main = await enterpriseLogPage(enterpriseId, url("?logboek-tab=algemeen"));
    expect(main.tab).toBe("algemeen");
    expect(main.total).toBe(3);
    expect(new Set(main.rows.map((r) => r.action))).toEqual(new Set(["Tab Algemeen gewijzigd"]));
    const licences = await enterpriseLogPage(enterpriseId, url("?logboek-tab=licenties"));
    expect(licences.rows.map((r) => r.action)).toEqual(["Tab Licenties gewijzigd en doorgegeven", "Tab Licenties gewijzigd en doorgegeven"]);
    // An unknown value is no filter.
    expect((await enterpriseLogPage(enterpriseId, url("?logboek-tab=professionals"))).total).toBe(11);
  });

  it("leaves Licenties and Keuring out for associate memberships (looked up when not given)", async () => {
    for (const page of [await enterpriseLogPage(associateEnterpriseId, url()), await enterpriseLogPage(associateEnterpriseId, url(), true)]) {
      expect(page.options.map((o) => o.label)).toEqual(["Alle tabs", "Algemeen", "Aanbod", "Info & Media"]);
      expect(page.rows.map((r) => r.action)).toEqual(["Tab Info & Media gewijzigd", "Tab Algemeen gewijzigd"]);
      // Without Licenties there is no Details column.
      expect(page.detailsColumn).toBe(false);
      expect(render(page)).not.toContain('<th scope="col">Details</th>');
    }
    expect((await enterpriseLogPage(enterpriseId, url())).detailsColumn).toBe(true);
    const forged = await enterpriseLogPage(associateEnterpriseId, url("?logboek-tab=licenties"));
    expect(forged.tab).toBe("");
    expect(forged.rows.map((r) => r.action)).not.toContain("Tab Licenties gewijzigd");
  });
});

describe("EnterpriseLogTab without JavaScript", () => {
  it("renders the filter as a GET form with a button that keeps the tab open, and the table with its pager", async () => {
    const html = render(await enterpriseLogPage(enterpriseId, url("?tab=logboek&logboek-tab=algemeen")), "/vestigingen/bewerken/1?tab=logboek&logboek-tab=algemeen&logboek=1&ander=x");
    const form = html.match(/<form[^>]*>[\s\S]*?<\/form>/)![0];
    expect(form).toMatch(/method="get"/);
    expect(form).toContain('action="/vestigingen/bewerken/1#logboek"');
    expect(form).toMatch(/<label[^>]*for="logboek-tab"[^>]*>Tab<\/label>/);
    expect(form).toMatch(/<select[^>]*name="logboek-tab"/);
    expect(form).toMatch(/<option value="algemeen" selected="">Algemeen<\/option>/);
    expect(form).toMatch(/<button type="submit"[^>]*>Filteren<\/button>/);
    // Other parameters stay, the open tab among them; the page starts again at one.
    expect(form).toContain('<input type="hidden" name="tab" value="logboek"/>');
    expect(form).toContain('<input type="hidden" name="ander" value="x"/>');
    expect(form).not.toContain('name="logboek"');

    // Actie, a Details column (empty but on finalized Licenties entries), Door, Datum.
    expect(html).toContain('<th scope="col">Actie</th><th scope="col">Details</th><th scope="col">Door</th><th scope="col">Datum</th>');
    expect(html).toContain("<td>Tab Algemeen gewijzigd</td><td></td><td>[Account verwijderd]</td>");
    expect(html).toContain(`<td>Beheerder namens Ivo Geimiteerd${tag}</td><td>01-03-2025 10:00</td>`);
  });

  it("pages with ?logboek= beside the filter, and says so when there is nothing", async () => {
    const html = render(await enterpriseLogPage(enterpriseId, url()));
    expect(html).toContain('href="/vestigingen/bewerken/1?tab=logboek&logboek=2#logboek"');
    const empty = render(await enterpriseLogPage(await insertEnterprise(getDb(), await insertMember(getDb())), url()));
    expect(empty).toContain("Er zijn nog geen logregels.");
    expect(empty).toMatch(/<select[^>]*name="logboek-tab"/);
  });
});

describe("the Logboek tab of the edit page", () => {
  /** The Logboek panel's table rows as [Actie, Door]; the page must have the Logboek open. */
  function logRows(html: string): string[][] {
    const panel = logPanel(html);
    const body = panel.match(/<tbody>([\s\S]*?)<\/tbody>/)?.[1] ?? "";
    return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
      [...row[1].matchAll(/<td>([\s\S]*?)<\/td>/g)]
        .filter((_, i) => i === 0 || i === 2)
        .map((cell) => decodeEntities(cell[1].replace(/<!-- -->/g, ""))),
    );
  }

  /** The Logboek panel's HTML; throws unless the Logboek is the open tab. */
  function logPanel(html: string): string {
    const panel = tabPanelHtml(html, "logboek");
    if (!panel) throw new Error("the Logboek is not the open tab");
    return panel;
  }

  function save(name: string): FormData {
    const data = new FormData();
    data.set("intent", "save");
    data.set("name", name);
    return data;
  }

  it("shows a save as 'Tab Algemeen gewijzigd' by the manager, and 'Beheerder namens' when a super admin imitates", async () => {
    const db = getDb();
    const member = await insertMember(db);
    const id = await insertEnterprise(db, member, { name: `Gelogd ${tag}` });
    const manager = await insertUser(db, { memberId: member, givenName: "Maud", familyName: `Manager${tag}` });
    await db.updateTable("users").set({ manager_member: 1 }).where("id", "=", manager.id).execute();
    const path = `/mijn-vestigingen/bewerken/${id}`;
    const logPath = `${path}?tab=logboek`;

    const own = await sessionFor(manager.email);
    const first = await own.submit(path, save(`Gelogd ${tag} 1`));
    expect(notificationIn(first.html)).toBe("Vestiging opgeslagen.");
    expect(logRows((await own.page(logPath)).html)).toEqual([["Tab Algemeen gewijzigd", `Maud Manager${tag}`]]);

    const superAdmin = await sessionFor("superbeheer@voorbeeld.nl");
    const started = await superAdmin.submit("/imitate", { intent: "start", userId: String(manager.id) });
    expect(notificationIn(started.html)).toBe(`U imiteert nu Maud Manager${tag}.`);
    const second = await superAdmin.submit(path, save(`Gelogd ${tag} 2`));
    expect(notificationIn(second.html)).toBe("Vestiging opgeslagen.");
    const expected = [
      ["Tab Algemeen gewijzigd", `Beheerder namens Maud Manager${tag}`],
      ["Tab Algemeen gewijzigd", `Maud Manager${tag}`],
    ];
    expect(logRows((await superAdmin.page(logPath)).html)).toEqual(expected);

    // The admin sees the same log, filtered on a tab through the URL (the GET form without JavaScript).
    const admin = await sessionFor("beheer@voorbeeld.nl");
    expect(logRows((await admin.page(`/vestigingen/bewerken/${id}?tab=logboek`)).html)).toEqual(expected);
    expect(logRows((await admin.page(`/vestigingen/bewerken/${id}?tab=logboek&logboek-tab=algemeen`)).html)).toEqual(expected);
    const options = (await admin.page(`/vestigingen/bewerken/${id}?tab=logboek&logboek-tab=aanbod`)).html;
    expect(logRows(options)).toEqual([]);
    expect(logPanel(options)).toContain("Er zijn nog geen logregels.");
    expect(options).toMatch(/<option value="aanbod" selected="">Aanbod<\/option>/);
  });
});
