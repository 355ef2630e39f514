// The training campaign's public sign-up form (part 2 §2.1 register_campaign_nld, §3 Campaign
// application, §4.6) on the server: the state of a personal link, completing the sign-up, the
// participant's documents for admins, and the care of the personal data with legal weight (BSN, ID
// document, consent form): sealed at rest (app/lib/personal-data.server.ts), sealed anew after a key
// rotation, and removed after the retention period.
import fs from "node:fs";
import type { SubmissionResult } from "@conform-to/react";
import { data, href, redirect, type AppLoadContext } from "react-router";
import { courseLabel, dateLabel, trainerLabel } from "../enterprises/campaign/catalogue";
import { config } from "../lib/config.server";
import { randomToken, sha256 } from "../lib/crypto.server";
import { getDb, nowIso } from "../lib/db.server";
import { checkUpload, deleteFile, DOCUMENT_TYPES, filePath, storeFile, UPLOAD_TOO_LARGE } from "../lib/files.server";
import { readForm } from "../lib/form-body.server";
import { logEvent, securityLog } from "../lib/log.server";
import { parseWithZod } from "../lib/parse-form";
import {
  isUnderOldKey,
  maskBsn,
  openBytes,
  openText,
  sealBytes,
  sealedKeyIdOfBytes,
  sealedKeyIdOfText,
  sealText,
} from "../lib/personal-data.server";
import { messages } from "../lib/rules";
import { CAMPAIGN_FILE_FIELDS, CHOOSE_FILE_AGAIN, COMPLETED_QUERY, type CampaignFileField } from "./campaign-checks";
import { campaignApplicationSchema, type CampaignApplicationValues } from "./campaign-schema";
import { filledHoneypot, HONEYPOT_FIELD, reservePublicPost, TOO_MANY_MESSAGE } from "./public-form.server";


/** The personal link's page. The token is encoded: a link someone altered still leads back to it. */
export function campaignApplicationPagePath(token: string): string {
  return href("/aanmelding-nederland-leert-door/:token?", { token: encodeURIComponent(token) });
}

const confirmationPath = (token: string) => `${campaignApplicationPagePath(token)}?${COMPLETED_QUERY}=1`;

/** The participant's slot behind a personal link: submitted by the establishment, maybe completed. */
async function findApplication(token: string) {
  return getDb()
    .selectFrom("campaign_applications")
    .select(["id", "email", "course", "trainer", "date_location", "completed"])
    .where("token_hash", "=", sha256(token))
    .where("submitted", "is not", null)
    .executeTakeFirst();
}

/** What the page shows (part 2 §4.6): the form for a valid link, or why there is none. */
export type CampaignApplicationPage =
  | { state: "invalid" }
  | { state: "completed" }
  | { state: "done" }
  | { state: "open"; slot: { email: string; course: string; trainer: string; dateLocation: string } };

/**
 * The page of a personal link: without a token home; an unknown link 404 with 'Deze link is niet
 * geldig.'; a completed sign-up 'reeds voltooid' (or the thanks, right after completing it); else
 * the form with what the establishment chose, read-only. Anyone may open it, signed in or not.
 */
export async function loadCampaignApplicationPage(request: Request, token: string | undefined) {
  if (!token) throw redirect(href("/"));
  const application = await findApplication(token);
  if (!application) return data<CampaignApplicationPage>({ state: "invalid" }, { status: 404 });
  if (application.completed) {
    const thanks = new URL(request.url).searchParams.has(COMPLETED_QUERY);
    return data<CampaignApplicationPage>({ state: thanks ? "done" : "completed" });
  }
  return data<CampaignApplicationPage>({
    state: "open",
    slot: {
      email: application.email,
      course: courseLabel(application.course),
      trainer: trainerLabel(application.course, application.trainer),
      dateLocation: dateLabel(application.course, application.trainer, application.date_location),
    },
  });
}

export interface CampaignApplicationActionData {
  result: SubmissionResult<string[]>;
}

/** A document that passed the content check: its bytes (images encoded anew) and real type. */
interface CheckedDocument {
  bytes: Buffer;
  mime: string;
}

const EXTENSIONS: Record<string, string> = { "application/pdf": "pdf", "image/jpeg": "jpg", "image/png": "png" };

/** The name a document is kept under: what it is and its real type, never the uploaded name. */
const DOCUMENT_NAMES: Record<CampaignFileField, string> = { idDoc: "identiteitsbewijs", consentDoc: "toestemmingsformulier" };

/** The chosen file of a file field; an empty file input posts a part without name and bytes. */
function chosenFile(form: FormData, name: string): File | undefined {
  return form.getAll(name).find((value): value is File => value instanceof File && (value.size > 0 || value.name !== ""));
}

/**
 * The post of the form: the honeypot answers as a success and writes nothing; a link that is no
 * longer open leads back to its page; the fields and both files are checked together, so every
 * message shows at once, with everything typed kept (files must be chosen again); a valid post
 * counts against the client address's limit, then completes the sign-up and redirects to the
 * thanks (POST/redirect/GET).
 */
export async function campaignApplicationAction(request: Request, token: string | undefined, context: AppLoadContext | undefined) {
  if (!token) throw redirect(href("/"));
  const form = await readForm(request, { files: CAMPAIGN_FILE_FIELDS.length });
  if (!form) {
    const error = Object.fromEntries(CAMPAIGN_FILE_FIELDS.map((name) => [name, [UPLOAD_TOO_LARGE]]));
    return data<CampaignApplicationActionData>({ result: { status: "error", error } }, { status: 413 });
  }
  if (filledHoneypot(form, "campaign")) return redirect(confirmationPath(token));
  const application = await findApplication(token);
  if (!application || application.completed) return redirect(campaignApplicationPagePath(token));

  // Files are not sent back to the page: they are taken out and checked apart.
  const files = new Map(CAMPAIGN_FILE_FIELDS.map((name) => [name, chosenFile(form, name)]));
  for (const name of [...CAMPAIGN_FILE_FIELDS, HONEYPOT_FIELD]) form.delete(name);
  const submission = parseWithZod(form, { schema: campaignApplicationSchema });

  const fieldErrors: Record<string, string[]> = {};
  const documents = new Map<CampaignFileField, CheckedDocument>();
  for (const name of CAMPAIGN_FILE_FIELDS) {
    const file = files.get(name);
    if (!file) {
      fieldErrors[name] = [messages.required];
      continue;
    }
    const check = await checkUpload(file, DOCUMENT_TYPES);
    if (check.ok) documents.set(name, { bytes: check.bytes, mime: check.mime });
    else fieldErrors[name] = [check.message];
  }
  // A file that was fine is not kept while anything else is refused: it must be chosen again.
  const chooseAgain = () => {
    for (const name of documents.keys()) fieldErrors[name] = [CHOOSE_FILE_AGAIN];
  };
  if (submission.status !== "success" || Object.keys(fieldErrors).length) {
    chooseAgain();
    return data<CampaignApplicationActionData>({ result: submission.reply({ fieldErrors }) }, { status: 400 });
  }
  if (!(await reservePublicPost(context))) {
    chooseAgain();
    return data<CampaignApplicationActionData>({ result: submission.reply({ formErrors: [TOO_MANY_MESSAGE], fieldErrors }) }, { status: 429 });
  }
  const completed = await completeApplication(application.id, token, submission.value, {
    idDoc: documents.get("idDoc")!,
    consentDoc: documents.get("consentDoc")!,
  });
  // Completed by a post a moment earlier (a double submit): the page says so.
  if (!completed) return redirect(campaignApplicationPagePath(token));
  securityLog("campaign_application_completed", { outcome: "success", subject: application.id });
  return redirect(confirmationPath(token));
}

/**
 * Completes a sign-up in one transaction: claims the slot (only while submitted and not yet
 * completed, so of two posts at once one completes it), stores the participant's fields, the BSN
 * sealed and both documents as sealed files. False when the slot was no longer open.
 */
export async function completeApplication(
  applicationId: number,
  token: string,
  values: CampaignApplicationValues,
  documents: Record<CampaignFileField, CheckedDocument>,
): Promise<boolean> {
  return getDb()
    .transaction()
    .execute(async (tx) => {
      const claimed = await tx
        .updateTable("campaign_applications")
        .set({
          completed: nowIso(),
          gender: values.gender,
          initials: values.initials,
          first_name: values.firstName,
          last_name_prefix: values.lastNamePrefix ?? "",
          last_name: values.lastName,
          date_of_birth: values.dateOfBirth,
          phone: values.phone,
          address_street: values.addressStreet,
          address_house_nr: values.addressHouseNr,
          address_postal_code: values.addressPostalCode,
          address_town: values.addressTown,
          bsn_sealed: sealText(values.bsn),
        })
        .where("id", "=", applicationId)
        .where("token_hash", "=", sha256(token))
        .where("submitted", "is not", null)
        .where("completed", "is", null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return false;
      const stored: Partial<Record<CampaignFileField, number>> = {};
      for (const name of CAMPAIGN_FILE_FIELDS) {
        const { bytes, mime } = documents[name];
        stored[name] = await storeFile(tx, sealBytes(bytes), mime, `${DOCUMENT_NAMES[name]}.${EXTENSIONS[mime] ?? "bin"}`, {
          purpose: "campaign_document",
          ownerId: applicationId,
        });
      }
      await tx
        .updateTable("campaign_applications")
        .set({ id_doc_file_id: stored.idDoc, consent_doc_file_id: stored.consentDoc })
        .where("id", "=", applicationId)
        .execute();
      return true;
    });
}

// ---------------------------------------------------------------------------
// The participant's documents, for admins (enterprise_campaign_document)
// ---------------------------------------------------------------------------

/** The documents by their name in the download's URL, and where each is kept. */
export const CAMPAIGN_DOCUMENTS = {
  identiteitsbewijs: "id_doc_file_id",
  toestemmingsformulier: "consent_doc_file_id",
} as const;
export type CampaignDocument = keyof typeof CAMPAIGN_DOCUMENTS;

export const isCampaignDocument = (value: string | undefined): value is CampaignDocument =>
  value !== undefined && Object.hasOwn(CAMPAIGN_DOCUMENTS, value);

/**
 * A participant's document, opened: of slot `slot` of establishment `enterpriseId`; null when the
 * slot has none (never completed, or removed after the retention period) or its bytes are gone.
 * The caller checks that the account is an admin.
 */
export async function readCampaignDocument(enterpriseId: number, slot: number, document: CampaignDocument) {
  const row = await getDb()
    .selectFrom("campaign_applications")
    .innerJoin("files", "files.id", `campaign_applications.${CAMPAIGN_DOCUMENTS[document]}`)
    .select(["campaign_applications.id as applicationId", "files.storage_name", "files.original_name", "files.mime", "files.purpose"])
    .where("campaign_applications.enterprise_id", "=", enterpriseId)
    .where("campaign_applications.slot", "=", slot)
    .executeTakeFirst();
  if (!row || row.purpose !== "campaign_document") return null;
  let sealed: Buffer;
  try {
    sealed = fs.readFileSync(filePath(row.storage_name));
  } catch {
    return null;
  }
  return { applicationId: row.applicationId, bytes: openBytes(sealed), mime: row.mime, name: row.original_name };
}

/** The masked BSN of a sealed value for the screen ('*****1234'); null when it cannot be opened. */
export function maskedBsnOf(sealed: string): string | null {
  try {
    return maskBsn(openText(sealed));
  } catch (error) {
    // A key missing from PERSONAL_DATA_KEYS: the page still shows, without the number.
    logEvent("error", "personal_data_unreadable", { error: error instanceof Error ? error.message : String(error) });
    return null;
  }
}

// ---------------------------------------------------------------------------
// Retention and key rotation
// ---------------------------------------------------------------------------

const DAY_MS = 24 * 3600_000;

/**
 * Removes the BSN and both documents of every sign-up completed more than CAMPAIGN_RETENTION_DAYS
 * before `now` (the processing period), noting when; one transaction per sign-up, each logged. The
 * participant's name and address stay for the campaign's administration. Returns how many.
 */
export async function purgeCampaignPersonalData(now = Date.now()): Promise<number> {
  const db = getDb();
  const before = new Date(now - config.campaignRetentionDays * DAY_MS).toISOString();
  const due = await db
    .selectFrom("campaign_applications")
    .select("id")
    .where("completed", "is not", null)
    .where("completed", "<", before)
    .where("personal_data_removed", "is", null)
    .orderBy("id")
    .execute();
  let removed = 0;
  for (const { id } of due) {
    const done = await db.transaction().execute(async (tx) => {
      const row = await tx
        .selectFrom("campaign_applications")
        .select(["id_doc_file_id", "consent_doc_file_id"])
        .where("id", "=", id)
        .where("personal_data_removed", "is", null)
        .executeTakeFirst();
      if (!row) return false;
      // Guarded again: another process running the same job removes it once.
      const result = await tx
        .updateTable("campaign_applications")
        .set({ bsn_sealed: null, id_doc_file_id: null, consent_doc_file_id: null, personal_data_removed: new Date(now).toISOString() })
        .where("id", "=", id)
        .where("personal_data_removed", "is", null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      for (const fileId of [row.id_doc_file_id, row.consent_doc_file_id]) if (fileId !== null) await deleteFile(tx, fileId);
      return true;
    });
    if (done) {
      removed += 1;
      securityLog("personal_data_removed", { outcome: "success", subject: id, account: null, imitator: null });
    }
  }
  return removed;
}

/**
 * Seals anew, under the current key (the first of PERSONAL_DATA_KEYS), every BSN and campaign
 * document still sealed under another key, so that key can then be taken out of the list
 * (`npm run personal-data:reseal`). A document is replaced on disk in one step (written beside,
 * then renamed over it). Returns how many of each were sealed anew.
 */
export async function resealPersonalData(): Promise<{ bsns: number; documents: number }> {
  const db = getDb();
  let bsns = 0;
  let documents = 0;
  const sealedBsns = await db
    .selectFrom("campaign_applications")
    .select(["id", "bsn_sealed"])
    .where("bsn_sealed", "is not", null)
    .orderBy("id")
    .execute();
  for (const row of sealedBsns) {
    const sealed = row.bsn_sealed!;
    if (!isUnderOldKey(sealedKeyIdOfText(sealed))) continue;
    const result = await db
      .updateTable("campaign_applications")
      .set({ bsn_sealed: sealText(openText(sealed)) })
      .where("id", "=", row.id)
      // Unless it changed (or was removed) meanwhile.
      .where("bsn_sealed", "=", sealed)
      .executeTakeFirst();
    bsns += Number(result.numUpdatedRows);
  }
  const files = await db.selectFrom("files").select(["id", "storage_name"]).where("purpose", "=", "campaign_document").orderBy("id").execute();
  for (const file of files) {
    const stored = filePath(file.storage_name);
    let sealed: Buffer;
    try {
      sealed = fs.readFileSync(stored);
    } catch {
      continue; // removed meanwhile
    }
    if (!isUnderOldKey(sealedKeyIdOfBytes(sealed))) continue;
    const resealed = sealBytes(openBytes(sealed));
    const beside = `${stored}.${randomToken(6)}.tmp`;
    fs.writeFileSync(beside, resealed);
    fs.renameSync(beside, stored);
    await db.updateTable("files").set({ size: resealed.length }).where("id", "=", file.id).execute();
    documents += 1;
  }
  return { bsns, documents };
}
