import { data, redirect, href } from "react-router";
import type { Account } from "../auth/account";
import type { AppSession } from "../auth/session.server";
import type { Insertable } from "kysely";
import type { EnterpriseInspectionTable } from "../../db/types";
import { getDb, nowIso, type DB, type Tx } from "../lib/db.server";
import { checkUpload, deleteFile, DOCUMENT_TYPES, storeFile } from "../lib/files.server";
import { parseWithZod } from "../lib/parse-form";
import { ITEM_GONE, redirectWithNotification, SOMETHING_WENT_WRONG } from "../shell/flash.server";
import type { EnterpriseActionData, EnterpriseTabPage } from "./edit.server";
import { writeEnterpriseLog } from "./log.server";
import {
  INSPECTION_FLAGS,
  INSPECTION_SAVED,
  INSPECTION_SENT,
  inspectionSchema,
  RIE_FILES,
  type EnterpriseInspectionData,
  type InspectionFlag,
  type InspectionValues,
  type RieFile,
  type RieFileKey,
} from "./inspection";
import { tabPath } from "../ui/tab-path";

/** Each flag's column (migration 014). */
const COLUMNS: Record<InspectionFlag, keyof EnterpriseInspectionTable> = {
  rie: "rie",
  dopingconvenant: "dopingconvenant",
  zonnebankInstructie: "zonnebank_instructie",
  zonnebankRichtlijnen: "zonnebank_richtlijnen",
  avgInformatie: "avg_informatie",
  avgWijziging: "avg_wijziging",
  verzekeringWa: "verzekering_wa",
  verzekeringZiekte: "verzekering_ziekte",
  verzekeringAov: "verzekering_aov",
};

const FILE_COLUMN: Record<RieFileKey, "rie_rapport_file_id" | "rie_pva_file_id"> = {
  inspectionRieRapport: "rie_rapport_file_id",
  inspectionRiePva: "rie_pva_file_id",
};
const DATE_COLUMN: Record<RieFileKey, "rie_rapport_date" | "rie_pva_date"> = {
  inspectionRieRapport: "rie_rapport_date",
  inspectionRiePva: "rie_pva_date",
};

type InspectionRow = Awaited<ReturnType<typeof storedInspection>>;

async function storedInspection(db: DB | Tx, enterpriseId: number) {
  return db.selectFrom("enterprise_inspections").selectAll().where("enterprise_id", "=", enterpriseId).executeTakeFirst();
}

/** The download of one of an establishment's RIE files (see inspection-file.ts). */
export const inspectionFilePath = (enterpriseId: number, file: RieFile) => `/vestigingen/bewerken/${enterpriseId}/keuring/${file.slug}`;

/** The stored file of `slug` ('rie-rapport', 'rie-plan-van-aanpak'), for the download route. */
export async function inspectionFile(enterpriseId: number, slug: string) {
  const file = RIE_FILES.find((f) => f.slug === slug);
  if (!file) return undefined;
  const row = await storedInspection(getDb(), enterpriseId);
  const id = row?.[FILE_COLUMN[file.file]] ?? null;
  if (id === null) return undefined;
  return getDb().selectFrom("files").select(["storage_name", "original_name", "mime"]).where("id", "=", id).executeTakeFirst();
}

/** Tab Keuring's data: the stored flags, comment, dates and files, and the dirty flag. */
export async function loadEnterpriseInspection(enterpriseId: number, page: EnterpriseTabPage): Promise<EnterpriseInspectionData> {
  const db = getDb();
  const row = await storedInspection(db, enterpriseId);
  const values: InspectionValues = { comment: row?.comment ?? "", rieRapportDate: row?.rie_rapport_date ?? "", riePvaDate: row?.rie_pva_date ?? "" };
  for (const flag of INSPECTION_FLAGS) if (row?.[COLUMNS[flag]]) values[flag] = "on";
  const files = { inspectionRieRapport: null, inspectionRiePva: null } as EnterpriseInspectionData["files"];
  for (const f of RIE_FILES) {
    const id = row?.[FILE_COLUMN[f.file]] ?? null;
    if (id === null) continue;
    const file = await db.selectFrom("files").select("original_name").where("id", "=", id).executeTakeFirst();
    if (file) files[f.file] = { name: file.original_name || f.label, href: page.readOnly ? null : inspectionFilePath(enterpriseId, f) };
  }
  return { path: page.path, cancelHref: page.cancelHref, readOnly: page.readOnly, dirty: !!row?.dirty, values, files };
}

interface Upload {
  bytes: Buffer;
  mime: string;
  name: string;
}

/**
 * Writes the Keuring and its log entry in one transaction; false when the establishment is gone.
 * Unticking RIE removes both files and clears both dates. Files replaced or removed are deleted
 * last, as that also removes them from disk, which a rollback cannot bring back.
 */
async function writeInspection(
  account: Account,
  enterpriseId: number,
  change: { flags: Record<InspectionFlag, boolean>; comment: string; dates: Record<RieFileKey, string | null>; uploads: Partial<Record<RieFileKey, Upload>>; remove: Record<RieFileKey, boolean> },
  finalize: boolean,
): Promise<boolean> {
  return getDb()
    .transaction()
    .execute(async (tx) => {
      const exists = await tx.selectFrom("enterprises").select("id").where("id", "=", enterpriseId).executeTakeFirst();
      if (!exists) return false;
      const current: InspectionRow = await storedInspection(tx, enterpriseId);
      const rie = change.flags.rie;
      const columns: Record<string, string | number | null> = { comment: change.comment, modified: nowIso(), dirty: finalize ? 0 : 1 };
      for (const flag of INSPECTION_FLAGS) columns[COLUMNS[flag]] = change.flags[flag] ? 1 : 0;
      const obsolete: number[] = [];
      for (const f of RIE_FILES) {
        const stored = current?.[FILE_COLUMN[f.file]] ?? null;
        let next = stored;
        const upload = change.uploads[f.file];
        if (!rie || change.remove[f.file]) next = null;
        if (rie && upload) next = await storeFile(tx, upload.bytes, upload.mime, upload.name, { purpose: "inspection_file", ownerId: enterpriseId });
        if (stored !== null && stored !== next) obsolete.push(stored);
        columns[FILE_COLUMN[f.file]] = next;
        columns[DATE_COLUMN[f.file]] = rie ? change.dates[f.file] : null;
      }
      if (current) {
        await tx.updateTable("enterprise_inspections").set(columns as Partial<Insertable<EnterpriseInspectionTable>>).where("enterprise_id", "=", enterpriseId).execute();
      } else {
        await tx
          .insertInto("enterprise_inspections")
          .values({ ...columns, enterprise_id: enterpriseId } as Insertable<EnterpriseInspectionTable>)
          .execute();
      }
      // 'Opslaan en verzenden' reports the Keuring to the association: nothing is sent elsewhere;
      // the finalized log entry (shown as ' en doorgegeven') and the cleared dirty flag are the report.
      await writeEnterpriseLog(tx, account, { enterpriseId, form: "inspection", finalize });
      for (const id of obsolete) await deleteFile(tx, id);
      return true;
    });
}

/**
 * A post of tab Keuring: Opslaan (interim, sets the dirty flag) or 'Opslaan en verzenden'
 * (`finalize`: passed on, clears it). Refused with the messages beside the fields, everything typed
 * kept: with RIE ticked a missing date or file, and an upload that is no pdf, jpg or png.
 */
export async function enterpriseInspectionIntent(
  ctx: { account: Account; session: AppSession; enterpriseId: number | null; path: string; readOnly: boolean },
  form: FormData,
  finalize: boolean,
) {
  if (ctx.readOnly) throw redirect(href("/"));
  if (ctx.enterpriseId === null) throw data("Onbekende actie", { status: 400 });
  const enterpriseId = ctx.enterpriseId;
  const current = await storedInspection(getDb(), enterpriseId);

  // Files are not sent back to the page: the form is parsed without them and the files checked apart.
  const posted: Partial<Record<RieFileKey, File>> = {};
  for (const f of RIE_FILES) {
    const value = form.get(f.file);
    form.delete(f.file);
    if (value instanceof File && value.size > 0) posted[f.file] = value;
  }
  const rie = form.get("rie") === "on";
  const stored = {
    inspectionRieRapport: (current?.rie_rapport_file_id ?? null) !== null,
    inspectionRiePva: (current?.rie_pva_file_id ?? null) !== null,
  };
  const chosen = { inspectionRieRapport: !!posted.inspectionRieRapport, inspectionRiePva: !!posted.inspectionRiePva };
  const submission = parseWithZod(form, { schema: inspectionSchema({ stored, chosen }) });

  const fieldErrors: Record<string, string[]> = {};
  const uploads: Partial<Record<RieFileKey, Upload>> = {};
  if (rie) {
    for (const f of RIE_FILES) {
      const file = posted[f.file];
      if (!file) continue;
      const check = await checkUpload(file, DOCUMENT_TYPES);
      if (check.ok) uploads[f.file] = { bytes: check.bytes, mime: check.mime, name: file.name };
      else fieldErrors[f.file] = [check.message];
    }
  }
  if (submission.status !== "success" || Object.keys(fieldErrors).length) {
    return data<EnterpriseActionData>({ inspection: submission.reply({ fieldErrors }) }, { status: 400 });
  }
  const value = submission.value;
  const flags = Object.fromEntries(INSPECTION_FLAGS.map((flag) => [flag, !!value[flag]])) as Record<InspectionFlag, boolean>;
  let written: boolean;
  try {
    written = await writeInspection(
      ctx.account,
      enterpriseId,
      {
        flags,
        comment: value.comment ?? "",
        dates: { inspectionRieRapport: value.rieRapportDate ?? null, inspectionRiePva: value.riePvaDate ?? null },
        uploads,
        remove: { inspectionRieRapport: !!value.inspectionRieRapportRemove, inspectionRiePva: !!value.inspectionRiePvaRemove },
      },
      finalize,
    );
  } catch (error) {
    console.error(error);
    return data<EnterpriseActionData>({ inspection: submission.reply({ formErrors: [SOMETHING_WENT_WRONG.header] }) }, { status: 500 });
  }
  if (!written) return redirectWithNotification(ctx.session, href("/"), ITEM_GONE);
  return redirectWithNotification(ctx.session, tabPath(ctx.path, "keuring"), { type: "success", header: finalize ? INSPECTION_SENT : INSPECTION_SAVED });
}

/** The RIE files of an establishment about to be deleted (deleted from disk after it). */
export async function inspectionFileIds(tx: Tx, enterpriseId: number): Promise<number[]> {
  const row = await storedInspection(tx, enterpriseId);
  return [row?.rie_rapport_file_id ?? null, row?.rie_pva_file_id ?? null].filter((id): id is number => id !== null);
}
