import { Migrator, type Migration, type MigrationProvider } from "kysely";
import { getDb } from "../app/lib/db.server";
import * as m001 from "./migrations/001_foundation";
import * as m002 from "./migrations/002_totp_last_step";
import * as m003 from "./migrations/003_member_log";
import * as m004 from "./migrations/004_member_list_indexes";
import * as m005 from "./migrations/005_enterprises";
import * as m006 from "./migrations/006_enterprise_list_indexes";
import * as m007 from "./migrations/007_member_search";
import * as m008 from "./migrations/008_member_list_covering";
import * as m009 from "./migrations/009_security";
import * as m010 from "./migrations/010_session_device";
import * as m011 from "./migrations/011_catalogues";
import * as m012 from "./migrations/012_catalogue_files";
import * as m013 from "./migrations/013_enterprise_options";
import * as m014 from "./migrations/014_enterprise_inspections";
import * as m015 from "./migrations/015_enterprise_info";
import * as m016 from "./migrations/016_enterprise_licenses";
import * as m017 from "./migrations/017_registrant_names";
import * as m018 from "./migrations/018_registrant_profile";
import * as m019 from "./migrations/019_registrant_search";
import * as m020 from "./migrations/020_registrant_counts";
import * as m021 from "./migrations/021_registrant_search_order";
import * as m022 from "./migrations/022_user_search";
import * as m023 from "./migrations/023_campaign_completion";
import * as m024 from "./migrations/024_idempotency_keys";
import * as m025 from "./migrations/025_user_search_order";
import * as m026 from "./migrations/026_list_search_order";
import * as m027 from "./migrations/027_list_counts";

/** Listed by hand so the same list works under tsx and inside a bundle. */
const migrations: Record<string, Migration> = {
  "001_foundation": m001,
  "002_totp_last_step": m002,
  "003_member_log": m003,
  "004_member_list_indexes": m004,
  "005_enterprises": m005,
  "006_enterprise_list_indexes": m006,
  "007_member_search": m007,
  "008_member_list_covering": m008,
  "009_security": m009,
  "010_session_device": m010,
  "011_catalogues": m011,
  "012_catalogue_files": m012,
  "013_enterprise_options": m013,
  "014_enterprise_inspections": m014,
  "015_enterprise_info": m015,
  "016_enterprise_licenses": m016,
  "017_registrant_names": m017,
  "018_registrant_profile": m018,
  "019_registrant_search": m019,
  "020_registrant_counts": m020,
  "021_registrant_search_order": m021,
  "022_user_search": m022,
  "023_campaign_completion": m023,
  "024_idempotency_keys": m024,
  "025_user_search_order": m025,
  "026_list_search_order": m026,
  "027_list_counts": m027,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(): Promise<void> {
  const migrator = new Migrator({ db: getDb(), provider });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) {
    if (r.status === "Error") console.error(`migratie ${r.migrationName} mislukt`);
  }
  if (error) throw error;
}
