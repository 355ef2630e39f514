// The export of the whole register (part 2 §2.2 "Export page"): every professional as a line of a
// CSV file for Dutch Excel, read in batches by id and streamed.
import { getDb, type DB, type Tx } from "../lib/db.server";
import { csvResponse, csvStream, keysetBatches, type CsvColumn } from "../lib/csv.server";
import { formatDate } from "../lib/format";
import { GENDER_LABELS } from "./filters";

/** What a professional's flags mean together, as the pass file and the export say it. */
export function registrantStatus(row: { approved: number; inactive: number }): string {
  if (!row.approved) return "Niet goedgekeurd";
  return row.inactive ? "Inactief" : "Actief";
}

/**
 * The diplomas of the professionals `ids` (names in the catalogue's order) and the level of each
 * one's highest (by level value). One query for the batch.
 */
export async function qualificationsOf(ids: readonly number[], db: DB | Tx = getDb()) {
  const byRegistrant = new Map<number, { names: string[]; highest: { level: string; value: number } | null }>();
  if (!ids.length) return byRegistrant;
  const rows = await db
    .selectFrom("registrant_qualifications as h")
    .innerJoin("qualifications as q", "q.id", "h.qualification_id")
    .select(["h.registrant_id", "q.name", "q.level", "q.level_value"])
    .where("h.registrant_id", "in", [...ids])
    .orderBy("q.sequence")
    .orderBy("q.id")
    .execute();
  for (const r of rows) {
    const entry = byRegistrant.get(r.registrant_id) ?? { names: [], highest: null };
    entry.names.push(r.name);
    const value = Number(r.level_value);
    if (!entry.highest || value > entry.highest.value) entry.highest = { level: r.level, value };
    byRegistrant.set(r.registrant_id, entry);
  }
  return byRegistrant;
}

async function registrantBatch(afterId: number, limit: number) {
  const db = getDb();
  const rows = await db
    .selectFrom("registrants as r")
    .leftJoin("users as u", "u.id", "r.user_id")
    .select([
      "r.id",
      "r.id_fit_ned",
      "r.pass_number",
      "r.given_name",
      "r.name_preposition",
      "r.family_name",
      "r.full_name",
      "r.email",
      "r.gender",
      "r.date_of_birth",
      "r.phone",
      "r.website",
      "r.address_street",
      "r.address_house_nr",
      "r.address_postal_code",
      "r.address_town",
      "r.approved",
      "r.inactive",
      "r.hidden",
      "r.create_pass",
      "r.pass_created",
      "r.teacher",
      "r.examiner",
      "r.voucher",
      "r.registered",
      "r.created",
      "u.email as account_email",
      "u.enabled as account_enabled",
    ])
    .where("r.id", ">", afterId)
    .orderBy("r.id")
    .limit(limit)
    .execute();
  const qualifications = await qualificationsOf(
    rows.map((r) => r.id),
    db,
  );
  return rows.map((row) => ({ ...row, qualifications: qualifications.get(row.id) }));
}

type RegistrantExportRow = Awaited<ReturnType<typeof registrantBatch>>[number];

const COLUMNS: CsvColumn<RegistrantExportRow>[] = [
  { header: "ID", value: (r) => r.id_fit_ned },
  { header: "Registratienummer", value: (r) => r.pass_number },
  { header: "Voornaam", value: (r) => r.given_name },
  { header: "Tussenvoegsel", value: (r) => r.name_preposition },
  { header: "Achternaam", value: (r) => r.family_name },
  { header: "Naam", value: (r) => r.full_name },
  { header: "E-mailadres", value: (r) => r.email },
  { header: "Geslacht", value: (r) => GENDER_LABELS[r.gender] ?? "" },
  { header: "Geboortedatum", value: (r) => formatDate(r.date_of_birth) },
  { header: "Telefoon", value: (r) => r.phone },
  { header: "Website", value: (r) => r.website },
  { header: "Straat", value: (r) => r.address_street },
  { header: "Huisnummer", value: (r) => r.address_house_nr },
  { header: "Postcode", value: (r) => r.address_postal_code },
  { header: "Plaats", value: (r) => r.address_town },
  { header: "Status", value: (r) => registrantStatus(r) },
  { header: "Goedgekeurd", value: (r) => !!r.approved },
  { header: "Actief", value: (r) => !r.inactive },
  { header: "Zichtbaar", value: (r) => !r.hidden },
  { header: "Account", value: (r) => r.account_email ?? "" },
  { header: "Account actief", value: (r) => (r.account_email === null ? "Geen account" : !!r.account_enabled) },
  { header: "Hoogste niveau", value: (r) => r.qualifications?.highest?.level ?? "" },
  { header: "Diploma's", value: (r) => r.qualifications?.names.join(", ") ?? "" },
  { header: "Docent", value: (r) => !!r.teacher },
  { header: "Examinator", value: (r) => !!r.examiner },
  { header: "Pas maken", value: (r) => !!r.create_pass },
  { header: "Pas gemaakt op", value: (r) => formatDate(r.pass_created) },
  { header: "Vouchercode", value: (r) => r.voucher },
  { header: "Geregistreerd op", value: (r) => formatDate(r.registered) },
  { header: "Aangemaakt", value: (r) => formatDate(r.created) },
];

/** The whole register as `fitnednl-YYYY-MM-DD.csv`, streamed from the database. */
export function registrantsExportResponse(): Response {
  return csvResponse("fitnednl", csvStream(COLUMNS, keysetBatches(registrantBatch)));
}
