import type { TabState } from "../ui/RecordPage";
import { conditionsRead, isReadable, read, readTogether, type Condition, type Readable } from "./db.server";
import { openTabId } from "../ui/tab-path";

/**
 * One tab of a record page (a membership, an establishment, a professional): its place in the
 * tab bar, its part of the loader, and the posts it answers. Its panel is the client's half
 * (see RecordPage). `Ctx` is what the page knows of the record and the viewer.
 */
export interface RecordTab<Ctx, Data, Result = never> {
  label: string;
  /** Left out in this context (e.g. Accounts on a member's own page). */
  hidden?: (ctx: Ctx) => boolean;
  /** Needs a stored record: disabled on the add page (nothing is loaded for it). */
  needsRecord?: boolean;
  /** Its data: loaded, or as reads that the tab bar's marks are read with in one statement (readTogether). */
  load: (ctx: Ctx) => Promise<Data> | Readable<Data>;
  /**
   * The red '!' on the tab: a condition of its own, so the tab need not be loaded when another one
   * is open. The conditions of all the bar's tabs are read together, in one query.
   */
  attention?: (ctx: Ctx) => Condition;
  /** The posts this tab answers, by the form's `intent`. */
  intents?: Record<string, (ctx: Ctx, form: FormData) => Promise<Result>>;
}

// The registry's tabs differ in their data, so the registry itself is loosely typed; TabData and
// TabResult give each tab its own type back.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type TabRegistry<Ctx> = Record<string, RecordTab<Ctx, any, any>>;

/** Each tab's data, by tab id: null unless it is the open tab. */
export type TabData<R> = { [K in keyof R]: R[K] extends RecordTab<never, infer D, unknown> ? D | null : never };

/** What any of the tabs' intents answers. */
export type TabResult<R> = { [K in keyof R]: R[K] extends RecordTab<never, unknown, infer A> ? A : never }[keyof R];

/**
 * The tab bar with its marks, and the data of the one tab that is open (`?tab=`, else the first
 * enabled one): only that tab is drawn, so the others are neither loaded nor sent. On an add page
 * (`stored` false) the tabs that need a stored record are disabled and load nothing.
 */
export async function loadTabs<Ctx, R extends TabRegistry<Ctx>>(
  registry: R,
  ctx: Ctx,
  stored: boolean,
  requested: string | null,
): Promise<{ tabs: TabState[]; open: string; data: TabData<R> }> {
  const shown = Object.entries(registry)
    .filter(([, tab]) => !tab.hidden?.(ctx))
    .map(([id, tab]) => ({ id, tab, disabled: !stored && !!tab.needsRecord }));
  const open = openTabId(requested, shown) ?? "";
  const openTab = shown.find(({ id, disabled }) => id === open && !disabled);
  const flagged = shown.filter(({ tab, disabled }) => !disabled && tab.attention);
  const marks = flagged.length ? conditionsRead(flagged.map(({ tab }) => tab.attention!(ctx))) : null;
  const loading = openTab ? openTab.tab.load(ctx) : null;
  // A tab given as reads is read in the one statement of the marks (on PostgreSQL).
  const [flags, openData]: [boolean[] | null, unknown] =
    loading && isReadable(loading)
      ? await readTogether({ flags: marks, openData: loading }).then((values) => [values.flags, values.openData])
      : await Promise.all([marks ? read(marks) : null, loading]);
  const attention = new Set(flagged.filter((_, i) => flags?.[i]).map(({ id }) => id));
  const tabs = shown.map(({ id, tab, disabled }) => {
    const state: TabState = { id, label: tab.label };
    if (disabled) state.disabled = true;
    if (attention.has(id)) state.attention = true;
    return state;
  });
  const data = Object.fromEntries(Object.keys(registry).map((id) => [id, null])) as Record<string, unknown>;
  if (openTab) data[openTab.id] = openData;
  return { tabs, open, data: data as TabData<R> };
}

/**
 * The tab that answers `intent` on this page, and its answer; null when no shown tab does (the
 * caller answers 400). A hidden tab's intents are not reachable.
 */
export function tabIntent<Ctx, R extends TabRegistry<Ctx>>(
  registry: R,
  ctx: Ctx,
  intent: string,
  form: FormData,
): Promise<TabResult<R>> | null {
  for (const tab of Object.values(registry)) {
    if (tab.hidden?.(ctx)) continue;
    const handler = tab.intents && Object.hasOwn(tab.intents, intent) ? tab.intents[intent] : undefined;
    if (handler) return handler(ctx, form) as Promise<TabResult<R>>;
  }
  return null;
}
