import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../app/lib/validation";
import {
  Client,
  control,
  fieldError,
  getDb,
  notificationIn,
  pageText,
  parsePage,
  signIn,
  tableRows,
} from "./support";

let admin: Client;
let member: Client;
let categoryId: number;
beforeAll(async () => {
  admin = await signIn("beheer@voorbeeld.nl");
  member = await signIn("lid@voorbeeld.nl");
  categoryId = (await getDb().selectFrom("document_categories").select("id").orderBy("sequence").executeTakeFirstOrThrow()).id;
});

const png = (colour: string) => sharp({ create: { width: 300, height: 200, channels: 3, background: colour } }).png().toBuffer();
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
/** The parts an Office document's zip names: enough for the type check, which reads the names. */
const DOCX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from("....[Content_Types].xml....word/document.xml....")]);

function formWith(fields: Record<string, string | string[]>, files: Record<string, { bytes: Buffer; name: string; type: string }[]> = {}) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
  for (const [name, list] of Object.entries(files)) {
    for (const f of list) body.append(name, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  }
  return body;
}

const idFrom = (url: string) => Number(url.split("/").pop());

describe("catalogue images", () => {
  it("uploads, shows 150 wide in the list and the form, replaces and removes an image", async () => {
    const name = `Zwembad ${Date.now()}`;
    const added = await admin.submit(
      "/beheer/faciliteiten/toevoegen",
      formWith({ name, description: "" }, { image: [{ bytes: await png("#06c"), name: "zwembad.png", type: "image/png" }] }),
    );
    expect(added.status).toBe(302);
    const id = idFrom(added.url);
    const first = (await getDb().selectFrom("facilities").select("image_file_id").where("id", "=", id).executeTakeFirstOrThrow()).image_file_id;
    expect(first).not.toBeNull();
    const formImage = parsePage(added.html).querySelector("form img");
    expect(formImage?.getAttribute("src")).toMatch(new RegExp(`^/image/${first}/150/0/`));
    expect(control(added.html, "Afbeelding verwijderen").getAttribute("type")).toBe("checkbox");

    const list = await admin.page(`/beheer/faciliteiten?q=${encodeURIComponent(name)}`);
    const thumbnail = parsePage(list.html).querySelector("table img");
    expect(thumbnail?.getAttribute("width")).toBe("150");
    // Any signed-in account may see catalogue images (they appear on members' pages).
    const served = await member.get(thumbnail!.getAttribute("src")!);
    expect(served.status).toBe(200);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(150);
    expect((await new Client().get(thumbnail!.getAttribute("src")!)).status).toBe(302);

    await admin.submit(added.url, formWith({ name, description: "" }, { image: [{ bytes: await png("#c60"), name: "nieuw.png", type: "image/png" }] }));
    const second = (await getDb().selectFrom("facilities").select("image_file_id").where("id", "=", id).executeTakeFirstOrThrow()).image_file_id;
    expect(second).not.toBe(first);
    expect(await getDb().selectFrom("files").select("id").where("id", "=", first!).executeTakeFirst()).toBeUndefined();

    const removed = await admin.submit(added.url, formWith({ name, description: "", imageRemove: "on" }));
    expect(notificationIn(removed.html)).toBe("Faciliteit opgeslagen.");
    expect((await getDb().selectFrom("facilities").select("image_file_id").where("id", "=", id).executeTakeFirstOrThrow()).image_file_id).toBeNull();
    expect(await getDb().selectFrom("files").select("id").where("id", "=", second!).executeTakeFirst()).toBeUndefined();
    // Other tests read the demo catalogues as the demo made them (tab Aanbod of the demo establishments).
    await getDb().deleteFrom("facilities").where("id", "=", id).execute();
  });

  it("refuses a file that is not a jpg or png by its content, keeping what was typed", async () => {
    const res = await admin.post(
      "/beheer/sportaanbod/toevoegen",
      formWith({ name: "Aquajoggen", description: "In het diepe bad." }, { image: [{ bytes: PDF, name: "foto.png", type: "image/png" }] }),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(fieldError(html, "Afbeelding")).toBe("Dit bestandstype is niet toegestaan. Toegestaan: jpg, png.");
    expect(control(html, "Naam").getAttribute("value")).toBe("Aquajoggen");
    expect(control(html, "Omschrijving").text).toBe("In het diepe bad.");
    expect(await getDb().selectFrom("fitness_types").select("id").where("name", "=", "Aquajoggen").executeTakeFirst()).toBeUndefined();
  });

  it("refuses an upload over the limit with a message on its field, keeping what was typed, however large it is", async () => {
    const tooBig = async (size: number) => {
      const bytes = Buffer.alloc(size);
      (await png("#333")).copy(bytes);
      return formWith({ name: "Te groot", description: "Blijft staan." }, { image: [{ bytes, name: "groot.png", type: "image/png" }] });
    };
    const res = await admin.post("/beheer/faciliteiten/toevoegen", await tooBig(10 * 1024 * 1024 + 1));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(fieldError(html, "Afbeelding")).toBe("Het bestand is te groot (maximaal 10 MB).");
    expect(control(html, "Naam").getAttribute("value")).toBe("Te groot");
    expect(control(html, "Omschrijving").text).toBe("Blijft staan.");
    // Far over it: its bytes skipped as they arrive, refused the same way with what was typed.
    const huge = await admin.post("/beheer/faciliteiten/toevoegen", await tooBig(30 * 1024 * 1024));
    expect(huge.status).toBe(400);
    const hugeHtml = await huge.text();
    expect(fieldError(hugeHtml, "Afbeelding")).toBe("Het bestand is te groot (maximaal 10 MB).");
    expect(control(hugeHtml, "Naam").getAttribute("value")).toBe("Te groot");
    // More files than any form has: refused unread.
    const many = formWith({ name: "Te groot" }, { image: Array.from({ length: 21 }, (_, i) => ({ bytes: Buffer.from("x"), name: `${i}.png`, type: "image/png" })) });
    const refused = await admin.post("/beheer/faciliteiten/toevoegen", many);
    expect(refused.status).toBe(413);
    expect(fieldError(await refused.text(), "Afbeelding")).toBe("Het bestand is te groot (maximaal 10 MB).");
    expect(await getDb().selectFrom("facilities").select("id").where("name", "=", "Te groot").executeTakeFirst()).toBeUndefined();
  });

  it("refuses forged posts of non-admins, with or without a file", async () => {
    const res = await member.post("/beheer/faciliteiten/toevoegen", formWith({ name: "Vervalst" }, { image: [{ bytes: await png("#000"), name: "x.png", type: "image/png" }] }));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    expect(await getDb().selectFrom("facilities").select("id").where("name", "=", "Vervalst").executeTakeFirst()).toBeUndefined();
  });
});

describe("downloads (Beheer > Downloads)", () => {
  it("adds a document with a category, sanitised rich text and files in order; moves, removes and adds files", async () => {
    const name = `Arbo-catalogus ${Date.now()}`;
    const added = await admin.submit(
      "/beheer/downloads/toevoegen",
      formWith(
        { documentCatId: String(categoryId), name, description: '<p>Lees <a href="https://example.org">dit</a>.</p><script>alert(1)</script><img src=x onerror="alert(2)">' },
        {
          filesNew: [
            { bytes: PDF, name: "catalogus.pdf", type: "application/pdf" },
            { bytes: DOCX, name: "checklist.docx", type: "application/octet-stream" },
          ],
        },
      ),
    );
    expect(added.status).toBe(302);
    expect(notificationIn(added.html)).toBe("Download opgeslagen.");
    const id = idFrom(added.url);
    const document = await getDb().selectFrom("documents").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(document.description).toBe('<p>Lees <a href="https://example.org" target="_blank" rel="noopener noreferrer">dit</a>.</p>');
    const files = () =>
      getDb()
        .selectFrom("document_files")
        .innerJoin("files", "files.id", "document_files.file_id")
        .select(["files.id", "files.original_name", "files.mime", "files.purpose", "files.owner_id"])
        .where("document_id", "=", id)
        .orderBy("document_files.sequence")
        .execute();
    const stored = await files();
    expect(stored.map((f) => [f.original_name, f.mime, f.purpose, f.owner_id])).toEqual([
      ["catalogus.pdf", "application/pdf", "document_file", id],
      ["checklist.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "document_file", id],
    ]);
    const page = parsePage(added.html);
    expect([...page.querySelectorAll(".document-files__item a")].map((a) => a.getAttribute("href"))).toEqual(
      stored.map((f) => `/document/${id}/file/${f.id}`),
    );

    // 'Omlaag' shows the new order without saving it; Opslaan keeps it.
    const base = { documentCatId: String(categoryId), name, description: "<p>Lees dit.</p>" };
    const order = stored.map((f) => String(f.id));
    const moved = await admin.post(added.url, formWith({ ...base, files: order, intent: `move:${order[0]}:down` }));
    expect(moved.status).toBe(200);
    const movedPage = parsePage(await moved.text());
    const shown = [...movedPage.querySelectorAll('input[type="hidden"][name="files"]')].map((i) => i.getAttribute("value"));
    expect(shown).toEqual([order[1], order[0]]);
    expect(control(movedPage, "Naam").getAttribute("value")).toBe(name);
    expect((await files()).map((f) => String(f.id))).toEqual(order);

    await admin.submit(added.url, formWith({ ...base, files: [order[1], order[0]] }));
    expect((await files()).map((f) => String(f.id))).toEqual([order[1], order[0]]);

    // Remove the pdf, add a png: it goes last.
    await admin.submit(
      added.url,
      formWith({ ...base, files: [order[1], order[0]], filesRemove: order[0] }, { filesNew: [{ bytes: await png("#0a0"), name: "poster.png", type: "image/png" }] }),
    );
    const after = await files();
    expect(after.map((f) => f.original_name)).toEqual(["checklist.docx", "poster.png"]);
    expect(await getDb().selectFrom("files").select("id").where("id", "=", Number(order[0])).executeTakeFirst()).toBeUndefined();

    // Ids of other documents' files are ignored; leaving a stored file out of the post does not remove it.
    const other = await getDb().selectFrom("document_files").select("file_id").where("document_id", "!=", id).executeTakeFirst();
    await admin.submit(added.url, formWith({ ...base, files: other ? [String(other.file_id)] : [] }));
    expect((await files()).map((f) => f.original_name)).toEqual(["checklist.docx", "poster.png"]);

    // Deleting the document deletes its files.
    const deleted = await admin.submit(`/beheer/downloads/verwijderen/${id}`, {});
    expect(notificationIn(deleted.html)).toBe("Download verwijderd.");
    expect(await getDb().selectFrom("files").select("id").where("id", "in", after.map((f) => f.id)).execute()).toEqual([]);
  });

  it("refuses an unknown category, a missing name and a disallowed file, keeping the rest", async () => {
    const res = await admin.post(
      "/beheer/downloads/toevoegen",
      formWith(
        { documentCatId: "999999", name: "", description: "<p>Bewaard</p>" },
        { filesNew: [{ bytes: Buffer.from("MZ\x90\x00 not a document"), name: "setup.exe", type: "application/pdf" }] },
      ),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(fieldError(html, "Categorie")).toBe(messages.pickFromList);
    expect(fieldError(html, "Naam")).toBe(messages.required);
    expect(fieldError(html, "Bestanden toevoegen")).toBe("setup.exe: Dit bestandstype is niet toegestaan. Toegestaan: pdf, docx, xlsx, pptx, jpg, png.");
    expect(control(html, "Omschrijving").text).toBe("<p>Bewaard</p>");
  });

  it("orders the list by category, and does not delete a category that still has downloads", async () => {
    const name = `In categorie ${Date.now()}`;
    await admin.submit("/beheer/downloads/toevoegen", formWith({ documentCatId: String(categoryId), name, description: "" }));
    const categoryName = (await getDb().selectFrom("document_categories").select("name").where("id", "=", categoryId).executeTakeFirstOrThrow()).name;
    const list = await admin.page(`/beheer/downloads?q=${encodeURIComponent(name)}`);
    expect(tableRows(list.html)).toEqual([[name, categoryName, ""]]);
    const refused = await admin.submit(`/beheer/download-categorieen/verwijderen/${categoryId}`, {});
    expect(notificationIn(refused.html)).toBe("Deze categorie heeft nog downloads. Verwijder of verplaats die eerst.");
    expect(await getDb().selectFrom("document_categories").select("id").where("id", "=", categoryId).executeTakeFirst()).toBeDefined();
    // The downloads page of other tests shows the demo documents only.
    await getDb().deleteFrom("documents").where("name", "=", name).execute();
  });
});

describe("Teksten", () => {
  it("an edited text is what people see; its ref stays as it is", async () => {
    const text = await getDb().selectFrom("texts").selectAll().where("ref", "=", "page_help").executeTakeFirstOrThrow();
    const path = `/beheer/teksten/bewerken/${text.id}`;
    const form = await admin.page(path);
    expect(control(form.html, "Referentie").getAttribute("readonly")).not.toBeNull();
    const content = `<p>Bel ons op werkdagen: ${Date.now()}.</p><p onclick="steal()">Of mail.</p>`;
    const saved = await admin.submit(path, { ref: "iets_anders", name: text.name, content });
    expect(notificationIn(saved.html)).toBe("Tekst opgeslagen.");
    const stored = await getDb().selectFrom("texts").selectAll().where("id", "=", text.id).executeTakeFirstOrThrow();
    expect(stored.ref).toBe("page_help");
    expect(stored.content).not.toContain("onclick");
    const help = await member.page("/help");
    expect(pageText(help.html)).toContain("Bel ons op werkdagen");
    await admin.submit(path, { name: text.name, content: text.content });
  });

  it("a new text needs a ref of its own form that is not taken; its name is not checked", async () => {
    const bad = await admin.post("/beheer/teksten/toevoegen", { ref: "Pagina Help!", name: "", content: "" });
    expect(bad.status).toBe(400);
    expect(fieldError(await bad.text(), "Referentie")).toBe("Alleen kleine letters, cijfers en _ (bijvoorbeeld page_help).");
    const taken = await admin.post("/beheer/teksten/toevoegen", { ref: "page_help", name: "Dubbel", content: "<p>x</p>" });
    expect(taken.status).toBe(409);
    const html = await taken.text();
    expect(fieldError(html, "Referentie")).toBe("Deze referentie bestaat al.");
    expect(control(html, "Naam").getAttribute("value")).toBe("Dubbel");
    const ref = `test_${Date.now()}`;
    const added = await admin.submit("/beheer/teksten/toevoegen", { ref, name: "", content: "<p>Nieuw</p>" });
    expect(added.status).toBe(302);
    expect(notificationIn(added.html)).toBe("Tekst opgeslagen.");
  });
});

describe("Assets", () => {
  it("an uploaded asset file is served by its ref to anyone; removed, it is gone", async () => {
    const asset = await getDb().selectFrom("assets").selectAll().where("ref", "=", "privacy_statement").executeTakeFirstOrThrow();
    const path = `/beheer/assets/bewerken/${asset.id}`;
    const saved = await admin.submit(path, formWith({ name: asset.name }, { file: [{ bytes: PDF, name: "Privacyverklaring 2026.pdf", type: "application/pdf" }] }));
    expect(notificationIn(saved.html)).toBe("Asset opgeslagen.");
    const served = await new Client().get("/asset/privacy_statement");
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(served.headers.get("content-disposition")).toContain("inline; filename=\"Privacyverklaring 2026.pdf\"");
    expect(Buffer.from(await served.arrayBuffer()).equals(PDF)).toBe(true);
    const list = await admin.page("/beheer/assets");
    expect(tableRows(list.html).find((r) => r[0] === asset.name)).toEqual([asset.name, "privacy_statement", "Privacyverklaring 2026.pdf"]);

    await admin.submit(path, formWith({ name: asset.name, fileRemove: "on" }));
    expect((await new Client().get("/asset/privacy_statement")).status).toBe(404);
    expect((await new Client().get("/asset/..%2Fsecrets")).status).toBe(404);
  });
});
