import { sql } from "kysely";
import pg from "pg";
import { describe, expect, it, vi } from "vitest";
// Before the portal's modules: it points them at the suite's database.
import { getDb } from "./support";
import { engine, prepared, read, readTogether, together, type Read } from "../../app/lib/db.server";
import { userListPage, USER_SORTS } from "../../app/accounts/list.server";
import { enterpriseListPage, ENTERPRISE_SORTS } from "../../app/enterprises/list.server";
import type { ListParams } from "../../app/lib/list";
import { idIn, pageOfRows, pagesInOrder, type IdPaging, type Page, type PageIds } from "../../app/lib/paging.server";
import { memberListPage, MEMBER_SORTS } from "../../app/members/list.server";
import { registrantListPage, REGISTRANT_SORTS } from "../../app/registrants/list.server";
import { insertEnterprise, insertMember } from "../fixtures";

// On PostgreSQL these read several queries in one statement; whatever the engine, they must give
// what reading each query on its own gives.

async function memberWithEnterprises(names: string[]): Promise<{ memberId: number; ids: number[] }> {
  const db = getDb();
  const memberId = await insertMember(db);
  const ids = [];
  for (const [i, name] of names.entries()) ids.push(await insertEnterprise(db, memberId, { name, lidnummer: i % 2 ? null : 900_000 + memberId * 10 + i, approved: i % 2 === 0 }));
  return { memberId, ids };
}

describe("readTogether", () => {
  it("gives each read what its query gives on its own: rows, their order, numbers, nulls and truth values", async () => {
    const { memberId } = await memberWithEnterprises(["Bravo", "Alfa", "Charlie"]);
    const enterprises: Read<{ id: number; name: string; lidnummer: number | null; approved: number; gone: boolean | number }, unknown> = {
      query: getDb()
        .selectFrom("enterprises as e")
        .select((eb) => ["e.id", "e.name", "e.lidnummer", "e.approved", eb.exists(eb.selectFrom("members as m").select("m.id").where("m.id", "=", -1)).as("gone")])
        .where("e.member_id", "=", memberId)
        .orderBy("e.name", "desc"),
      of: (rows) => rows.map((r) => ({ ...r, gone: !!r.gone })),
    };
    const count: Read<{ n: number }, number> = {
      query: getDb().selectFrom("enterprises").select(sql<number>`count(*)`.as("n")).where("member_id", "=", memberId),
      of: ([row]) => Number(row.n),
    };
    const none: Read<{ id: number }, string> = {
      query: getDb().selectFrom("enterprises").select("id").where("id", "=", -1),
      of: (rows) => `${rows.length} rijen`,
    };
    const together = await readTogether({ enterprises, count, none, skipped: null });
    expect(together).toEqual({ enterprises: await read(enterprises), count: 3, none: "0 rijen", skipped: null });
    expect((together.enterprises as { name: string }[]).map((e) => e.name)).toEqual(["Charlie", "Bravo", "Alfa"]);
  });

  it("reads nested reads and gives each its own rows", async () => {
    const { memberId } = await memberWithEnterprises(["Bravo", "Alfa"]);
    const names = (dir: "asc" | "desc"): Read<{ name: string }, string> => ({
      query: getDb().selectFrom("enterprises").select("name").where("member_id", "=", memberId).orderBy("name", dir),
      of: (rows) => rows.map((r) => r.name).join(", "),
    });
    const nested = together({ up: names("asc"), inner: together({ down: names("desc"), none: null }, ({ down, none }) => `${down} (${none})`) }, ({ up, inner }) => `${up} / ${inner}`);
    expect(await readTogether({ nested, last: names("desc") })).toEqual({ nested: "Alfa, Bravo / Bravo, Alfa (null)", last: "Bravo, Alfa" });
    expect(await read(nested)).toBe("Alfa, Bravo / Bravo, Alfa (null)");
  });
});

describe("prepared", () => {
  let builds = 0;
  const namesOf = prepared((memberId: number, from: string) => {
    builds++;
    return getDb().selectFrom("enterprises").select(["id", "name", "lidnummer"]).where("member_id", "=", memberId).where("name", ">=", from).orderBy("name");
  });
  const anew = (memberId: number, from: string) =>
    getDb().selectFrom("enterprises").select(["id", "name", "lidnummer"]).where("member_id", "=", memberId).where("name", ">=", from).orderBy("name").execute();
  const countOf = prepared((memberId: number) => getDb().selectFrom("enterprises").select(sql<number>`count(*)`.as("n")).where("member_id", "=", memberId));

  it("is built once and gives, for each call's arguments, what the query built anew gives", async () => {
    const first = await memberWithEnterprises(["Bravo", "Alfa", "Charlie"]);
    const second = await memberWithEnterprises(["Delta", "Echo"]);
    const before = builds;
    for (const [memberId, from] of [[first.memberId, ""], [first.memberId, "B"], [second.memberId, "E"], [second.memberId, "Z"]] as const) {
      expect(await namesOf(memberId, from).execute()).toEqual(await anew(memberId, from));
    }
    expect((await namesOf(first.memberId, "B").execute()).map((r) => r.name)).toEqual(["Bravo", "Charlie"]);
    expect(builds - before).toBeLessThanOrEqual(1);
  });

  it("is read together with others, prepared or not, each with its own arguments", async () => {
    const first = await memberWithEnterprises(["Bravo", "Alfa"]);
    const second = await memberWithEnterprises(["Charlie"]);
    const names = (memberId: number): Read<{ name: string }, string> => ({ query: namesOf(memberId, ""), of: (rows) => rows.map((r) => r.name).join(", ") });
    const count = (memberId: number): Read<{ n: number }, number> => ({ query: countOf(memberId), of: ([row]) => Number(row.n) });
    const plain: Read<{ name: string }, string> = {
      query: getDb().selectFrom("enterprises").select("name").where("member_id", "=", second.memberId),
      of: (rows) => rows.map((r) => r.name).join(", "),
    };
    // The same prepared queries twice, with other arguments: the second time from the compiled statement.
    expect(await readTogether({ a: names(first.memberId), b: count(second.memberId), c: names(second.memberId) })).toEqual({ a: "Alfa, Bravo", b: 1, c: "Charlie" });
    const before = builds;
    expect(await readTogether({ a: names(second.memberId), b: count(first.memberId), c: names(first.memberId) })).toEqual({ a: "Charlie", b: 2, c: "Alfa, Bravo" });
    expect(builds).toBe(before);
    expect(await readTogether({ a: names(first.memberId), p: plain })).toEqual({ a: "Alfa, Bravo", p: "Charlie" });
    expect(await read(count(first.memberId))).toBe(2);
  });

  it("is read in a transaction, seeing its changes, on its own, with read and together with others", async () => {
    const { memberId, ids } = await memberWithEnterprises(["Alfa"]);
    const names: Read<{ name: string }, string> = { query: namesOf(memberId, ""), of: (rows) => rows.map((r) => r.name).join(", ") };
    const count: Read<{ n: number }, number> = { query: countOf(memberId), of: ([row]) => Number(row.n) };
    await getDb()
      .transaction()
      .execute(async (tx) => {
        await tx.updateTable("enterprises").set({ name: "Zulu" }).where("id", "=", ids[0]).execute();
        await insertEnterprise(tx, memberId, { name: "Yankee" });
        expect((await namesOf(memberId, "").execute(tx)).map((r) => r.name)).toEqual(["Yankee", "Zulu"]);
        expect(await read(names, tx)).toBe("Yankee, Zulu");
        // Prepared or built with the transaction, and on PostgreSQL as one statement.
        const built: Read<{ name: string }, string> = {
          query: tx.selectFrom("enterprises").select("name").where("member_id", "=", memberId).orderBy("name", "desc"),
          of: (rows) => rows.map((r) => r.name).join(", "),
        };
        expect(await readTogether({ names, count, built }, tx)).toEqual({ names: "Yankee, Zulu", count: 2, built: "Zulu, Yankee" });
        throw new Error("terug");
      })
      .catch((error: Error) => expect(error.message).toBe("terug"));
    // Rolled back: nothing of it stays.
    expect(await read(names)).toBe("Alfa");
  });

  it("refuses a query whose arguments are not all values of it", async () => {
    // The limit depends on the argument's value: the stand-in it is built with cannot tell.
    const limited = prepared((most: number) => getDb().selectFrom("enterprises").select("id").limit(most > 5 ? 5 : 1));
    await expect(limited(10).execute()).rejects.toThrow("Een voorbereide query plaatst niet elk argument als parameter");
  });
});

describe("pageOfRows", () => {
  const NAMES = ["Echo", "Alfa", "Delta", "Bravo", "Charlie"];

  function paging(memberId: number, searching: boolean, withCount: boolean): IdPaging {
    const found = getDb().selectFrom("enterprises as e").where("e.member_id", "=", memberId);
    const inOrder = (turned: boolean) =>
      found
        .select(searching ? ["e.id", sql<number>`count(*) over ()`.as("total")] : ["e.id"])
        .orderBy("e.name", turned ? "desc" : "asc")
        .orderBy("e.id", turned ? "desc" : "asc");
    return {
      searching,
      // Without a search, a page in the later half is read from the end.
      ...pagesInOrder(inOrder, 2, searching),
      countAll: async () => Number((await found.select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow()).n),
      ...(withCount ? { counted: () => found.select(sql<number>`count(*)`.as("n")) as never } : {}),
    };
  }
  const rowsOf = (ids: PageIds) => getDb().selectFrom("enterprises as e").select(["e.id", "e.name", "e.lidnummer"]).where(idIn("e.id", ids));
  const names = async (memberId: number, searching: boolean, withCount: boolean, page: number) => {
    const { ids, rows, total, page: shown } = await pageOfRows(paging(memberId, searching, withCount), page, 2, rowsOf);
    const byId = new Map(rows.map((r) => [r.id, r.name]));
    return { names: ids.map((id) => byId.get(id)), total, page: shown };
  };

  for (const searching of [false, true]) {
    it(`reads a page's ids, total and rows in the list's order, and a page past the end as the last one (${searching ? "counted with the page" : "counted apart, the later pages from the end"})`, async () => {
      const { memberId } = await memberWithEnterprises([...NAMES, "Bravo"]);
      const [, , , bravo, , bravoAgain] = (await getDb().selectFrom("enterprises").select("id").where("member_id", "=", memberId).orderBy("id").execute()).map((r) => r.id);
      expect(bravo).toBeLessThan(bravoAgain);
      const expected = [
        { names: ["Alfa", "Bravo"], total: 6, page: 1 },
        { names: ["Bravo", "Charlie"], total: 6, page: 2 },
        { names: ["Delta", "Echo"], total: 6, page: 3 },
        { names: ["Delta", "Echo"], total: 6, page: 3 },
      ];
      for (const [i, page] of [1, 2, 3, 99].entries()) {
        expect(await names(memberId, searching, true, page)).toEqual(expected[i]);
        // Step by step (no count as an expression): the same.
        expect(await names(memberId, searching, false, page)).toEqual(expected[i]);
      }
    });

    it(`shows an empty list as its first page (${searching ? "counted with the page" : "counted apart"})`, async () => {
      const { memberId } = await memberWithEnterprises([]);
      for (const page of [1, 5]) expect(await names(memberId, searching, true, page)).toEqual({ names: [], total: 0, page: 1 });
    });
  }
});

// A page in the later half of a list is read backwards from its end (readsFromEnd): every sort key
// turned, the empty values still last. Read in small pages, a list must give what one page of all
// of it gives, for every sort and direction.
describe("a list read in pages, the later ones from the end", () => {
  async function inPages<K extends string>(
    listPage: (params: ListParams<K> & { filters: Record<string, string[]> }, limit: number) => Promise<Page<{ id: number }>>,
    sorts: { keys: readonly K[] },
    filters: Record<string, string[]> = {},
  ) {
    for (const sort of sorts.keys) {
      for (const dir of ["asc", "desc"] as const) {
        const params = { search: "", sort, dir, page: 1, filters };
        const whole = await listPage(params, 100_000);
        expect(whole.total).toBeGreaterThan(6);
        expect(whole.rows).toHaveLength(whole.total);
        // About seven pages, the last one short.
        const limit = Math.ceil(whole.total / 7) + (whole.total % 7 ? 0 : 1);
        const ids: number[] = [];
        for (let page = 1; page <= Math.ceil(whole.total / limit); page++) {
          const part = await listPage({ ...params, page }, limit);
          expect({ sort, dir, page: part.page, total: part.total }).toEqual({ sort, dir, page, total: whole.total });
          ids.push(...part.rows.map((r) => r.id));
        }
        expect({ sort, dir, ids }).toEqual({ sort, dir, ids: whole.rows.map((r) => r.id) });
      }
    }
  }

  it("memberships", async () => {
    // Some without establishments or contact persons, which sort last either way.
    for (let i = 0; i < 3; i++) await insertMember(getDb());
    await inPages(memberListPage, MEMBER_SORTS);
  });

  it("establishments", async () => {
    await memberWithEnterprises(["Zulu", "Alfa", "Alfa", ""]);
    await inPages(enterpriseListPage, ENTERPRISE_SORTS);
  });

  it("accounts", async () => {
    await inPages(userListPage, USER_SORTS);
  });

  it("professionals, the whole register and a filtered one", async () => {
    await inPages(registrantListPage, REGISTRANT_SORTS);
    await inPages(registrantListPage, REGISTRANT_SORTS, { account: ["geen"] });
  });
});

describe("a list's page statement on PostgreSQL", () => {
  /** The statements `readPage` sends for `pages` of a list (PreparingClient names and sends them through pg.Client). */
  async function sentFor(pages: number[], readPage: (page: number) => Promise<unknown>, marker: string) {
    const query = vi.spyOn(pg.Client.prototype, "query");
    let calls: unknown[][];
    try {
      for (const page of pages) await readPage(page);
      calls = [...query.mock.calls];
    } finally {
      query.mockRestore();
    }
    return calls
      .map(([config]) => config as { text?: string; values?: unknown[] })
      .filter((config) => typeof config === "object" && !!config.text?.includes(marker))
      .map(({ text, values }) => ({ text: text!, values: values ?? [] }));
  }

  /** How PostgreSQL plans `text` when executed with each of `values` in turn, eight times over. */
  async function plansOf(text: string, values: unknown[][]) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      for (let i = 0; i < 8; i++) await client.query({ name: "plan_check", text, values: values[i % values.length] });
      const { rows } = await client.query<{ generic: string; custom: string }>(
        "select generic_plans as generic, custom_plans as custom from pg_prepared_statements where name = 'plan_check'",
      );
      return { generic: Number(rows[0].generic), custom: Number(rows[0].custom) };
    } finally {
      await client.end();
    }
  }

  // PostgreSQL plans a prepared statement anew on each execution for as long as a plan for the
  // values given looks cheaper than one plan for all; a LIMIT or OFFSET it could see made it so,
  // and each request planned its list's page again (plannedOnce). How the plans compare depends on
  // the table's size: on the suite's few rows either way ends in one plan, so the statement is
  // also checked for a bare LIMIT or OFFSET.
  const BARE_LIMIT = /\b(limit|offset)\s+\$\d+/i;
  it.runIf(engine() === "postgres")("is one text for every page, and PostgreSQL keeps one plan for it", async () => {
    for (let i = 0; i < 6; i++) await insertMember(getDb());
    const params = { search: "", sort: MEMBER_SORTS.keys[0], dir: "asc" as const, filters: {} };
    const list = await sentFor([1, 2, 3], (page) => memberListPage({ ...params, page }, 2), "member_count");
    expect(list).toHaveLength(3);
    expect(new Set(list.map((s) => s.text)).size).toBe(1);
    expect(list[0].text).not.toMatch(BARE_LIMIT);
    expect(await plansOf(list[0].text, list.map((s) => s.values))).toMatchObject({ generic: 3, custom: 5 });

    const search = await sentFor([1, 2], (page) => userListPage({ ...params, sort: USER_SORTS.keys[0], search: "voorbeeld", page }, 2), "user_search");
    expect(search).toHaveLength(2);
    expect(new Set(search.map((s) => s.text)).size).toBe(1);
    expect(search[0].text).not.toMatch(BARE_LIMIT);
    expect(await plansOf(search[0].text, search.map((s) => s.values))).toMatchObject({ generic: 3, custom: 5 });
  });
});
