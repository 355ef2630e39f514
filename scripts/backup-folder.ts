/**
 * What `npm run backup` writes and `npm run restore` reads: one folder per backup,
 * `ledenportaal-YYYY-MM-DD-HHmmss/`, holding
 *
 *   ledenportaal.sqlite   the SQLite database (online backup API), or
 *   ledenportaal.pgdump   the PostgreSQL database (pg_dump --format=custom);
 *   uploads/              the uploaded files (DATA_DIR/uploads without its cache of resized images);
 *   manifest.json         what is in it (written last: a folder without one is no backup).
 */
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Engine } from "../app/lib/engine";

export const MANIFEST = "manifest.json";
export const SQLITE_FILE = "ledenportaal.sqlite";
export const PG_FILE = "ledenportaal.pgdump";
export const UPLOADS = "uploads";


export interface Manifest {
  format: 1;
  engine: Engine;
  /** When the database snapshot was taken (ISO 8601). */
  created: string;
  database: { file: string; bytes: number; sha256: string };
  /** The migrations applied in the snapshot (db/migrations), oldest first. */
  migrations: string[];
  uploads: { files: number; bytes: number };
  /** Files the snapshot refers to that were gone before they could be copied (replaced meanwhile). */
  missingUploads: string[];
}


/** A refusal or failure to show as it is (Dutch, no stack trace), exit code 1. */
export class Refusal extends Error {}

export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = crypto.createHash("sha256");
    fs.createReadStream(file)
      .on("data", (chunk) => hash.update(chunk))
      .on("end", () => resolve(hash.digest("hex")))
      .on("error", reject);
  });
}

/** Writes a file's (or folder's) data through to the disk. */
export function syncToDisk(file: string): void {
  const fd = fs.openSync(file, "r");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Copies the uploaded files of `from` (top level: the cache of resized images is a folder) that
 * `to` does not hold yet. Stored files are only ever added and removed, never changed.
 */
export function copyUploads(from: string, to: string): void {
  fs.mkdirSync(to, { recursive: true });
  if (!fs.existsSync(from)) return;
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (!entry.isFile() || fs.existsSync(path.join(to, entry.name))) continue;
    copyIfThere(path.join(from, entry.name), path.join(to, entry.name));
  }
}

function copyIfThere(from: string, to: string): boolean {
  try {
    fs.copyFileSync(from, to);
    return true;
  } catch (error) {
    // Removed between listing and copying (replaced or deleted meanwhile).
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

/**
 * Makes sure `to` holds every file the database snapshot refers to, at the size the snapshot
 * records: a file another process was still writing when it was first copied is copied again.
 * Returns the names that could not be had (removed from `from` after the snapshot) and the count
 * and size of what `to` holds.
 */
export function completeUploads(from: string, to: string, referenced: { storage_name: string; size: number }[]) {
  const missing: string[] = [];
  for (const file of referenced) {
    const target = path.join(to, file.storage_name);
    if (fs.existsSync(target) && fs.statSync(target).size === file.size) continue;
    if (!copyIfThere(path.join(from, file.storage_name), target)) missing.push(file.storage_name);
  }
  let files = 0;
  let bytes = 0;
  for (const name of fs.readdirSync(to)) {
    files += 1;
    bytes += fs.statSync(path.join(to, name)).size;
  }
  return { missing, files, bytes };
}

/**
 * The connection of a postgres:// URL as libpq's environment variables, so that pg_dump and
 * pg_restore get it without a password on their command line (visible to every user in `ps`).
 */
export function libpqEnvironment(databaseUrl: string): NodeJS.ProcessEnv {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env, PGDATABASE: decodeURIComponent(url.pathname.slice(1)) || "postgres" };
  if (url.hostname) env.PGHOST = decodeURIComponent(url.hostname);
  if (url.port) env.PGPORT = url.port;
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const host = url.searchParams.get("host");
  if (host) env.PGHOST = host;
  const sslmode = url.searchParams.get("sslmode");
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/** Runs a PostgreSQL client program (pg_dump, pg_restore); rejects with its error output. */
export function runTool(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("error", (error) => {
      const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
      reject(new Refusal(missing ? `${program} is niet gevonden. Installeer de PostgreSQL-clientprogramma's (bijvoorbeeld postgresql-client).` : error.message));
    });
    child.on("close", (code) => (code === 0 ? resolve(out) : reject(new Refusal(`${program} mislukte (${code}):\n${err.trim()}`))));
  });
}

/** The major version of a PostgreSQL client program (`pg_dump (PostgreSQL) 15.20` → 15). */
export async function toolMajorVersion(program: string): Promise<number> {
  const out = await runTool(program, ["--version"], process.env);
  const match = out.match(/(\d+)(?:\.\d+)?/);
  if (!match) throw new Refusal(`Kan de versie van ${program} niet lezen: ${out.trim()}`);
  return Number(match[1]);
}

/** A size as people read it, with a decimal comma as the portal writes numbers: 12,3 MB, 840 kB. */
export function readableSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1).replace(".", ",")} MB`;
  return `${Math.ceil(bytes / 1024)} kB`;
}

/** '1 bestand', '3 bestanden'. */
export function fileCount(n: number): string {
  return `${n} ${n === 1 ? "bestand" : "bestanden"}`;
}
