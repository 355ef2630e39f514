import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { insertRegistrant, insertUser } from "../fixtures";
import {
  Client,
  control,
  decodeEntities,
  getDb,
  linkByName,
  links,
  namesIn,
  notificationIn,
  rowElements,
  manyFoundInNameOrder,
  sessionFor,
  tableRows,
} from "./support";

/**
 * The admin register of professionals (/fitnednl): columns and states, the filter panel, search,
 * sort and delete, without JavaScript. Every professional changed here is a fixture of this file.
 */
const ADMIN = "beheer@voorbeeld.nl";

// Letters only, so every engine's collation sorts the fixtures the same way.
const TAG = `Rg${Array.from((Date.now() % 11_881_376).toString(26).padStart(5, "0"), (c) => String.fromCharCode(97 + parseInt(c, 26))).join("")}`;
// Registration and ID numbers of this file's own.
const NUMBER_BASE = 600_000_000 + (Date.now() % 100_000) * 100;

interface Fixture {
  given: string;
  approved: boolean;
  inactive: boolean;
  hidden: boolean;
  account: "active" | "inactive" | "none";
  town: string;
  dateOfBirth: string | null;
  number: number | null;
}

// Six professionals, one per state the filters tell apart.
const FIXTURES: Fixture[] = [
  { given: "Anna", approved: true, inactive: false, hidden: false, account: "active", town: "Zwolle", dateOfBirth: "1980-03-14", number: 1 },
  { given: "Bert", approved: true, inactive: true, hidden: false, account: "inactive", town: "Assen", dateOfBirth: "1975-11-02", number: 2 },
  { given: "Cor", approved: true, inactive: false, hidden: true, account: "none", town: "", dateOfBirth: null, number: 3 },
  { given: "Dewi", approved: false, inactive: true, hidden: true, account: "active", town: "Breda", dateOfBirth: "1999-01-30", number: null },
  { given: "Eef", approved: true, inactive: false, hidden: false, account: "none", town: "Delft", dateOfBirth: "1990-07-07", number: 5 },
  { given: "Fleur", approved: false, inactive: true, hidden: true, account: "none", town: "Ede", dateOfBirth: "2001-12-24", number: null },
];
const ids = new Map<string, number>();
const emails = new Map<string, string>();
let admin: Client;

const names = (html: string) => tableRows(html).map((cells) => cells[1]);
const text = (html: string) => decodeEntities(html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " "));
/** The names the list shows for a search of this file's tag and `query`, in their order. */
const listed = async (query = "") => names((await admin.page(`/fitnednl?q=${TAG}${query}`)).html);
const fullNameOf = (given: string) => `${given} ${TAG}`;
/** The fixtures (by first name) that `keep` keeps, in name order. */
const expected = (keep: (f: Fixture) => boolean) => FIXTURES.filter(keep).map((f) => fullNameOf(f.given));

beforeAll(async () => {
  const db = getDb();
  for (const f of FIXTURES) {
    const user =
      f.account === "none" ? null : await insertUser(db, { givenName: f.given, familyName: TAG, enabled: f.account === "active", password: null });
    const id = await insertRegistrant(db, {
      userId: user?.id ?? null,
      givenName: f.given,
      familyName: TAG,
      email: user?.email,
      approved: f.approved,
      inactive: f.inactive,
      hidden: f.hidden,
      town: f.town,
      dateOfBirth: f.dateOfBirth,
      passNumber: f.number === null ? null : NUMBER_BASE + f.number,
      idFitNed: f.number === null ? null : NUMBER_BASE + 50 + f.number,
    });
    ids.set(f.given, id);
    const row = await db.selectFrom("registrants").select("email").where("id", "=", id).executeTakeFirstOrThrow();
    emails.set(f.given, row.email);
  }
  admin = await sessionFor(ADMIN);
});

describe("the register of professionals", () => {
  it("shows the count, the columns and each professional's states", async () => {
    const { res, html } = await admin.page("/fitnednl");
    expect(res.status).toBe(200);
    const total = await getDb().selectFrom("registrants").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(text(html)).toContain(`FITNED.NL (${Number(total.n)})`);

    const page = await admin.page(`/fitnednl?q=${TAG}`);
    const rows = tableRows(page.html);
    expect(rows).toHaveLength(FIXTURES.length);
    // A search counts what it found (in the search index alone, without filters).
    expect(text(page.html)).toContain(`FITNED.NL (${FIXTURES.length})`);
    expect(text((await admin.page(`/fitnednl?q=${TAG}&filter=1&goedkeuring=goedgekeurd&activiteit=actief&activiteit=inactief&zichtbaarheid=zichtbaar&zichtbaarheid=verborgen&account=actief&account=inactief&account=geen`)).html)).toContain("FITNED.NL (4)");
    const anna = rows.find((cells) => cells[1] === fullNameOf("Anna"))!;
    expect(anna.slice(0, 5)).toEqual([String(NUMBER_BASE + 1), fullNameOf("Anna"), "14-03-1980", emails.get("Anna"), "Zwolle"]);
    const icons = (given: string) => namesIn(rowElements(page.html).find((tr) => text(tr.outerHTML).includes(fullNameOf(given)))!);
    expect(icons("Anna")).toEqual(expect.arrayContaining(["Actief account", "Actief", "Zichtbaar", `Verwijderen ${fullNameOf("Anna")}`]));
    expect(icons("Bert")).toEqual(expect.arrayContaining(["Inactief account", "Inactief"]));
    expect(icons("Cor")).toEqual(expect.arrayContaining(["Geen account", "Verborgen"]));
    expect(icons("Dewi")).toContain("Niet goedgekeurd");
    expect(icons("Anna")).not.toContain("Niet goedgekeurd");
    // In the spec's order: not approved, active, visible, then the account.
    const dewi = icons("Dewi");
    const at = (pattern: RegExp) => dewi.findIndex((name) => pattern.test(name));
    expect(at(/^Niet goedgekeurd$/)).toBeGreaterThanOrEqual(0);
    expect(at(/^Niet goedgekeurd$/)).toBeLessThan(at(/^(In)?actief$/i));
    expect(at(/^(In)?actief$/i)).toBeLessThan(at(/^(Zichtbaar|Verborgen)$/));
    expect(at(/^(Zichtbaar|Verborgen)$/)).toBeLessThan(at(/ account$/));
  });

  it("filters by each group, keeps a group's other options, and empties the list when a group has none ticked", async () => {
    const all = (f: Fixture) => !!f;
    expect(await listed()).toEqual(expected(all));
    const groups = {
      goedkeuring: { goedgekeurd: (f: Fixture) => f.approved, "niet-goedgekeurd": (f: Fixture) => !f.approved },
      activiteit: { actief: (f: Fixture) => !f.inactive, inactief: (f: Fixture) => f.inactive },
      zichtbaarheid: { zichtbaar: (f: Fixture) => !f.hidden, verborgen: (f: Fixture) => f.hidden },
      account: { actief: (f: Fixture) => f.account === "active", inactief: (f: Fixture) => f.account === "inactive", geen: (f: Fixture) => f.account === "none" },
    } as const;
    const everyOption = Object.entries(groups).flatMap(([group, options]) => Object.keys(options).map((o) => `&${group}=${o}`));
    // The panel sent with everything ticked is the whole list.
    expect(await listed(`&filter=1${everyOption.join("")}`)).toEqual(expected(all));
    for (const [group, options] of Object.entries(groups)) {
      const others = everyOption.filter((o) => !o.startsWith(`&${group}=`)).join("");
      // No option of this group: nobody.
      const none = await admin.page(`/fitnednl?q=${TAG}&filter=1${others}`);
      expect(names(none.html), `${group}: none`).toEqual([]);
      expect(text(none.html)).toContain("Geen resultaten gevonden");
      for (const [option, keep] of Object.entries(options)) {
        expect(await listed(`&filter=1${others}&${group}=${option}`), `${group}=${option}`).toEqual(expected(keep));
      }
    }
    // Groups combine: approved and active and with an account of either state.
    expect(
      await listed("&filter=1&goedkeuring=goedgekeurd&activiteit=actief&zichtbaarheid=zichtbaar&zichtbaarheid=verborgen&account=actief&account=inactief"),
    ).toEqual([fullNameOf("Anna")]);
    // An unknown option counts as not ticked.
    expect(await listed("&filter=1&goedkeuring=onzin&activiteit=actief&activiteit=inactief&zichtbaarheid=zichtbaar&zichtbaarheid=verborgen&account=geen")).toEqual([]);
  });

  it("shows the choices in the panel and keeps them when searching, sorting and paging", async () => {
    const query = `?q=${TAG}&sort=naam&dir=asc&filter=1&goedkeuring=goedgekeurd&activiteit=actief&activiteit=inactief&zichtbaarheid=zichtbaar&zichtbaarheid=verborgen&account=geen`;
    const { html } = await admin.page(`/fitnednl${query}`);
    expect(names(html)).toEqual([fullNameOf("Cor"), fullNameOf("Eef")]);
    // The panel is open and ticks what the URL chose.
    expect(html).toMatch(/<details class="list-filters" open="">/);
    expect(control(html, "Goedgekeurd").hasAttribute("checked")).toBe(true);
    expect(control(html, "Niet goedgekeurd").hasAttribute("checked")).toBe(false);
    expect(control(html, "Geen account").hasAttribute("checked")).toBe(true);
    expect(control(html, "Actief account").hasAttribute("checked")).toBe(false);
    // The search box sends the choices along; a column header and the clear icon keep them.
    expect(html).toContain('<input type="hidden" name="account" value="geen"/>');
    const sortByTown = links(html).find((l) => l.name.startsWith("Plaats"))!;
    expect(sortByTown.href).toContain("filter=1");
    expect(sortByTown.href).toContain("account=geen");
    expect(names((await admin.page(sortByTown.href)).html)).toEqual([fullNameOf("Eef"), fullNameOf("Cor")]);
    // Without choices the panel is closed and every box ticked.
    const plain = await admin.page(`/fitnednl?q=${TAG}`);
    expect(plain.html).not.toMatch(/<details class="list-filters" open/);
    expect(control(plain.html, "Niet goedgekeurd").hasAttribute("checked")).toBe(true);
  });

  it("searches registration number, ID number, e-mail, name and date of birth", async () => {
    const search = async (q: string) => names((await admin.page(`/fitnednl?q=${encodeURIComponent(q)}`)).html);
    expect(await search(String(NUMBER_BASE + 2))).toEqual([fullNameOf("Bert")]);
    expect(await search(String(NUMBER_BASE + 55))).toEqual([fullNameOf("Eef")]);
    expect(await search(emails.get("Cor")!.toUpperCase())).toEqual([fullNameOf("Cor")]);
    expect(await search(`dewi ${TAG.toLowerCase()}`)).toEqual([fullNameOf("Dewi")]);
    const born = await search("24-12-2001");
    expect(born).toContain(fullNameOf("Fleur"));
    expect(born).not.toContain(fullNameOf("Dewi"));
    // Percent signs and underscores are letters, not patterns.
    expect(await search(`${TAG}%`)).toEqual([]);
    // Two letters are too few for the trigram index: the texts are read instead (this file's six and maybe others).
    const short = await admin.page(`/fitnednl?q=${TAG.slice(0, 2)}`);
    expect(Number(/FITNED\.NL \((\d+)\)/.exec(text(short.html))?.[1])).toBeGreaterThanOrEqual(FIXTURES.length);
  });

  it("pages a search that finds many in name order both ways, walking the name index early and sorting late", async () => {
    const db = getDb();
    const token = `wijd${TAG.slice(2).toLowerCase()}`;
    const ids: number[] = [];
    const { expected, asc, desc } = await manyFoundInNameOrder({
      client: admin,
      path: "/fitnednl",
      table: "registrants",
      token,
      names,
      add: async (familyName) => {
        ids.push(await insertRegistrant(db, { givenName: "Wim", familyName }));
        return `Wim ${familyName}`;
      },
      remove: () => db.deleteFrom("registrants").where("id", "in", ids).execute(),
    });
    expect(asc).toEqual(expected);
    expect(desc).toEqual([...expected].reverse());
  });

  it("sorts by name by default and by every column both ways, empty values last", async () => {
    expect(await listed()).toEqual(expected(() => true));
    const byKey = (key: (f: Fixture) => string | number | null, dir: "asc" | "desc") =>
      [...FIXTURES]
        .sort((a, b) => {
          const [x, y] = [key(a), key(b)];
          if (x === null || x === "") return y === null || y === "" ? (dir === "asc" ? ids.get(a.given)! - ids.get(b.given)! : ids.get(b.given)! - ids.get(a.given)!) : 1;
          if (y === null || y === "") return -1;
          const order = x < y ? -1 : x > y ? 1 : 0;
          return (dir === "asc" ? order : -order) || (dir === "asc" ? ids.get(a.given)! - ids.get(b.given)! : ids.get(b.given)! - ids.get(a.given)!);
        })
        .map((f) => fullNameOf(f.given));
    const keys: Record<string, (f: Fixture) => string | number | null> = {
      registratienummer: (f) => f.number,
      geboortedatum: (f) => f.dateOfBirth,
      plaats: (f) => f.town.toLowerCase(),
    };
    for (const [sort, key] of Object.entries(keys)) {
      for (const dir of ["asc", "desc"] as const) {
        expect(await listed(`&sort=${sort}&dir=${dir}`), `${sort} ${dir}`).toEqual(byKey(key, dir));
      }
    }
    expect(await listed("&sort=naam&dir=desc")).toEqual(expected(() => true).reverse());
    // A page past the end of a search shows its last page.
    expect(await listed("&sort=naam&page=99")).toEqual(expected(() => true));
  });

  it("shows an account's new name and address at once", async () => {
    const anna = await getDb().selectFrom("registrants").select("user_id").where("id", "=", ids.get("Anna")!).executeTakeFirstOrThrow();
    await getDb().updateTable("users").set({ given_name: "Annabel", name_preposition: "van", email: `annabel.${TAG.toLowerCase()}@voorbeeld.nl` }).where("id", "=", anna.user_id!).execute();
    const rows = tableRows((await admin.page(`/fitnednl?q=annabel`)).html);
    expect(rows.map((cells) => cells.slice(1, 4))).toEqual([[`Annabel van ${TAG}`, "14-03-1980", `annabel.${TAG.toLowerCase()}@voorbeeld.nl`]]);
    await getDb().updateTable("users").set({ given_name: "Anna", name_preposition: "", email: emails.get("Anna")! }).where("id", "=", anna.user_id!).execute();
    expect(await listed("&sort=naam")).toEqual(expected(() => true));
  });

  it("deletes a professional after confirmation, keeps its account, and returns to the same view", async () => {
    const db = getDb();
    const user = await insertUser(db, { givenName: "Gijs", familyName: TAG, password: null });
    const id = await insertRegistrant(db, { userId: user.id, givenName: "Gijs", familyName: TAG, email: user.email });
    const view = `/fitnednl?q=${TAG}&sort=naam&dir=asc`;
    const row = rowElements((await admin.page(view)).html).find((tr) => text(tr.outerHTML).includes(`Gijs ${TAG}`))!;
    const remove = linkByName(row, `Verwijderen Gijs ${TAG}`);
    expect(remove.href).toBe(`/fitnednl/verwijderen/${id}?terug=${encodeURIComponent(view)}`);
    const confirm = await admin.page(remove.href);
    expect(text(confirm.html)).toContain("Weet u zeker dat u dit item wilt verwijderen?");
    expect(text(confirm.html)).toContain(`Gijs ${TAG}`);

    const done = await admin.submit(`/fitnednl/verwijderen/${id}`, { terug: view });
    expect(done.url).toBe(view);
    expect(notificationIn(done.html)).toContain("Professional verwijderd.");
    expect(await db.selectFrom("registrants").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom("users").select("id").where("id", "=", user.id).executeTakeFirst()).toBeDefined();
    // Again: it is gone, and says so.
    const again = await admin.submit(`/fitnednl/verwijderen/${id}`, { terug: view });
    expect(notificationIn(again.html)).toBeDefined();
    expect(names(again.html)).not.toContain(`Gijs ${TAG}`);
  });
});

describe("new registrations", () => {
  /** A registration of this file's own: a pending professional with an active account. */
  async function registration(given: string, created = new Date().toISOString()) {
    const db = getDb();
    const user = await insertUser(db, { givenName: given, familyName: TAG, password: null });
    const id = await insertRegistrant(db, { userId: user.id, givenName: given, familyName: TAG, email: user.email, approved: false, inactive: true, hidden: true });
    await db.updateTable("registrants").set({ created }).where("id", "=", id).execute();
    return { id, userId: user.id };
  }
  const pendingNames = async () => tableRows((await admin.page("/fitnednl/nieuwe-aanmeldingen")).html).map((cells) => cells[0]).filter((n) => n.endsWith(TAG));

  it("lists pending professionals with an active account, newest first, and approves one with the next numbers", async () => {
    const older = await registration("Hanna", "2026-01-01T10:00:00.000Z");
    await registration("Ivo", "2026-02-01T10:00:00.000Z");
    // Without an active account it is no registration to approve here.
    const switchedOff = await insertUser(getDb(), { givenName: "Jet", familyName: TAG, enabled: false, password: null });
    await insertRegistrant(getDb(), { userId: switchedOff.id, givenName: "Jet", familyName: TAG, approved: false });
    await insertRegistrant(getDb(), { givenName: "Kees", familyName: TAG, approved: false });
    const list = await pendingNames();
    expect(list.indexOf(`Ivo ${TAG}`)).toBeLessThan(list.indexOf(`Hanna ${TAG}`));
    expect(list).not.toContain(`Jet ${TAG}`);
    expect(list).not.toContain(`Kees ${TAG}`);
    expect(list).not.toContain(fullNameOf("Anna"));

    const confirm = await admin.page(`/fitnednl/nieuwe-aanmeldingen/goedkeuren/${older.id}`);
    expect(text(confirm.html)).toContain("Weet u zeker dat u deze aanmelding wilt goedkeuren?");
    const highest = async () =>
      getDb()
        .selectFrom("registrants")
        .select((eb) => [eb.fn.max("id_fit_ned").as("id"), eb.fn.max("pass_number").as("pass")])
        .executeTakeFirstOrThrow();
    const before = await highest();
    const done = await admin.submit(`/fitnednl/nieuwe-aanmeldingen/goedkeuren/${older.id}`, {});
    expect(notificationIn(done.html)).toContain("Aanmelding goedgekeurd.");
    const row = await getDb().selectFrom("registrants").selectAll().where("id", "=", older.id).executeTakeFirstOrThrow();
    expect([row.approved, row.inactive, row.hidden]).toEqual([1, 0, 0]);
    expect(row.id_fit_ned).toBe(Number(before.id) + 1);
    expect(row.pass_number).toBe(Number(before.pass) + 1);
    expect(await pendingNames()).not.toContain(`Hanna ${TAG}`);
    // Approving again changes nothing and says so.
    const again = await admin.submit(`/fitnednl/nieuwe-aanmeldingen/goedkeuren/${older.id}`, {});
    expect(notificationIn(again.html)).toContain("Deze aanmelding is al goedgekeurd.");
    expect((await getDb().selectFrom("registrants").select("pass_number").where("id", "=", older.id).executeTakeFirstOrThrow()).pass_number).toBe(row.pass_number);
    expect(await pendingNames()).toContain(`Ivo ${TAG}`);
  });

  it("never gives two approvals at the same moment the same numbers", async () => {
    const many = await Promise.all(["La", "Lb", "Lc", "Ld", "Le", "Lf"].map((given) => registration(given)));
    const answers = await Promise.all(many.map((r) => admin.post(`/fitnednl/nieuwe-aanmeldingen/goedkeuren/${r.id}`, {})));
    expect(answers.map((res) => res.status)).toEqual(many.map(() => 302));
    const rows = await getDb()
      .selectFrom("registrants")
      .select(["approved", "id_fit_ned", "pass_number"])
      .where("id", "in", many.map((r) => r.id))
      .execute();
    expect(rows.every((r) => r.approved === 1)).toBe(true);
    expect(new Set(rows.map((r) => r.id_fit_ned)).size).toBe(many.length);
    expect(new Set(rows.map((r) => r.pass_number)).size).toBe(many.length);
  });

  it("deletes a registration with its account after confirmation, but no approved professional", async () => {
    const gone = await registration("Maud");
    const confirm = await admin.page(`/fitnednl/nieuwe-aanmeldingen/verwijderen/${gone.id}`);
    expect(text(confirm.html)).toContain("Weet u zeker dat u deze aanmelding wilt verwijderen?");
    const done = await admin.submit(`/fitnednl/nieuwe-aanmeldingen/verwijderen/${gone.id}`, {});
    expect(done.url).toBe("/fitnednl/nieuwe-aanmeldingen");
    expect(notificationIn(done.html)).toContain("Aanmelding verwijderd.");
    expect(await getDb().selectFrom("registrants").select("id").where("id", "=", gone.id).executeTakeFirst()).toBeUndefined();
    expect(await getDb().selectFrom("users").select("id").where("id", "=", gone.userId).executeTakeFirst()).toBeUndefined();

    // An approved professional is refused here, and keeps its account.
    const anna = ids.get("Anna")!;
    const refused = await admin.submit(`/fitnednl/nieuwe-aanmeldingen/verwijderen/${anna}`, {});
    expect(notificationIn(refused.html)).toContain("Deze aanmelding is al goedgekeurd");
    expect(await getDb().selectFrom("registrants").select("id").where("id", "=", anna).executeTakeFirst()).toBeDefined();
  });

  it("says when there are no new registrations", async () => {
    // Files run one at a time: the demo's registrations are switched off for a moment, then back on.
    const db = getDb();
    const pending = await db
      .selectFrom("registrants as r")
      .innerJoin("users as u", "u.id", "r.user_id")
      .select("u.id")
      .where("r.approved", "=", 0)
      .where("u.enabled", "=", 1)
      .execute();
    expect(pending.length).toBeGreaterThan(0);
    const accounts = pending.map((p) => p.id);
    await db.updateTable("users").set({ enabled: 0 }).where("id", "in", accounts).execute();
    try {
      const { html } = await admin.page("/fitnednl/nieuwe-aanmeldingen");
      expect(tableRows(html)).toEqual([]);
      expect(text(html)).toContain("Er zijn geen nieuw aangemelde FITNED.NL-professionals.");
    } finally {
      await db.updateTable("users").set({ enabled: 1 }).where("id", "in", accounts).execute();
    }
  });
});

describe("the counts behind the register's total", () => {
  /** Combinations whose count differs from the professionals that have them, read in one statement. */
  const mismatches = async () =>
    (
      await sql<{ n: number }>`select count(*) as n from (
        select approved, inactive, hidden, case when user_id is null then 0 else 1 end as with_account, count(*) as n
        from registrants group by approved, inactive, hidden, case when user_id is null then 0 else 1 end
      ) a full join registrant_counts c
        on c.approved = a.approved and c.inactive = a.inactive and c.hidden = a.hidden and c.with_account = a.with_account
      where coalesce(a.n, 0) <> coalesce(c.n, 0)`.execute(getDb())
    ).rows[0].n;

  it("follow every change of a professional, also a deleted account", async () => {
    const db = getDb();
    const user = await insertUser(db, { givenName: "Teller", familyName: TAG });
    const id = await insertRegistrant(db, { familyName: `Teller${TAG}`, approved: false, inactive: true, hidden: true });
    expect(Number(await mismatches())).toBe(0);
    // Approved on its page of new registrations, then switched by the status buttons.
    await db.updateTable("registrants").set({ user_id: user.id }).where("id", "=", id).execute();
    expect((await admin.post(`/fitnednl/nieuwe-aanmeldingen/goedkeuren/${id}`, {})).status).toBe(302);
    expect((await admin.post(`/fitnednl/bewerken/${id}`, { intent: "toggle-hidden" })).status).toBe(302);
    expect((await admin.post(`/fitnednl/bewerken/${id}`, { intent: "toggle-inactive" })).status).toBe(302);
    expect(Number(await mismatches())).toBe(0);
    // The account deleted: the professional stays, without account.
    await db.deleteFrom("users").where("id", "=", user.id).execute();
    expect((await db.selectFrom("registrants").select("user_id").where("id", "=", id).executeTakeFirstOrThrow()).user_id).toBeNull();
    expect(Number(await mismatches())).toBe(0);
    await admin.post(`/fitnednl/verwijderen/${id}`, {});
    expect(await db.selectFrom("registrants").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
    expect(Number(await mismatches())).toBe(0);
  });

  it("give the total of a filtered register", async () => {
    const db = getDb();
    const query = "filter=1&goedkeuring=goedgekeurd&activiteit=actief&zichtbaarheid=zichtbaar&zichtbaarheid=verborgen&account=geen";
    const counted = async () =>
      Number(
        (
          await db
            .selectFrom("registrants")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("approved", "=", 1)
            .where("inactive", "=", 0)
            .where("user_id", "is", null)
            .executeTakeFirstOrThrow()
        ).n,
      );
    // Other test files add professionals meanwhile: the count read before or after the page.
    const before = await counted();
    const shown = Number(/FITNED\.NL \((\d+)\)/.exec(text((await admin.page(`/fitnednl?${query}`)).html))?.[1]);
    const after = await counted();
    expect([before, after]).toContain(shown);
  });
});
