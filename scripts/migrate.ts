import { config } from "../app/lib/config.server";
import { closeDb } from "../app/lib/db.server";
import { migrateToLatest } from "../db/migrate";
import { seedIfEmpty } from "../db/seed";

await migrateToLatest();
if (config.demo) await seedIfEmpty();
await closeDb();
