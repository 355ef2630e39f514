import type { Locator, Page, TestInfo } from "@playwright/test";
import { catalogueByKey, type CatalogueKey } from "../../app/catalogues/definitions";
import { db } from "./support";

// What the reorder specs share (catalogue-reorder.spec.ts without and with JavaScript, and the
// dialog's, with it): entries of a test's own in a scope of their own, and their order.

export const ADMIN = "beheer@voorbeeld.nl";

/** A prefix unique to the test run and project, to find the test's own entries. */
export const tagFor = (testInfo: TestInfo) => `E2E${testInfo.project.name}${Date.now() % 1_000_000}`;

/** Inserts entries at the end of a scope; returns their ids in order. */
export async function insertEntries(key: CatalogueKey, names: string[], category?: string): Promise<number[]> {
  const catalogue = catalogueByKey(key);
  const database = await db();
  const ids: number[] = [];
  for (const name of names) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the catalogue tables, each with its own columns
    const table = catalogue.table as any;
    const last = (await database.selectFrom(table).select((eb) => eb.fn.max("sequence").as("n")).executeTakeFirst()) as { n: number | null };
    const row: Record<string, string | number> = { name, sequence: Number(last?.n ?? 0) + 1 };
    for (const field of catalogue.fields) {
      if (field.name === "name") continue;
      if (field.kind === "select") row[field.column] = category ?? field.options[0].value;
      else if (field.kind === "number") row[field.column] = 3;
      else if (field.kind === "checkbox") row[field.column] = 0;
      else if (field.kind === "image") continue;
      else row[field.column] = "Niveau 3";
    }
    const inserted = await database.insertInto(table).values(row).returning("id").executeTakeFirstOrThrow();
    ids.push(Number((inserted as { id: number }).id));
  }
  return ids;
}

/** The stored order of the given entries. */
export async function storedOrder(key: CatalogueKey, ids: number[]): Promise<number[]> {
  const database = await db();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see insertEntries
  const rows = (await database.selectFrom(catalogueByKey(key).table as any).select("id").orderBy("sequence").orderBy("id").execute()) as { id: number }[];
  return rows.map((r) => Number(r.id)).filter((id) => ids.includes(id));
}

/** The names of the test's own entries as a list (the page's or the dialog's) shows them. */
export async function shownOrder(scope: Page | Locator, tag: string): Promise<string[]> {
  const names = await scope.locator(".reorder-list__name").allInnerTexts();
  return names.map((n) => n.trim()).filter((n) => n.startsWith(tag));
}
