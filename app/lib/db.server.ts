import fs from "node:fs";
import path from "node:path";
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  PostgresDriver,
  type PostgresDialectConfig,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type Driver,
  type Expression,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqliteDialectConfig,
  type SqlBool,
  type Transaction,
} from "kysely";
import { jsonArrayFrom as postgresJsonArray } from "kysely/helpers/postgres";
import { jsonArrayFrom as sqliteJsonArray } from "kysely/helpers/sqlite";
import SQLite from "better-sqlite3";
import pg from "pg";
import type { Database } from "../../db/types";
import { config } from "./config.server";
import { engineOf, type Engine } from "./engine";
import { logEvent } from "./log.server";
import { scopeValue } from "./request-scope.server";

export type DB = Kysely<Database>;
export type Tx = Transaction<Database>;
export type { Engine } from "./engine";

interface Holder {
  db: DB;
  engine: Engine;
}

// One connection per process, shared by the bundled app and the start script (both load this module).
const globalKey = Symbol.for("ledenportaal.db");
type GlobalWithDb = typeof globalThis & { [globalKey]?: Holder };

function open(): Holder {
  const url = config.databaseUrl;
  const engine = engineOf(url);
  if (engine === "postgres") {
    // COUNT(*) and BIGINT come back as strings by default; our ids and counts fit in a JS number.
    pg.types.setTypeParser(20, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: url, max: 10, Client: PreparingClient });
    // A connection the database ends (a restart of PostgreSQL, an administrator, a network failure)
    // is logged and dropped: waiting in the pool, the pool leaves it out; in use, the query on it
    // fails and the pool leaves it out when it comes back. The next query opens a new one. Unheard,
    // the error would end the whole process and every request in it.
    pool.on("connect", (client) => client.on("error", (error) => logEvent("warn", "database_connection_lost", { error: error.message })));
    // The pool reports a waiting connection's error too, which the line above has logged.
    pool.on("error", () => {});
    return { engine, db: new Kysely<Database>({ dialect: new CommitHookPostgresDialect({ pool }) }) };
  }
  const file = config.sqliteFile;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new SQLite(file);
  database.pragma("journal_mode = WAL");
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  database.pragma("synchronous = NORMAL");
  cachePreparedStatements(database);
  return { engine, db: new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database }) }) };
}

/**
 * A statement a request asks to have written in the transaction that commits its change: the key
 * of an idempotent form post (app/offline/idempotency.server.ts). Written once, by the first
 * transaction of the request that commits; `done` tells the request it was.
 */
export interface CommitStatement {
  query: () => CompiledQuery;
  done: boolean;
}

export const COMMIT_STATEMENT = "commitStatement";

async function commitWithStatement(connection: DatabaseConnection, commit: () => Promise<void>): Promise<void> {
  const pending = scopeValue<CommitStatement>(COMMIT_STATEMENT);
  if (!pending || pending.done) return commit();
  await connection.executeQuery(pending.query());
  await commit();
  pending.done = true;
}

/**
 * SQLite transactions take the write lock as they begin (BEGIN IMMEDIATE). A transaction that
 * reads first and writes later would otherwise fail at once (SQLITE_BUSY, without waiting out
 * busy_timeout) when another worker process wrote in between: under load a save then ended in
 * 'Oeps, er gaat iets mis!' instead of waiting its turn. The portal's transactions all write.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
  override commitTransaction(connection: DatabaseConnection): Promise<void> {
    return commitWithStatement(connection, () => super.commitTransaction(connection));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #settings: SqliteDialectConfig;
  constructor(settings: SqliteDialectConfig) {
    super(settings);
    this.#settings = settings;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#settings);
  }
}

class CommitHookPostgresDriver extends PostgresDriver {
  override commitTransaction(connection: DatabaseConnection): Promise<void> {
    return commitWithStatement(connection, () => super.commitTransaction(connection));
  }
}

class CommitHookPostgresDialect extends PostgresDialect {
  readonly #settings: PostgresDialectConfig;
  constructor(settings: PostgresDialectConfig) {
    super(settings);
    this.#settings = settings;
  }
  override createDriver(): Driver {
    return new CommitHookPostgresDriver(this.#settings);
  }
}

/**
 * Reuses prepared statements: kysely prepares each query anew, and the same few dozen queries
 * serve every page. Safe because queries run to completion synchronously (no streaming).
 */
function cachePreparedStatements(database: SQLite.Database, max = 500): void {
  const prepare = database.prepare.bind(database);
  const cache = new Map<string, SQLite.Statement>();
  database.prepare = ((source: string) => {
    let statement = cache.get(source);
    if (!statement) {
      statement = prepare(source);
      if (cache.size >= max) cache.delete(cache.keys().next().value as string);
      cache.set(source, statement);
    }
    return statement;
  }) as typeof database.prepare;
}

const statementNames = new Map<string, string>();
const MAX_NAMED_STATEMENTS = 1000;

/**
 * A PostgreSQL connection that prepares each parameterised query once and reuses it by name, as
 * cachePreparedStatements does on SQLite: parsing and planning the same few dozen queries anew
 * cost the server more than running them. Queries without parameters (migrations, transaction
 * control) and any beyond the first thousand texts run unnamed.
 */
class PreparingClient extends pg.Client {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg.Client.query has many overloads; this passes every one through
  override query(...args: any[]): any {
    const [text, values] = args;
    if (typeof text === "string" && Array.isArray(values) && values.length > 0 && args.length === 2) {
      let name = statementNames.get(text);
      if (!name && statementNames.size < MAX_NAMED_STATEMENTS) {
        name = `s${statementNames.size + 1}`;
        statementNames.set(text, name);
      }
      if (name) return super.query({ name, text, values });
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
    return (super.query as any)(...args);
  }
}

function holder(): Holder {
  const g = globalThis as GlobalWithDb;
  g[globalKey] ??= open();
  return g[globalKey];
}

export function getDb(): DB {
  return holder().db;
}

export function engine(): Engine {
  return holder().engine;
}

export async function closeDb(): Promise<void> {
  const g = globalThis as GlobalWithDb;
  const h = g[globalKey];
  g[globalKey] = undefined;
  if (h) await h.db.destroy();
}

export function nowIso(): string {
  return new Date().toISOString();
}

/** A LIKE pattern for "contains `term`", lower case, with the wildcards in it taken literally (escape '\'). */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive "contains" that behaves the same on SQLite and PostgreSQL. */
export function containsInsensitive(column: string, term: string) {
  return sql<boolean>`lower(${sql.ref(column)}) like ${containsPattern(term)} escape '\\'`;
}

/** A unique constraint refused the write (SQLite and PostgreSQL name it differently). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
}

/** Whether `query` finds a row, as a condition another query can hold. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a subquery over any tables; only whether it finds a row matters
export function rowExists(query: SelectQueryBuilder<any, any, unknown>): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists ${query}`;
}

/** Which of `conditions` hold, read in one query: a page's several yes-or-no questions cost one round trip. */
export async function conditionsHold(conditions: readonly Expression<SqlBool>[]): Promise<boolean[]> {
  return conditions.length ? read(conditionsRead(conditions)) : [];
}

/** conditionsHold as a read (not empty), to be read with others (readTogether). */
export function conditionsRead(conditions: readonly Expression<SqlBool>[]): Read<Record<string, unknown>, boolean[]> {
  return {
    query: getDb().selectNoFrom(conditions.map((condition, i) => sql<SqlBool>`${condition}`.as(`c${i}`))),
    // SQLite answers 1 or 0, PostgreSQL true or false.
    of: ([row]) => conditions.map((_, i) => !!Number(row[`c${i}`])),
  };
}

/** A column of related rows as JSON, read back with `jsonRows`: SQLite returns the text, PostgreSQL the array. */
export type JsonRows<O> = O[] | string;

/**
 * The rows of `query` (a subquery correlated to the outer row) as one JSON array column, so a list
 * fills in its rows and their related records (establishments, contact persons) in one query
 * rather than one query each.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a subquery over any tables; only its row type O matters
export function jsonArrayFrom<O>(query: SelectQueryBuilder<any, any, O>): RawBuilder<JsonRows<O>> {
  return (engine() === "postgres" ? postgresJsonArray(query) : sqliteJsonArray(query)) as RawBuilder<JsonRows<O>>;
}

export function jsonRows<O>(value: JsonRows<O>): O[] {
  return typeof value === "string" ? (JSON.parse(value) as O[]) : value;
}

/**
 * A query and what its rows mean: read on its own (`read`) or together with others in one
 * statement (`readTogether`).
 */
export interface Read<O, T> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a query over any tables; only its row type O matters
  query: SelectQueryBuilder<any, any, O>;
  of: (rows: O[]) => T;
}

/** Reads, and what they mean together: read as one part among others (readTogether). */
export interface Together<T> {
  parts: Parts;
  of: (values: never) => T;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- reads of any rows and meanings
type Part = Read<any, any> | Together<any> | null;
type Parts = Record<string, Part>;
type ValueOf<P> = P extends Read<infer _O, infer T> ? T : P extends Together<infer T> ? T : null;
type ValuesOf<P extends Parts> = { [K in keyof P]: ValueOf<P[K]> };

/** `parts` read together, made into one value by `of`. */
export function together<P extends Parts, T>(parts: P, of: (values: ValuesOf<P>) => T): Together<T> {
  return { parts, of: of as (values: never) => T };
}

/** A read, or reads together, as a tab's or a page's data may be given. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see Part
export type Readable<T> = Read<any, T> | Together<T>;

export function isReadable(value: unknown): value is Readable<unknown> {
  return typeof value === "object" && value !== null && "of" in value && ("query" in value || "parts" in value);
}

export async function read<T>(readable: Readable<T>): Promise<T> {
  return "parts" in readable ? readable.of((await readTogether(readable.parts)) as never) : readable.of(await readable.query.execute());
}

/**
 * Several reads that do not depend on each other (a null one reads nothing and gives null;
 * `together` nests them). On PostgreSQL they are one statement, each query's rows a JSON array of
 * it: every statement costs the machine time around the database's own work (the README's
 * benchmark). On SQLite, in process, each query is read on its own. The rows must survive JSON:
 * numbers, text and truth values, as the portal's columns are. The one statement is read outside
 * any transaction: reads inside one are read with `read`, each on its own.
 */
export async function readTogether<P extends Parts>(parts: P): Promise<ValuesOf<P>> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see Part
  const queries: SelectQueryBuilder<any, any, unknown>[] = [];
  const collect = (of: Parts) => {
    for (const part of Object.values(of)) {
      if (part && "parts" in part) collect(part.parts);
      else if (part) queries.push(part.query);
    }
  };
  collect(parts);
  let rows: unknown[][];
  if (engine() === "postgres" && queries.length > 1) {
    const { rows: [row] } = await sql<Record<string, unknown[]>>`select ${sql.join(
      queries.map((query, i) => sql`${postgresJsonArray(query)} as ${sql.ref(`r${i}`)}`),
    )}`.execute(getDb());
    rows = queries.map((_, i) => row[`r${i}`]);
  } else {
    rows = await Promise.all(queries.map((query) => query.execute()));
  }
  let next = 0;
  const valuesOf = (of: Parts): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(of).map(([key, part]) => [
        key,
        part === null ? null : "parts" in part ? part.of(valuesOf(part.parts) as never) : part.of(rows[next++]),
      ]),
    );
  return valuesOf(parts) as ValuesOf<P>;
}
