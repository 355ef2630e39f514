import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { seedDemoDocuments } from "../../db/seed-documents";
import { Client, getDb, heading, headings, links, parsePage, sessionFor, textOf } from "./support";

const MEMBERS_ONLY = "Cao en arbeidsvoorwaarden";
const OPEN_TO_ALL = "Veiligheid en keuring";

/** The demo document `name` with its files in order. */
async function demoDocument(name: string) {
  const db = getDb();
  const document = await db.selectFrom("documents").select(["id", "document_category_id"]).where("name", "=", name).executeTakeFirstOrThrow();
  const files = await db
    .selectFrom("document_files")
    .innerJoin("files", "files.id", "document_files.file_id")
    .select(["files.id", "files.storage_name", "files.original_name", "files.mime"])
    .where("document_files.document_id", "=", document.id)
    .orderBy("document_files.sequence")
    .execute();
  return { ...document, files };
}

const filePath = (documentId: number, fileId: number) => `/document/${documentId}/file/${fileId}`;

/** The categories on the page: name, whether open, and per document its name and file links. */
function categoriesOn(html: string) {
  return parsePage(html)
    .querySelectorAll("main details")
    .map((details) => ({
      name: textOf(details.querySelector("summary")),
      group: details.getAttribute("name"),
      open: details.hasAttribute("open"),
      documents: details.querySelectorAll("article").map((article) => ({
        name: textOf(article.querySelector("h3")),
        description: article.querySelector(".rich-text")?.innerHTML ?? "",
        files: article
          .querySelectorAll("li")
          .filter((li) => li.querySelector('a[href^="/document/"]'))
          .map((li) => ({ text: textOf(li), link: links(li).map((l) => ({ name: l.name, href: l.href }))[0] })),
      })),
    }));
}

let cao: Awaited<ReturnType<typeof demoDocument>>;
let checklist: Awaited<ReturnType<typeof demoDocument>>;
let keuring: Awaited<ReturnType<typeof demoDocument>>;
beforeAll(async () => {
  cao = await demoDocument("Cao Fitnessbranche 2026");
  checklist = await demoDocument("Checklist veilige sportaccommodatie");
  keuring = await demoDocument("Keuring van fitnesstoestellen");
});

describe("the downloads page", () => {
  it("shows admins and members every category with documents, in order, the first one open", async () => {
    for (const email of ["beheer@voorbeeld.nl", "lid@voorbeeld.nl"]) {
      const { res, html } = await (await sessionFor(email)).page("/downloads");
      expect(res.status).toBe(200);
      expect(heading(html)).toBe("Downloads");
      const categories = categoriesOn(html).filter((c) => c.name === MEMBERS_ONLY || c.name === OPEN_TO_ALL);
      expect(categories.map((c) => c.name), email).toEqual([MEMBERS_ONLY, OPEN_TO_ALL]);
      expect(categoriesOn(html)[0]).toMatchObject({ name: MEMBERS_ONLY, open: true, group: "downloads" });
      expect(categoriesOn(html).slice(1).every((c) => !c.open && c.group === "downloads")).toBe(true);

      const [members, open] = categories;
      expect(members.documents.map((d) => d.name)).toEqual(["Cao Fitnessbranche 2026", "Modelarbeidsovereenkomst", "Handreiking werkdruk en roosters"]);
      expect(members.documents[0].files).toEqual([
        {
          text: expect.stringMatching(/^Cao-fitnessbranche-2026\.pdf \(PDF, \d+ (bytes|kB)\)$/),
          link: { name: "Cao-fitnessbranche-2026.pdf", href: filePath(cao.id, cao.files[0].id) },
        },
        {
          text: expect.stringMatching(/^Loontabellen-2026\.pdf \(PDF, /),
          link: { name: "Loontabellen-2026.pdf", href: filePath(cao.id, cao.files[1].id) },
        },
      ]);
      expect(members.documents[0].description).toContain("<li>Loonschalen en periodieken</li>");
      expect(open.documents.map((d) => d.name)).toEqual(["Checklist veilige sportaccommodatie", "Keuring van fitnesstoestellen"]);
      expect(headings(html, 2)).toEqual(expect.arrayContaining([MEMBERS_ONLY, OPEN_TO_ALL]));
    }
  });

  it("shows associate members only the categories open to non-members", async () => {
    const { res, html } = await (await sessionFor("nietlid@voorbeeld.nl")).page("/downloads");
    expect(res.status).toBe(200);
    const names = categoriesOn(html).map((c) => c.name);
    expect(names).toContain(OPEN_TO_ALL);
    expect(names).not.toContain(MEMBERS_ONLY);
    expect(html).not.toContain("Cao Fitnessbranche 2026");
    expect(categoriesOn(html)[0].open).toBe(true);
  });

  it("shows the text page_documents_unauthorised to those without downloads, and sends the signed-out to the login", async () => {
    const text = await getDb().selectFrom("texts").select("content").where("ref", "=", "page_documents_unauthorised").executeTakeFirstOrThrow();
    for (const email of ["professional@voorbeeld.nl", "tweefactor@voorbeeld.nl"]) {
      const { res, html } = await (await sessionFor(email)).page("/downloads");
      expect(res.status).toBe(200);
      expect(heading(html)).toBe("Downloads");
      expect(parsePage(html).querySelector("main .rich-text")?.innerHTML).toBe(text.content);
      expect(categoriesOn(html)).toEqual([]);
      expect(html).not.toContain("/document/");
    }
    const res = await new Client().get("/downloads");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/?next=${encodeURIComponent("/downloads")}`);
  });

  it("leaves out categories without documents, and says so when nothing is left", async () => {
    const db = getDb();
    const { id: empty } = await db
      .insertInto("document_categories")
      .values({ name: "Lege categorie", allow_non_members: 1, sequence: 0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const associate = await sessionFor("nietlid@voorbeeld.nl");
    try {
      expect(categoriesOn((await associate.page("/downloads")).html).map((c) => c.name)).not.toContain("Lege categorie");
      // The only category open to non-members, closed to them for a moment.
      await db.updateTable("document_categories").set({ allow_non_members: 0 }).where("name", "=", OPEN_TO_ALL).execute();
      const { html } = await associate.page("/downloads");
      expect(categoriesOn(html)).toEqual([]);
      expect(textOf(parsePage(html).querySelector("main"))).toContain("Geen resultaten gevonden");
      expect((await associate.get(filePath(checklist.id, checklist.files[0].id))).status).toBe(404);
    } finally {
      await db.updateTable("document_categories").set({ allow_non_members: 1 }).where("name", "=", OPEN_TO_ALL).execute();
      await db.deleteFrom("document_categories").where("id", "=", empty).execute();
    }
  });

  it("never shows script or event handlers stored in a description", async () => {
    const db = getDb();
    const { id } = await db
      .insertInto("documents")
      .values({
        document_category_id: checklist.document_category_id,
        name: "Document met <script>alert('naam')</script>",
        description: '<p>Veilig</p><script>alert("xss-1")</script><img src="x" onerror="alert(\'xss-2\')"><a href="javascript:alert(3)">klik</a>',
        sequence: 99,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    try {
      const { html } = await (await sessionFor("lid@voorbeeld.nl")).page("/downloads");
      const shown = categoriesOn(html)
        .flatMap((c) => c.documents)
        .find((d) => d.name === "Document met <script>alert('naam')</script>");
      expect(shown?.description).toBe("<p>Veilig</p><a>klik</a>");
      expect(html).not.toContain("xss-1");
      expect(html).not.toContain("xss-2");
      expect(html).not.toContain("onerror");
      expect(html).not.toContain("javascript:alert");
      expect(html).not.toContain("<script>alert('naam')");
    } finally {
      await db.deleteFrom("documents").where("id", "=", id).execute();
    }
  });
});

describe("the download of a file", () => {
  it("sends the stored file as an attachment with its name and type, never cached or sniffed", async () => {
    const file = cao.files[0];
    const res = await (await sessionFor("lid@voorbeeld.nl")).get(filePath(cao.id, file.id));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="Cao-fitnessbranche-2026.pdf"; filename*=UTF-8''Cao-fitnessbranche-2026.pdf`,
    );
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.equals(fs.readFileSync(path.join(inject("dataDir"), "uploads", file.storage_name)))).toBe(true);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(bytes.subarray(-6).toString("latin1")).toBe("%%EOF\n");
  });

  it("gives each persona the files of the categories it sees, and 404 for the rest", async () => {
    const members = filePath(cao.id, cao.files[0].id);
    const open = filePath(checklist.id, checklist.files[0].id);
    const expected: Record<string, [number, number]> = {
      "beheer@voorbeeld.nl": [200, 200],
      "lid@voorbeeld.nl": [200, 200],
      "vestiging@voorbeeld.nl": [200, 200],
      "nietlid@voorbeeld.nl": [404, 200],
      "professional@voorbeeld.nl": [404, 404],
      "tweefactor@voorbeeld.nl": [404, 404],
    };
    for (const [email, [membersStatus, openStatus]] of Object.entries(expected)) {
      const client = await sessionFor(email);
      expect([(await client.get(members)).status, (await client.get(open)).status], email).toEqual([membersStatus, openStatus]);
    }
    const anonymous = await new Client().get(open);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe(`/?next=${encodeURIComponent(open)}`);
  });

  it("is not found for a file of another document, unknown ids, ids that are no numbers, and files that are no downloads", async () => {
    const admin = await sessionFor("beheer@voorbeeld.nl");
    const uploads = path.join(inject("dataDir"), "uploads");
    const storageName = `geen-download-${Date.now()}`;
    fs.copyFileSync(path.join(uploads, cao.files[0].storage_name), path.join(uploads, storageName));
    const avatar = await getDb()
      .insertInto("files")
      .values({ storage_name: storageName, original_name: "foto.pdf", mime: "application/pdf", size: 1, purpose: "avatar", owner_id: null, modified: "2026-01-01T00:00:00.000Z", created: "2026-01-01T00:00:00.000Z" })
      .returning("id")
      .executeTakeFirstOrThrow();
    // A file of another purpose tied to a document (as only a mistake could do) is still not served.
    await getDb().insertInto("document_files").values({ document_id: keuring.id, file_id: avatar.id, sequence: 99 }).execute();
    try {
      for (const url of [
        filePath(keuring.id, cao.files[0].id),
        filePath(cao.id, keuring.files[0].id),
        filePath(cao.id, 999999),
        filePath(999999, cao.files[0].id),
        filePath(keuring.id, avatar.id),
        `/document/abc/file/${cao.files[0].id}`,
        `/document/${cao.id}/file/1e3`,
        `/document/0/file/${cao.files[0].id}`,
        `/document/-${cao.id}/file/${cao.files[0].id}`,
      ]) {
        expect((await admin.get(url)).status, url).toBe(404);
      }
      expect((await admin.get(filePath(keuring.id, keuring.files[1].id))).status).toBe(200);
    } finally {
      await getDb().deleteFrom("document_files").where("file_id", "=", avatar.id).execute();
      await getDb().deleteFrom("files").where("id", "=", avatar.id).execute();
      fs.rmSync(path.join(uploads, storageName), { force: true });
    }
  });
});

describe("the demo downloads", () => {
  it("are two or three documents per demo category, each with one or two PDF files", async () => {
    const db = getDb();
    for (const name of [MEMBERS_ONLY, OPEN_TO_ALL]) {
      const documents = await db
        .selectFrom("documents")
        .innerJoin("document_categories", "document_categories.id", "documents.document_category_id")
        .select("documents.id")
        .where("document_categories.name", "=", name)
        .execute();
      expect(documents.length).toBeGreaterThanOrEqual(2);
      for (const document of documents) {
        const files = await db
          .selectFrom("document_files")
          .innerJoin("files", "files.id", "document_files.file_id")
          .select(["files.mime", "files.purpose", "files.owner_id"])
          .where("document_files.document_id", "=", document.id)
          .execute();
        expect(files.length).toBeGreaterThanOrEqual(1);
        for (const file of files) expect(file).toEqual({ mime: "application/pdf", purpose: "document_file", owner_id: document.id });
      }
    }
  });

  it("are not added twice when seeded again", async () => {
    const count = async (table: "documents" | "document_files" | "files") =>
      Number((await getDb().selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    const before = [await count("documents"), await count("document_files"), await count("files")];
    await seedDemoDocuments(getDb());
    expect([await count("documents"), await count("document_files"), await count("files")]).toEqual(before);
  });
});
