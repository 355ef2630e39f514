import type { TestProject } from "vitest/node";
import { startPortal } from "../start-server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    databaseUrl: string;
  }
}

/**
 * Starts the real portal once for the whole integration suite: a fresh data folder, demo data,
 * and on PostgreSQL (DATABASE_URL=postgres://…) a fresh database that is dropped afterwards. It
 * geocodes against a local stub of the Locatieserver (test/geocoder-stub.ts), started with it.
 */
export default async function setup(project: TestProject) {
  const portal = await startPortal({ prefix: "it", printLogOnStop: !!process.env.IT_SERVER_LOG });
  project.provide("baseUrl", portal.baseUrl);
  project.provide("dataDir", portal.dataDir);
  project.provide("databaseUrl", portal.databaseUrl);
  return portal.stop;
}
