import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { insertEnterprise, insertMember } from "../fixtures";
import { getDb, sessionFor, type Client } from "./support";
import { engineOf } from "../../app/lib/engine";

const ADMIN = "beheer@voorbeeld.nl";
const root = path.resolve(import.meta.dirname, "../..");
const tag = `${process.pid}${Date.now().toString(36)}`;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "ledenportaal-backup-"));
const postgres = engineOf(inject("databaseUrl")) === "postgres";
/** On PostgreSQL the restore goes into a database of its own, which does not exist beforehand. */
const restoredDatabaseUrl = (() => {
  if (!postgres) return "";
  const url = new URL(inject("databaseUrl"));
  url.pathname = `/${url.pathname.slice(1)}_hersteld`;
  return url.toString();
})();

afterAll(async () => {
  fs.rmSync(scratch, { recursive: true, force: true });
  if (postgres) {
    const client = new pg.Client({ connectionString: inject("databaseUrl") });
    await client.connect();
    await client.query(`drop database if exists ${pg.escapeIdentifier(new URL(restoredDatabaseUrl).pathname.slice(1))} with (force)`);
    await client.end();
  }
});

/** One of the project's scripts as a person runs it (`npm run …`), with `env`; its exit code and output. */
function runScript(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("close", (code) => resolve({ code, output }));
  });
}

interface Write {
  value: string;
  confirmedAt?: number;
}

/** Renames a membership over and over through tab Algemeen, each time to a name of its own, until `until` settles. */
async function renameRepeatedly(admin: Client, id: number, writes: Write[], until: Promise<unknown>) {
  let done = false;
  void until.finally(() => (done = true));
  const path = `/lidmaatschappen/bewerken/${id}`;
  for (let n = 1; !done; n++) {
    const write: Write = { value: `Back-up ${tag} ${id} #${n}` };
    writes.push(write);
    const res = await admin.post(path, {
      intent: "general",
      name: write.value,
      legalForm: "",
      adminAccountable: "",
      adminAccountableEmail: "",
      adminAccountablePhone: "",
    });
    // The success answer: back to the page with 'Lidmaatschap opgeslagen.'
    if (res.status === 302 && res.headers.get("location") === path) write.confirmedAt = Date.now();
    else throw new Error(`rename answered ${res.status}`);
  }
}

/** The restored database's memberships, their rename log and the stored file of an establishment, read directly. */
async function readRestored(dataDir: string, ids: number[], enterpriseName: string) {
  const list = ids.join(",");
  const membersSql = `select id, name from members where id in (${list})`;
  const renamesSql = `select member_id, details from member_log where action = 'name_changed' and member_id in (${list})`;
  const fileSql = "select f.storage_name from enterprises e join files f on f.id = e.kvk_extract_file_id where e.name = ";
  type Found = { members: { id: number; name: string }[]; renames: { member_id: number; details: string }[]; file?: { storage_name: string } };
  if (postgres) {
    const client = new pg.Client({ connectionString: restoredDatabaseUrl });
    await client.connect();
    try {
      return {
        members: (await client.query(membersSql)).rows,
        renames: (await client.query(renamesSql)).rows,
        file: (await client.query(`${fileSql}$1`, [enterpriseName])).rows[0],
      } as Found;
    } finally {
      await client.end();
    }
  }
  const db = new SQLite(path.join(dataDir, "ledenportaal.sqlite"), { readonly: true });
  try {
    return { members: db.prepare(membersSql).all(), renames: db.prepare(renamesSql).all(), file: db.prepare(`${fileSql}?`).get(enterpriseName) } as Found;
  } finally {
    db.close();
  }
}

describe("backup and restore", () => {
  it("backs up under write load and restores every change confirmed before the backup began, with the uploaded files", async () => {
    const db = getDb();
    const admin = await sessionFor(ADMIN);

    // An uploaded file, through the establishment form: the KvK extract.
    const owner = await insertMember(db);
    const enterpriseId = await insertEnterprise(db, owner);
    const pdf = Buffer.from(`%PDF-1.4\n% uittreksel ${tag}\n`);
    const upload = new FormData();
    upload.set("intent", "save");
    upload.set("member", String(owner));
    upload.set("name", `Uittreksel ${tag}`);
    upload.set("kvkExtract", new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), "uittreksel.pdf");
    expect((await admin.post(`/vestigingen/bewerken/${enterpriseId}`, upload)).status).toBe(302);

    // Write load: four memberships renamed over and over, side by side.
    const ids = await Promise.all(Array.from({ length: 4 }, () => insertMember(db)));
    const writes = new Map(ids.map((id) => [id, [] as Write[]]));
    let stopLoad!: () => void;
    const loadStopped = new Promise<void>((resolve) => (stopLoad = resolve));
    const load = Promise.all(ids.map((id) => renameRepeatedly(admin, id, writes.get(id)!, loadStopped)));
    try {
      // Some confirmed renames of each, then the backup, while the renames go on.
      const confirmed = () => [...writes.values()].every((list) => list.filter((w) => w.confirmedAt).length >= 2);
      while (!confirmed()) await new Promise((r) => setTimeout(r, 20));
      const backupStarted = Date.now();
      const backupDir = path.join(scratch, "backups");
      const made = await runScript("backup", [], { BACKUP_DIR: backupDir });
      expect(made.code, made.output).toBe(0);
      stopLoad();
      await load;
      // The renames went on while the backup ran.
      const during = [...writes.values()].flat().filter((w) => w.confirmedAt !== undefined && w.confirmedAt > backupStarted);
      expect(during.length).toBeGreaterThan(0);

      const [folderName, ...others] = fs.readdirSync(backupDir);
      expect(others).toEqual([]);
      expect(folderName).toMatch(/^ledenportaal-\d{4}-\d{2}-\d{2}-\d{6}$/);
      const folder = path.join(backupDir, folderName);
      expect(made.output).toContain(`Back-up gemaakt: ${folder}`);
      const manifest = JSON.parse(fs.readFileSync(path.join(folder, "manifest.json"), "utf8"));
      expect(manifest).toMatchObject({ format: 1, engine: postgres ? "postgres" : "sqlite", missingUploads: [] });
      expect(manifest.migrations.length).toBeGreaterThan(0);
      expect(manifest.uploads.files).toBeGreaterThan(0);

      // Into a new, empty data folder (and on PostgreSQL a new database).
      const restoredDir = path.join(scratch, "hersteld");
      const restored = await runScript("restore", [folder], { DATA_DIR: restoredDir, DATABASE_URL: restoredDatabaseUrl });
      expect(restored.code, restored.output).toBe(0);
      expect(restored.output).toContain("Hersteld");

      const found = await readRestored(restoredDir, ids, `Uittreksel ${tag}`);
      const names = new Map(found.members.map((m) => [m.id, m.name]));
      const renamedTo = new Set(found.renames.map((r) => `${r.member_id}:${r.details.split(" → ").at(-1)}`));
      for (const id of ids) {
        const list = writes.get(id)!;
        // Confirmed in the millisecond the backup began (the clock's resolution) is before it: the
        // backup starts after that reading of the clock.
        const before = list.filter((w) => w.confirmedAt !== undefined && w.confirmedAt <= backupStarted);
        expect(before.length).toBeGreaterThanOrEqual(2);
        // Every rename confirmed before the backup began is in it, with its log entry…
        for (const write of before) expect(renamedTo, write.value).toContain(`${id}:${write.value}`);
        // …and the name is the last of those, or one the backup caught later.
        const allowed = list.slice(list.indexOf(before.at(-1)!)).map((w) => w.value);
        expect(allowed).toContain(names.get(id));
      }
      expect(found.file).toBeDefined();
      expect(fs.readFileSync(path.join(restoredDir, "uploads", found.file!.storage_name))).toEqual(pdf);

      // A second restore into the same place is refused: nothing is overwritten.
      const again = await runScript("restore", [folder], { DATA_DIR: restoredDir, DATABASE_URL: restoredDatabaseUrl });
      expect(again.code).toBe(1);
      expect(again.output).toContain("is niet leeg");
    } finally {
      stopLoad();
      await load.catch(() => {});
    }
  }, 90_000);
});
