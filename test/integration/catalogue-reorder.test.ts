import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUES, catalogueByKey, type CatalogueDefinition } from "../../app/catalogues/definitions";
import { REORDER_TEXTS } from "../../app/catalogues/reorder";
import { buttonNames, Client, errorsIn, getDb, heading, links, notificationIn, parsePage, signIn, textOf } from "./support";

/**
 * Reordering the catalogues (part 2 §2.4 "List behaviour") without JavaScript: the reorder page of
 * every catalogue, per category where the order applies within one; the refusal of a list that
 * changed meanwhile and of forged posts; the specialisations' one-step moves from the list.
 */

let admin: Client;
beforeAll(async () => {
  admin = await signIn("beheer@voorbeeld.nl");
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the catalogue tables, each with its own columns
const tableOf = (catalogue: CatalogueDefinition) => getDb().selectFrom(catalogue.table as any);
/** The documents' categories: the demo download categories, by id. */
const documentCategories = (await getDb().selectFrom("document_categories").select("id").orderBy("sequence").execute()).map((r) => String(r.id));

/** The field whose value is the category, with the categories' values in order. */
const categoryField = (catalogue: CatalogueDefinition) => {
  const field = catalogue.fields.find((f) => f.name === catalogue.categoryField);
  if (field?.kind === "select") return { column: field.column, options: field.options.map((o) => ({ value: o.value })) };
  if (field?.kind === "reference") return { column: field.column, options: documentCategories.map((value) => ({ value })) };
  return undefined;
};

/** The stored order of a scope (the whole catalogue, or one category), as ids. */
async function storedOrder(catalogue: CatalogueDefinition, category?: string): Promise<number[]> {
  let query = tableOf(catalogue).select("id");
  const field = categoryField(catalogue);
  if (field && category) query = query.where(field.column, "=", category);
  const rows = (await query.orderBy("sequence").orderBy("id").execute()) as { id: number }[];
  return rows.map((r) => Number(r.id));
}

/** The entries the tests insert, removed afterwards, and the demo orders they change, put back. */
const inserted: { catalogue: CatalogueDefinition; id: number }[] = [];
const changedOrders: { catalogue: CatalogueDefinition; sequences: { id: number; sequence: number }[] }[] = [];

async function rememberOrder(catalogue: CatalogueDefinition): Promise<void> {
  const sequences = (await tableOf(catalogue).select(["id", "sequence"]).execute()) as { id: number; sequence: number }[];
  changedOrders.push({ catalogue, sequences });
}

afterAll(async () => {
  // Other tests read the demo catalogues (the downloads page, for one) as the demo made them.
  for (const { catalogue, id } of inserted) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see tableOf
    await getDb().deleteFrom(catalogue.table as any).where("id", "=", id).execute();
  }
  for (const { catalogue, sequences } of changedOrders.reverse()) {
    for (const { id, sequence } of sequences) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see tableOf
      await getDb().updateTable(catalogue.table as any).set({ sequence }).where("id", "=", id).execute();
    }
  }
});

let sequence = 100_000;
/** Inserts an entry of the test's own, last in its scope (after the ones inserted before it); returns its id. */
async function insertEntry(catalogue: CatalogueDefinition, name: string, category?: string): Promise<number> {
  sequence += 1;
  const row: Record<string, string | number> = { name, sequence };
  for (const field of catalogue.fields) {
    if (field.name === "name") continue;
    if (field.kind === "select") row[field.column] = category ?? field.options[0].value;
    else if (field.kind === "reference") row[field.column] = Number(category ?? documentCategories[0]);
    else if (field.kind === "number") row[field.column] = 1;
    else if (field.kind === "checkbox") row[field.column] = 0;
    else if (field.kind === "image" || field.kind === "files") continue;
    else row[field.column] = "x";
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see tableOf
  const { id } = await getDb().insertInto(catalogue.table as any).values(row).returning("id").executeTakeFirstOrThrow();
  inserted.push({ catalogue, id: Number(id) });
  return Number(id);
}

/** A post of the reorder form: the order as loaded and the new order. */
function orderPost(loaded: readonly (number | string)[], items: readonly (number | string)[], extra: Record<string, string> = {}): FormData {
  const body = new FormData();
  body.set("loaded", loaded.join(","));
  for (const id of items) body.append("item", String(id));
  for (const [name, value] of Object.entries(extra)) body.set(name, value);
  return body;
}

/** The names on the reorder page, in the order it shows them. */
function shownNames(html: string): string[] {
  return parsePage(html)
    .querySelectorAll("ol.reorder-list li")
    .map((li) => textOf(li.querySelector(".reorder-list__name")));
}

/** The hidden fields of the reorder form: the ids in order and the order as loaded. */
function formOrder(html: string): { items: number[]; loaded: string } {
  const page = parsePage(html);
  return {
    items: page.querySelectorAll('input[name="item"]').map((i) => Number(i.getAttribute("value"))),
    loaded: page.querySelector('input[name="loaded"]')?.getAttribute("value") ?? "",
  };
}

for (const catalogue of CATALOGUES.filter((c) => c.ordered)) {
  const page = `/beheer/${catalogue.slug}/volgorde`;
  const field = categoryField(catalogue);
  const categories = field ? field.options.map((o) => o.value) : [undefined];

  describe(`${catalogue.title}: reorder (${page})`, () => {
    beforeAll(() => rememberOrder(catalogue));

    it("the list offers 'Volgorde wijzigen', a link to the reorder page", async () => {
      const { html } = await admin.page(`/beheer/${catalogue.slug}`);
      const link = links(html).find((l) => l.name === "Volgorde wijzigen");
      expect(link?.href).toBe(page);
    });

    for (const category of categories) {
      const at = category ? `${page}?categorie=${category}` : page;
      it(`saves a new order${category ? ` within category ${category}` : ""}, leaving the rest as it was`, async () => {
        await insertEntry(catalogue, `Volgorde A ${Date.now()}`, category);
        await insertEntry(catalogue, `Volgorde B ${Date.now()}`, category);
        const others = field ? await Promise.all(field.options.filter((o) => o.value !== category).map((o) => storedOrder(catalogue, o.value))) : [];
        const before = await storedOrder(catalogue, category);
        const { html } = await admin.page(at);
        expect(heading(html)).toBe(`Volgorde wijzigen: ${catalogue.title}`);
        expect(formOrder(html)).toEqual({ items: before, loaded: before.join(",") });
        const names = shownNames(html);
        expect(buttonNames(html)).toEqual(
          expect.arrayContaining([`${names[0]} omhoog`, `${names[0]} omlaag`, `${names.at(-1)} omlaag`, "Opslaan"]),
        );

        const reversed = [...before].reverse();
        const saved = await admin.submit(at, orderPost(before, reversed));
        expect(saved.status).toBe(302);
        expect(saved.url.split("?")[0]).toBe(`/beheer/${catalogue.slug}`);
        expect(notificationIn(saved.html)).toBe(REORDER_TEXTS.saved);
        expect(await storedOrder(catalogue, category)).toEqual(reversed);
        const after = field ? await Promise.all(field.options.filter((o) => o.value !== category).map((o) => storedOrder(catalogue, o.value))) : [];
        expect(after).toEqual(others);
      });
    }

    it("refuses a save when the list changed meanwhile, showing the fresh order; nothing is written", async () => {
      const category = categories[0];
      const at = category ? `${page}?categorie=${category}` : page;
      const { html } = await admin.page(at);
      const loaded = formOrder(html).items;
      // Someone else adds an entry in the meantime.
      const added = await insertEntry(catalogue, `Intussen ${Date.now()}`, category);
      const before = await storedOrder(catalogue, category);
      const res = await admin.post(at, orderPost(loaded, [...loaded].reverse()));
      expect(res.status).toBe(409);
      const answer = await res.text();
      expect(errorsIn(answer)).toEqual([REORDER_TEXTS.stale]);
      expect(formOrder(answer)).toEqual({ items: before, loaded: before.join(",") });
      expect(before).toContain(added);
      expect(await storedOrder(catalogue, category)).toEqual(before);

      // Reordered by someone else: refused as well.
      const reordered = [...before].reverse();
      await admin.submit(at, orderPost(before, reordered));
      const stale = await admin.post(at, orderPost(before, before));
      expect(stale.status).toBe(409);
      expect(await storedOrder(catalogue, category)).toEqual(reordered);
    });
  });
}

describe("the reorder page without JavaScript", () => {
  const catalogue = catalogueByKey("group_lesson");
  const page = "/beheer/groepslessen/volgorde";

  it("moves an entry with 'Omhoog' and 'Omlaag' without saving, then saves with 'Opslaan'", async () => {
    const first = await insertEntry(catalogue, `Stap eerst ${Date.now()}`, "clubjoy");
    const second = await insertEntry(catalogue, `Stap dan ${Date.now()}`, "clubjoy");
    const at = `${page}?categorie=clubjoy`;
    const before = await storedOrder(catalogue, "clubjoy");
    const { html } = await admin.page(at);
    expect(links(html).find((l) => l.name === "ClubJoy")?.el.getAttribute("aria-current")).toBe("page");
    expect(links(html).find((l) => l.name === "Les Mills")?.href).toBe(`${page}?categorie=les_mills`);

    // The last entry one step up: the page answers with the new order, not yet stored.
    const stepped = await admin.post(at, orderPost(before, before, { move: `up:${second}` }));
    expect(stepped.status).toBe(200);
    const answer = await stepped.text();
    const expected = [...before.slice(0, -2), second, first];
    expect(formOrder(answer)).toEqual({ items: expected, loaded: before.join(",") });
    expect(answer).toContain(REORDER_TEXTS.unsaved);
    expect(await storedOrder(catalogue, "clubjoy")).toEqual(before);

    // The first entry up does nothing; the last down neither.
    const edge = await admin.post(at, orderPost(before, expected, { move: `up:${expected[0]}` }));
    expect(formOrder(await edge.text()).items).toEqual(expected);

    const saved = await admin.submit(at, orderPost(before, expected));
    expect(notificationIn(saved.html)).toBe(REORDER_TEXTS.saved);
    expect(await storedOrder(catalogue, "clubjoy")).toEqual(expected);
  });

  it("returns to the view of the list it was opened from", async () => {
    const back = "/beheer/groepslessen?q=zumba&sort=volgorde&dir=asc";
    const at = `${page}?categorie=algemeen&terug=${encodeURIComponent(back)}`;
    const before = await storedOrder(catalogue, "algemeen");
    const { html } = await admin.page(at);
    expect(links(html).find((l) => l.name === "Annuleren")?.href).toBe(back);
    const saved = await admin.submit(at, orderPost(before, before, { terug: back }));
    expect(saved.url).toBe(back);
    // Another address is not followed.
    const elsewhere = await admin.post(at, orderPost(before, before, { terug: "https://evil.example/beheer/groepslessen" }));
    expect(elsewhere.headers.get("location")).toBe("/beheer/groepslessen");
  });

  it("an unknown category is not found", async () => {
    expect((await admin.get(`${page}?categorie=doelgroepen`)).status).toBe(404);
    expect((await admin.get("/beheer/faciliteiten/volgorde?categorie=x")).status).toBe(200);
  });

  it("the dialog's JSON gives the same order", async () => {
    const res = await admin.get("/beheer/groepslessen/volgorde.json?categorie=les_mills");
    expect(res.headers.get("content-type")).toContain("application/json");
    const view = (await res.json()) as { scope: string; items: { id: number }[]; loaded: string; scopes: { label: string }[] };
    expect(view.scope).toBe("les_mills");
    expect(view.scopes.map((s) => s.label)).toEqual(["Algemeen", "Les Mills", "ClubJoy"]);
    expect(view.items.map((i) => i.id)).toEqual(await storedOrder(catalogue, "les_mills"));
    expect(view.loaded).toBe(view.items.map((i) => i.id).join(","));
  });
});

describe("forged reorder posts are refused and change nothing", () => {
  const catalogue = catalogueByKey("specialisation");
  const at = "/beheer/specialisaties/volgorde?categorie=algemeen";
  let order: number[];
  let foreign: number;

  beforeAll(async () => {
    await insertEntry(catalogue, `Vervalsing ${Date.now()}`, "algemeen");
    order = await storedOrder(catalogue, "algemeen");
    foreign = (await storedOrder(catalogue, "les_mills"))[0];
  });

  const cases: [string, () => FormData][] = [
    ["an id missing", () => orderPost(order, order.slice(1))],
    ["an id twice", () => orderPost(order, [order[0], ...order.slice(0, -1)])],
    ["an extra id", () => orderPost(order, [...order, 999_999])],
    ["an entry of another category", () => orderPost(order, [...order.slice(0, -1), foreign])],
    ["an entry of another category instead of one twice", () => orderPost(order, [foreign, ...order.slice(1)])],
    ["ids that are no ids", () => orderPost(order, order.map((id, i) => (i === 0 ? "abc" : id)))],
    ["negative and huge ids", () => orderPost(order, ["-1", "99999999999999999999", ...order.slice(2)])],
    ["a huge list", () => orderPost(order, Array.from({ length: 6000 }, (_, i) => i + 1))],
    ["no items", () => orderPost(order, [])],
    ["no order as loaded", () => { const body = orderPost(order, order); body.delete("loaded"); return body; }],
    ["a forged order as loaded", () => orderPost(["x"], order)],
    ["a step of an entry not in the list", () => orderPost(order, order, { move: `down:${foreign}` })],
    ["a step that is no step", () => orderPost(order, order, { move: "sideways:1" })],
  ];
  for (const [name, body] of cases) {
    it(`${name}: refused with a message, the stored order as it was`, async () => {
      const before = await storedOrder(catalogue, "algemeen");
      const res = await admin.post(at, body());
      expect([400, 409]).toContain(res.status);
      const html = await res.text();
      expect(errorsIn(html).length).toBe(1);
      expect(formOrder(html).items).toEqual(before);
      expect(await storedOrder(catalogue, "algemeen")).toEqual(before);
    });
  }

  it("non-admins are sent home, anonymous visitors to the sign-in; nothing changes", async () => {
    const before = await storedOrder(catalogue, "algemeen");
    const member = await signIn("lid@voorbeeld.nl");
    const res = await member.post(at, orderPost(before, [...before].reverse()));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    const anonymous = await new Client().post(at, orderPost(before, [...before].reverse()));
    expect(anonymous.headers.get("location")).toMatch(/^\/\?next=/);
    const moved = await member.post(`/beheer/specialisaties/verplaatsen/${before[0]}/down`, { terug: "/beheer/specialisaties" });
    expect(moved.headers.get("location")).toBe("/");
    expect(await storedOrder(catalogue, "algemeen")).toEqual(before);
  });
});

describe("specialisations: one step up or down from the list", () => {
  const catalogue = catalogueByKey("specialisation");
  const list = "/beheer/specialisaties";

  it("each row has 'Omhoog' and 'Omlaag' naming the entry; a step moves it within its category and returns to the same view", async () => {
    const a = await insertEntry(catalogue, `Stapje A ${Date.now()}`, "doelgroepen");
    const b = await insertEntry(catalogue, `Stapje B ${Date.now()}`, "doelgroepen");
    const before = await storedOrder(catalogue, "doelgroepen");
    const others = await storedOrder(catalogue, "clubjoy");
    const back = `${list}?q=stapje&sort=volgorde&dir=asc`;

    const { html } = await admin.page(back);
    const [rowName] = parsePage(html).querySelectorAll("tbody tr").map((tr) => textOf(tr.querySelector("td")));
    expect(buttonNames(html)).toEqual(expect.arrayContaining([`${rowName} omhoog`, `${rowName} omlaag`]));
    const form = parsePage(html).querySelector(`form[action="${list}/verplaatsen/${b}/up"]`);
    expect(form?.querySelector('input[name="terug"]')?.getAttribute("value")).toBe(back);

    const up = await admin.submit(`${list}/verplaatsen/${b}/up`, { terug: back });
    // Back to the same view, at the button that was used.
    expect(up.url).toBe(`${back}#stap-${b}-up`);
    expect(notificationIn(up.html)).toBe(REORDER_TEXTS.saved);
    const expected = [...before.slice(0, -2), b, a];
    expect(await storedOrder(catalogue, "doelgroepen")).toEqual(expected);
    expect(await storedOrder(catalogue, "clubjoy")).toEqual(others);

    const down = await admin.post(`${list}/verplaatsen/${b}/down`, { terug: back });
    expect(down.headers.get("location")).toBe(`${back}#stap-${b}-down`);
    expect(await storedOrder(catalogue, "doelgroepen")).toEqual(before);
  });

  it("the first entry up and the last down change nothing, without an error", async () => {
    const order = await storedOrder(catalogue, "algemeen");
    const first = await admin.submit(`${list}/verplaatsen/${order[0]}/up`, { terug: list });
    expect(first.status).toBe(302);
    expect(notificationIn(first.html)).toBe(REORDER_TEXTS.alreadyFirst);
    const last = await admin.submit(`${list}/verplaatsen/${order.at(-1)}/down`, { terug: list });
    expect(notificationIn(last.html)).toBe(REORDER_TEXTS.alreadyLast);
    expect(await storedOrder(catalogue, "algemeen")).toEqual(order);
  });

  it("an unknown entry or direction is not found; opening the address leads to the list", async () => {
    expect(notificationIn((await admin.submit(`${list}/verplaatsen/999999/up`, { terug: list })).html)).toBe("Dit item bestaat niet (meer).");
    expect((await admin.post(`${list}/verplaatsen/1/opzij`, {})).status).toBe(404);
    expect((await admin.post(`${list}/verplaatsen/abc/up`, {})).status).toBe(404);
    const opened = await admin.get(`${list}/verplaatsen/1/up`);
    expect(opened.headers.get("location")).toBe(list);
  });

  it("other catalogues have no step buttons", async () => {
    expect((await admin.get("/beheer/faciliteiten/verplaatsen/1/up")).status).toBe(404);
    const { html } = await admin.page("/beheer/faciliteiten");
    expect(buttonNames(html).filter((n) => / omhoog$/.test(n))).toEqual([]);
  });
});
