import { data, href, redirect } from "react-router";
import type { Insertable } from "kysely";
import type { Account } from "../auth/account";
import type { AppSession } from "../auth/session.server";
import type { EnterpriseLicenseTable } from "../../db/types";
import { getDb, nowIso, type DB, type Tx } from "../lib/db.server";
import { checkUpload, deleteFile, DOCUMENT_TYPES, storeFile } from "../lib/files.server";
import { parseWithZod } from "../lib/parse-form";
import { ITEM_GONE, redirectWithNotification, SOMETHING_WENT_WRONG } from "../shell/flash.server";
import type { EnterpriseActionData, EnterpriseTabPage } from "./edit.server";
import { writeEnterpriseLog } from "./log.server";
import {
  declarationOf,
  LICENSES,
  LICENSES_ADMIN_SAVED,
  LICENSES_SENT,
  LICENSES_STEP,
  licensesAdminSchema,
  licensesSchema,
  SPACE_CATEGORIES,
  type EnterpriseLicensesData,
  type LicenseDeclaration,
  type LicensesValues,
} from "./licenses";
import { tabPath } from "../ui/tab-path";

type LicenseRow = Awaited<ReturnType<typeof storedLicenses>>;

async function storedLicenses(db: DB | Tx, enterpriseId: number) {
  return db.selectFrom("enterprise_licenses").selectAll().where("enterprise_id", "=", enterpriseId).executeTakeFirst();
}

/** The spaces as stored (JSON), every category a list; anything unreadable is no spaces. */
export function parseSpaces(json: string | undefined): LicenseDeclaration["spaces"] {
  let parsed: unknown = {};
  try {
    parsed = JSON.parse(json || "{}");
  } catch {
    parsed = {};
  }
  const source = (parsed && typeof parsed === "object" ? parsed : {}) as Record<string, unknown>;
  return Object.fromEntries(
    SPACE_CATEGORIES.map((c) => {
      const list = Array.isArray(source[c.key]) ? (source[c.key] as unknown[]) : [];
      return [
        c.key,
        list.flatMap((r) => {
          const row = r as { name?: unknown; area?: unknown };
          const area = Number(row?.area);
          return Number.isFinite(area) ? [{ name: typeof row.name === "string" ? row.name : "", area }] : [];
        }),
      ];
    }),
  ) as LicenseDeclaration["spaces"];
}

/** The stored declaration (no row: nothing declared). */
function declarationOfRow(row: LicenseRow): LicenseDeclaration {
  return {
    sena: !!row?.sena,
    buma: !!row?.buma,
    videma: !!row?.videma,
    authorizationSena: !!row?.authorization_sena,
    authorizationBuma: !!row?.authorization_buma,
    authorizationVidema: !!row?.authorization_videma,
    tvSets: row?.tv_sets ?? null,
    spaces: parseSpaces(row?.spaces),
    authorizationName: row?.authorization_name ?? "",
    authorizationIban: row?.authorization_iban ?? "",
    authorizationBic: row?.authorization_bic ?? "",
  };
}

/** The download of an establishment's videma licence (see license-file.ts). */
export const licenseFilePath = (enterpriseId: number) => `/vestigingen/bewerken/${enterpriseId}/licenties/videma-licentie`;

/** The stored videma licence of an establishment, for the download route. */
export async function licenseFile(enterpriseId: number) {
  const id = (await storedLicenses(getDb(), enterpriseId))?.videma_license_file_id ?? null;
  if (id === null) return undefined;
  return getDb().selectFrom("files").select(["storage_name", "original_name", "mime"]).where("id", "=", id).executeTakeFirst();
}

/**
 * Tab Licenties' data. `dirty` is set by an admin's Opslaan (the association changed the licence
 * data, so the establishment is asked to confirm its declaration) and cleared by the next
 * declaration ('Vastleggen en verzenden').
 */
export async function loadEnterpriseLicenses(
  account: Account,
  enterpriseId: number,
  page: EnterpriseTabPage,
): Promise<EnterpriseLicensesData> {
  const db = getDb();
  const row = await storedLicenses(db, enterpriseId);
  const declaration = declarationOfRow(row);
  const values: LicensesValues = {
    tvSets: declaration.tvSets === null ? "" : String(declaration.tvSets),
    authorizationName: declaration.authorizationName,
    authorizationIban: declaration.authorizationIban,
    authorizationBic: declaration.authorizationBic,
    bumaSenaChangeDate: row?.buma_sena_change_date ?? "",
    videmaChangeDate: row?.videma_change_date ?? "",
    // Each category its stored rows and one empty row to fill in.
    spaces: Object.fromEntries(
      SPACE_CATEGORIES.map((c) => [c.key, [...declaration.spaces[c.key].map((r) => ({ name: r.name, area: String(r.area) })), { name: "", area: "" }]]),
    ) as LicensesValues["spaces"],
  };
  for (const l of LICENSES) {
    if (declaration[l.key]) values[l.key] = "on";
    if (declaration[l.authorization]) values[l.authorization] = "on";
  }
  const fileId = row?.videma_license_file_id ?? null;
  const file = fileId === null ? undefined : await db.selectFrom("files").select("original_name").where("id", "=", fileId).executeTakeFirst();
  return {
    path: page.path,
    cancelHref: page.cancelHref,
    readOnly: page.readOnly,
    admin: account.isAdmin,
    dirty: !!row?.dirty,
    values,
    videmaLicentieNummer: row?.videma_licentie_nummer ?? "",
    file: file && !page.readOnly ? { name: file.original_name || "Videma-licentie", href: licenseFilePath(enterpriseId) } : null,
  };
}

async function upsert(tx: Tx, enterpriseId: number, current: LicenseRow, columns: Partial<Insertable<EnterpriseLicenseTable>>) {
  if (current) {
    await tx.updateTable("enterprise_licenses").set(columns).where("enterprise_id", "=", enterpriseId).execute();
  } else {
    await tx
      .insertInto("enterprise_licenses")
      .values({ modified: nowIso(), ...columns, enterprise_id: enterpriseId })
      .execute();
  }
}

const exists = async (tx: Tx, enterpriseId: number) => !!(await tx.selectFrom("enterprises").select("id").where("id", "=", enterpriseId).executeTakeFirst());

/**
 * Stores a declaration and its finalized log entry (with the declaration as its content) in one
 * transaction, clearing the dirty flag; false when the establishment is gone.
 */
async function writeDeclaration(account: Account, enterpriseId: number, declaration: LicenseDeclaration, dates: { bumaSena: string | null; videma: string | null }) {
  return getDb()
    .transaction()
    .execute(async (tx) => {
      if (!(await exists(tx, enterpriseId))) return false;
      const current = await storedLicenses(tx, enterpriseId);
      await upsert(tx, enterpriseId, current, {
        sena: declaration.sena ? 1 : 0,
        buma: declaration.buma ? 1 : 0,
        videma: declaration.videma ? 1 : 0,
        authorization_sena: declaration.authorizationSena ? 1 : 0,
        authorization_buma: declaration.authorizationBuma ? 1 : 0,
        authorization_videma: declaration.authorizationVidema ? 1 : 0,
        tv_sets: declaration.tvSets,
        authorization_name: declaration.authorizationName,
        authorization_iban: declaration.authorizationIban,
        authorization_bic: declaration.authorizationBic,
        buma_sena_change_date: dates.bumaSena,
        videma_change_date: dates.videma,
        spaces: JSON.stringify(declaration.spaces),
        dirty: 0,
        modified: nowIso(),
      });
      await writeEnterpriseLog(tx, account, { enterpriseId, form: "licenses", finalize: true, content: declaration });
      return true;
    });
}

type LicensesCtx = { account: Account; session: AppSession; enterpriseId: number | null; path: string; readOnly: boolean };

function requireTarget(ctx: LicensesCtx): number {
  if (ctx.readOnly) throw redirect(href("/"));
  if (ctx.enterpriseId === null) throw data("Onbekende actie", { status: 400 });
  return ctx.enterpriseId;
}

/**
 * 'Vastleggen en verzenden' of a non-admin. Refused with the messages beside the fields,
 * everything typed kept. A valid post without the confirmation step stores nothing and shows the
 * confirmation (the page's step without JavaScript); the confirmed one stores the declaration,
 * passes it on (finalize) and logs it with its content. The admin-only fields are not read here;
 * an admin cannot declare (the selections are read-only for them).
 */
export async function enterpriseLicensesIntent(ctx: LicensesCtx, form: FormData) {
  const enterpriseId = requireTarget(ctx);
  if (ctx.account.isAdmin) throw data("Onbekende actie", { status: 400 });
  const submission = parseWithZod(form, { schema: licensesSchema() });
  if (submission.status !== "success") {
    // A row added with 'Ruimte toevoegen' (no status) is shown again, nothing saved.
    return data<EnterpriseActionData>({ licenses: { result: submission.reply() } }, { status: submission.status === "error" ? 400 : 200 });
  }
  const value = submission.value;
  if (value.step !== LICENSES_STEP.confirm) return data<EnterpriseActionData>({ licenses: { result: submission.reply(), confirm: true } });
  let written: boolean;
  try {
    written = await writeDeclaration(ctx.account, enterpriseId, declarationOf(value), {
      bumaSena: value.sena || value.buma ? (value.bumaSenaChangeDate ?? null) : null,
      videma: value.videma ? (value.videmaChangeDate ?? null) : null,
    });
  } catch (error) {
    console.error(error);
    return data<EnterpriseActionData>({ licenses: { result: submission.reply({ formErrors: [SOMETHING_WENT_WRONG.header] }) } }, { status: 500 });
  }
  if (!written) return redirectWithNotification(ctx.session, href("/"), ITEM_GONE);
  return redirectWithNotification(ctx.session, tabPath(ctx.path, "licenties"), { type: "success", header: LICENSES_SENT });
}

/**
 * The admin's Opslaan: the videma licence number and file (checked by content: pdf, jpg or png),
 * without confirmation. It sets the dirty flag so the establishment confirms its declaration, and
 * is logged (not finalized). Anyone else's post is refused.
 */
export async function enterpriseLicensesAdminIntent(ctx: LicensesCtx, form: FormData) {
  const enterpriseId = requireTarget(ctx);
  if (!ctx.account.isAdmin) throw redirect(href("/"));
  const posted = form.get("videmaLicense");
  form.delete("videmaLicense");
  const submission = parseWithZod(form, { schema: licensesAdminSchema() });
  const fieldErrors: Record<string, string[]> = {};
  let upload: { bytes: Buffer; mime: string; name: string } | undefined;
  if (posted instanceof File && posted.size > 0) {
    const check = await checkUpload(posted, DOCUMENT_TYPES);
    if (check.ok) upload = { bytes: check.bytes, mime: check.mime, name: posted.name };
    else fieldErrors.videmaLicense = [check.message];
  }
  if (submission.status !== "success" || Object.keys(fieldErrors).length) {
    return data<EnterpriseActionData>({ licensesAdmin: submission.reply({ fieldErrors }) }, { status: 400 });
  }
  const value = submission.value;
  let written: boolean;
  try {
    written = await getDb()
      .transaction()
      .execute(async (tx) => {
        if (!(await exists(tx, enterpriseId))) return false;
        const current = await storedLicenses(tx, enterpriseId);
        const stored = current?.videma_license_file_id ?? null;
        let next = value.videmaLicenseRemove ? null : stored;
        if (upload) next = await storeFile(tx, upload.bytes, upload.mime, upload.name, { purpose: "license_file", ownerId: enterpriseId });
        await upsert(tx, enterpriseId, current, {
          videma_licentie_nummer: value.videmaLicentieNummer ?? "",
          videma_license_file_id: next,
          dirty: 1,
          modified: nowIso(),
        });
        await writeEnterpriseLog(tx, ctx.account, { enterpriseId, form: "licenses" });
        // Deleted last, as that also removes it from disk, which a rollback cannot bring back.
        if (stored !== null && stored !== next) await deleteFile(tx, stored);
        return true;
      });
  } catch (error) {
    console.error(error);
    return data<EnterpriseActionData>({ licensesAdmin: submission.reply({ formErrors: [SOMETHING_WENT_WRONG.header] }) }, { status: 500 });
  }
  if (!written) return redirectWithNotification(ctx.session, href("/"), ITEM_GONE);
  return redirectWithNotification(ctx.session, tabPath(ctx.path, "licenties"), { type: "success", header: LICENSES_ADMIN_SAVED });
}

/** The videma licence of an establishment about to be deleted (deleted from disk after it). */
export async function licenseFileIds(tx: Tx, enterpriseId: number): Promise<number[]> {
  const id = (await storedLicenses(tx, enterpriseId))?.videma_license_file_id ?? null;
  return id === null ? [] : [id];
}
