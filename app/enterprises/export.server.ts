// The CSV exports of the export page (/vestigingen/export): all establishments, and the training
// campaign's interest registrations and sign-ups. Each reads its rows in batches by id and streams.
import { getDb } from "../lib/db.server";
import { csvResponse, csvStream, keysetBatches, type CsvColumn } from "../lib/csv.server";
import { formatDate, fullName } from "../lib/format";
import { nameOfRow, NAME_COLUMNS } from "../lib/users.server";
import { GENDER_LABELS } from "../registrants/filters";
import { courseLabel, dateLabel, trainerLabel } from "./campaign/catalogue";
import type { ExportFile } from "./export-files";

/** What an establishment's flags mean together, in the words of the lists. */
function enterpriseStatus(row: { approved: number; inactive: number; hidden: number }): string {
  if (!row.approved) return "Nog niet goedgekeurd";
  if (row.inactive) return "Niet actief";
  if (row.hidden) return "Niet zichtbaar";
  return "Actief";
}

// ---------------------------------------------------------------------------
// vestigingen.csv: every establishment
// ---------------------------------------------------------------------------

async function enterpriseBatch(afterId: number, limit: number) {
  const db = getDb();
  const rows = await db
    .selectFrom("enterprises")
    .innerJoin("members", "members.id", "enterprises.member_id")
    .select([
      "enterprises.id",
      "enterprises.lidnummer",
      "enterprises.name",
      "members.name as memberName",
      "members.associate",
      "enterprises.address_street",
      "enterprises.address_house_nr",
      "enterprises.address_postal_code",
      "enterprises.address_town",
      "enterprises.phone",
      "enterprises.email",
      "enterprises.email_public",
      "enterprises.website",
      "enterprises.kvk_nr",
      "enterprises.franchise",
      "enterprises.approved",
      "enterprises.inactive",
      "enterprises.hidden",
      "enterprises.created",
    ])
    .where("enterprises.id", ">", afterId)
    .orderBy("enterprises.id")
    .limit(limit)
    .execute();
  if (!rows.length) return [];
  // The batch's contact persons in one query (never one per row).
  const contacts = await db
    .selectFrom("enterprise_contacts")
    .innerJoin("users", "users.id", "enterprise_contacts.user_id")
    .select(["enterprise_contacts.enterprise_id", "users.id as userId", ...NAME_COLUMNS.map((c) => `users.${c}` as const)])
    .where(
      "enterprise_contacts.enterprise_id",
      "in",
      rows.map((r) => r.id),
    )
    .orderBy("users.family_name")
    .orderBy("users.id")
    .execute();
  const byEnterprise = new Map<number, { name: string; email: string }[]>();
  for (const c of contacts) {
    const list = byEnterprise.get(c.enterprise_id) ?? [];
    list.push({ name: nameOfRow(c), email: c.email });
    byEnterprise.set(c.enterprise_id, list);
  }
  return rows.map((row) => ({ ...row, contacts: byEnterprise.get(row.id) ?? [] }));
}

type EnterpriseExportRow = Awaited<ReturnType<typeof enterpriseBatch>>[number];

const ENTERPRISE_COLUMNS: CsvColumn<EnterpriseExportRow>[] = [
  { header: "Lidnummer", value: (r) => r.lidnummer },
  { header: "Naam vestiging", value: (r) => r.name },
  { header: "Lidmaatschap", value: (r) => r.memberName },
  { header: "Niet-lid", value: (r) => !!r.associate },
  { header: "Straat", value: (r) => r.address_street },
  { header: "Huisnummer", value: (r) => r.address_house_nr },
  { header: "Postcode", value: (r) => r.address_postal_code },
  { header: "Plaats", value: (r) => r.address_town },
  { header: "Telefoon", value: (r) => r.phone },
  { header: "E-mailadres", value: (r) => r.email },
  { header: "Openbaar e-mailadres", value: (r) => r.email_public },
  { header: "Website", value: (r) => r.website },
  { header: "KvK-nummer", value: (r) => r.kvk_nr },
  { header: "Contactpersonen", value: (r) => r.contacts.map((c) => c.name).join(", ") },
  { header: "E-mailadressen contactpersonen", value: (r) => r.contacts.map((c) => c.email).join(", ") },
  { header: "Franchise", value: (r) => !!r.franchise },
  { header: "Goedgekeurd", value: (r) => !!r.approved },
  { header: "Actief", value: (r) => !r.inactive },
  { header: "Zichtbaar", value: (r) => !r.hidden },
  { header: "Status", value: (r) => enterpriseStatus(r) },
  { header: "Aangemaakt", value: (r) => formatDate(r.created) },
];

// ---------------------------------------------------------------------------
// campagne-interesse.csv: establishments that ticked interest in the campaign
// ---------------------------------------------------------------------------

async function interestBatch(afterId: number, limit: number) {
  const db = getDb();
  const rows = await db
    .selectFrom("enterprises")
    .innerJoin("members", "members.id", "enterprises.member_id")
    .select([
      "enterprises.id",
      "enterprises.lidnummer",
      "enterprises.name",
      "members.name as memberName",
      "enterprises.address_town",
      "enterprises.phone",
      "enterprises.campaign_email",
      "enterprises.campaign_first_name",
      "enterprises.campaign_last_name_prefix",
      "enterprises.campaign_last_name",
      "enterprises.campaign_interest_date",
    ])
    .where("enterprises.campaign_nld_interest", "=", 1)
    .where("enterprises.id", ">", afterId)
    .orderBy("enterprises.id")
    .limit(limit)
    .execute();
  if (!rows.length) return [];
  // Per establishment its submitted participants, and of those the ones who completed (count of a column counts its non-null values).
  const counts = await db
    .selectFrom("campaign_applications")
    .select(["enterprise_id", (eb) => eb.fn.countAll<number>().as("count"), (eb) => eb.fn.count<number>("completed").as("completed")])
    .where(
      "enterprise_id",
      "in",
      rows.map((r) => r.id),
    )
    .where("submitted", "is not", null)
    .groupBy("enterprise_id")
    .execute();
  const countOf = new Map(counts.map((c) => [c.enterprise_id, { submitted: Number(c.count), completed: Number(c.completed) }]));
  return rows.map((row) => ({ ...row, applications: countOf.get(row.id)?.submitted ?? 0, completed: countOf.get(row.id)?.completed ?? 0 }));
}

type InterestExportRow = Awaited<ReturnType<typeof interestBatch>>[number];

const INTEREST_COLUMNS: CsvColumn<InterestExportRow>[] = [
  { header: "Lidnummer", value: (r) => r.lidnummer },
  { header: "Naam vestiging", value: (r) => r.name },
  { header: "Lidmaatschap", value: (r) => r.memberName },
  { header: "Plaats", value: (r) => r.address_town },
  { header: "Telefoon vestiging", value: (r) => r.phone },
  { header: "Voornaam contactpersoon", value: (r) => r.campaign_first_name },
  { header: "Tussenvoegsel", value: (r) => r.campaign_last_name_prefix },
  { header: "Achternaam", value: (r) => r.campaign_last_name },
  { header: "E-mailadres contactpersoon", value: (r) => r.campaign_email },
  { header: "Interesse sinds", value: (r) => formatDate(r.campaign_interest_date) },
  { header: "Aantal aanmeldingen", value: (r) => r.applications },
  { header: "Aantal voltooid", value: (r) => r.completed },
];

// ---------------------------------------------------------------------------
// campagne-aanmeldingen.csv: every submitted participant
// ---------------------------------------------------------------------------

async function applicationBatch(afterId: number, limit: number) {
  return getDb()
    .selectFrom("campaign_applications")
    .innerJoin("enterprises", "enterprises.id", "campaign_applications.enterprise_id")
    .innerJoin("members", "members.id", "enterprises.member_id")
    .select([
      "campaign_applications.id",
      "campaign_applications.slot",
      "campaign_applications.email",
      "campaign_applications.course",
      "campaign_applications.trainer",
      "campaign_applications.date_location",
      "campaign_applications.practice_exemption",
      "campaign_applications.submitted",
      // What the participant completed; never the BSN or the documents.
      "campaign_applications.completed",
      "campaign_applications.gender",
      "campaign_applications.initials",
      "campaign_applications.first_name",
      "campaign_applications.last_name_prefix",
      "campaign_applications.last_name",
      "campaign_applications.date_of_birth",
      "campaign_applications.phone",
      "campaign_applications.address_street",
      "campaign_applications.address_house_nr",
      "campaign_applications.address_postal_code",
      "campaign_applications.address_town",
      "enterprises.lidnummer",
      "enterprises.name",
      "members.name as memberName",
      "enterprises.campaign_email",
      "enterprises.campaign_first_name",
      "enterprises.campaign_last_name_prefix",
      "enterprises.campaign_last_name",
    ])
    .where("campaign_applications.submitted", "is not", null)
    .where("campaign_applications.id", ">", afterId)
    .orderBy("campaign_applications.id")
    .limit(limit)
    .execute();
}

type ApplicationExportRow = Awaited<ReturnType<typeof applicationBatch>>[number];

const APPLICATION_COLUMNS: CsvColumn<ApplicationExportRow>[] = [
  { header: "Lidnummer", value: (r) => r.lidnummer },
  { header: "Naam vestiging", value: (r) => r.name },
  { header: "Lidmaatschap", value: (r) => r.memberName },
  { header: "Deelnemer", value: (r) => r.slot },
  { header: "E-mailadres deelnemer", value: (r) => r.email },
  { header: "Opleiding", value: (r) => courseLabel(r.course) },
  { header: "Opleider", value: (r) => trainerLabel(r.course, r.trainer) },
  { header: "Datum en locatie", value: (r) => dateLabel(r.course, r.trainer, r.date_location) },
  { header: "Vrijstelling praktijk", value: (r) => !!r.practice_exemption },
  { header: "Aangemeld op", value: (r) => formatDate(r.submitted) },
  {
    header: "Contactpersoon campagne",
    value: (r) =>
      fullName({ givenName: r.campaign_first_name, namePreposition: r.campaign_last_name_prefix, familyName: r.campaign_last_name }),
  },
  { header: "E-mailadres contactpersoon", value: (r) => r.campaign_email },
  { header: "Voltooid op", value: (r) => formatDate(r.completed) },
  { header: "Geslacht", value: (r) => GENDER_LABELS[r.gender] ?? r.gender },
  { header: "Voorletters", value: (r) => r.initials },
  { header: "Voornaam", value: (r) => r.first_name },
  { header: "Tussenvoegsel", value: (r) => r.last_name_prefix },
  { header: "Achternaam", value: (r) => r.last_name },
  { header: "Geboortedatum", value: (r) => formatDate(r.date_of_birth) },
  { header: "Telefoon", value: (r) => r.phone },
  { header: "Straat", value: (r) => r.address_street },
  { header: "Huisnummer", value: (r) => r.address_house_nr },
  { header: "Postcode", value: (r) => r.address_postal_code },
  { header: "Plaats", value: (r) => r.address_town },
];

// ---------------------------------------------------------------------------

/** The files of the export page: the name of the download and how its rows are read. */
const EXPORTS: Record<ExportFile, { baseName: string; stream: () => ReadableStream<Uint8Array> }> = {
  "vestigingen.csv": {
    baseName: "vestigingen",
    stream: () => csvStream(ENTERPRISE_COLUMNS, keysetBatches(enterpriseBatch)),
  },
  "campagne-interesse.csv": {
    baseName: "scholingscampagne-interesse",
    stream: () => csvStream(INTEREST_COLUMNS, keysetBatches(interestBatch)),
  },
  "campagne-aanmeldingen.csv": {
    baseName: "scholingscampagne-aanmeldingen",
    stream: () => csvStream(APPLICATION_COLUMNS, keysetBatches(applicationBatch)),
  },
};

/** The download of export `file`, streamed from the database. */
export function exportResponse(file: ExportFile): Response {
  const { baseName, stream } = EXPORTS[file];
  return csvResponse(baseName, stream());
}
