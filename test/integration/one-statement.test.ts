import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { read, readTogether, together, type Read } from "../../app/lib/db.server";
import { idIn, pageOfRows, type IdPaging, type PageIds, type PageQuery } from "../../app/lib/paging.server";
import { insertEnterprise, insertMember } from "../fixtures";
import { getDb } from "./support";

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

describe("pageOfRows", () => {
  const NAMES = ["Echo", "Alfa", "Delta", "Bravo", "Charlie"];

  function paging(memberId: number, searching: boolean, withCount: boolean): IdPaging {
    const found = getDb().selectFrom("enterprises as e").where("e.member_id", "=", memberId);
    return {
      searching,
      pageAt: (page) =>
        found
          .select(searching ? ["e.id", sql<number>`count(*) over ()`.as("total")] : ["e.id"])
          .orderBy("e.name")
          .orderBy("e.id")
          .limit(2)
          .offset((page - 1) * 2) as unknown as PageQuery,
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
    it(`reads a page's ids, total and rows in the list's order, and a page past the end as the last one (${searching ? "counted with the page" : "counted apart"})`, async () => {
      const { memberId } = await memberWithEnterprises(NAMES);
      const expected = [
        { names: ["Alfa", "Bravo"], total: 5, page: 1 },
        { names: ["Charlie", "Delta"], total: 5, page: 2 },
        { names: ["Echo"], total: 5, page: 3 },
        { names: ["Echo"], total: 5, page: 3 },
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
