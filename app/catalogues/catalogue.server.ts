import { sql } from "kysely";
import { data } from "react-router";
import { requireAccess } from "../auth/account.server";
import type { AppSession } from "../auth/session.server";
import { containsInsensitive, getDb } from "../lib/db.server";
import { PAGE_SIZE, readListParams } from "../lib/list";
import { parseWithZod } from "../lib/parse-form";
import { paginate } from "../lib/paging.server";
import { ITEM_GONE, redirectWithNotification } from "../shell/flash.server";
import {
  catalogueAt,
  catalogueSchema,
  editPath,
  listPath,
  type CatalogueDefinition,
  type CatalogueFormValues,
  type CatalogueValues,
} from "./definitions";

/** A catalogue entry as the list and the form show it: its id, name and fields by name. */
export interface CatalogueRow {
  id: number;
  name: string;
  values: Record<string, string | number | boolean>;
}

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
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one query builder over the seven catalogue tables
const table = (catalogue: CatalogueDefinition) => getDb().selectFrom(catalogue.table as any);

function toRow(catalogue: CatalogueDefinition, record: Record<string, unknown>): CatalogueRow {
  const values: CatalogueRow["values"] = {};
  for (const field of catalogue.fields) {
    const value = record[field.column];
    values[field.name] = field.kind === "checkbox" ? Boolean(value) : (value as string | number);
  }
  return { id: Number(record.id), name: String(record.name), values };
}

const columnsOf = (catalogue: CatalogueDefinition) => ["id", ...catalogue.fields.map((f) => f.column)];

/** The list: 10 per page, found by name, in the admin's order (per category where there is one). */
export async function catalogueListPage(catalogue: CatalogueDefinition, url: URL) {
  const params = readListParams(url, ["volgorde"], "volgorde");
  let query = table(catalogue).select(columnsOf(catalogue));
  if (params.search) query = query.where(containsInsensitive("name", params.search));
  if (catalogue.categoryField) query = query.orderBy(categoryOrder(catalogue, catalogue.categoryField));
  query = query.orderBy("sequence").orderBy("id");
  const page = await paginate(query, params.page, PAGE_SIZE);
  return {
    ...page,
    rows: page.rows.map((r) => toRow(catalogue, r as Record<string, unknown>)),
    params: { ...params, page: page.page },
  };
}

/** The categories in the spec's order (Algemeen, Les Mills, ClubJoy, …), not the alphabet's. */
function categoryOrder(catalogue: CatalogueDefinition, name: string) {
  const field = catalogue.fields.find((f) => f.name === name);
  if (field?.kind !== "select") throw new Error(`${catalogue.key}: ${name} is geen keuzelijst`);
  // Literals: the values are the definition's own, and PostgreSQL cannot type bare parameters here.
  const cases = field.options.map((o, index) => sql`when ${sql.lit(o.value)} then ${sql.lit(index)}`);
  return sql`case ${sql.ref(field.column)} ${sql.join(cases, sql` `)} else ${sql.lit(field.options.length)} end`;
}

export async function findEntry(catalogue: CatalogueDefinition, id: number): Promise<CatalogueRow | undefined> {
  const record = await table(catalogue).select(columnsOf(catalogue)).where("id", "=", id).executeTakeFirst();
  return record ? toRow(catalogue, record as Record<string, unknown>) : undefined;
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
    if (field.kind === "checkbox") values[field.name] = value ? "on" : undefined;
    else values[field.name] = value === undefined || value === null ? "" : String(value);
  }
  return values;
}

function columnsFrom(catalogue: CatalogueDefinition, values: CatalogueValues) {
  const row: Record<string, string | number> = {};
  for (const field of catalogue.fields) {
    const value = values[field.name];
    row[field.column] = field.kind === "checkbox" ? (value ? 1 : 0) : value === undefined ? "" : (value as string | number);
  }
  return row;
}

/** A new entry goes last (in its category, where there is one). */
async function createEntry(catalogue: CatalogueDefinition, values: CatalogueValues): Promise<number> {
  return getDb()
    .transaction()
    .execute(async (tx) => {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see table()
      const last = await tx.selectFrom(catalogue.table as any).select(sql<number>`coalesce(max(sequence), 0)`.as("n")).executeTakeFirst();
      const inserted = await tx
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see table()
        .insertInto(catalogue.table as any)
        .values({ ...columnsFrom(catalogue, values), sequence: Number(last?.n ?? 0) + 1 })
        .returning("id")
        .executeTakeFirstOrThrow();
      return Number(inserted.id);
    });
}

async function updateEntry(catalogue: CatalogueDefinition, id: number, values: CatalogueValues): Promise<boolean> {
  const result = await getDb()
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see table()
    .updateTable(catalogue.table as any)
    .set(columnsFrom(catalogue, values))
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteEntry(catalogue: CatalogueDefinition, id: number): Promise<boolean> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see table()
  const result = await getDb().deleteFrom(catalogue.table as any).where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Opslaan on the add or edit page: the entry's fields as its definition checks them. After a save
 * the form opens again (on the entry's edit page), at the top, with the notification.
 */
export async function saveEntryAction(
  request: Request,
  session: AppSession,
  catalogue: CatalogueDefinition,
  entry: CatalogueRow | undefined,
) {
  const submission = parseWithZod(await request.formData(), { schema: catalogueSchema(catalogue) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const values = submission.value as CatalogueValues;
  let id: number;
  if (entry) {
    if (!(await updateEntry(catalogue, entry.id, values))) {
      return redirectWithNotification(session, listPath(catalogue), ITEM_GONE);
    }
    id = entry.id;
  } else {
    id = await createEntry(catalogue, values);
  }
  return redirectWithNotification(session, editPath(catalogue, id), { type: "success", header: catalogue.saved });
}
