import { sql } from "kysely";
import { data } from "react-router";
import type { AppSession } from "../auth/session.server";
import { getDb, type DB, type Tx } from "../lib/db.server";
import { idParam, safeNext } from "../lib/request.server";
import { ITEM_GONE, redirectWithNotification } from "../shell/flash.server";
import { catalogueChoices, requireCatalogue } from "./catalogue.server";
import { listPath, type CatalogueDefinition } from "./definitions";
import {
  CATEGORY_PARAM,
  orderKey,
  REORDER_TEXTS,
  stepAnchor,
  stepped,
  type Direction,
  type ReorderAnswer,
  type ReorderItem,
  type ReorderScope,
  type ReorderView,
} from "./reorder";
import { readFields } from "../lib/form-body.server";

/**
 * The admin's order of a catalogue (its `sequence` column): the reorder page's loader and action,
 * and the one-step moves of the specialisations' list. The order applies within a category where
 * the catalogue has categories (its `categoryField`); each save renumbers that scope 1…n in one
 * transaction, after checking that the scope still holds what the form was made from.
 */

/** More ids than any catalogue holds: a post with more is refused before anything is read. */
const MAX_ITEMS = 5000;

/** The categories of a catalogue in their order; none for a catalogue without categories. */
export async function reorderScopes(catalogue: CatalogueDefinition): Promise<ReorderScope[]> {
  const field = categoryFieldOf(catalogue);
  if (!field) return [];
  if (field.kind === "select") return field.options.map(({ value, label }) => ({ value, label }));
  // The entries of another catalogue (the documents' categories), in that catalogue's order.
  if (field.kind === "reference") return (await catalogueChoices(catalogue))[field.name] ?? [];
  throw new Error(`${catalogue.key}: geen categorieën voor een veld van soort ${field.kind}`);
}

function categoryFieldOf(catalogue: CatalogueDefinition) {
  if (!catalogue.categoryField) return undefined;
  const field = catalogue.fields.find((f) => f.name === catalogue.categoryField);
  if (!field) throw new Error(`${catalogue.key}: geen veld ${catalogue.categoryField}`);
  return field;
}

/** Which rows a scope holds: the whole table, or the rows of one category. */
interface ScopeFilter {
  column: string | null;
  value: string | number | null;
}

function filterOf(catalogue: CatalogueDefinition, scope: string | null): ScopeFilter {
  const field = categoryFieldOf(catalogue);
  if (!field || scope === null) return { column: null, value: null };
  // A reference holds the other entry's id: compared as a number.
  return { column: field.column, value: field.kind === "reference" ? Number(scope) : scope };
}

// The catalogue tables differ in their columns; the queries below name them from the definition.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one query builder over the catalogue tables
type AnyDb = any;

/** The scope's entries in the admin's order (then by id, as the list shows them). */
async function scopeRows(db: DB | Tx, catalogue: CatalogueDefinition, filter: ScopeFilter) {
  let query = (db as AnyDb).selectFrom(catalogue.table).select(["id", "name", "sequence"]);
  if (filter.column) query = query.where(filter.column, "=", filter.value);
  const rows: { id: number; name: string; sequence: number }[] = await query.orderBy("sequence").orderBy("id").execute();
  return rows.map((r) => ({ id: Number(r.id), name: String(r.name), sequence: Number(r.sequence) }));
}

/**
 * Locks the scope's rows for the rest of the transaction (a write that changes nothing): on
 * PostgreSQL a second save of the same scope waits here until the first is committed, and then
 * reads what the first wrote; SQLite's transactions already take the write lock as they begin.
 */
async function lockScope(tx: Tx, catalogue: CatalogueDefinition, filter: ScopeFilter) {
  let query = (tx as AnyDb).updateTable(catalogue.table).set({ sequence: sql`sequence` });
  if (filter.column) query = query.where(filter.column, "=", filter.value);
  await query.execute();
}

/** Gives the entries of `order` the sequence 1…n, writing only those that change. */
async function renumber(tx: Tx, catalogue: CatalogueDefinition, filter: ScopeFilter, order: readonly number[], stored: Map<number, number>) {
  for (const [index, id] of order.entries()) {
    if (stored.get(id) === index + 1) continue;
    let query = (tx as AnyDb).updateTable(catalogue.table).set({ sequence: index + 1 }).where("id", "=", id);
    if (filter.column) query = query.where(filter.column, "=", filter.value);
    await query.execute();
  }
}

/** Ids as a form posts them: whole numbers, at most MAX_ITEMS; null when anything else arrives. */
export function parseIds(values: readonly unknown[]): number[] | null {
  if (values.length > MAX_ITEMS) return null;
  const ids: number[] = [];
  for (const value of values) {
    if (typeof value !== "string" || !/^[1-9]\d{0,8}$/.test(value)) return null;
    ids.push(Number(value));
  }
  return ids;
}

/** The order as loaded ("3,1,2"); null when it is not one. */
export function parseLoaded(value: unknown): number[] | null {
  if (typeof value !== "string" || value.length > MAX_ITEMS * 10) return null;
  return value === "" ? [] : parseIds(value.split(","));
}

const sameList = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/** Whether `ids` are exactly the scope's ids, each once, in any order. */
function isPermutation(ids: readonly number[], current: readonly number[]) {
  if (ids.length !== current.length) return false;
  const wanted = new Set(current);
  const seen = new Set<number>();
  for (const id of ids) {
    if (!wanted.has(id) || seen.has(id)) return false;
    seen.add(id);
  }
  return true;
}

export type OrderCheck = "ok" | "stale" | "invalid";

/**
 * A posted order against what the scope holds now: stale when the scope is no longer what the form
 * was made from (entries added, removed or reordered meanwhile), invalid when the posted ids are not
 * exactly the scope's entries (missing, extra, twice, of another category, not ids at all).
 */
export function checkOrder(current: readonly number[], loaded: readonly number[] | null, items: readonly number[] | null): OrderCheck {
  if (loaded === null || items === null) return "invalid";
  if (!sameList(loaded, current)) return "stale";
  return isPermutation(items, current) ? "ok" : "invalid";
}

/** One scope's entries in order, as the reorder page and dialog show them. */
export async function scopeItems(catalogue: CatalogueDefinition, scope: string | null): Promise<ReorderItem[]> {
  return (await scopeRows(getDb(), catalogue, filterOf(catalogue, scope))).map(({ id, name }) => ({ id, name }));
}

/**
 * Saves the order of one scope in one transaction, when the scope still holds what the form was made
 * from and `items` are exactly its entries. Answers with the check and the order stored afterwards.
 */
export async function saveOrder(
  catalogue: CatalogueDefinition,
  scope: string | null,
  loaded: readonly number[] | null,
  items: readonly number[] | null,
): Promise<{ check: OrderCheck; items: ReorderItem[] }> {
  const filter = filterOf(catalogue, scope);
  return getDb()
    .transaction()
    .execute(async (tx) => {
      await lockScope(tx, catalogue, filter);
      const rows = await scopeRows(tx, catalogue, filter);
      const check = checkOrder(
        rows.map((r) => r.id),
        loaded,
        items,
      );
      if (check !== "ok" || !items) return { check, items: rows.map(({ id, name }) => ({ id, name })) };
      await renumber(tx, catalogue, filter, items, new Map(rows.map((r) => [r.id, r.sequence])));
      const names = new Map(rows.map((r) => [r.id, r.name]));
      return { check, items: items.map((id) => ({ id, name: names.get(id)! })) };
    });
}

export type StepOutcome = "moved" | "first" | "last" | "missing";

/** Moves one entry a step up or down within its scope (its category, where there is one). */
export async function moveStep(catalogue: CatalogueDefinition, id: number, direction: Direction): Promise<StepOutcome> {
  const field = categoryFieldOf(catalogue);
  return getDb()
    .transaction()
    .execute(async (tx) => {
      const entry = await (tx as AnyDb)
        .selectFrom(catalogue.table)
        .select(field ? ["id", `${field.column} as scope`] : ["id"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!entry) return "missing";
      const filter = filterOf(catalogue, field ? String(entry.scope) : null);
      await lockScope(tx, catalogue, filter);
      const rows = await scopeRows(tx, catalogue, filter);
      const index = rows.findIndex((r) => r.id === id);
      if (index < 0) return "missing";
      if (direction === "up" && index === 0) return "first";
      if (direction === "down" && index === rows.length - 1) return "last";
      const order = stepped(
        rows.map((r) => r.id),
        index,
        direction,
      );
      await renumber(tx, catalogue, filter, order, new Map(rows.map((r) => [r.id, r.sequence])));
      return "moved";
    });
}

/** The list view to return to: a path of this catalogue's list (with its search and page), or the list. */
export function listBack(catalogue: CatalogueDefinition, value: unknown): string {
  const list = listPath(catalogue);
  if (typeof value !== "string") return list;
  const path = safeNext(value);
  return path.split(/[?#]/)[0] === list ? path : list;
}

/** The scopes of the catalogue and the one the URL names (the first by default); an unknown one is not found. */
async function scopeOfRequest(catalogue: CatalogueDefinition, url: URL) {
  const scopes = await reorderScopes(catalogue);
  if (!scopes.length) return { scopes, scope: null };
  const wanted = url.searchParams.get(CATEGORY_PARAM);
  const scope = wanted ? scopes.find((s) => s.value === wanted) : scopes[0];
  if (!scope) throw data(null, { status: 404 });
  return { scopes, scope: scope.value };
}

/** The reorder page (and the list's dialog): one scope's entries in their stored order. */
export async function reorderLoader(request: Request): Promise<ReorderView> {
  const { catalogue } = await requireCatalogue(request);
  const url = new URL(request.url);
  const { scopes, scope } = await scopeOfRequest(catalogue, url);
  const items = await scopeItems(catalogue, scope);
  return { key: catalogue.key, scopes, scope, items, loaded: orderKey(items), back: listBack(catalogue, url.searchParams.get("terug")) };
}

/** A step button's value: "up:12" or "down:12". */
function parseStep(value: FormDataEntryValue | null): { id: number; direction: Direction } | null {
  const match = typeof value === "string" ? /^(up|down):([1-9]\d{0,8})$/.exec(value) : null;
  return match ? { direction: match[1] as Direction, id: Number(match[2]) } : null;
}

/**
 * The reorder form: 'Omhoog'/'Omlaag' answer with the page in the new order (not yet saved);
 * 'Opslaan' saves and returns to the list. A scope that changed meanwhile, or a post whose ids are
 * not the scope's, is refused with the order as it is stored now; nothing is written then.
 */
export async function reorderAction(request: Request) {
  const { catalogue, session } = await requireCatalogue(request);
  const url = new URL(request.url);
  const { scope } = await scopeOfRequest(catalogue, url);
  const form = await readFields(request);
  const loaded = parseLoaded(form.get("loaded"));
  const items = parseIds(form.getAll("item"));
  const step = form.get("move");

  if (step === null) {
    const saved = await saveOrder(catalogue, scope, loaded, items);
    if (saved.check === "ok") {
      return redirectWithNotification(session, listBack(catalogue, form.get("terug")), { type: "success", header: REORDER_TEXTS.saved });
    }
    return refusal(saved.check, saved.items);
  }

  const current = await scopeItems(catalogue, scope);
  const check = checkOrder(
    current.map((i) => i.id),
    loaded,
    items,
  );
  const move = parseStep(step);
  if (check !== "ok" || !items || !move) return refusal(check === "ok" ? "invalid" : check, current);
  const names = new Map(current.map((i) => [i.id, i.name]));
  const index = items.indexOf(move.id);
  if (index < 0) return refusal("invalid", current);
  const order = stepped(items, index, move.direction);
  return data<ReorderAnswer>({ items: order.map((id) => ({ id, name: names.get(id)! })), loaded: orderKey(current), moved: move });
}

function refusal(check: "stale" | "invalid", fresh: ReorderItem[]) {
  const stale = check === "stale";
  return data<ReorderAnswer>(
    { items: fresh, loaded: orderKey(fresh), message: stale ? REORDER_TEXTS.stale : REORDER_TEXTS.invalid },
    { status: stale ? 409 : 400 },
  );
}

/** An 'Omhoog' or 'Omlaag' button of a list row: one step, back to the same view of the list. */
export async function stepMoveAction(request: Request, params: { id?: string; direction?: string }) {
  const { catalogue, session } = await requireCatalogue(request);
  const id = idParam(params.id);
  if (params.direction !== "up" && params.direction !== "down") throw data(null, { status: 404 });
  const back = listBack(catalogue, (await readFields(request)).get("terug"));
  return stepResponse(session, back, await moveStep(catalogue, id, params.direction), stepAnchor(id, params.direction));
}

function stepResponse(session: AppSession, back: string, outcome: StepOutcome, anchor: string) {
  if (outcome === "missing") return redirectWithNotification(session, back, ITEM_GONE);
  const to = `${back}#${anchor}`;
  if (outcome === "moved") return redirectWithNotification(session, to, { type: "success", header: REORDER_TEXTS.saved });
  return redirectWithNotification(session, to, {
    type: "warning",
    header: outcome === "first" ? REORDER_TEXTS.alreadyFirst : REORDER_TEXTS.alreadyLast,
  });
}
