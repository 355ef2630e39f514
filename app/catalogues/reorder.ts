// Reordering a catalogue (part 2 §2.4 "List behaviour"): the paths, texts and shapes the reorder
// page, the list's dialog and the specialisations' up/down buttons share. Browser-safe.
import { listPath, type CatalogueDefinition, type CatalogueKey } from "./definitions";

/** One category of a catalogue whose order applies within a category. */
export interface ReorderScope {
  value: string;
  label: string;
}

/** An entry as the reorder page and dialog show it. */
export interface ReorderItem {
  id: number;
  name: string;
}

/** What the reorder page's loader gives (and the list's dialog loads): one scope's entries in order. */
export interface ReorderView {
  key: CatalogueKey;
  /** The categories, in the spec's order; empty for a catalogue without categories. */
  scopes: ReorderScope[];
  /** The category shown, or null for a catalogue without categories. */
  scope: string | null;
  items: ReorderItem[];
  /** The order as it was stored when the page was made ("3,1,2"), to notice changes made meanwhile. */
  loaded: string;
  /** The list view to return to (its search and page). */
  back: string;
}

/** What an up/down step or a refused save answers with: the order to show and why. */
export interface ReorderAnswer {
  items: ReorderItem[];
  loaded: string;
  message?: string;
  /** The entry a step moved, to keep focus on its button. */
  moved?: { id: number; direction: Direction };
}

export type Direction = "up" | "down";

export const REORDER_TEXTS = {
  title: "Volgorde wijzigen",
  saved: "Volgorde opgeslagen.",
  stale: "De lijst is intussen gewijzigd. Bekijk de nieuwe volgorde en probeer het opnieuw.",
  invalid: "De volgorde kon niet worden opgeslagen: de items kloppen niet met de lijst. Er is niets gewijzigd.",
  unsaved: "De nieuwe volgorde is nog niet opgeslagen.",
  empty: "Deze lijst heeft geen items.",
  alreadyFirst: "Dit item staat al bovenaan.",
  alreadyLast: "Dit item staat al onderaan.",
} as const;

/** The query parameter of the category on the reorder page. */
export const CATEGORY_PARAM = "categorie";

/** A view of the list without what is its default anyway (the list is sorted by the admin's order only). */
function shortBack(back: string): string {
  const url = new URL(back, "http://portaal.invalid");
  if (url.searchParams.get("sort") === "volgorde") url.searchParams.delete("sort");
  if (url.searchParams.get("dir") === "asc") url.searchParams.delete("dir");
  return url.pathname + url.search;
}

/**
 * /beheer/<catalogue>/volgorde, for a category where the catalogue has them, with the view of the
 * list (search, page) to return to when it is not the list itself.
 */
export function reorderPath(catalogue: CatalogueDefinition, scope?: string | null, back?: string): string {
  const query = new URLSearchParams();
  if (scope) query.set(CATEGORY_PARAM, scope);
  const terug = back ? shortBack(back) : undefined;
  if (terug && terug !== listPath(catalogue)) query.set("terug", terug);
  const search = query.toString();
  return `/beheer/${catalogue.slug}/volgorde${search ? `?${search}` : ""}`;
}

/** The entries of one scope as JSON (what the list's dialog loads): /beheer/<catalogue>/volgorde.json. */
export function reorderJsonPath(catalogue: CatalogueDefinition, scope?: string | null): string {
  return `/beheer/${catalogue.slug}/volgorde.json${scope ? `?${new URLSearchParams({ [CATEGORY_PARAM]: scope })}` : ""}`;
}

/** The catalogues whose list also moves an entry one step up or down (the spec: specialisations). */
const STEP_MOVES: readonly CatalogueKey[] = ["specialisation"];

export const hasStepMoves = (catalogue: CatalogueDefinition) => STEP_MOVES.includes(catalogue.key);

/** /beheer/specialisaties/verplaatsen/<id>/<up|down>: one step within its category (POST only). */
export const movePath = (catalogue: CatalogueDefinition, id: number, direction: Direction) =>
  `/beheer/${catalogue.slug}/verplaatsen/${id}/${direction}`;

/** The ids of an order as the form carries them: "3,1,2". */
export const orderKey = (items: readonly { id: number }[]) => items.map((i) => i.id).join(",");

/** The order with the entry at `index` moved one step; the same order when it cannot move. */
export function stepped<T>(items: readonly T[], index: number, direction: Direction): T[] {
  const target = direction === "up" ? index - 1 : index + 1;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

/** The id of a list row's step button, which the list's address points at after the step. */
export const stepAnchor = (id: number, direction: Direction) => `stap-${id}-${direction}`;
