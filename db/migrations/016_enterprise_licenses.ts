import type { Kysely } from "kysely";

/**
 * Tab Licenties of an establishment (part 1 §2 "Licenties form", §3 "Licence data"): one row per
 * establishment once something was saved; no row is nothing declared. The three licences (sena,
 * buma, videma) with their direct-debit authorisations, the number of televisions, the account
 * holder, IBAN (stored without spaces or hyphens) and BIC, the two change dates, the spaces by
 * category as JSON ({ fitness: [{ name, area }], … }, only rows with an area), the videma licence
 * number and file (admin only; file purpose license_file, owner the establishment), and `dirty`:
 * a change by the association the establishment has not yet confirmed with a declaration.
 */
export const LICENSE_FLAG_COLUMNS = ["sena", "buma", "videma", "authorization_sena", "authorization_buma", "authorization_videma"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  let table = db.schema
    .createTable("enterprise_licenses")
    .addColumn("enterprise_id", "integer", (c) => c.primaryKey().references("enterprises.id").onDelete("cascade"));
  for (const column of LICENSE_FLAG_COLUMNS) table = table.addColumn(column, "integer", (c) => c.notNull().defaultTo(0));
  await table
    .addColumn("tv_sets", "integer")
    .addColumn("authorization_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("authorization_iban", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("authorization_bic", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("buma_sena_change_date", "text")
    .addColumn("videma_change_date", "text")
    .addColumn("spaces", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("videma_licentie_nummer", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("videma_license_file_id", "integer", (c) => c.references("files.id").onDelete("set null"))
    .addColumn("dirty", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("modified", "text", (c) => c.notNull())
    .execute();
}
