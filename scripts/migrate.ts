import { config } from "../app/lib/config.server";
import { closeDb } from "../app/lib/db.server";
import { migrateToLatest } from "../db/migrate";
import { seedIfEmpty } from "../db/seed";

await migrateToLatest();
await seedIfEmpty({ demo: config.demo });
await closeDb();
