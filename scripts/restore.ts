/**
 * `npm run restore -- <map>`: puts a backup made by `npm run backup` back, into an empty DATA_DIR
 * and (PostgreSQL) an empty database; DATA_DIR and DATABASE_URL are read as the portal reads
 * them. It refuses, changing nothing, when the folder is no complete backup, when its checksum
 * does not match, when the backup is of the other database engine, or when DATA_DIR or the
 * database already holds something: a restore never overwrites. A PostgreSQL database that does
 * not exist yet is created. Afterwards `npm start` serves the restored portal (it applies any
 * migrations newer than the backup).
 */
import fs from "node:fs";
import path from "node:path";
import type { Client } from "pg";
import { config } from "../app/lib/config.server";
import { ENGINE_NAMES, engineOf } from "../app/lib/engine";
import {
  completeUploads,
  copyUploads,
  libpqEnvironment,
  MANIFEST,
  fileCount,
  readableSize,
  Refusal,
  runTool,
  sha256File,
  syncToDisk,
  UPLOADS,
  type Manifest,
} from "./backup-folder";

function readManifest(folder: string): Manifest {
  const file = path.join(folder, MANIFEST);
  if (!fs.existsSync(folder)) throw new Refusal(`De map ${folder} bestaat niet.`);
  if (!fs.existsSync(file)) throw new Refusal(`${folder} is geen volledige back-up: manifest.json ontbreekt.`);
  const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as Manifest;
  if (manifest.format !== 1) throw new Refusal(`${folder} is een back-up in een onbekend formaat (${String(manifest.format)}).`);
  return manifest;
}

function isEmptyFolder(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

/** A client of the target database; creates the database when it does not exist yet. */
async function targetDatabase(url: string): Promise<Client> {
  // Imported here: a SQLite restore starts without it.
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return client;
  } catch (error) {
    if ((error as { code?: string }).code !== "3D000") throw error;
  }
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const maintenance = new URL(url);
  maintenance.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  await admin.connect();
  try {
    await admin.query(`create database ${pg.escapeIdentifier(name)}`);
    console.log(`Database ${name} aangemaakt.`);
  } finally {
    await admin.end();
  }
  const created = new pg.Client({ connectionString: url });
  await created.connect();
  return created;
}

/** Tables, views or sequences of anyone's outside PostgreSQL's own schemas. */
async function relationsIn(client: Client): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    `select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`,
  );
  return Number(rows[0].n);
}

async function restore(folder: string) {
  const manifest = readManifest(folder);
  const engine = engineOf(config.databaseUrl);
  if (manifest.engine !== engine) {
    throw new Refusal(
      `Deze back-up is van ${ENGINE_NAMES[manifest.engine]}, maar DATABASE_URL wijst naar ${ENGINE_NAMES[engine]}. ` +
        `Herstel in dezelfde soort database${manifest.engine === "sqlite" ? " (laat DATABASE_URL leeg)" : " (DATABASE_URL=postgres://…)"}.`,
    );
  }
  const dataDir = config.dataDir;
  if (!isEmptyFolder(dataDir)) {
    throw new Refusal(`DATA_DIR (${dataDir}) is niet leeg. Herstellen gebeurt alleen in een lege of nieuwe map, zodat er niets wordt overschreven.`);
  }
  const database = path.join(folder, manifest.database.file);
  if (!fs.existsSync(database) || (await sha256File(database)) !== manifest.database.sha256) {
    throw new Refusal(`De database in ${folder} ontbreekt of is beschadigd (de controlesom klopt niet).`);
  }
  const sqliteTarget = config.sqliteFile;
  if (engine === "sqlite" && fs.existsSync(sqliteTarget)) throw new Refusal(`De database ${sqliteTarget} bestaat al; herstellen overschrijft niets.`);

  if (engine === "postgres") {
    const client = await targetDatabase(config.databaseUrl);
    const relations = await relationsIn(client).finally(() => client.end());
    if (relations > 0) {
      const name = decodeURIComponent(new URL(config.databaseUrl).pathname.slice(1));
      throw new Refusal(`De database ${name} is niet leeg. Herstel in een lege of nieuwe database, zodat er niets wordt overschreven.`);
    }
  }

  const createdDataDir = !fs.existsSync(dataDir);
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    const uploads = path.join(dataDir, UPLOADS);
    copyUploads(path.join(folder, UPLOADS), uploads);
    const copied = completeUploads(path.join(folder, UPLOADS), uploads, []);
    if (engine === "sqlite") {
      fs.mkdirSync(path.dirname(sqliteTarget), { recursive: true });
      const partial = `${sqliteTarget}.herstel`;
      fs.copyFileSync(database, partial);
      syncToDisk(partial);
      fs.renameSync(partial, sqliteTarget);
    } else {
      const env = libpqEnvironment(config.databaseUrl);
      // One transaction: on an error nothing stays behind. Owners and rights are those of the target's user.
      await runTool("pg_restore", ["--no-owner", "--no-acl", "--single-transaction", "--exit-on-error", `--dbname=${env.PGDATABASE}`, database], env);
    }
    return { manifest, dataDir, files: copied.files, bytes: copied.bytes };
  } catch (error) {
    // Leave DATA_DIR as it was: empty (or absent).
    if (createdDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    else for (const name of fs.readdirSync(dataDir)) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
    throw error;
  }
}

async function main() {
  const folder = process.argv[2];
  if (!folder) {
    console.error("Gebruik: npm run restore -- <map van de back-up>   (met DATA_DIR en DATABASE_URL van het doel)");
    process.exit(2);
  }
  try {
    const { manifest, dataDir, files, bytes } = await restore(path.resolve(folder));
    console.log(
      `Hersteld: de back-up van ${new Date(manifest.created).toLocaleString("nl-NL")} (${ENGINE_NAMES[manifest.engine]}, ` +
        `${manifest.migrations.length} migraties) in ${dataDir}${manifest.engine === "postgres" ? " en de database van DATABASE_URL" : ""}, ` +
        `met ${fileCount(files)} (${readableSize(bytes)}). Start het portaal met npm start.`,
    );
  } catch (error) {
    console.error(error instanceof Refusal ? `Niet hersteld: ${error.message}` : error);
    process.exit(1);
  }
}

void main();
