import type { SubmissionResult } from "@conform-to/react";
import { data, href } from "react-router";
import type { Account } from "../auth/account";
import type { AppSession } from "../auth/session.server";
import { can } from "../auth/policy";
import { searchWords } from "../auth/imitation.server";
import { sanitizeRichText } from "../content/rich-text.server";
import { containsInsensitive, getDb, isUniqueViolation, nowIso, type DB, type Tx } from "../lib/db.server";
import { checkUpload, deleteFile, IMAGE_TYPES, storedImage, storeFile } from "../lib/files.server";
import { fullName } from "../lib/format";
import { echoSubmission, parseWithZod } from "../lib/parse-form";
import { idParam } from "../lib/request.server";
import { socialLinksFromStore, socialLinksToStore } from "../lib/social-links";
import { nextNumber, retryWhenNumberTaken } from "../lib/unique-number.server";
import { nameOfRow } from "../lib/users.server";
import { ITEM_GONE, redirectWithNotification, SOMETHING_WENT_WRONG } from "../shell/flash.server";
import { FIRST_ID_FIT_NED, FIRST_PASS_NUMBER } from "./list.server";
import {
  ACCOUNT_SEARCH_INTENT,
  ADMIN_ONLY_PROFILE_FIELDS,
  PROFILE_SAVE_INTENT,
  emptyProfileValues,
  ID_FIT_NED_CONFLICT,
  PASS_NUMBER_CONFLICT,
  profileSchema,
  REGISTRANT_CREATED,
  REGISTRANT_SAVED,
  USER_ALREADY_HAS_REGISTRANT,
  USER_NOT_FOUND,
  type AccountChoice,
  type ProfileData,
  type ProfileOutput,
  type ProfileValues,
} from "./profile";

// ---------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------

/** What every tab of a professional's page knows of it. */
export interface RegistrantRecord {
  id: number;
  userId: number | null;
  idFitNed: number | null;
  passNumber: number | null;
  fullName: string;
  email: string;
  approved: boolean;
  inactive: boolean;
  hidden: boolean;
}

async function findRegistrant(db: DB | Tx, where: { id: number } | { userId: number }): Promise<RegistrantRecord | null> {
  let query = db.selectFrom("registrants").select(["id", "user_id", "id_fit_ned", "pass_number", "full_name", "email", "approved", "inactive", "hidden"]);
  query = "id" in where ? query.where("id", "=", where.id) : query.where("user_id", "=", where.userId);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    userId: row.user_id,
    idFitNed: row.id_fit_ned,
    passNumber: row.pass_number,
    fullName: row.full_name,
    email: row.email,
    approved: !!row.approved,
    inactive: !!row.inactive,
    hidden: !!row.hidden,
  };
}

/** The professional of a URL parameter; an unknown or malformed id is a 404. */
export async function requireRegistrant(param: string | undefined): Promise<RegistrantRecord> {
  const registrant = await findRegistrant(getDb(), { id: idParam(param) });
  if (!registrant) throw data(null, { status: 404 });
  return registrant;
}

/** The professional linked to an account, if any. */
export function registrantOfAccount(userId: number): Promise<RegistrantRecord | null> {
  return findRegistrant(getDb(), { userId });
}

/** The most suggestions the account search gives. */
const ACCOUNT_SUGGESTIONS = 10;

const accountLabel = (row: { email: string; username: string | null; given_name: string; name_preposition: string; family_name: string }) =>
  `${nameOfRow(row)} (${row.email})`;

/**
 * Accounts an admin may link to a professional, matching every word of `term` in e-mail address or
 * name: those without a professional, or already linked to this one.
 */
export async function searchAccounts(term: string | null | undefined, registrantId: number | null): Promise<AccountChoice[]> {
  const words = searchWords(term);
  if (!words.length) return [];
  const rows = await getDb()
    .selectFrom("users")
    .leftJoin("registrants", "registrants.user_id", "users.id")
    .select(["users.id", "users.email", "users.username", "users.given_name", "users.name_preposition", "users.family_name"])
    .where((eb) => (registrantId === null ? eb("registrants.id", "is", null) : eb.or([eb("registrants.id", "is", null), eb("registrants.id", "=", registrantId)])))
    .where((eb) =>
      eb.and(
        words.map((word) =>
          eb.or([
            containsInsensitive("users.email", word),
            containsInsensitive("users.given_name", word),
            containsInsensitive("users.name_preposition", word),
            containsInsensitive("users.family_name", word),
          ]),
        ),
      ),
    )
    .orderBy("users.family_name")
    .orderBy("users.given_name")
    .orderBy("users.id")
    .limit(ACCOUNT_SUGGESTIONS)
    .execute();
  return rows.map((r) => ({ id: r.id, label: accountLabel(r) }));
}

async function accountOf(db: DB | Tx, userId: number) {
  const row = await db
    .selectFrom("users")
    .select(["id", "email", "username", "given_name", "name_preposition", "family_name"])
    .where("id", "=", userId)
    .executeTakeFirst();
  return row ? { id: row.id, label: accountLabel(row), fullName: nameOfRow(row), email: row.email, row } : null;
}

/** Tab Persoonsgegevens' data: the stored values, the linked account, the photo. */
export async function loadProfile(
  account: Account,
  registrant: RegistrantRecord | null,
  page: { path: string; cancelHref: string; own: boolean },
): Promise<ProfileData> {
  const admin = !page.own && can(account, "registrants:admin");
  const db = getDb();
  const values = emptyProfileValues();
  let linked: ProfileData["account"] = null;
  let photo: ProfileData["photo"] = null;
  if (registrant) {
    const row = await db.selectFrom("registrants").selectAll().where("id", "=", registrant.id).executeTakeFirstOrThrow();
    const text = (v: string | null) => v ?? "";
    Object.assign(values, {
      user: row.user_id === null ? "" : String(row.user_id),
      givenName: row.given_name,
      namePreposition: row.name_preposition,
      familyName: row.family_name,
      email: row.email,
      idFitNed: row.id_fit_ned === null ? "" : String(row.id_fit_ned),
      passNumber: row.pass_number === null ? "" : String(row.pass_number),
      gender: row.gender,
      dateOfBirth: text(row.date_of_birth),
      registered: text(row.registered),
      phone: row.phone,
      website: row.website,
      addressStreet: row.address_street,
      addressHouseNr: row.address_house_nr,
      addressPostalCode: row.address_postal_code,
      addressTown: row.address_town,
      voucher: row.voucher,
      infoText: sanitizeRichText(row.info_text),
      memo: row.memo,
    } satisfies Partial<ProfileValues>);
    if (row.create_pass) values.createPass = "on";
    if (row.teacher) values.teacher = "on";
    if (row.examiner) values.examiner = "on";
    const links = socialLinksFromStore(row.social_links);
    if (links.length) values.socialMediaLinks = links;
    if (row.user_id !== null) {
      const found = await accountOf(db, row.user_id);
      linked = found ? { id: found.id, label: found.label, fullName: found.fullName, email: found.email } : null;
    }
    photo = await storedImage(db, row.image_file_id);
  }
  if (!admin) for (const name of ADMIN_ONLY_PROFILE_FIELDS) if (name !== "user" && name !== "userQuery") delete (values as Partial<ProfileValues>)[name];
  return {
    registrantId: registrant?.id ?? null,
    path: page.path,
    cancelHref: page.cancelHref,
    admin,
    values,
    account: linked,
    photo,
    nextPassNumber: admin ? await nextNumber({ table: "registrants", column: "pass_number" }, FIRST_PASS_NUMBER) : null,
    state: page.own && registrant ? { active: registrant.approved && !registrant.inactive, visible: registrant.approved && !registrant.hidden } : null,
  };
}

// ---------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------

/** What a post of tab Persoonsgegevens answers when it shows the form again. */
export interface ProfileActionData {
  result: SubmissionResult<string[]>;
  /** The no-JavaScript account search: what was searched and what matched. */
  accountSearch?: { query: string; matches: AccountChoice[] };
  /** The account chosen in the post, as the chooser shows it. */
  chosenAccount?: AccountChoice;
}

interface Photo {
  upload?: { bytes: Buffer; mime: string; name: string };
  remove: boolean;
}

type WriteOutcome = { ok: true; id: number } | { ok: false; gone: true } | { ok: false; fieldErrors: Record<string, string[]> };

/** The columns of the form anyone who may edit the professional writes. */
function ownColumns(v: ProfileOutput) {
  return {
    gender: v.gender ?? "",
    date_of_birth: v.dateOfBirth ?? null,
    registered: v.registered ?? null,
    phone: v.phone ?? "",
    website: v.website ?? "",
    address_street: v.addressStreet ?? "",
    address_house_nr: v.addressHouseNr ?? "",
    address_postal_code: v.addressPostalCode ?? "",
    address_town: v.addressTown ?? "",
    info_text: v.infoText ? sanitizeRichText(v.infoText) : "",
    social_links: JSON.stringify(socialLinksToStore(v.socialMediaLinks)),
  };
}

/** The columns only an admin writes. */
function adminColumns(v: ProfileOutput) {
  return {
    create_pass: v.createPass ? 1 : 0,
    teacher: v.teacher ? 1 : 0,
    examiner: v.examiner ? 1 : 0,
    voucher: v.voucher ?? "",
    memo: v.memo ?? "",
  };
}

/** The name and e-mail a professional without account keeps itself. */
function nameColumns(v: { givenName?: string; namePreposition?: string; familyName?: string; email?: string }) {
  const parts = { givenName: v.givenName ?? "", namePreposition: v.namePreposition ?? "", familyName: v.familyName ?? "" };
  return {
    given_name: parts.givenName,
    name_preposition: parts.namePreposition,
    family_name: parts.familyName,
    email: v.email ?? "",
    full_name: fullName(parts),
  };
}

/**
 * Writes the form in one transaction: the account link (the account must exist and have no other
 * professional), the numbers (unique; an admin leaving one empty on an approved professional gets
 * the next free one), the photo. A new professional made by an admin is approved at once, with its
 * ID and registration number. Files replaced or removed are deleted last, as that removes them
 * from disk, which a rollback cannot bring back.
 */
async function writeProfile(registrantId: number | null, v: ProfileOutput, admin: boolean, photo: Photo): Promise<WriteOutcome> {
  return getDb()
    .transaction()
    .execute(async (tx): Promise<WriteOutcome> => {
      const current = registrantId === null ? null : await tx.selectFrom("registrants").select(["id", "approved", "image_file_id"]).where("id", "=", registrantId).executeTakeFirst();
      if (registrantId !== null && !current) return { ok: false, gone: true };
      const columns: Record<string, unknown> = ownColumns(v);
      if (admin) {
        Object.assign(columns, adminColumns(v));
        const userId = v.user ? Number(v.user) : null;
        if (userId !== null) {
          const linked = await accountOf(tx, userId);
          if (!linked) return { ok: false, fieldErrors: { user: [USER_NOT_FOUND] } };
          const other = await tx.selectFrom("registrants").select("id").where("user_id", "=", userId).executeTakeFirst();
          if (other && other.id !== registrantId) return { ok: false, fieldErrors: { user: [USER_ALREADY_HAS_REGISTRANT] } };
          Object.assign(columns, nameColumns({ givenName: linked.row.given_name, namePreposition: linked.row.name_preposition, familyName: linked.row.family_name, email: linked.row.email }));
        } else {
          Object.assign(columns, nameColumns(v));
        }
        columns.user_id = userId;
        const numbered = registrantId === null || !!current?.approved;
        const numbers = [
          { field: "idFitNed", column: "id_fit_ned", first: FIRST_ID_FIT_NED, conflict: ID_FIT_NED_CONFLICT },
          { field: "passNumber", column: "pass_number", first: FIRST_PASS_NUMBER, conflict: PASS_NUMBER_CONFLICT },
        ] as const;
        const fieldErrors: Record<string, string[]> = {};
        for (const n of numbers) {
          const typed = v[n.field] ? Number(v[n.field]) : null;
          if (typed !== null) {
            const taken = await tx.selectFrom("registrants").select("id").where(n.column, "=", typed).executeTakeFirst();
            if (taken && taken.id !== registrantId) fieldErrors[n.field] = [n.conflict];
          }
          columns[n.column] = typed ?? (numbered ? await nextNumber({ table: "registrants", column: n.column }, n.first, tx) : null);
        }
        if (Object.keys(fieldErrors).length) return { ok: false, fieldErrors };
      }
      let id = registrantId;
      if (id === null) {
        const row = await tx
          .insertInto("registrants")
          .values({ ...columns, approved: 1, inactive: 0, hidden: 0, created: nowIso() })
          .returning("id")
          .executeTakeFirstOrThrow();
        id = row.id;
      } else {
        await tx.updateTable("registrants").set(columns).where("id", "=", id).execute();
      }
      const stored = current?.image_file_id ?? null;
      let image = photo.remove ? null : stored;
      if (photo.upload) image = await storeFile(tx, photo.upload.bytes, photo.upload.mime, photo.upload.name, { purpose: "registrant_image", ownerId: id });
      if (image !== stored) {
        await tx.updateTable("registrants").set({ image_file_id: image }).where("id", "=", id).execute();
        if (stored !== null) await deleteFile(tx, stored);
      }
      return { ok: true, id };
    });
}

/** Which unique number a violation at the write was about (two saves at once), as a field error. */
function conflictOf(error: unknown): Record<string, string[]> | null {
  if (!isUniqueViolation(error)) return null;
  const text = String((error as { message?: unknown }).message ?? "") + String((error as { constraint?: unknown }).constraint ?? "");
  if (text.includes("user_id")) return { user: [USER_ALREADY_HAS_REGISTRANT] };
  if (text.includes("id_fit_ned")) return { idFitNed: [ID_FIT_NED_CONFLICT] };
  return { passNumber: [PASS_NUMBER_CONFLICT] };
}

/**
 * A post of tab Persoonsgegevens: Opslaan, the account search and the number refresh (which show
 * the form again as posted and save nothing). Admin-only fields posted by anyone else are dropped
 * before parsing. The photo is checked by content (jpg or png); a refusal keeps everything typed.
 */
export async function profileIntent(
  ctx: { account: Account; session: AppSession; registrant: RegistrantRecord | null; path: string; own: boolean },
  form: FormData,
  intent: string,
): Promise<Response | ReturnType<typeof data<{ profile: ProfileActionData }>>> {
  const admin = !ctx.own && can(ctx.account, "registrants:admin");
  if (!admin) for (const name of ADMIN_ONLY_PROFILE_FIELDS) form.delete(name);
  const file = form.get("image");
  form.delete("image");
  const ownName = admin && !String(form.get("user") ?? "").trim();
  const schema = profileSchema({ admin, ownName });
  const answer = (profile: ProfileActionData, status: number) => data({ profile }, { status });
  const chosen = async (): Promise<AccountChoice | undefined> => {
    const id = String(form.get("user") ?? "");
    if (!admin || !/^\d{1,9}$/.test(id)) return undefined;
    const found = await accountOf(getDb(), Number(id));
    return found ? { id: found.id, label: found.label } : undefined;
  };

  if (intent !== PROFILE_SAVE_INTENT) {
    // Shown again as posted; nothing checked or saved.
    const submission = parseWithZod(form, { schema });
    const search = intent === ACCOUNT_SEARCH_INTENT && admin ? String(form.get("userQuery") ?? "") : null;
    return answer(
      {
        result: echoSubmission(submission),
        accountSearch: search === null ? undefined : { query: search, matches: await searchAccounts(search, ctx.registrant?.id ?? null) },
        chosenAccount: await chosen(),
      },
      200,
    );
  }

  const submission = parseWithZod(form, { schema });
  const fieldErrors: Record<string, string[]> = {};
  let upload: Photo["upload"];
  if (file && typeof file !== "string" && file.size > 0) {
    const check = await checkUpload(file, IMAGE_TYPES);
    if (check.ok) upload = { bytes: check.bytes, mime: check.mime, name: file.name };
    else fieldErrors.image = [check.message];
  }
  if (submission.status !== "success" || Object.keys(fieldErrors).length) {
    return answer({ result: submission.reply({ fieldErrors }), chosenAccount: await chosen() }, 400);
  }
  let outcome: WriteOutcome;
  try {
    outcome = await retryWhenNumberTaken(() => writeProfile(ctx.registrant?.id ?? null, submission.value, admin, { upload, remove: submission.value.imageRemove }), 3);
  } catch (error) {
    const conflict = conflictOf(error);
    if (conflict) return answer({ result: submission.reply({ fieldErrors: conflict }), chosenAccount: await chosen() }, 400);
    console.error(error);
    return answer({ result: submission.reply({ formErrors: [SOMETHING_WENT_WRONG.header] }), chosenAccount: await chosen() }, 500);
  }
  if (!outcome.ok) {
    if ("gone" in outcome) return redirectWithNotification(ctx.session, href("/"), ITEM_GONE);
    return answer({ result: submission.reply({ fieldErrors: outcome.fieldErrors }), chosenAccount: await chosen() }, 400);
  }
  if (!ctx.registrant) {
    const edit = href("/fitnednl/bewerken/:registrant", { registrant: String(outcome.id) });
    return redirectWithNotification(ctx.session, edit, { type: "success", header: REGISTRANT_CREATED });
  }
  return redirectWithNotification(ctx.session, ctx.path, { type: "success", header: REGISTRANT_SAVED });
}
