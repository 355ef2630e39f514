import { data, href } from "react-router";
import type { AppSession } from "../auth/session.server";
import { SPECIALISATION_CATEGORIES } from "../catalogues/definitions";
import { condition, getDb, rowExists, type DB, type Tx } from "../lib/db.server";
import { readSheetPost, writeSheetAnswers, type SheetChange, type SheetEntry } from "../lib/tri-state.server";
import { ITEM_GONE, redirectWithNotification } from "../shell/flash.server";
import type { TriState } from "../ui/TriStateField";
import {
  ACCREDITATION_SAVED,
  QUALIFICATIONS_INVALID,
  QUALIFICATIONS_SAVED,
  specialisationField,
  SPECIALISATIONS_INVALID,
  SPECIALISATIONS_SAVED,
  type AccreditationData,
  type QualificationsData,
  type SpecialisationsActionData,
  type SpecialisationsData,
} from "./tabs";
import { tabPath } from "../ui/tab-path";

/** The page a tab belongs to: the professional and where its forms post. */
export interface TabPage {
  registrantId: number;
  path: string;
}

const exists = async (db: DB | Tx, id: number) => !!(await db.selectFrom("registrants").select("id").where("id", "=", id).executeTakeFirst());

// ---------------------------------------------------------------------------
// Specialisaties
// ---------------------------------------------------------------------------

async function specialisationEntries(registrantId: number) {
  const rows = await getDb()
    .selectFrom("specialisations as s")
    .leftJoin("registrant_specialisations as a", (join) => join.onRef("a.entry_id", "=", "s.id").on("a.registrant_id", "=", registrantId))
    .select(["s.id", "s.name", "s.category", "a.value"])
    .orderBy("s.sequence")
    .orderBy("s.id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    category: r.category,
    stored: (r.value === null || r.value === undefined ? "" : Number(r.value) ? "on" : "off") as TriState,
  }));
}

/** Tab Specialisaties' data: the specialisations by category with the professional's answers. */
export async function loadSpecialisations(page: TabPage): Promise<SpecialisationsData> {
  const entries = await specialisationEntries(page.registrantId);
  const groups = SPECIALISATION_CATEGORIES.map((c) => ({
    key: c.value as string,
    label: c.label as string,
    parts: [{ label: null, items: entries.filter((e) => e.category === c.value).map((e) => ({ id: e.id, name: e.name, value: e.stored, readOnly: false })) }],
  })).filter((g) => g.parts[0].items.length > 0);
  return { path: page.path, cancelHref: tabPath(page.path, "specialisaties"), groups };
}

const SPECIALISATION_FIELD = /^specialisations\[(.*)\]$/;

/**
 * A post of tab Specialisaties: Opslaan, or a category's 'Alle niet-ingevulde op 'Nee' zetten'
 * (`fill`), which stores Nee for that category's empty ones and shows the form again as posted.
 */
export async function specialisationsIntent(ctx: TabPage & { session: AppSession }, form: FormData, fill: string | null) {
  const entries = new Map<string, SheetEntry<string>>();
  for (const e of await specialisationEntries(ctx.registrantId)) {
    entries.set(specialisationField(e.category, e.id), { key: e.category, id: e.id, stored: e.stored, editable: true });
  }
  const post = readSheetPost(form, SPECIALISATION_FIELD, entries, fill);
  if (!post.ok) return data<{ specialisations: SpecialisationsActionData }>({ specialisations: { values: post.values, formError: SPECIALISATIONS_INVALID } }, { status: 400 });
  if (post.changes.length && !(await writeSpecialisations(ctx.registrantId, post.changes))) {
    return redirectWithNotification(ctx.session, href("/"), ITEM_GONE);
  }
  if (fill !== null) return data<{ specialisations: SpecialisationsActionData }>({ specialisations: { values: post.wanted } }, { status: 200 });
  return redirectWithNotification(ctx.session, tabPath(ctx.path, "specialisaties"), { type: "success", header: SPECIALISATIONS_SAVED });
}

async function writeSpecialisations(registrantId: number, changes: SheetChange<string>[]): Promise<boolean> {
  return getDb()
    .transaction()
    .execute(async (tx) => {
      if (!(await exists(tx, registrantId))) return false;
      await writeSheetAnswers(tx, "registrant_specialisations", { column: "registrant_id", id: registrantId }, changes);
      return true;
    });
}

/** Whether a specialisation the tab shows is still without Ja or Nee: the tab's red '!' and the dashboard's note. */
export const specialisationsUnanswered = condition((registrantId: number) =>
  rowExists(
    getDb()
      .selectFrom("specialisations as s")
      .select("s.id")
      .where("s.category", "in", SPECIALISATION_CATEGORIES.map((c) => c.value))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("registrant_specialisations as a")
              .select("a.entry_id")
              .whereRef("a.entry_id", "=", "s.id")
              .where("a.registrant_id", "=", registrantId),
          ),
        ),
      ),
  ),
);

// ---------------------------------------------------------------------------
// Diploma's
// ---------------------------------------------------------------------------

/** Tab Diploma's data: every diploma of the catalogue and whether the professional holds it. */
export async function loadQualifications(page: TabPage, editable: boolean): Promise<QualificationsData> {
  const rows = await getDb()
    .selectFrom("qualifications as q")
    .leftJoin("registrant_qualifications as h", (join) => join.onRef("h.qualification_id", "=", "q.id").on("h.registrant_id", "=", page.registrantId))
    .select(["q.id", "q.name", "q.level", "q.level_value", "q.recognized", "h.registrant_id as holder"])
    .orderBy("q.sequence")
    .orderBy("q.id")
    .execute();
  const items = rows.map((r) => ({ id: r.id, name: r.name, level: r.level, levelValue: Number(r.level_value), recognized: !!r.recognized, held: r.holder !== null }));
  const highest = items.filter((i) => i.held).sort((a, b) => b.levelValue - a.levelValue)[0];
  return {
    path: page.path,
    cancelHref: tabPath(page.path, "diplomas"),
    editable,
    // The professional sees what it holds; an admin chooses from all.
    items: items.filter((i) => editable || i.held).map(({ levelValue: _v, ...item }) => item),
    highestLevel: highest?.level ?? null,
  };
}

/** Admins' Opslaan of tab Diploma's: the ticked diplomas replace the held ones. An unknown id refuses the post. */
export async function qualificationsIntent(ctx: TabPage & { session: AppSession }, form: FormData) {
  const posted = form.getAll("qualifications[]").map(String);
  const back = tabPath(ctx.path, "diplomas");
  if (posted.some((v) => !/^\d{1,9}$/.test(v))) return redirectWithNotification(ctx.session, back, { type: "danger", header: QUALIFICATIONS_INVALID });
  const ids = [...new Set(posted.map(Number))];
  const outcome = await getDb()
    .transaction()
    .execute(async (tx) => {
      if (!(await exists(tx, ctx.registrantId))) return "gone" as const;
      if (ids.length) {
        const known = await tx.selectFrom("qualifications").select("id").where("id", "in", ids).execute();
        if (known.length !== ids.length) return "invalid" as const;
      }
      await tx.deleteFrom("registrant_qualifications").where("registrant_id", "=", ctx.registrantId).execute();
      if (ids.length) await tx.insertInto("registrant_qualifications").values(ids.map((id) => ({ registrant_id: ctx.registrantId, qualification_id: id }))).execute();
      return "saved" as const;
    });
  if (outcome === "gone") return redirectWithNotification(ctx.session, href("/"), ITEM_GONE);
  if (outcome === "invalid") return redirectWithNotification(ctx.session, back, { type: "danger", header: QUALIFICATIONS_INVALID });
  return redirectWithNotification(ctx.session, back, { type: "success", header: QUALIFICATIONS_SAVED });
}

// ---------------------------------------------------------------------------
// Accreditatie
// ---------------------------------------------------------------------------

/** The most text the accreditation keeps. */
const ACCREDITATION_MAX = 10_000;

export async function loadAccreditation(page: TabPage): Promise<AccreditationData> {
  const row = await getDb().selectFrom("registrants").select("accreditation_total").where("id", "=", page.registrantId).executeTakeFirst();
  return { path: page.path, cancelHref: tabPath(page.path, "accreditatie"), accreditationTotal: row?.accreditation_total ?? "" };
}

/** Admins' Opslaan of tab Accreditatie: free text. */
export async function accreditationIntent(ctx: TabPage & { session: AppSession }, form: FormData) {
  const value = String(form.get("accreditationTotal") ?? "").trim().slice(0, ACCREDITATION_MAX);
  const result = await getDb().updateTable("registrants").set({ accreditation_total: value }).where("id", "=", ctx.registrantId).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return redirectWithNotification(ctx.session, href("/"), ITEM_GONE);
  return redirectWithNotification(ctx.session, tabPath(ctx.path, "accreditatie"), { type: "success", header: ACCREDITATION_SAVED });
}
