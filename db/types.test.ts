// db/types.ts is written by hand; this checks it against the schema the migrations build, so a
// migration that adds, drops or changes a column fails here until the types follow.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDb, getDb } from "../app/lib/db.server";
import { migrateToLatest } from "./migrate";

const TYPES_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), "types.ts");

/**
 * Tables the migrations make that db/types.ts leaves out on purpose, all kept by triggers and read
 * only through raw SQL: the full-text search indexes (on SQLite an FTS5 table and its shadow tables)
 * and the first contact person per establishment that the establishment list sorts by.
 */
const UNTYPED_TABLE = /^((member|enterprise|registrant|user)_search(_\w+)?|enterprise_first_contact)$/;

/** Per table of `Database` in db/types.ts: each column and whether its selected value may be null. */
type Shape = Record<string, Record<string, { nullable: boolean }>>;

function declaredShape(): Shape {
  const program = ts.createProgram([TYPES_FILE], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.ES2022,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(TYPES_FILE)!;
  const database = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === "Database");
  if (!database) throw new Error("db/types.ts declares no interface Database");

  const shape: Shape = {};
  for (const table of checker.getTypeAtLocation(database).getProperties()) {
    const columns: Shape[string] = {};
    for (const column of checker.getTypeOfSymbolAtLocation(table, database).getProperties()) {
      let type = checker.getTypeOfSymbolAtLocation(column, database);
      // kysely's ColumnType<Select, Insert, Update> and Generated<T>: what a select returns.
      const selected = type.getProperty("__select__");
      if (selected) type = checker.getTypeOfSymbolAtLocation(selected, database);
      const members = type.isUnion() ? type.types : [type];
      columns[column.name] = { nullable: members.some((t) => (t.flags & ts.TypeFlags.Null) !== 0) };
    }
    shape[table.name] = columns;
  }
  return shape;
}

async function migratedShape(): Promise<Shape> {
  const db = getDb();
  // SQLite reports an INTEGER PRIMARY KEY (and any other key column declared without NOT NULL) as
  // nullable; a key never holds null, so those columns count as not null.
  const keys = new Set<string>();
  const tables = await db.introspection.getTables();
  for (const table of tables) {
    const info = await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${table.name})`.execute(db);
    for (const column of info.rows) if (column.pk > 0) keys.add(`${table.name}.${column.name}`);
  }
  const shape: Shape = {};
  for (const table of tables) {
    if (UNTYPED_TABLE.test(table.name)) continue;
    shape[table.name] = Object.fromEntries(
      table.columns.map((c) => [c.name, { nullable: c.isNullable && !keys.has(`${table.name}.${c.name}`) }]),
    );
  }
  return shape;
}

describe("db/types.ts", () => {
  let dataDir: string;

  beforeAll(async () => {
    await closeDb();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ledenportaal-types-"));
    vi.stubEnv("DATA_DIR", dataDir);
    vi.stubEnv("DATABASE_URL", "");
    await migrateToLatest();
  });

  afterAll(async () => {
    await closeDb();
    vi.unstubAllEnvs();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  // It runs the TypeScript checker over db/types.ts and migrates a database: seconds of CPU, more on a busy machine.
  it("names every table and column of the migrated database, with its nullability", async () => {
    const declared = declaredShape();
    const migrated = await migratedShape();
    const nullability = (nullable: boolean) => (nullable ? "nullable" : "not null");
    const differences: string[] = [];
    for (const table of new Set([...Object.keys(declared), ...Object.keys(migrated)])) {
      if (!migrated[table]) differences.push(`${table}: in db/types.ts, not in the database`);
      else if (!declared[table]) differences.push(`${table}: in the database, not in db/types.ts`);
      else {
        for (const column of new Set([...Object.keys(declared[table]), ...Object.keys(migrated[table])])) {
          const [inTypes, inDb] = [declared[table][column], migrated[table][column]];
          if (!inDb) differences.push(`${table}.${column}: in db/types.ts, not in the database`);
          else if (!inTypes) differences.push(`${table}.${column}: in the database, not in db/types.ts`);
          else if (inTypes.nullable !== inDb.nullable) {
            differences.push(`${table}.${column}: ${nullability(inTypes.nullable)} in db/types.ts, ${nullability(inDb.nullable)} in the database`);
          }
        }
      }
    }
    expect(differences.sort()).toEqual([]);
  }, 30_000);
});
