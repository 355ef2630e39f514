/**
 * `npm run backup [-- <map>]`: a consistent copy of the database and the uploaded files, made
 * while the portal runs, in a dated folder `ledenportaal-YYYY-MM-DD-HHmmss` (local time) under
 * <map>, else BACKUP_DIR, else the folder `backups` beside DATA_DIR. Reads DATA_DIR and
 * DATABASE_URL as the portal does. See scripts/backup-folder.ts for what the folder holds.
 *
 * The database is copied as one snapshot: SQLite through its online backup API (in one step, so
 * writes meanwhile cannot make it start over), PostgreSQL with pg_dump in a snapshot this script
 * holds open, so that it reads the list of stored files from the very same state. The files are
 * copied before and after the snapshot, and every file the snapshot refers to is checked: a
 * file is stored before the row that points at it is committed, so each one is there.
 *
 * The folder is written under a hidden temporary name and renamed when complete: a folder with a
 * manifest.json is a whole backup. Exits 1 with a Dutch message when it cannot make one.
 */
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
// pg is imported where PostgreSQL is used: a SQLite backup starts without it.
import { config } from "../app/lib/config.server";
import { ENGINE_NAMES, engineOf } from "../app/lib/engine";
import {
  completeUploads,
  copyUploads,
  libpqEnvironment,
  MANIFEST,
  fileCount,
  readableSize,
  PG_FILE,
  Refusal,
  runTool,
  sha256File,
  SQLITE_FILE,
  syncToDisk,
  toolMajorVersion,
  UPLOADS,
  type Manifest,
} from "./backup-folder";

interface Snapshot {
  file: string;
  migrations: string[];
  files: { storage_name: string; size: number }[];
}

/** The backup folder's name: the local date and time to the second. */
function folderName(now: Date): string {
  const two = (n: number) => String(n).padStart(2, "0");
  const date = `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
  return `ledenportaal-${date}-${two(now.getHours())}${two(now.getMinutes())}${two(now.getSeconds())}`;
}

/** SQLite: the online backup API copies every page in one step, from one read snapshot. */
async function snapshotSqlite(dir: string): Promise<Snapshot> {
  const source = config.sqliteFile;
  if (!fs.existsSync(source)) throw new Refusal(`Er is geen database ${source}: klopt DATA_DIR (${config.dataDir})?`);
  const file = path.join(dir, SQLITE_FILE);
  const db = new SQLite(source, { fileMustExist: true, timeout: 5000 });
  try {
    // The first step only starts the backup; the next copies all pages at once.
    await db.backup(file, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }
  const copy = new SQLite(file);
  try {
    // One file on its own, without a write-ahead log beside it (the portal turns WAL on again).
    copy.pragma("journal_mode = DELETE");
    const check = copy.pragma("quick_check", { simple: true });
    if (check !== "ok") throw new Refusal(`De kopie van de database is niet in orde: ${String(check)}`);
    return {
      file,
      migrations: (copy.prepare("select name from kysely_migration order by name").all() as { name: string }[]).map((r) => r.name),
      files: copy.prepare("select storage_name, size from files").all() as Snapshot["files"],
    };
  } finally {
    copy.close();
  }
}

/** PostgreSQL: pg_dump in a snapshot exported from a transaction that also reads the file list. */
async function snapshotPostgres(dir: string): Promise<Snapshot> {
  const url = config.databaseUrl;
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const server = Number((await client.query<{ v: string }>("show server_version_num")).rows[0].v) / 10000;
    const dumper = await toolMajorVersion("pg_dump");
    if (dumper < Math.floor(server)) {
      throw new Refusal(`pg_dump ${dumper} is ouder dan de databaseserver (${Math.floor(server)}); installeer pg_dump ${Math.floor(server)} of nieuwer.`);
    }
    await client.query("begin isolation level repeatable read read only");
    const { snapshot } = (await client.query<{ snapshot: string }>("select pg_export_snapshot() as snapshot")).rows[0];
    const file = path.join(dir, PG_FILE);
    const migrations = (await client.query<{ name: string }>("select name from kysely_migration order by name")).rows.map((r) => r.name);
    const files = (await client.query<{ storage_name: string; size: number }>("select storage_name, size from files")).rows;
    await runTool("pg_dump", ["--format=custom", `--snapshot=${snapshot}`, `--file=${file}`], libpqEnvironment(url));
    await client.query("commit");
    return { file, migrations, files: files.map((f) => ({ storage_name: f.storage_name, size: Number(f.size) })) };
  } finally {
    await client.end();
  }
}

async function backup(target?: string): Promise<{ folder: string; manifest: Manifest }> {
  const engine = engineOf(config.databaseUrl);
  const root = path.resolve(target || process.env.BACKUP_DIR || path.join(config.dataDir, "..", "backups"));
  const uploads = path.join(config.dataDir, UPLOADS);
  fs.mkdirSync(root, { recursive: true });
  const now = new Date();
  let folder = path.join(root, folderName(now));
  for (let n = 2; fs.existsSync(folder); n++) folder = path.join(root, `${folderName(now)}-${n}`);
  const temporary = path.join(root, `.${path.basename(folder)}.onvolledig`);
  fs.rmSync(temporary, { recursive: true, force: true });
  fs.mkdirSync(temporary);
  try {
    // Before the snapshot: the bulk of the files, so that few are left to copy after it.
    copyUploads(uploads, path.join(temporary, UPLOADS));
    const created = new Date().toISOString();
    const snapshot = engine === "postgres" ? await snapshotPostgres(temporary) : await snapshotSqlite(temporary);
    // After it: the files stored meanwhile, and any the snapshot refers to that are not complete yet.
    copyUploads(uploads, path.join(temporary, UPLOADS));
    const copied = completeUploads(uploads, path.join(temporary, UPLOADS), snapshot.files);
    const manifest: Manifest = {
      format: 1,
      engine,
      created,
      database: { file: path.basename(snapshot.file), bytes: fs.statSync(snapshot.file).size, sha256: await sha256File(snapshot.file) },
      migrations: snapshot.migrations,
      uploads: { files: copied.files, bytes: copied.bytes },
      missingUploads: copied.missing,
    };
    syncToDisk(snapshot.file);
    fs.writeFileSync(path.join(temporary, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    syncToDisk(path.join(temporary, MANIFEST));
    fs.renameSync(temporary, folder);
    syncToDisk(root);
    return { folder, manifest };
  } catch (error) {
    fs.rmSync(temporary, { recursive: true, force: true });
    throw error;
  }
}

async function main() {
  const target = process.argv[2];
  try {
    const { folder, manifest } = await backup(target);
    console.log(
      `Back-up gemaakt: ${folder}\n` +
        `  database: ${ENGINE_NAMES[manifest.engine]}, ${readableSize(manifest.database.bytes)}, ${manifest.migrations.length} migraties\n` +
        `  geüploade bestanden: ${fileCount(manifest.uploads.files)} (${readableSize(manifest.uploads.bytes)})`,
    );
    if (manifest.missingUploads.length) {
      console.warn(
        `Let op: ${fileCount(manifest.missingUploads.length)} waar de database naar verwijst, was al verwijderd voordat het gekopieerd kon worden ` +
          `(tijdens de back-up vervangen): ${manifest.missingUploads.join(", ")}`,
      );
    }
  } catch (error) {
    console.error(error instanceof Refusal ? `Back-up mislukt: ${error.message}` : error);
    process.exit(1);
  }
}

void main();
