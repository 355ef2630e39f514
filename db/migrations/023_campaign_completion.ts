import type { Kysely } from "kysely";

const text = (name: string) => [name, "text", (c: any) => c.notNull().defaultTo("")] as const;

/**
 * The participant's own part of a training-campaign sign-up (part 2 §3 Campaign application): who
 * completed it through the personal link, and when. The BSN is stored sealed (encrypted with the
 * personal-data key, app/lib/personal-data.server.ts); the ID document and the consent document
 * are encrypted files. A retention job removes those three after the processing period and notes
 * when it did.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const columns = [
    "gender",
    "initials",
    "first_name",
    "last_name_prefix",
    "last_name",
    "phone",
    "address_street",
    "address_house_nr",
    "address_postal_code",
    "address_town",
  ];
  for (const column of columns) await db.schema.alterTable("campaign_applications").addColumn(...text(column)).execute();
  for (const column of ["completed", "date_of_birth", "bsn_sealed", "personal_data_removed"]) {
    await db.schema.alterTable("campaign_applications").addColumn(column, "text").execute();
  }
  for (const column of ["id_doc_file_id", "consent_doc_file_id"]) {
    await db.schema
      .alterTable("campaign_applications")
      .addColumn(column, "integer", (c) => c.references("files.id").onDelete("set null"))
      .execute();
  }
}
