import { beforeAll, describe, expect, it } from "vitest";
import { CATALOGUES, type CatalogueDefinition } from "../../app/catalogues/definitions";
import { messages } from "../../app/lib/validation";
import { breadcrumbs, control, fieldError, getDb, heading, notificationIn, parsePage, signIn, tableRows, type Client } from "./support";

let admin: Client;
/** A download category to put test documents in. */
let documentCategory: number;
beforeAll(async () => {
  admin = await signIn("beheer@voorbeeld.nl");
  documentCategory = (await getDb().selectFrom("document_categories").select("id").orderBy("sequence").executeTakeFirstOrThrow()).id;
});

/** A valid post of the catalogue's form, its name unique to this test. */
function validPost(catalogue: CatalogueDefinition, name: string): Record<string, string> {
  const post: Record<string, string> = {};
  for (const field of catalogue.fields) {
    if (field.name === "name") post.name = name;
    else if (field.kind === "ref") post[field.name] = `test_${catalogue.key}_${name.replace(/\W/g, "").toLowerCase()}`;
    else if (field.kind === "text") post[field.name] = "Niveau 4";
    else if (field.kind === "richText") post[field.name] = "<p>Een korte omschrijving.</p>";
    else if (field.kind === "reference") post[field.name] = String(documentCategory);
    else if (field.kind === "number") post[field.name] = "4";
    else if (field.kind === "textarea") post[field.name] = "Een korte omschrijving.";
    else if (field.kind === "checkbox") post[field.name] = "on";
    else if (field.kind === "select") post[field.name] = field.options[field.options.length - 1].value;
  }
  return post;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the catalogue tables
const rowsNamed = (catalogue: CatalogueDefinition, name: string) => getDb().selectFrom(catalogue.table as any).selectAll().where("name", "=", name).execute();

for (const catalogue of CATALOGUES) {
  const list = `/beheer/${catalogue.slug}`;
  describe(`${catalogue.title} (${list})`, () => {
    it("lists the entries 10 per page with search, and 'Toevoegen' and a delete action where the catalogue has them, under Beheer", async () => {
      const { html } = await admin.page(list);
      const page = parsePage(html);
      expect(heading(page)).toMatch(new RegExp(`^${catalogue.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\(\\d+\\)$`));
      expect(breadcrumbs(page)).toEqual(["Beheer", catalogue.title]);
      expect(page.querySelector(`a[href="${list}/toevoegen"]`)?.textContent).toBe(catalogue.addable ? "Toevoegen" : undefined);
      expect(page.querySelector('input[name="q"]')).not.toBeNull();
      const rows = tableRows(page);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.length).toBeLessThanOrEqual(10);
      expect(page.querySelectorAll(`a[href^="${list}/verwijderen/"]`).length).toBe(catalogue.deletable ? rows.length : 0);
    });

    it("adds an entry, opens it again saved, finds it by name, edits and deletes it", async () => {
      const name = `Test ${catalogue.key} ${Date.now()}`;
      const added = await admin.submit(`${list}/toevoegen`, validPost(catalogue, name));
      expect(added.status).toBe(302);
      expect(added.url).toMatch(new RegExp(`^${list}/bewerken/\\d+$`));
      expect(notificationIn(added.html)).toBe(catalogue.saved);
      expect(heading(added.html)).toBe(name);
      const [stored] = await rowsNamed(catalogue, name);
      expect(stored).toBeDefined();

      const found = await admin.page(`${list}?q=${encodeURIComponent(name.toUpperCase())}`);
      expect(tableRows(found.html).map((r) => r[0])).toEqual([name]);

      const renamed = `${name} (gewijzigd)`;
      const edited = await admin.submit(added.url, { ...validPost(catalogue, renamed) });
      expect(edited.url).toBe(added.url);
      expect(notificationIn(edited.html)).toBe(catalogue.saved);
      expect(control(edited.html, "Naam").getAttribute("value")).toBe(renamed);

      const id = added.url.split("/").pop();
      if (!catalogue.deletable) {
        // No delete route: the URL is unknown (a post there is not allowed).
        expect([404, 405]).toContain((await admin.post(`${list}/verwijderen/${id}`, {})).status);
        expect(await rowsNamed(catalogue, renamed)).toHaveLength(1);
        return;
      }
      const deleted = await admin.submit(`${list}/verwijderen/${id}`, {});
      expect(deleted.url).toBe(list);
      expect(notificationIn(deleted.html)).toBe(catalogue.deleted);
      expect(await rowsNamed(catalogue, renamed)).toEqual([]);
      const again = await admin.submit(`${list}/verwijderen/${id}`, {});
      expect(notificationIn(again.html)).toBe("Dit item bestaat niet (meer).");
    });

    it("refuses an entry without its required fields, keeping what was typed", async () => {
      const post = validPost(catalogue, "  ");
      // Texts and assets mark their name required but do not check it (part 2 §5); their ref is needed.
      const looseName = catalogue.fields.some((f) => f.name === "name" && f.kind === "text" && f.markedRequired);
      if (looseName) post.ref = "";
      const res = await admin.post(`${list}/toevoegen`, post);
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(fieldError(html, looseName ? "Referentie" : "Naam")).toBe(messages.required);
      for (const field of catalogue.fields.filter((f) => f.kind === "textarea")) {
        expect(control(html, field.label).text).toBe("Een korte omschrijving.");
      }
    });
  });
}

describe("fields of their own", () => {
  it("Diploma's: level and a numeric level value are required", async () => {
    const res = await admin.post("/beheer/diplomas/toevoegen", { name: "Diploma zonder niveau", level: "", levelValue: "vier" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(fieldError(html, "Niveau")).toBe(messages.required);
    expect(fieldError(html, "Niveauwaarde")).toBe(messages.numeric);
    const empty = await (await admin.post("/beheer/diplomas/toevoegen", { name: "Diploma", level: "3", levelValue: "" })).text();
    expect(fieldError(empty, "Niveauwaarde")).toBe(messages.required);
  });

  it("Groepslessen and Specialisaties: a category the form does not offer is refused; the list orders by category", async () => {
    const res = await admin.post("/beheer/groepslessen/toevoegen", { category: "doelgroepen", name: "Vervalste categorie" });
    expect(res.status).toBe(400);
    expect(fieldError(await res.text(), "Categorie")).toBe(messages.pickFromList);
    const specialisation = await admin.submit("/beheer/specialisaties/toevoegen", { category: "doelgroepen", name: `Doelgroep ${Date.now()}` });
    expect(specialisation.status).toBe(302);
    const { html } = await admin.page("/beheer/groepslessen");
    const categories = tableRows(html).map((r) => r[1]);
    expect(categories).toEqual([...categories].sort((a, b) => ["Algemeen", "Les Mills", "ClubJoy"].indexOf(a) - ["Algemeen", "Les Mills", "ClubJoy"].indexOf(b)));
  });

  it("a new entry goes last in the admin's order", async () => {
    const name = `Laatste ${Date.now()}`;
    await admin.submit("/beheer/faciliteiten/toevoegen", { name, description: "" });
    const rows = await getDb().selectFrom("facilities").select(["name", "sequence"]).orderBy("sequence", "desc").limit(1).execute();
    expect(rows[0].name).toBe(name);
    // Other tests read the demo catalogues as the demo made them (tab Aanbod of the demo establishments).
    await getDb().deleteFrom("facilities").where("name", "=", name).execute();
  });

  it("an unknown entry is not found", async () => {
    expect((await admin.get("/beheer/faciliteiten/bewerken/999999")).status).toBe(404);
    expect((await admin.get("/beheer/faciliteiten/bewerken/abc")).status).toBe(404);
    expect((await admin.get("/beheer/bestaat-niet")).status).toBe(404);
  });
});
