import type { DB, Tx } from "../app/lib/db.server";
import { storeFile } from "../app/lib/files.server";

/**
 * A small but valid one-page PDF (A4, Helvetica) with a title and some lines of text, written out
 * by hand: the demo downloads are real files a PDF reader opens. Text is Latin-1 (WinAnsi).
 */
export function demoPdf(title: string, lines: string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = [
    "BT",
    "/F1 18 Tf 56 780 Td",
    `(${escape(title)}) Tj`,
    "/F1 11 Tf 0 -28 Td 15 TL",
    ...lines.map((line) => `(${escape(line)}) '`),
    "ET",
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, "latin1"));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, "latin1");
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}

interface DemoDocument {
  name: string;
  description: string;
  files: { name: string; title: string; lines: string[] }[];
}

/** The demo downloads per demo document category (db/seed-catalogues.ts), in their order. */
const DEMO_DOCUMENTS: Record<string, DemoDocument[]> = {
  "Cao en arbeidsvoorwaarden": [
    {
      name: "Cao Fitnessbranche 2026",
      description:
        "<p>De volledige tekst van de cao voor de fitnessbranche, geldig van 1 januari tot en met 31 december 2026.</p>" +
        "<ul><li>Loonschalen en periodieken</li><li>Werktijden, roosters en toeslagen</li><li>Opleiding en ontwikkeling</li></ul>",
      files: [
        {
          name: "Cao-fitnessbranche-2026.pdf",
          title: "Cao Fitnessbranche 2026",
          lines: ["Looptijd: 1 januari 2026 tot en met 31 december 2026.", "Dit is een voorbeelddocument van het ledenportaal."],
        },
        {
          name: "Loontabellen-2026.pdf",
          title: "Loontabellen 2026",
          lines: ["De loonschalen bij de cao, per 1 januari en per 1 juli 2026.", "Dit is een voorbeelddocument van het ledenportaal."],
        },
      ],
    },
    {
      name: "Modelarbeidsovereenkomst",
      description:
        "<p>Een model voor een arbeidsovereenkomst voor bepaalde of onbepaalde tijd, afgestemd op de cao. " +
        "Vul de <strong>gemarkeerde velden</strong> zelf in.</p>",
      files: [
        {
          name: "Modelarbeidsovereenkomst-2026.pdf",
          title: "Modelarbeidsovereenkomst",
          lines: ["Voor medewerkers in de fitnessbranche, volgens de cao 2026.", "Dit is een voorbeelddocument van het ledenportaal."],
        },
      ],
    },
    {
      name: "Handreiking werkdruk en roosters",
      description: "<p>Praktische tips om roosters eerlijk te verdelen en werkdruk bespreekbaar te maken in uw team.</p>",
      files: [
        {
          name: "Handreiking-werkdruk-en-roosters.pdf",
          title: "Handreiking werkdruk en roosters",
          lines: ["Tips voor leidinggevenden in sportcentra.", "Dit is een voorbeelddocument van het ledenportaal."],
        },
      ],
    },
  ],
  "Veiligheid en keuring": [
    {
      name: "Checklist veilige sportaccommodatie",
      description:
        "<p>Loop met deze checklist één keer per jaar uw accommodatie na: vluchtwegen, EHBO-middelen, de AED en de staat van de toestellen.</p>",
      files: [
        {
          name: "Checklist-veilige-sportaccommodatie.pdf",
          title: "Checklist veilige sportaccommodatie",
          lines: ["Vluchtwegen, EHBO-middelen, AED en toestellen.", "Dit is een voorbeelddocument van het ledenportaal."],
        },
      ],
    },
    {
      name: "Keuring van fitnesstoestellen",
      description:
        "<p>Welke toestellen laat u keuren, hoe vaak, en wat bewaart u daarvan? Met een logboek voor het <em>dagelijks</em> onderhoud.</p>",
      files: [
        {
          name: "Keuringsschema-fitnesstoestellen.pdf",
          title: "Keuringsschema fitnesstoestellen",
          lines: ["Keuringstermijnen per soort toestel.", "Dit is een voorbeelddocument van het ledenportaal."],
        },
        {
          name: "Logboek-onderhoud-toestellen.pdf",
          title: "Logboek onderhoud toestellen",
          lines: ["Datum, toestel, bevinding, actie, paraaf.", "Dit is een voorbeelddocument van het ledenportaal."],
        },
      ],
    },
  ],
};

/**
 * The demo downloads: a few documents with small PDF files in each demo category. A category that
 * does not exist is skipped, and a document already in its category is left as it is, so running
 * this again adds nothing twice.
 */
export async function seedDemoDocuments(db: DB | Tx): Promise<void> {
  for (const [categoryName, documents] of Object.entries(DEMO_DOCUMENTS)) {
    const category = await db.selectFrom("document_categories").select("id").where("name", "=", categoryName).executeTakeFirst();
    if (!category) continue;
    for (const [index, document] of documents.entries()) {
      const exists = await db
        .selectFrom("documents")
        .select("id")
        .where("document_category_id", "=", category.id)
        .where("name", "=", document.name)
        .executeTakeFirst();
      if (exists) continue;
      const { id } = await db
        .insertInto("documents")
        .values({ document_category_id: category.id, name: document.name, description: document.description, sequence: index + 1 })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (const [position, file] of document.files.entries()) {
        const fileId = await storeFile(db, demoPdf(file.title, file.lines), "application/pdf", file.name, {
          purpose: "document_file",
          ownerId: id,
        });
        await db.insertInto("document_files").values({ document_id: id, file_id: fileId, sequence: position + 1 }).execute();
      }
    }
  }
}

/** The demo files of the assets (seed-content.ts makes the rows everywhere; the files are demo only). */
const DEMO_ASSET_FILES: Record<string, { name: string; lines: string[] }> = {
  terms_and_conditions: {
    name: "Algemene-voorwaarden.pdf",
    lines: ["Deze voorwaarden gelden voor iedere registratie in het FITNED.NL-register.", "Versie 2026."],
  },
  privacy_statement: {
    name: "Privacyverklaring.pdf",
    lines: ["Zo gaan wij om met uw persoonsgegevens.", "Versie 2026."],
  },
};

/** Gives the demo assets a file, where they have none yet. */
export async function seedDemoAssetFiles(db: DB | Tx): Promise<void> {
  for (const [ref, file] of Object.entries(DEMO_ASSET_FILES)) {
    const asset = await db.selectFrom("assets").select(["id", "name", "file_id"]).where("ref", "=", ref).executeTakeFirst();
    if (!asset || asset.file_id !== null) continue;
    const fileId = await storeFile(db, demoPdf(asset.name, file.lines), "application/pdf", file.name, { purpose: "asset", ownerId: asset.id });
    await db.updateTable("assets").set({ file_id: fileId }).where("id", "=", asset.id).execute();
  }
}
