import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { Account } from "../auth/account";
import type { Auth } from "../auth/account.server";
import { mfaChoiceSchema, ownDataSchema, totpActivateSchema } from "../auth/schemas";
import { commitSession, endSessionsOf, ownSessions, type AppSession, type OwnSession } from "../auth/session.server";
import { securityLog } from "../lib/log.server";
import { getDb, isUniqueViolation } from "../lib/db.server";
import { checkUpload, deleteFile, IMAGE_TYPES, MAX_UPLOAD_BYTES, storeFile, UPLOAD_TOO_LARGE } from "../lib/files.server";
import { EMAIL_CONFLICT, emailTaken } from "../lib/users.server";
import { redirectWithNotification } from "../shell/flash.server";
import { WRONG_CODE } from "../home/home.server";
import {
  activateApp,
  appSetup,
  cancelAppSetup,
  endOtherSessions,
  MFA_CANCELLED,
  MFA_LOCKED_WHILE_IMITATING,
  MFA_SAVED,
  setMfaType,
  startAppSetup,
  type AppSetup,
} from "./two-factor.server";

export const MY_DATA_PATH = "/mijn-gegevens";
export const DATA_SAVED = "Uw gegevens zijn opgeslagen.";
export const APP_SETUP_GONE = "Het instellen van de authenticator-app is verlopen. Kies opnieuw voor de authenticator-app.";

// Room for the text fields and multipart overhead next to the largest allowed photo.
const MAX_BODY_BYTES = MAX_UPLOAD_BYTES + 256 * 1024;

export interface OwnDataValues {
  email: string;
  givenName: string;
  namePreposition: string;
  familyName: string;
  phonePrimary: string;
}

export interface MyDataPage {
  values: OwnDataValues;
  image: { id: number; modified: string } | null;
  mfaType: "" | "email" | "app";
  /** The imitating admin's name: the two-factor settings are then read-only. */
  imitatedBy: string | null;
  appSetup: AppSetup | null;
  sessions: OwnSession[];
}

export async function loadMyData(account: Account, session: AppSession): Promise<MyDataPage> {
  const user = await getDb()
    .selectFrom("users")
    .leftJoin("files", "files.id", "users.image_file_id")
    .select([
      "users.email",
      "users.given_name",
      "users.name_preposition",
      "users.family_name",
      "users.phone_primary",
      "users.mfa_type",
      "files.id as image_id",
      "files.modified as image_modified",
    ])
    .where("users.id", "=", account.id)
    .executeTakeFirstOrThrow();
  return {
    values: {
      email: user.email,
      givenName: user.given_name,
      namePreposition: user.name_preposition,
      familyName: user.family_name,
      phonePrimary: user.phone_primary,
    },
    image: user.image_id ? { id: user.image_id, modified: user.image_modified! } : null,
    mfaType: user.mfa_type,
    imitatedBy: account.imitatedBy,
    appSetup: account.imitatedBy ? null : await appSetup(session, user.email),
    sessions: await ownSessions(account.id, session),
  };
}

interface Photo {
  bytes: Buffer;
  mime: string;
  name: string;
}

type SaveResult = { ok: true } | { ok: false; reason: "email_conflict" };


/**
 * Saves the account form: names, e-mail (lower case), phone (digits) and photo in one transaction.
 * A new photo replaces the old one; `removePhoto` only counts when no new photo came along.
 */
export async function saveOwnData(
  userId: number,
  values: { email: string; givenName: string; namePreposition?: string; familyName: string; phonePrimary?: string },
  photo: Photo | null,
  removePhoto: boolean,
): Promise<SaveResult> {
  const email = values.email.toLowerCase();
  let oldImageId: number | null = null;
  try {
    const result = await getDb()
      .transaction()
      .execute(async (tx): Promise<SaveResult> => {
        if (await emailTaken(tx, email, userId)) return { ok: false, reason: "email_conflict" };
        const current = await tx
          .selectFrom("users")
          .select("image_file_id")
          .where("id", "=", userId)
          .executeTakeFirstOrThrow();
        let imageId = current.image_file_id;
        if (photo) imageId = await storeFile(tx, photo.bytes, photo.mime, photo.name, { purpose: "avatar", ownerId: userId });
        else if (removePhoto) imageId = null;
        await tx
          .updateTable("users")
          .set({
            email,
            given_name: values.givenName,
            name_preposition: values.namePreposition ?? "",
            family_name: values.familyName,
            phone_primary: values.phonePrimary ?? "",
            image_file_id: imageId,
          })
          .where("id", "=", userId)
          .execute();
        if (current.image_file_id !== null && current.image_file_id !== imageId) oldImageId = current.image_file_id;
        return { ok: true };
      });
    // The old photo's bytes go only once the new state is committed.
    if (result.ok && oldImageId !== null) await deleteFile(getDb(), oldImageId);
    return result;
  } catch (error) {
    // Someone else took the address between our check and the update.
    if (isUniqueViolation(error)) return { ok: false, reason: "email_conflict" };
    throw error;
  }
}

export interface MyDataActionData {
  data?: SubmissionResult<string[]>;
  mfa?: SubmissionResult<string[]>;
  activate?: SubmissionResult<string[]>;
}

function reply(key: keyof MyDataActionData, result: SubmissionResult<string[]>, status: number) {
  return data<MyDataActionData>({ [key]: result }, { status });
}

async function saveData(form: FormData, account: Account, session: AppSession) {
  const file = form.get("photo");
  // Files are not sent back to the page; the form is parsed without it and the file checked apart.
  form.delete("photo");
  const submission = parseWithZod(form, { schema: ownDataSchema });
  const upload = file instanceof File && file.size > 0 ? await checkUpload(file, IMAGE_TYPES) : null;
  const photoError = upload && !upload.ok ? upload.message : undefined;
  if (submission.status !== "success" || photoError) {
    return reply("data", submission.reply({ fieldErrors: photoError ? { photo: [photoError] } : {} }), 400);
  }
  const photo = upload?.ok ? { bytes: upload.bytes, mime: upload.mime, name: (file as File).name } : null;
  const result = await saveOwnData(account.id, submission.value, photo, form.get("photoRemove") === "on");
  if (!result.ok) return reply("data", submission.reply({ fieldErrors: { email: [EMAIL_CONFLICT] } }), 409);
  return redirectWithNotification(session, MY_DATA_PATH, { type: "success", header: DATA_SAVED });
}

async function chooseMfa(form: FormData, account: Account, session: AppSession) {
  const submission = parseWithZod(form, { schema: mfaChoiceSchema });
  if (submission.status !== "success") return reply("mfa", submission.reply(), 400);
  const choice = submission.value.mfaType;
  if (choice === "app") {
    // Nothing changes yet: the app is switched on only by its first correct code.
    startAppSetup(session);
    return redirect(`${MY_DATA_PATH}#authenticator`, { headers: { "Set-Cookie": await commitSession(session) } });
  }
  cancelAppSetup(session);
  const { changed } = await setMfaType(account.id, choice === "email" ? "email" : "");
  if (changed) await endOtherSessions(account.id, session);
  return redirectWithNotification(session, MY_DATA_PATH, { type: "success", header: MFA_SAVED });
}

async function activate(form: FormData, account: Account, session: AppSession) {
  const submission = parseWithZod(form, { schema: totpActivateSchema });
  if (submission.status !== "success") return reply("activate", submission.reply(), 400);
  const result = await activateApp(session, account.id, account.email, submission.value.code);
  if (result === "no-setup") {
    return redirectWithNotification(session, MY_DATA_PATH, { type: "warning", header: APP_SETUP_GONE });
  }
  if (result === "wrong") {
    return reply("activate", submission.reply({ fieldErrors: { code: [WRONG_CODE] }, hideFields: ["code"] }), 400);
  }
  await endOtherSessions(account.id, session);
  return redirectWithNotification(session, MY_DATA_PATH, { type: "success", header: MFA_SAVED });
}

export const OTHERS_LOGGED_OUT = "U bent uitgelogd op alle andere apparaten.";
export const SESSIONS_LOCKED_WHILE_IMITATING = "Tijdens het imiteren kunt u geen apparaten van deze gebruiker uitloggen.";

/** 'Uitloggen op alle andere apparaten': every other session of the account ends, this one stays. */
async function logoutOthers(account: Account, session: AppSession) {
  if (account.imitatedBy) {
    return redirectWithNotification(session, MY_DATA_PATH, { type: "danger", header: SESSIONS_LOCKED_WHILE_IMITATING });
  }
  const ended = await endSessionsOf(account.id, session.id || undefined);
  securityLog("sessions_ended", { outcome: "success", count: ended });
  return redirectWithNotification(session, MY_DATA_PATH, { type: "success", header: OTHERS_LOGGED_OUT });
}

/** The own-data page's posts: the account form, the two-factor choice, the app's first code, cancel. */
export async function myDataAction(request: Request, { session, account }: Auth & { account: Account }) {
  // The body is read into memory: refuse an oversized one before reading it.
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_BODY_BYTES) {
    return reply("data", { status: "error", error: { photo: [UPLOAD_TOO_LARGE] } }, 413);
  }
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "data") return saveData(form, account, session);
  if (intent === "logout-others") return logoutOthers(account, session);
  if (intent !== "mfa" && intent !== "activate" && intent !== "cancel-app") {
    throw data("Onbekende actie", { status: 400 });
  }
  // Someone imitating an account must not change its second factor.
  if (account.imitatedBy) {
    return redirectWithNotification(session, MY_DATA_PATH, { type: "danger", header: MFA_LOCKED_WHILE_IMITATING });
  }
  if (intent === "mfa") return chooseMfa(form, account, session);
  if (intent === "activate") return activate(form, account, session);
  cancelAppSetup(session);
  return redirectWithNotification(session, MY_DATA_PATH, { type: "success", header: MFA_CANCELLED });
}
