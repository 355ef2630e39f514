import type { DB } from "../app/lib/db.server";

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

export async function seedDemoCatalogues(db: DB): Promise<void> {
  for (const [table, entries] of Object.entries(CATALOGUE_DEMO)) {
    const rows = entries.map((entry, index) => ({ ...entry, sequence: index + 1 }));
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the seven catalogue tables, each with its own columns
    await db.insertInto(table as any).values(rows).execute();
  }
}
