import fs from "node:fs";
import path from "node:path";
import {
  CompiledQuery,
  type Compilable,
  createQueryId,
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
  database.prepare = ((source: string) => remember(cache, source, () => prepare(source), max)) as typeof database.prepare;
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
export async function conditionsHold(conditions: readonly Condition[]): Promise<boolean[]> {
  return conditions.length ? read(conditionsRead(conditions)) : [];
}

/** conditionsHold as a read (not empty), to be read with others (readTogether). */
export function conditionsRead(conditions: readonly Condition[]): Read<Record<string, unknown>, boolean[]> {
  return {
    query: combined("conditions", conditions, (built) =>
      getDb().selectNoFrom((built as Expression<SqlBool>[]).map((holds, i) => sql<SqlBool>`${holds}`.as(`c${i}`))),
    ),
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a query over any tables; only its row type O matters
type AnySelect<O> = SelectQueryBuilder<any, any, O>;

/** Stands for argument `index` of a prepared query while it is built once: its parameter's place. */
class Slot {
  constructor(readonly index: number) {}
}

/** A compiled statement whose parameters are Slots where the arguments go. */
type Template = CompiledQuery<unknown>;

function filled<O>(template: Template, args: readonly unknown[]): CompiledQuery<O> {
  return { ...template, parameters: template.parameters.map((p) => (p instanceof Slot ? args[p.index] : p)), queryId: createQueryId() } as CompiledQuery<O>;
}

/** Builds `build`'s query with Slots for its arguments and compiles it; every Slot must become a parameter. */
function templateOf(count: number, build: (...slots: Slot[]) => Compilable<unknown>): Template {
  const slots = Array.from({ length: count }, (_, i) => new Slot(i));
  const template = build(...slots).compile() as Template;
  const placed = new Set(template.parameters.filter((p) => p instanceof Slot).map((p) => p.index));
  if (placed.size !== count) throw new Error("Een voorbereide query plaatst niet elk argument als parameter");
  return template;
}

/**
 * The value of `key` in `cache`, made when missing; at most `max` entries, the oldest dropped
 * first (prepared queries are made once, at a module's top level, so a cache that kept growing
 * would mean one made anew per request).
 */
function remember<K, V>(cache: Map<K, V>, key: K, make: () => V, max = 1000): V {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    if (cache.size >= max) cache.delete(cache.keys().next().value as K);
    cache.set(key, value);
  }
  return value;
}

/** One template per database (a test may close it and open another). */
const templates = new WeakMap<DB, Map<unknown, Template>>();
function cachedTemplate(key: unknown, make: () => Template): Template {
  const db = getDb();
  let byKey = templates.get(db);
  if (!byKey) templates.set(db, (byKey = new Map()));
  return remember(byKey, key, make);
}

/** A query built and compiled once, filled with `args` (see `prepared`). */
export class PreparedQuery<O> {
  constructor(
    readonly build: (...args: never[]) => Compilable<O>,
    readonly args: readonly unknown[],
  ) {}

  /** The query with its arguments, built anew (for a statement that wraps it). */
  builder(): AnySelect<O> {
    return (this.build as (...args: unknown[]) => AnySelect<O>)(...this.args);
  }

  compile(): CompiledQuery<O> {
    const template = cachedTemplate(this.build, () => templateOf(this.args.length, this.build as (...slots: Slot[]) => Compilable<O>));
    return filled<O>(template, this.args);
  }

  /** Its rows, read with `db` (a transaction's statements are compiled the same way). */
  async execute(db: DB | Tx = getDb()): Promise<O[]> {
    return (await db.executeQuery(this.compile())).rows;
  }
}

/** What a prepared part is: how it is built and what it is filled with. */
interface Prepared {
  build: (...args: never[]) => unknown;
  args: readonly unknown[];
}

// Never reused, so a key names one list of builds for good.
const buildIds = new WeakMap<object, number>();
let lastBuildId = 0;
const buildIdOf = (build: object): number => buildIds.get(build) ?? (buildIds.set(build, ++lastBuildId), lastBuildId);
const combinedBuilds = new Map<string, (...args: never[]) => Compilable<never>>();

/**
 * One prepared query of prepared `parts`, made by `combine` from the parts as built: one build
 * (and so one compiled statement) for each kind and list of parts, filled with all their arguments.
 */
function combined<O>(kind: string, parts: readonly Prepared[], combine: (built: unknown[]) => Compilable<O>): PreparedQuery<O> {
  const key = `${kind}:${parts.map(({ build }) => buildIdOf(build)).join(",")}`;
  const build = remember(combinedBuilds, key, () => {
    const builds = parts.map((part) => part.build as (...args: unknown[]) => unknown);
    const counts = parts.map((part) => part.args.length);
    return ((...args: unknown[]) => {
      let next = 0;
      return combine(builds.map((partBuild, i) => partBuild(...args.slice(next, (next += counts[i])))));
    }) as (...args: never[]) => Compilable<never>;
  });
  return new PreparedQuery<O>(build as (...args: never[]) => Compilable<O>, parts.flatMap((part) => part.args));
}

/**
 * A query whose shape does not depend on its arguments, built and compiled once per database:
 * each call only puts its arguments in the compiled statement's parameters. Kysely builds a query
 * anew for every execution (every column reference parsed, every node frozen, the tree compiled to
 * text), which on a record page cost more than the database's own work. `build` may use its
 * arguments only as values of the query (it is first called with stand-ins for them); what changes
 * the shape (a flag, a list) makes a prepared query of its own. Made once, at a module's top
 * level. `build` builds with `getDb()`; the statement may be read in a transaction (`execute(tx)`).
 */
export function prepared<A extends Scalar[], O>(build: (...args: A) => AnySelect<O>): (...args: A) => PreparedQuery<O> {
  return (...args: A) => new PreparedQuery<O>(build as unknown as (...args: never[]) => AnySelect<O>, args);
}

type Scalar = string | number | null;

/** A yes-or-no question of a page (a tab's mark), prepared as `prepared` prepares a query; read with others by conditionsRead. */
export interface Condition {
  build: (...args: never[]) => Expression<SqlBool>;
  args: readonly unknown[];
}

export function condition<A extends Scalar[]>(build: (...args: A) => Expression<SqlBool>): (...args: A) => Condition {
  return (...args: A) => ({ build: build as unknown as (...args: never[]) => Expression<SqlBool>, args });
}

/**
 * A query and what its rows mean: read on its own (`read`) or together with others in one
 * statement (`readTogether`).
 */
export interface Read<O, T> {
  query: AnySelect<O> | PreparedQuery<O>;
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

/**
 * Its value, read with `db`: pass the transaction when reading in one. Read on the database itself,
 * SQLite would wait for the connection the transaction holds, and PostgreSQL would read outside it.
 */
export async function read<T>(readable: Readable<T>, db: DB | Tx = getDb()): Promise<T> {
  return "parts" in readable ? readable.of((await readTogether(readable.parts, db)) as never) : readable.of(await executeWith(readable.query, db));
}

async function executeWith<O>(query: Read<O, unknown>["query"], db: DB | Tx): Promise<O[]> {
  return (await db.executeQuery(query.compile())).rows;
}

/**
 * The one statement of `queries` on PostgreSQL, each query's rows a JSON array of it. When all
 * are prepared, it is compiled once for that list of queries and filled with their arguments.
 */
function togetherStatement(queries: readonly Read<unknown, unknown>["query"][]): CompiledQuery<Record<string, unknown[]>> {
  const statement = (parts: readonly AnySelect<unknown>[]) =>
    sql<Record<string, unknown[]>>`select ${sql.join(parts.map((query, i) => sql`${postgresJsonArray(query)} as ${sql.ref(`r${i}`)}`))}`;
  if (queries.every((query) => query instanceof PreparedQuery)) {
    return combined("together", queries, (built) => ({ compile: () => statement(built as AnySelect<unknown>[]).compile(getDb()) })).compile();
  }
  return statement(queries.map((query) => (query instanceof PreparedQuery ? query.builder() : query))).compile(getDb());
}

/**
 * Several reads that do not depend on each other (a null one reads nothing and gives null;
 * `together` nests them). On PostgreSQL they are one statement, each query's rows a JSON array of
 * it: every statement costs the machine time around the database's own work (docs/performance.md,
 * "One statement where a page read several"). On SQLite, in process, each query is read on its
 * own. The rows must survive JSON: numbers, text and truth values, as the portal's columns are. In
 * a transaction, pass it as `db` (see `read`).
 */
export async function readTogether<P extends Parts>(parts: P, db: DB | Tx = getDb()): Promise<ValuesOf<P>> {
  const queries: Read<unknown, unknown>["query"][] = [];
  const collect = (of: Parts) => {
    for (const part of Object.values(of)) {
      if (part && "parts" in part) collect(part.parts);
      else if (part) queries.push(part.query);
    }
  };
  collect(parts);
  let rows: unknown[][];
  if (engine() === "postgres" && queries.length > 1) {
    const { rows: [row] } = await db.executeQuery(togetherStatement(queries));
    rows = queries.map((_, i) => row[`r${i}`]);
  } else {
    rows = await Promise.all(queries.map((query) => executeWith(query, db)));
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
