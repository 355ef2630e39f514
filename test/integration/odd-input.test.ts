import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { insertManagedEnterprise, insertMember } from "../fixtures";
import { loadDemoIds, PERSONAS, TABLE } from "../route-table";
import { Client, getDb, heading, notificationIn, postsOn, sessionFor, signIn, tableRows } from "./support";

/**
 * What a person never types but a forged request may hold: odd parameters on every page, ids
 * beyond any record, and the NUL character (U+0000), which PostgreSQL refuses in text. Each is
 * answered as a page, a redirect or 'not found', never as a server error, and a NUL is left out of
 * what is searched and stored, on both engines alike.
 */
const tag = `Odd${process.pid}${Date.now().toString(36)}`;

/** Added to each route's own address: a NUL in a search, a page and ids past any record, names of nothing. */
const ODD_PARAMETERS = ["q=a%00b", "page=99999999999999999999", "sort=__proto__&dir=zijwaarts&tab=__proto__", "terug=https://elders.example"];
/** In place of a route's first numeric id: more digits than an id has, and no number at all. */
const ODD_IDS = ["99999999999999999999", "abc"];

/** The addresses tried for `path`: each odd parameter, and each odd id where the path has one. */
function oddAddresses(path: string): string[] {
  const out = ODD_PARAMETERS.map((parameter) => `${path}${path.includes("?") ? "&" : "?"}${parameter}`);
  for (const id of ODD_IDS) {
    const swapped = path.replace(/\/\d+(?=\/|\?|$)/, `/${id}`);
    if (swapped !== path) out.push(swapped);
  }
  return out;
}

describe("odd addresses on every route", () => {
  beforeAll(() => loadDemoIds(getDb()));

  for (const persona of ["anonymous", "superAdmin", "member"] as const) {
    it(`never fail for ${persona}`, async () => {
      const client = persona === "anonymous" ? new Client() : await signIn(PERSONAS[persona]);
      const failed: string[] = [];
      for (const route of TABLE) {
        const path = typeof route.path === "function" ? route.path() : route.path;
        for (const address of oddAddresses(path)) {
          const res = await client.get(address);
          await res.body?.cancel();
          if (res.status >= 500) failed.push(`${res.status} ${address}`);
        }
      }
      expect(failed).toEqual([]);
    }, 120_000);
  }
});

describe("a NUL character", () => {
  let admin: Client;
  beforeAll(async () => {
    admin = await sessionFor("beheer@voorbeeld.nl");
  });

  it("is left out of a search", async () => {
    const plain = await admin.page("/lidmaatschappen?q=De%20Vaart");
    const withNul = await admin.page("/lidmaatschappen?q=De%20Va%00art");
    expect(withNul.res.status).toBe(200);
    expect(tableRows(withNul.html)).toEqual(tableRows(plain.html));
    expect(tableRows(plain.html).length).toBeGreaterThan(0);
  });

  it("is left out of a posted field (a url-encoded form)", async () => {
    const memberId = await insertMember(getDb(), { name: `Eerder ${tag}` });
    const path = `/lidmaatschappen/bewerken/${memberId}`;
    const form = postsOn((await admin.page(path)).html, path, (name, value) => (name === "name" ? `Lid\u0000 ${tag}` : value)).find((post) => "name" in post.fields)!;
    const saved = await admin.submit(form.action, form.fields);
    expect(saved.status).toBe(302);
    const row = await getDb().selectFrom("members").select("name").where("id", "=", memberId).executeTakeFirstOrThrow();
    expect(row.name).toBe(`Lid ${tag}`);
  });

  it("is left out of a field of a form with files", async () => {
    const { enterpriseId, manager } = await insertManagedEnterprise(getDb(), { name: `Vestiging ${tag}`, manager: { givenName: "Nul", familyName: tag } });
    const client = await sessionFor(manager.email);
    const path = `/mijn-vestigingen/bewerken/${enterpriseId}?tab=info-media`;
    const [form] = postsOn((await client.page(path)).html, path, (name, value) => (name === "openHours.notes" ? "Feest\u0000dagen gesloten" : value)).filter(
      (post) => post.fields.intent === "info",
    );
    const body = new FormData();
    for (const [name, value] of Object.entries(form.fields)) body.set(name, value);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#06c" } }).png().toBuffer();
    body.set("logo", new Blob([new Uint8Array(png)], { type: "image/png" }), "logo.png");
    body.set("header", new Blob([]), "");
    const saved = await client.submit(form.action, body);
    expect(saved.status).toBe(302);
    expect(notificationIn(saved.html)).toBe("Info & Media opgeslagen.");
    const row = await getDb()
      .selectFrom("enterprise_info as i")
      .innerJoin("files as f", "f.id", "i.logo_file_id")
      .select(["i.open_hours", "f.original_name"])
      .where("i.enterprise_id", "=", enterpriseId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.open_hours).notes).toBe("Feestdagen gesloten");
    expect(row.original_name).toBe("logo.png");
  });

  it("in a part's header makes a body that is not a form: refused as such, not a server error", async () => {
    const boundary = "----grens";
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="intent"\u0000\r\n\r\ninfo\r\n--${boundary}--\r\n`;
    const res = await admin.post("/vestigingen/toevoegen", new Blob([body]), { "Content-Type": `multipart/form-data; boundary=${boundary}` });
    expect(res.status).toBe(400);
    expect(heading(await res.text())).toBe("Het formulier kon niet worden gelezen.");
  });
});

describe("a post naming rows far beyond any form's lists", () => {
  it("is refused as not a form, and the server goes on (it once ran out of memory)", async () => {
    const anonymous = new Client();
    const refused = await anonymous.post("/?index", { intent: "login", email: "lid@voorbeeld.nl", password: "x", "x[99999999]": "y" });
    expect(refused.status).toBe(400);
    // Said as such, with the way back, not as the portal's own failure.
    const page = await refused.text();
    expect(heading(page)).toBe("Het formulier kon niet worden gelezen.");
    expect(page).toContain("Ga terug naar de vorige pagina en probeer het opnieuw.");
    const action = await anonymous.post("/?index", { intent: "login", __intent__: JSON.stringify({ type: "update", payload: { name: "x", index: 99999999, value: "y" } }) });
    expect(action.status).toBe(400);
    const deep = await anonymous.post("/?index", { intent: "login", ["x" + ".a".repeat(2000)]: "y" });
    expect(deep.status).toBe(400);
    expect((await anonymous.get("/")).status).toBe(200);
  });
});
