import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "../lib/parse-form";
import { data, href, redirect } from "react-router";
import type { Account } from "../auth/account";
import type { Auth } from "../auth/account.server";
import { mfaChoiceSchema, ownDataSchema, totpActivateSchema } from "../auth/schemas";
import { passwordChangeServerSchema } from "../auth/password.server";
import { TOO_MANY_REQUESTS } from "../lib/rate-limit.server";
import { emailChangeRequested, requestEmailChange } from "./email-change.server";
import { LOCKED_WHILE_IMITATING, reauthenticate, sendReauthCode } from "./reauth.server";
import { commitSession, endSessionsOf, ownSessions, type AppSession, type OwnSession } from "../auth/session.server";
import { readForm } from "../lib/form-body.server";
import { securityLog } from "../lib/log.server";
import { getDb } from "../lib/db.server";
import { checkUpload, IMAGE_TYPES, UPLOAD_TOO_LARGE } from "../lib/files.server";
import { EMAIL_CONFLICT, emailTaken } from "../lib/users.server";
import { redirectWithNotification } from "../shell/flash.server";
import { dropReplacedPhoto, writeAccountPhoto, type PhotoChange } from "./photo.server";
import { WRONG_CODE } from "../home/home.server";
import {
  activateApp,
  appSetup,
  cancelAppSetup,
  endOtherSessions,
  MFA_CANCELLED,
  secondFactorChanged,
  setOwnPassword,
  MFA_LOCKED_WHILE_IMITATING,
  MFA_SAVED,
  setMfaType,
  startAppSetup,
  type AppSetup,
} from "./two-factor.server";

export const MY_DATA_PATH = href("/mijn-gegevens");
const DATA_SAVED = "Uw gegevens zijn opgeslagen.";
const PASSWORD_SAVED = "Uw wachtwoord is gewijzigd.";
const ADMIN_NEEDS_MFA = "Beheerders loggen altijd in met tweestapsverificatie: kies de e-mailcode of de authenticator-app.";
const APP_SETUP_GONE = "Het instellen van de authenticator-app is verlopen. Kies opnieuw voor de authenticator-app.";

export interface OwnDataValues {
  email: string;
  givenName: string;
  namePreposition: string;
  familyName: string;
  phonePrimary: string;
  newsletter: boolean;
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
      "users.newsletter",
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
      newsletter: !!user.newsletter,
    },
    image: user.image_id ? { id: user.image_id, modified: user.image_modified! } : null,
    mfaType: user.mfa_type,
    imitatedBy: account.imitatedBy,
    appSetup: account.imitatedBy ? null : await appSetup(session, user.email),
    sessions: await ownSessions(account.id, session),
  };
}

/**
 * Saves names, phone (digits), the newsletter choice and photo in one transaction. A new photo replaces the old one;
 * removal only counts when no new photo came along. The e-mail address changes only through its
 * confirmation link (email-change.server.ts).
 */
async function saveOwnData(
  userId: number,
  values: { givenName: string; namePreposition?: string; familyName: string; phonePrimary?: string; newsletter: boolean },
  photo: PhotoChange,
): Promise<void> {
  const replaced = await getDb()
    .transaction()
    .execute(async (tx) => {
      await tx
        .updateTable("users")
        .set({
          given_name: values.givenName,
          name_preposition: values.namePreposition ?? "",
          family_name: values.familyName,
          phone_primary: values.phonePrimary ?? "",
          newsletter: values.newsletter ? 1 : 0,
        })
        .where("id", "=", userId)
        .execute();
      return writeAccountPhoto(tx, userId, photo);
    });
  await dropReplacedPhoto(replaced);
}

type FormKey = "data" | "password" | "mfa";

export interface MyDataActionData {
  data?: SubmissionResult<string[]>;
  password?: SubmissionResult<string[]>;
  mfa?: SubmissionResult<string[]>;
  activate?: SubmissionResult<string[]>;
  /** The form whose 'Code versturen' mailed a code just now. */
  codeSent?: FormKey;
}

function reply(key: keyof MyDataActionData, result: SubmissionResult<string[]>, status: number, extra: Partial<MyDataActionData> = {}) {
  return data<MyDataActionData>({ [key]: result, ...extra }, { status });
}

/** What a re-rendered form never shows again. */
const SECRET_FIELDS = ["currentPassword", "secondFactorCode", "password", "repeatPassword"];

/**
 * 'Code versturen' of a form: mails a code and shows the form again with what was typed; null
 * when the post is the form's own submit.
 */
async function sendCodeIfAsked(
  form: FormData,
  key: FormKey,
  submission: { reply: (options?: { hideFields?: string[]; formErrors?: string[] }) => SubmissionResult<string[]> },
  account: Account,
  session: AppSession,
) {
  if (form.get("sendCode") !== "1" || account.mfaType !== "email") return null;
  if (!(await sendReauthCode(account, session))) {
    return reply(key, submission.reply({ hideFields: SECRET_FIELDS, formErrors: [`${TOO_MANY_REQUESTS.header}: ${TOO_MANY_REQUESTS.text}`] }), 429);
  }
  return reply(key, submission.reply({ hideFields: SECRET_FIELDS }), 200, { codeSent: key });
}

function refusedWhileImitating(session: AppSession) {
  return redirectWithNotification(session, MY_DATA_PATH, { type: "danger", header: LOCKED_WHILE_IMITATING });
}

async function saveData(form: FormData, account: Account, session: AppSession) {
  const file = form.get("photo");
  // Files are not sent back to the page; the form is parsed without it and the file checked apart.
  form.delete("photo");
  const submission = parseWithZod(form, { schema: ownDataSchema });
  const codeAsked = await sendCodeIfAsked(form, "data", submission, account, session);
  if (codeAsked) return codeAsked;
  const upload = file instanceof File && file.size > 0 ? await checkUpload(file, IMAGE_TYPES) : null;
  const photoError = upload && !upload.ok ? upload.message : undefined;
  if (submission.status !== "success" || photoError) {
    return reply("data", submission.reply({ fieldErrors: photoError ? { photo: [photoError] } : {}, hideFields: SECRET_FIELDS }), 400);
  }
  const newEmail = submission.value.email.toLowerCase();
  const changingEmail = newEmail !== account.email;
  if (changingEmail) {
    // An admin acting for the person may fix a name, never the address the person signs in with.
    if (account.imitatedBy) {
      return reply("data", submission.reply({ fieldErrors: { email: [LOCKED_WHILE_IMITATING] }, hideFields: SECRET_FIELDS }), 403);
    }
    const proof = await reauthenticate(account, session, submission.value);
    if (!proof.ok) {
      return reply("data", submission.reply({ fieldErrors: proof.fieldErrors, formErrors: proof.formErrors, hideFields: SECRET_FIELDS }), 400);
    }
    if (await emailTaken(getDb(), newEmail, account.id)) {
      return reply("data", submission.reply({ fieldErrors: { email: [EMAIL_CONFLICT] }, hideFields: SECRET_FIELDS }), 409);
    }
  }
  const photo = { upload: upload?.ok ? { bytes: upload.bytes, mime: upload.mime, name: (file as File).name } : undefined, remove: form.get("photoRemove") === "on" };
  await saveOwnData(account.id, submission.value, photo);
  if (!changingEmail) return redirectWithNotification(session, MY_DATA_PATH, { type: "success", header: DATA_SAVED });
  await requestEmailChange(account.id, newEmail);
  return redirectWithNotification(session, MY_DATA_PATH, { type: "success", header: DATA_SAVED, text: emailChangeRequested(newEmail) });
}

/** 'Wachtwoord wijzigen': the current password (and second factor), then the new one twice. */
async function changePassword(form: FormData, account: Account, session: AppSession) {
  if (account.imitatedBy) return refusedWhileImitating(session);
  const submission = parseWithZod(form, { schema: passwordChangeServerSchema });
  const codeAsked = await sendCodeIfAsked(form, "password", submission, account, session);
  if (codeAsked) return codeAsked;
  if (submission.status !== "success") return reply("password", submission.reply({ hideFields: SECRET_FIELDS }), 400);
  const proof = await reauthenticate(account, session, submission.value);
  if (!proof.ok) {
    return reply("password", submission.reply({ fieldErrors: proof.fieldErrors, formErrors: proof.formErrors, hideFields: SECRET_FIELDS }), 400);
  }
  await setOwnPassword(account.id, submission.value.password);
  await endOtherSessions(account.id, session);
  return redirectWithNotification(session, MY_DATA_PATH, { type: "success", header: PASSWORD_SAVED });
}

async function chooseMfa(form: FormData, account: Account, session: AppSession) {
  const submission = parseWithZod(form, { schema: mfaChoiceSchema });
  const codeAsked = await sendCodeIfAsked(form, "mfa", submission, account, session);
  if (codeAsked) return codeAsked;
  if (submission.status !== "success") return reply("mfa", submission.reply({ hideFields: SECRET_FIELDS }), 400);
  const choice = submission.value.mfaType;
  if (choice === "off" && account.isAdmin) {
    return reply("mfa", submission.reply({ fieldErrors: { mfaType: [ADMIN_NEEDS_MFA] }, hideFields: SECRET_FIELDS }), 400);
  }
  const proof = await reauthenticate(account, session, submission.value);
  if (!proof.ok) {
    return reply("mfa", submission.reply({ fieldErrors: proof.fieldErrors, formErrors: proof.formErrors, hideFields: SECRET_FIELDS }), 400);
  }
  if (choice === "app") {
    // Nothing changes yet: the app is switched on only by its first correct code.
    startAppSetup(session);
    return redirect(`${MY_DATA_PATH}#authenticator`, { headers: { "Set-Cookie": await commitSession(session) } });
  }
  cancelAppSetup(session);
  const { changed } = await setMfaType(account.id, choice === "email" ? "email" : "");
  if (changed) await secondFactorChanged(account, session, choice === "email" ? "email" : "");
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
  await secondFactorChanged(account, session, "app");
  return redirectWithNotification(session, MY_DATA_PATH, { type: "success", header: MFA_SAVED });
}

const OTHERS_LOGGED_OUT = "U bent uitgelogd op alle andere apparaten.";
const SESSIONS_LOCKED_WHILE_IMITATING = "Tijdens het imiteren kunt u geen apparaten van deze gebruiker uitloggen.";

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
  // A photo over the limit is skipped as it arrives, and refused beside its field with the rest kept.
  const form = await readForm(request, { files: 1 });
  if (!form) return reply("data", { status: "error", error: { photo: [UPLOAD_TOO_LARGE] } }, 413);
  const intent = form.get("intent");
  if (intent === "data") return saveData(form, account, session);
  if (intent === "password") return changePassword(form, account, session);
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
