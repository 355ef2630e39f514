import { sql } from "kysely";
import { data } from "react-router";
import { requireAccess } from "../auth/account.server";
import type { AppSession } from "../auth/session.server";
import { sanitizeRichText } from "../content/rich-text.server";
import { containsInsensitive, getDb, isUniqueViolation, type DB, type Tx } from "../lib/db.server";
import { checkUpload, deleteFile, DOWNLOAD_TYPES, IMAGE_TYPES, storeFile, UPLOAD_TOO_LARGE } from "../lib/files.server";
import { readForm } from "../lib/form-body.server";
import { PAGE_SIZE, readListParams } from "../lib/list";
import { parseWithZod } from "../lib/parse-form";
import { paginate } from "../lib/paging.server";
import { messages } from "../lib/validation";
import { ITEM_GONE, redirectWithNotification } from "../shell/flash.server";
import {
  catalogueAt,
  catalogueByKey,
  catalogueSchema,
  editPath,
  listPath,
  uploadNames,
  type CatalogueDefinition,
  type CatalogueField,
  type CatalogueFormValues,
  type CatalogueValues,
  type StoredFile,
} from "./definitions";

/** A catalogue entry as the list and the form show it: its id, name, fields by name, and its files. */
export interface CatalogueRow {
  id: number;
  name: string;
  values: Record<string, string | number | boolean>;
  /** The stored files of its image, file and files fields, by field name (in order). */
  files: Record<string, StoredFile[]>;
}

/** The choices of a catalogue's reference fields (another catalogue's entries), by field name. */
export type CatalogueChoices = Record<string, { value: string; label: string }[]>;

/** The catalogue of the request's URL; a path that names none is not found. */
export function catalogueOf(request: Request): CatalogueDefinition {
  const catalogue = catalogueAt(new URL(request.url).pathname);
  if (!catalogue) throw data(null, { status: 404 });
  return catalogue;
}

/** The admin's access to the catalogue of the request (every catalogue is admin-only, part 2 §6). */
export async function requireCatalogue(request: Request) {
  const catalogue = catalogueOf(request);
  const access = await requireAccess(request, "admin");
  return { catalogue, ...access };
}

// The catalogue tables differ in their columns; the queries below name them from the definition.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one query builder over the catalogue tables
type AnyTable = any;
const table = (catalogue: CatalogueDefinition, db: DB | Tx = getDb()) => db.selectFrom(catalogue.table as AnyTable);

/** Fields kept in a column of the catalogue's own table (a document's files live in their own). */
const columnFields = (catalogue: CatalogueDefinition) => catalogue.fields.filter((f) => f.kind !== "files");
const fileFields = (catalogue: CatalogueDefinition) =>
  catalogue.fields.filter((f) => f.kind === "image" || f.kind === "file" || f.kind === "files");
const columnsOf = (catalogue: CatalogueDefinition) => ["id", ...columnFields(catalogue).map((f) => f.column)];

async function storedFiles(ids: number[]): Promise<Map<number, StoredFile>> {
  if (ids.length === 0) return new Map();
  const rows = await getDb().selectFrom("files").select(["id", "original_name", "modified", "size"]).where("id", "in", ids).execute();
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.original_name, modified: r.modified, size: r.size }]));
}

/** Rows of the table as entries, with the files their fields point at (two queries for any number). */
async function toRows(catalogue: CatalogueDefinition, records: Record<string, unknown>[]): Promise<CatalogueRow[]> {
  const single = fileFields(catalogue).filter((f) => f.kind !== "files");
  const many = fileFields(catalogue).find((f) => f.kind === "files");
  const documentFiles =
    many && records.length
      ? await getDb()
          .selectFrom("document_files")
          .select(["document_id", "file_id"])
          .where(
            "document_id",
            "in",
            records.map((r) => Number(r.id)),
          )
          .orderBy("sequence")
          .orderBy("id")
          .execute()
      : [];
  const fileIds = [
    ...records.flatMap((r) => single.map((f) => r[f.column]).filter((v): v is number => typeof v === "number")),
    ...documentFiles.map((d) => d.file_id),
  ];
  const files = await storedFiles(fileIds);
  return records.map((record) => {
    const values: CatalogueRow["values"] = {};
    const rowFiles: CatalogueRow["files"] = {};
    for (const field of catalogue.fields) {
      if (field.kind === "files") {
        rowFiles[field.name] = documentFiles
          .filter((d) => d.document_id === Number(record.id))
          .flatMap((d) => files.get(d.file_id) ?? []);
      } else if (field.kind === "image" || field.kind === "file") {
        const file = typeof record[field.column] === "number" ? files.get(record[field.column] as number) : undefined;
        rowFiles[field.name] = file ? [file] : [];
      } else {
        const value = record[field.column];
        values[field.name] = field.kind === "checkbox" ? Boolean(value) : (value as string | number);
      }
    }
    return { id: Number(record.id), name: String(record.name ?? ""), values, files: rowFiles };
  });
}

/** The list: 10 per page, found by name, in the admin's order (per category where there is one). */
export async function catalogueListPage(catalogue: CatalogueDefinition, url: URL) {
  const params = readListParams(url, ["volgorde"], "volgorde");
  let query = table(catalogue).select(columnsOf(catalogue));
  if (params.search) query = query.where(containsInsensitive("name", params.search));
  if (catalogue.categoryField) query = query.orderBy(categoryOrder(catalogue, catalogue.categoryField));
  query = catalogue.ordered ? query.orderBy("sequence").orderBy("id") : query.orderBy("name").orderBy("id");
  const page = await paginate(query, params.page, PAGE_SIZE);
  return {
    ...page,
    rows: await toRows(catalogue, page.rows as Record<string, unknown>[]),
    choices: await catalogueChoices(catalogue),
    params: { ...params, page: page.page },
  };
}

/** The categories in their own order: the spec's (Algemeen, Les Mills, …) or the admin's (a reference). */
function categoryOrder(catalogue: CatalogueDefinition, name: string) {
  const field = catalogue.fields.find((f) => f.name === name);
  if (field?.kind === "reference") {
    const other = catalogueByKey(field.catalogue);
    return sql`(select c.sequence from ${sql.table(other.table)} c where c.id = ${sql.ref(field.column)})`;
  }
  if (field?.kind !== "select") throw new Error(`${catalogue.key}: ${name} is geen keuzelijst`);
  // Literals: the values are the definition's own, and PostgreSQL cannot type bare parameters here.
  const cases = field.options.map((o, index) => sql`when ${sql.lit(o.value)} then ${sql.lit(index)}`);
  return sql`case ${sql.ref(field.column)} ${sql.join(cases, sql` `)} else ${sql.lit(field.options.length)} end`;
}

/** The choices of every reference field: the other catalogue's entries by id, in its order. */
export async function catalogueChoices(catalogue: CatalogueDefinition): Promise<CatalogueChoices> {
  const choices: CatalogueChoices = {};
  for (const field of catalogue.fields) {
    if (field.kind !== "reference") continue;
    const other = catalogueByKey(field.catalogue);
    const rows = await table(other).select(["id", "name"]).orderBy(other.ordered ? "sequence" : "name").orderBy("id").execute();
    choices[field.name] = (rows as { id: number; name: string }[]).map((r) => ({ value: String(r.id), label: r.name }));
  }
  return choices;
}

export async function findEntry(catalogue: CatalogueDefinition, id: number): Promise<CatalogueRow | undefined> {
  const record = await table(catalogue).select(columnsOf(catalogue)).where("id", "=", id).executeTakeFirst();
  return record ? (await toRows(catalogue, [record as Record<string, unknown>]))[0] : undefined;
}

/** The entry of the URL's id, or 'Dit item bestaat niet (meer).' (a 404 page). */
export async function requireEntry(catalogue: CatalogueDefinition, param: string | undefined): Promise<CatalogueRow> {
  const entry = /^\d{1,9}$/.test(param ?? "") ? await findEntry(catalogue, Number(param)) : undefined;
  if (!entry) throw data(null, { status: 404 });
  return entry;
}

/** The form's values of an entry (an empty form for a new one). */
export function formValues(catalogue: CatalogueDefinition, entry?: CatalogueRow): CatalogueFormValues {
  const values: CatalogueFormValues = {};
  for (const field of catalogue.fields) {
    const value = entry?.values[field.name];
    if (field.kind === "files") values[field.name] = (entry?.files[field.name] ?? []).map((f) => String(f.id));
    else if (field.kind === "image" || field.kind === "file") continue;
    else if (field.kind === "checkbox") values[field.name] = value ? "on" : undefined;
    else values[field.name] = value === undefined || value === null ? "" : String(value);
  }
  return values;
}

/** The columns of the table as the checked form gives them (files are set apart, see saveEntry). */
function columnsFrom(catalogue: CatalogueDefinition, values: CatalogueValues, mode: "add" | "edit") {
  const row: Record<string, string | number> = {};
  for (const field of columnFields(catalogue)) {
    const value = values[field.name];
    if (field.kind === "image" || field.kind === "file") continue;
    if (field.kind === "ref" && mode === "edit") continue;
    if (field.kind === "checkbox") row[field.column] = value ? 1 : 0;
    else if (field.kind === "reference") row[field.column] = Number(value);
    else if (field.kind === "richText") row[field.column] = sanitizeRichText(String(value ?? ""));
    else row[field.column] = value === undefined ? "" : (value as string | number);
  }
  return row;
}

/** An upload that passed its checks, for a field of the form. */
interface Upload {
  bytes: Buffer;
  mime: string;
  name: string;
}

/** What a save changes besides the columns: new files, and stored ones kept (in order) or removed. */
interface FileChanges {
  /** image and file fields: a new file, or null to remove the stored one. */
  single: Map<CatalogueField, Upload | null>;
  /** files fields: the stored ids kept in order, and the new files to add after them. */
  many: Map<CatalogueField, { kept: number[]; added: Upload[] }>;
}

/**
 * Saves the entry in one transaction: its columns, then the files it gains (owned by the entry).
 * Files it loses are deleted once that is committed. Returns the id, or undefined when the edited
 * entry is gone.
 */
async function saveEntry(
  catalogue: CatalogueDefinition,
  entry: CatalogueRow | undefined,
  values: CatalogueValues,
  changes: FileChanges,
): Promise<number | undefined> {
  const dropped: number[] = [];
  const id = await getDb()
    .transaction()
    .execute(async (tx) => {
      let id: number;
      const columns = columnsFrom(catalogue, values, entry ? "edit" : "add");
      if (entry) {
        const result = await tx.updateTable(catalogue.table as AnyTable).set(columns).where("id", "=", entry.id).executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return undefined;
        id = entry.id;
      } else {
        const sequence = catalogue.ordered ? { sequence: await nextSequence(tx, catalogue) } : {};
        const inserted = await tx
          .insertInto(catalogue.table as AnyTable)
          .values({ ...columns, ...sequence })
          .returning("id")
          .executeTakeFirstOrThrow();
        id = Number(inserted.id);
      }
      const purpose = catalogue.key === "asset" ? "asset" : "catalogue_image";
      for (const [field, upload] of changes.single) {
        const fileId = upload ? await storeFile(tx, upload.bytes, upload.mime, upload.name, { purpose, ownerId: id }) : null;
        await tx.updateTable(catalogue.table as AnyTable).set({ [field.column]: fileId }).where("id", "=", id).execute();
        dropped.push(...(entry?.files[field.name] ?? []).map((f) => f.id));
      }
      for (const [field, { kept, added }] of changes.many) {
        const stored = (entry?.files[field.name] ?? []).map((f) => f.id);
        dropped.push(...stored.filter((fileId) => !kept.includes(fileId)));
        await tx.deleteFrom("document_files").where("document_id", "=", id).execute();
        const newIds: number[] = [];
        for (const upload of added) {
          newIds.push(await storeFile(tx, upload.bytes, upload.mime, upload.name, { purpose: "document_file", ownerId: id }));
        }
        const order = [...kept, ...newIds];
        if (order.length) {
          await tx
            .insertInto("document_files")
            .values(order.map((fileId, index) => ({ document_id: id, file_id: fileId, sequence: index + 1 })))
            .execute();
        }
      }
      return id;
    });
  for (const fileId of dropped) await deleteFile(getDb(), fileId);
  return id;
}

/** A new entry goes last (in its category, where there is one: the order is per category). */
async function nextSequence(tx: Tx, catalogue: CatalogueDefinition): Promise<number> {
  const last = await tx
    .selectFrom(catalogue.table as AnyTable)
    .select(sql<number>`coalesce(max(sequence), 0)`.as("n"))
    .executeTakeFirst();
  return Number((last as { n?: number } | undefined)?.n ?? 0) + 1;
}

/**
 * Deletes an entry with the files it owns. A download category that still has downloads is not
 * deleted: the answer says why.
 */
export async function deleteEntry(catalogue: CatalogueDefinition, id: number): Promise<boolean | { refused: string }> {
  const entry = await findEntry(catalogue, id);
  if (!entry) return false;
  if (catalogue.key === "document_cat") {
    const used = await getDb().selectFrom("documents").select("id").where("document_category_id", "=", id).executeTakeFirst();
    if (used) return { refused: "Deze categorie heeft nog downloads. Verwijder of verplaats die eerst." };
  }
  const deleted = await getDb()
    .transaction()
    .execute(async (tx) => {
      const result = await tx.deleteFrom(catalogue.table as AnyTable).where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    });
  if (deleted) {
    for (const file of Object.values(entry.files).flat()) await deleteFile(getDb(), file.id);
  }
  return deleted;
}

const REF_TAKEN = "Deze referentie bestaat al.";

/** A move of a stored file without saving (the form's 'Omhoog'/'Omlaag' buttons): "move:<id>:up". */
function applyMove(form: FormData, catalogue: CatalogueDefinition): boolean {
  const move = /^move:(\d{1,9}):(up|down)$/.exec(String(form.get("intent") ?? ""));
  const field = catalogue.fields.find((f) => f.kind === "files");
  if (!move || !field) return false;
  const ids = form.getAll(field.name).map(String);
  const from = ids.indexOf(move[1]);
  const to = from + (move[2] === "up" ? -1 : 1);
  if (from >= 0 && to >= 0 && to < ids.length) [ids[from], ids[to]] = [ids[to], ids[from]];
  form.delete(field.name);
  for (const id of ids) form.append(field.name, id);
  return true;
}

/**
 * Opslaan on the add or edit page: the entry's fields as its definition checks them, uploads by
 * their content. After a save the form opens again (on the entry's edit page), at the top, with the
 * notification. A form with errors comes back with everything typed (files must be chosen again).
 */
export async function saveEntryAction(request: Request, session: AppSession, catalogue: CatalogueDefinition, entry: CatalogueRow | undefined) {
  // A file over the limit is skipped as it arrives, and refused beside its field with the rest kept.
  const form = await readForm(request);
  if (!form) {
    const upload = uploadNames(catalogue)[0] ?? "";
    return data({ result: { status: "error" as const, error: { [upload]: [UPLOAD_TOO_LARGE] } } }, { status: 413 });
  }
  const mode = entry ? "edit" : "add";
  // Files are not sent back to the page: they are taken out and checked apart.
  const posted = new Map(uploadNames(catalogue).map((name) => [name, form.getAll(name).filter((f): f is File => f instanceof File && f.size > 0)]));
  for (const name of posted.keys()) form.delete(name);
  const moved = applyMove(form, catalogue);
  const submission = parseWithZod(form, { schema: catalogueSchema(catalogue, mode) });
  if (moved) return data({ result: submission.reply() });

  const fieldErrors: Record<string, string[]> = {};
  const changes: FileChanges = { single: new Map(), many: new Map() };
  const values = (submission.status === "success" ? submission.value : {}) as CatalogueValues;
  for (const field of catalogue.fields) {
    if (field.kind === "image" || field.kind === "file") {
      const file = posted.get(field.name)?.[0];
      const upload = file ? await checkedUpload(file, field.kind === "image" ? IMAGE_TYPES : DOWNLOAD_TYPES) : undefined;
      if (typeof upload === "string") fieldErrors[field.name] = [upload];
      else if (upload) changes.single.set(field, upload);
      else if (form.get(`${field.name}Remove`) === "on" && entry?.files[field.name]?.length) changes.single.set(field, null);
    } else if (field.kind === "files") {
      const added: Upload[] = [];
      for (const file of posted.get(`${field.name}New`) ?? []) {
        const upload = await checkedUpload(file, DOWNLOAD_TYPES);
        if (typeof upload === "string") fieldErrors[`${field.name}New`] = [`${file.name}: ${upload}`];
        else added.push(upload);
      }
      changes.many.set(field, { kept: keptFiles(form, field, entry), added });
    } else if (field.kind === "reference") {
      // Checked also when other fields fail, so every error shows at once.
      const id = String(form.get(field.name) ?? "");
      const other = catalogueByKey(field.catalogue);
      const exists = /^\d{1,9}$/.test(id) && (await table(other).select("id").where("id", "=", Number(id)).executeTakeFirst());
      if (/^\d{1,9}$/.test(id) && !exists) fieldErrors[field.name] = [messages.pickFromList];
    }
  }
  if (submission.status !== "success" || Object.keys(fieldErrors).length) {
    return data({ result: submission.reply({ fieldErrors }) }, { status: 400 });
  }
  let id: number | undefined;
  try {
    id = await saveEntry(catalogue, entry, values, changes);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return data({ result: submission.reply({ fieldErrors: { ref: [REF_TAKEN] } }) }, { status: 409 });
  }
  if (id === undefined) return redirectWithNotification(session, listPath(catalogue), ITEM_GONE);
  return redirectWithNotification(session, editPath(catalogue, id), { type: "success", header: catalogue.saved });
}

async function checkedUpload(file: File, allowed: readonly string[]): Promise<Upload | string> {
  const check = await checkUpload(file, allowed);
  return check.ok ? { bytes: check.bytes, mime: check.mime, name: file.name } : check.message;
}

/**
 * The stored files an entry keeps, in the order the form posted them. Ids that are not the
 * entry's own are ignored; stored files the post leaves out stay, after the others: only a ticked
 * 'Verwijderen' removes one.
 */
function keptFiles(form: FormData, field: CatalogueField, entry: CatalogueRow | undefined): number[] {
  const stored = (entry?.files[field.name] ?? []).map((f) => f.id);
  const removed = new Set(form.getAll(`${field.name}Remove`).map(Number));
  const posted = [...new Set(form.getAll(field.name).map(Number))].filter((id) => stored.includes(id));
  const kept = [...posted, ...stored.filter((id) => !posted.includes(id))];
  return kept.filter((id) => !removed.has(id));
}
