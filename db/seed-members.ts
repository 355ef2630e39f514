import { sql, type Kysely } from "kysely";
import type { Database } from "./types";

/**
 * More demo memberships, so the admin list shows its pager, its states and varied names and
 * towns. Each has one establishment; some have a contact person (an account that was never
 * activated, so none of them can sign in or be imitated).
 */
interface DemoMember {
  name: string;
  town: string;
  street: string;
  postcode: string;
  legalForm: "eenmanszaak" | "bv" | "nv" | "vof";
  associate?: boolean;
  inactive?: boolean;
  hidden?: boolean;
  pending?: boolean;
  contact?: { given: string; preposition?: string; family: string };
}

const DEMO_MEMBERS: DemoMember[] = [
  { name: "Sportschool Kracht & Conditie", town: "Groningen", street: "Herestraat", postcode: "9711LE", legalForm: "bv", contact: { given: "Jan", preposition: "de", family: "Vries" } },
  { name: "Fitness Vitaal", town: "Zwolle", street: "Diezerstraat", postcode: "8011RH", legalForm: "eenmanszaak", contact: { given: "Anouk", preposition: "van", family: "Dijk" } },
  { name: "Health Club Amstelveen", town: "Amstelveen", street: "Stadsplein", postcode: "1181ZM", legalForm: "bv" },
  { name: "Sportcomplex Westerpark", town: "Den Haag", street: "Laan van Meerdervoort", postcode: "2517AJ", legalForm: "nv", contact: { given: "Fatima", family: "El Amrani" } },
  { name: "Bodyline Fitness", town: "Eindhoven", street: "Kruisstraat", postcode: "5612CH", legalForm: "vof", contact: { given: "Kees", family: "Bakker" } },
  { name: "Yogastudio Zonnebloem", town: "Nijmegen", street: "Molenstraat", postcode: "6511HC", legalForm: "eenmanszaak", associate: true },
  { name: "Crossfit Maasstad", town: "Rotterdam", street: "Maasboulevard", postcode: "3011TX", legalForm: "bv", contact: { given: "Mehmet", family: "Yilmaz" } },
  { name: "Fysio & Fit Leiden", town: "Leiden", street: "Breestraat", postcode: "2311CS", legalForm: "vof" },
  { name: "Sporthal De Meerkamp", town: "Almere", street: "Grote Markt", postcode: "1315JG", legalForm: "bv", inactive: true },
  { name: "Fit4All Tilburg", town: "Tilburg", street: "Heuvelring", postcode: "5038CL", legalForm: "bv", contact: { given: "Eva", family: "Jansen" } },
  { name: "Dansschool Ritme", town: "Breda", street: "Ginnekenweg", postcode: "4818JA", legalForm: "eenmanszaak", associate: true },
  { name: "Zwembad & Fitness De Wielen", town: "Leeuwarden", street: "Nieuwestad", postcode: "8911CK", legalForm: "nv", contact: { given: "Ruud", preposition: "de", family: "Boer" } },
  { name: "Gezond Bewegen Deventer", town: "Deventer", street: "Brink", postcode: "7411BR", legalForm: "vof" },
  { name: "Powerhouse Gym", town: "Arnhem", street: "Jansbinnensingel", postcode: "6811AP", legalForm: "bv", contact: { given: "Sophie", family: "Visser" } },
  { name: "Sportpark Oranjeweide", town: "Apeldoorn", street: "Deventerstraat", postcode: "7311LA", legalForm: "bv", hidden: true },
  { name: "Fitness Friesland", town: "Heerenveen", street: "Dracht", postcode: "8442BP", legalForm: "bv", contact: { given: "Daan", family: "Smit" } },
  { name: "Boksschool De Ring", town: "Maastricht", street: "Wycker Brugstraat", postcode: "6221EC", legalForm: "eenmanszaak" },
  { name: "Wellness & Sport Veluwe", town: "Ede", street: "Grotestraat", postcode: "6711AL", legalForm: "bv", contact: { given: "Lisa", family: "Mulder" } },
  { name: "Pilates Studio Balans", town: "Haarlem", street: "Zijlstraat", postcode: "2011TN", legalForm: "eenmanszaak", associate: true },
  { name: "Sportinstituut Delta", town: "Middelburg", street: "Lange Delft", postcode: "4331AP", legalForm: "nv", contact: { given: "Thomas", preposition: "de", family: "Groot" } },
  { name: "Fitcenter Kennemerland", town: "Alkmaar", street: "Langestraat", postcode: "1811JB", legalForm: "bv" },
  { name: "Atletiek & Fitness De Sprint", town: "Enschede", street: "Oude Markt", postcode: "7511GB", legalForm: "vof", contact: { given: "Emma", family: "Bos" } },
  { name: "Squash & Fitness Den Bosch", town: "'s-Hertogenbosch", street: "Hinthamerstraat", postcode: "5211MG", legalForm: "bv" },
  { name: "Bewegingscentrum Dordrecht", town: "Dordrecht", street: "Voorstraat", postcode: "3311ES", legalForm: "bv", contact: { given: "Bram", family: "Meijer" } },
  { name: "Sportclub Drentse Aa", town: "Assen", street: "Markt", postcode: "9401GS", legalForm: "vof" },
  { name: "Fitnessstudio Nieuwegein", town: "Nieuwegein", street: "Raadstede", postcode: "3431HA", legalForm: "bv", pending: true, contact: { given: "Iris", family: "Peters" } },
  { name: "Sportschool Het Anker", town: "Hoorn", street: "Grote Noord", postcode: "1621KJ", legalForm: "eenmanszaak", pending: true, associate: true },
];

const DAY = 86_400_000;

export function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Adds the demo memberships above; call inside the demo seed's transaction. */
export async function seedDemoMembers(db: Kysely<Database>): Promise<void> {
  const highest = await db
    .selectFrom("enterprises")
    .select(sql<number | null>`max(lidnummer)`.as("n"))
    .executeTakeFirst();
  let nextLidnummer = Math.max(Number(highest?.n ?? 0), 1000) + 1;
  const base = Date.now();

  for (const [i, m] of DEMO_MEMBERS.entries()) {
    // Older than the seed's own pending membership, so 'Fitclub Zuid' stays the newest.
    const created = new Date(base - (i + 2) * DAY).toISOString();
    const member = await db
      .insertInto("members")
      .values({
        name: m.name,
        legal_form: m.legalForm,
        admin_accountable: m.contact ? [m.contact.given, m.contact.preposition, m.contact.family].filter(Boolean).join(" ") : "",
        associate: m.associate ? 1 : 0,
        approved: m.pending ? 0 : 1,
        inactive: m.inactive ? 1 : 0,
        hidden: m.hidden ? 1 : 0,
        created,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const enterprise = await db
      .insertInto("enterprises")
      .values({
        member_id: member.id,
        name: m.name,
        lidnummer: m.pending ? null : nextLidnummer++,
        address_street: m.street,
        address_house_nr: String(10 + i),
        address_postal_code: m.postcode,
        address_town: m.town,
        approved: m.pending ? 0 : 1,
        invoice_via: "email",
        invoice_email: `facturen@${slug(m.name)}.voorbeeld.nl`,
        created,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.updateTable("members").set({ principal_enterprise_id: enterprise.id }).where("id", "=", member.id).execute();
    if (m.contact) {
      await db
        .insertInto("users")
        .values({
          email: `contact.${slug(m.name)}@voorbeeld.nl`,
          username: null,
          given_name: m.contact.given,
          name_preposition: m.contact.preposition ?? "",
          family_name: m.contact.family,
          password_hash: null,
          enabled: 0,
          member_id: member.id,
          manager_member: 1,
          contact_member: 1,
          created,
          last_login: null,
          password_changed: null,
        })
        .execute();
    }
  }
}
