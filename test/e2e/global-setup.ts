import { startPortal } from "../start-server";

/**
 * Starts the real portal once for all e2e projects. Workers inherit the environment set here:
 * the base URL for `use.baseURL`, and the data folder and database the fixtures write to. The
 * portal geocodes against a local Locatieserver stub (test/geocoder-stub.ts), never the real one.
 */
export default async function globalSetup() {
  const portal = await startPortal({ prefix: "e2e", printLogOnStop: !!process.env.E2E_SERVER_LOG });
  process.env.E2E_BASE_URL = portal.baseUrl;
  process.env.E2E_DATA_DIR = portal.dataDir;
  process.env.E2E_DATABASE_URL = portal.databaseUrl;
  // Playwright runs the returned function as the global teardown.
  return portal.stop;
}
