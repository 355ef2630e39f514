/**
 * `npm run personal-data:reseal`: seals every campaign participant's BSN and documents still under
 * an older key anew under the current one (the first of PERSONAL_DATA_KEYS). Rotating the key:
 * put the new key first, keep the old one behind it, restart the portal, run this, then remove the
 * old key. Reads DATA_DIR and DATABASE_URL as the portal does; safe to run while it serves and to
 * run again.
 */
import { closeDb } from "../app/lib/db.server";
import { resealPersonalData } from "../app/registration/campaign-application.server";

async function main() {
  try {
    const { bsns, documents } = await resealPersonalData();
    console.log(`Opnieuw versleuteld met de huidige sleutel: ${bsns} BSN('s) en ${documents} document(en).`);
  } catch (error) {
    console.error(`Opnieuw versleutelen mislukt: ${(error as Error).message}`);
    process.exitCode = 1;
  } finally {
    await closeDb();
  }
}

await main();
