import sharp from "sharp";
import type { DB } from "../app/lib/db.server";
import { storeFile } from "../app/lib/files.server";

/** Demo entries of the reference catalogues (part 2 §3), in the order an admin would give them. */
const CATALOGUE_DEMO = {
  fitness_types: ["Fitness", "Crossfit", "Yoga", "Pilates", "Spinning", "Bootcamp"].map((name) => ({ name, description: "" })),
  facilities: [
    { name: "Kleedkamers met douches", description: "Gescheiden kleedkamers met douches." },
    { name: "Sauna", description: "" },
    { name: "Kinderopvang", description: "Tijdens de ochtendlessen." },
    { name: "Gratis parkeren", description: "" },
  ],
  target_groups: [
    { name: "Senioren", description: "", admin_only: 0 },
    { name: "Jongeren", description: "", admin_only: 0 },
    { name: "Revalidatie", description: "Alleen na verwijzing.", admin_only: 1 },
  ],
  group_lessons: [
    { category: "algemeen", name: "Zumba", description: "" },
    { category: "algemeen", name: "Step", description: "" },
    { category: "les_mills", name: "BODYPUMP", description: "" },
    { category: "les_mills", name: "BODYCOMBAT", description: "" },
    { category: "les_mills", name: "RPM", description: "" },
    { category: "clubjoy", name: "Rebounce", description: "" },
  ],
  specialisations: [
    { category: "algemeen", name: "Personal training", description: "" },
    { category: "algemeen", name: "Voedingsadvies", description: "" },
    { category: "les_mills", name: "BODYBALANCE-instructeur", description: "" },
    { category: "clubjoy", name: "ClubJoy-instructeur", description: "" },
    { category: "doelgroepen", name: "Training voor 55-plussers", description: "" },
  ],
  qualifications: [
    { name: "Fitnesstrainer A", level: "Niveau 3", level_value: 3, recognized: 1 },
    { name: "Fitnesstrainer B", level: "Niveau 4", level_value: 4, recognized: 1 },
    { name: "Personal Trainer", level: "Niveau 4", level_value: 4, recognized: 1 },
    { name: "Sportmasseur", level: "Niveau 3", level_value: 3, recognized: 0 },
  ],
  document_categories: [
    { name: "Cao en arbeidsvoorwaarden", allow_non_members: 0 },
    { name: "Veiligheid en keuring", allow_non_members: 1 },
  ],
} as const;

const escapeXml = (text: string) => text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A demo picture for an entry: a coloured tile with its name (420 by 280, as cards show it). */
export function demoImage(name: string, hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="420" height="280">
    <rect width="420" height="280" fill="hsl(${hue},55%,42%)"/>
    <circle cx="350" cy="60" r="90" fill="hsl(${hue},60%,55%)"/>
    <text x="24" y="250" font-family="sans-serif" font-size="34" font-weight="bold" fill="#fff">${escapeXml(name)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The demo catalogues whose entries get a picture. */
const WITH_IMAGES = new Set(["fitness_types", "facilities"]);

export async function seedDemoCatalogues(db: DB): Promise<void> {
  for (const [table, entries] of Object.entries(CATALOGUE_DEMO)) {
    const rows = entries.map((entry, index) => ({ ...entry, sequence: index + 1 }));
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the catalogue tables, each with its own columns
    const inserted = await db.insertInto(table as any).values(rows).returning(["id", "name"]).execute();
    if (!WITH_IMAGES.has(table)) continue;
    for (const [index, row] of (inserted as { id: number; name: string }[]).entries()) {
      const bytes = await demoImage(row.name, (index * 47 + 200) % 360);
      const fileId = await storeFile(db, bytes, "image/png", `${row.name.toLowerCase().replace(/\W+/g, "-")}.png`, { purpose: "catalogue_image", ownerId: row.id });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
      await db.updateTable(table as any).set({ image_file_id: fileId }).where("id", "=", row.id).execute();
    }
  }
}

/** Each Aanbod group's catalogue and answer table (migration 013). */
const OPTION_DEMO_TABLES = [
  ["fitness_types", "enterprise_fitness_types"],
  ["facilities", "enterprise_facilities"],
  ["group_lessons", "enterprise_group_lessons"],
  ["target_groups", "enterprise_target_groups"],
] as const;

/**
 * Demo answers of tab Aanbod: `complete` has Ja or Nee for every entry; `partial` only for some,
 * so its tab shows the notice and the red '!'.
 */
export async function seedDemoOptions(db: DB, { complete, partial }: { complete: number; partial: number }): Promise<void> {
  for (const [catalogue, answers] of OPTION_DEMO_TABLES) {
    const entries = await db.selectFrom(catalogue).select("id").orderBy("sequence").orderBy("id").execute();
    const rows = [
      ...entries.map((e, index) => ({ enterprise_id: complete, entry_id: e.id, value: index % 3 === 2 ? 0 : 1 })),
      ...entries.filter((_, index) => index % 2 === 0).map((e, index) => ({ enterprise_id: partial, entry_id: e.id, value: index % 2 === 0 ? 1 : 0 })),
    ];
    if (rows.length) await db.insertInto(answers).values(rows).execute();
  }
}
