import type { Account } from "../auth/account";
import { can } from "../auth/policy";
import { getDb } from "../lib/db.server";
import { sanitizeRichText } from "./rich-text.server";

export interface DownloadFile {
  id: number;
  name: string;
  mime: string;
  size: number;
}

export interface DownloadDocument {
  id: number;
  name: string;
  /** Sanitised rich text, safe to put into the page as it is. */
  description: string;
  files: DownloadFile[];
}

export interface DownloadCategory {
  id: number;
  name: string;
  documents: DownloadDocument[];
}

/** Whether `account` may see the documents of a category (part 2 §6): members-only ones not for associate members. */
function mayOpenCategory(account: Account, allowNonMembers: number): boolean {
  return can(account, "downloads") && (!!allowNonMembers || can(account, "downloads:members-only"));
}

/**
 * The downloads page (part 2 §2.5): the categories `account` may see, in their order, each with its
 * documents and their files in order. Categories without documents are left out.
 */
export async function visibleDocuments(account: Account): Promise<DownloadCategory[]> {
  if (!can(account, "downloads")) return [];
  const db = getDb();
  let categoryQuery = db.selectFrom("document_categories").select(["id", "name"]).orderBy("sequence").orderBy("id");
  if (!can(account, "downloads:members-only")) categoryQuery = categoryQuery.where("allow_non_members", "=", 1);
  const categories = await categoryQuery.execute();
  if (categories.length === 0) return [];

  const documents = await db
    .selectFrom("documents")
    .select(["id", "document_category_id", "name", "description"])
    .where(
      "document_category_id",
      "in",
      categories.map((c) => c.id),
    )
    .orderBy("sequence")
    .orderBy("id")
    .execute();
  const files =
    documents.length === 0
      ? []
      : await db
          .selectFrom("document_files")
          .innerJoin("files", "files.id", "document_files.file_id")
          .select(["document_files.document_id", "files.id", "files.original_name", "files.mime", "files.size"])
          .where(
            "document_files.document_id",
            "in",
            documents.map((d) => d.id),
          )
          .where("files.purpose", "=", "document_file")
          .orderBy("document_files.sequence")
          .orderBy("document_files.id")
          .execute();

  const filesOf = new Map<number, DownloadFile[]>();
  for (const f of files) {
    const list = filesOf.get(f.document_id) ?? [];
    list.push({ id: f.id, name: f.original_name, mime: f.mime, size: f.size });
    filesOf.set(f.document_id, list);
  }
  const documentsOf = new Map<number, DownloadDocument[]>();
  for (const d of documents) {
    const list = documentsOf.get(d.document_category_id) ?? [];
    list.push({ id: d.id, name: d.name, description: sanitizeRichText(d.description), files: filesOf.get(d.id) ?? [] });
    documentsOf.set(d.document_category_id, list);
  }
  return categories
    .map((c) => ({ id: c.id, name: c.name, documents: documentsOf.get(c.id) ?? [] }))
    .filter((c) => c.documents.length > 0);
}

/**
 * The stored file `fileId` of document `documentId` if `account` may download it: the file belongs
 * to that document and the document's category is one the account sees on the downloads page.
 * Undefined otherwise, so that a refusal looks the same as a file that does not exist.
 */
export async function downloadableFile(account: Account, documentId: number, fileId: number) {
  if (!can(account, "downloads")) return undefined;
  const row = await getDb()
    .selectFrom("document_files")
    .innerJoin("documents", "documents.id", "document_files.document_id")
    .innerJoin("document_categories", "document_categories.id", "documents.document_category_id")
    .innerJoin("files", "files.id", "document_files.file_id")
    .select([
      "document_categories.allow_non_members",
      "files.storage_name",
      "files.original_name",
      "files.mime",
      "files.size",
    ])
    .where("document_files.document_id", "=", documentId)
    .where("document_files.file_id", "=", fileId)
    .where("files.purpose", "=", "document_file")
    .executeTakeFirst();
  if (!row || !mayOpenCategory(account, row.allow_non_members)) return undefined;
  return { storageName: row.storage_name, name: row.original_name, mime: row.mime, size: row.size };
}
