import { csvResponse, csvStream, fileDate, type CsvColumn } from "../lib/csv.server";
import { getDb } from "../lib/db.server";
import { fullName } from "../lib/format";
import { GENDER_LABELS } from "./filters";
import { qualificationsOf, registrantStatus } from "./export.server";

/**
 * The pass data (part 2 §2.2 "Pass data page"): professionals flagged 'Pas maken' until their pass
 * is made. The association exports them for the pass printer, then resets exactly the exported
 * ones: their flag is cleared and the day the pass was made recorded. Professionals flagged after
 * the export keep their flag for the next round.
 */
export interface PassRow {
  id: number;
  idFitNed: number | null;
  passNumber: number | null;
  email: string;
  name: string;
  dateOfBirth: string | null;
}

const flagged = () =>
  getDb()
    .selectFrom("registrants as r")
    .leftJoin("users as u", "u.id", "r.user_id")
    .where("r.create_pass", "=", 1)
    .orderBy("r.id_fit_ned")
    .orderBy("r.id");

/** The professionals flagged 'Pas maken', by ID number. */
export async function passRows(): Promise<PassRow[]> {
  const rows = await flagged().select(["r.id", "r.id_fit_ned", "r.pass_number", "r.email", "r.full_name", "r.date_of_birth"]).execute();
  return rows.map((r) => ({ id: r.id, idFitNed: r.id_fit_ned, passNumber: r.pass_number, email: r.email, name: r.full_name, dateOfBirth: r.date_of_birth }));
}

/** 'De heer' and 'Mevrouw': the first salutation of the pass file, by gender. */
const SALUTATION: Record<string, string> = { m: "De heer", f: "Mevrouw" };

interface PassExportRow {
  id: number;
  id_fit_ned: number | null;
  gender: string;
  given_name: string;
  name_preposition: string;
  family_name: string;
  full_name: string;
  approved: number;
  inactive: number;
  account_email: string | null;
  address_street: string;
  address_house_nr: string;
  address_postal_code: string;
  address_town: string;
  email: string;
  /** The level of the highest diploma. */
  level: string;
}

/**
 * The columns of the pass file, as the spec lists them: ID, Aanhef 1 (the salutation by gender),
 * Aanhef 2 (the prefix of the last name), first name, last name, name, gender, level (the highest
 * diploma), status, main account (the linked account's
 * e-mail address), street, house number, postcode, town and e-mail.
 */
const PASS_COLUMNS: CsvColumn<PassExportRow>[] = [
  { header: "ID", value: (r) => r.id_fit_ned },
  { header: "Aanhef 1", value: (r) => SALUTATION[r.gender] ?? "" },
  { header: "Aanhef 2", value: (r) => r.name_preposition },
  { header: "Voornaam", value: (r) => r.given_name },
  { header: "Achternaam", value: (r) => r.family_name },
  { header: "Naam", value: (r) => r.full_name || fullName({ givenName: r.given_name, namePreposition: r.name_preposition, familyName: r.family_name }) },
  { header: "Geslacht", value: (r) => GENDER_LABELS[r.gender] ?? "" },
  { header: "Niveau", value: (r) => r.level },
  { header: "Status", value: (r) => registrantStatus(r) },
  { header: "Hoofdaccount", value: (r) => r.account_email ?? "" },
  { header: "Straat", value: (r) => r.address_street },
  { header: "Huisnummer", value: (r) => r.address_house_nr },
  { header: "Postcode", value: (r) => r.address_postal_code },
  { header: "Plaats", value: (r) => r.address_town },
  { header: "E-mail", value: (r) => r.email },
];

/**
 * The pass file of the professionals flagged now, and their ids (the session keeps them for the
 * reset). The rows are read once: the file holds exactly the professionals the reset will clear.
 */
export async function passExport(now = new Date()): Promise<{ ids: number[]; response: Response }> {
  const flaggedRows = await flagged()
    .select([
      "r.id",
      "r.id_fit_ned",
      "r.gender",
      "r.given_name",
      "r.name_preposition",
      "r.family_name",
      "r.full_name",
      "r.approved",
      "r.inactive",
      "u.email as account_email",
      "r.address_street",
      "r.address_house_nr",
      "r.address_postal_code",
      "r.address_town",
      "r.email",
    ])
    .execute();
  const qualifications = await qualificationsOf(flaggedRows.map((r) => r.id));
  const rows: PassExportRow[] = flaggedRows.map((r) => ({ ...r, level: qualifications.get(r.id)?.highest?.level ?? "" }));
  async function* once() {
    yield rows;
  }
  return { ids: rows.map((r) => r.id), response: csvResponse("passen", csvStream(PASS_COLUMNS, once()), now, true) };
}

/**
 * Clears 'Pas maken' of the exported professionals that still have it, and records today as the
 * day their pass was made. Returns how many changed.
 */
export async function resetPasses(ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const result = await getDb()
    .updateTable("registrants")
    .set({ create_pass: 0, pass_created: fileDate() })
    .where("id", "in", ids)
    .where("create_pass", "=", 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
