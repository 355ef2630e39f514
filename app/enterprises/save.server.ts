import fs from "node:fs";
import type { Account } from "../auth/account";
import { getDb, isUniqueViolation, nowIso, type Tx } from "../lib/db.server";
import { deleteFile, filePath, setFileOwner, storeFile } from "../lib/files.server";
import { FRANCHISE_NOT_PRINCIPAL } from "../members/schema";
import { saveCampaign, type CampaignMail } from "./campaign/campaign.server";
import type { GeocodeColumns } from "./geocoding.server";
import { LIDNUMMER_CONFLICT, nextLidnummer } from "./lidnummer.server";
import { writeEnterpriseLog } from "./log.server";
import type { EnterpriseFormOutput } from "./schema";

/** An uploaded KvK extract that passed the content check. */
export interface UploadedFile {
  bytes: Buffer;
  mime: string;
  name: string;
}

export interface EnterpriseSaveInput {
  /** The account saving (the imitated one while imitating): the log names it. */
  actor: Account;
  /** null creates a new establishment. */
  enterpriseId: number | null;
  /** The membership the establishment belongs to after the save. */
  memberId: number;
  value: EnterpriseFormOutput;
  /** Writes the admin-only columns (membership, lidnummer, franchise, preventiecentrum, nlfb). */
  admin: boolean;
  /** The reduced form of an associate membership: its hidden columns keep what they hold. */
  associate: boolean;
  /** Writes the contact persons and branch managers (those who may, and only when the form held them). */
  roles: boolean;
  kvkExtract: { upload: UploadedFile | null; remove: boolean };
  /** geocodeChange's answer, looked up before the transaction; null leaves the location as it is. */
  geocode: GeocodeColumns | null;
}

export type EnterpriseSaveResult =
  | { ok: true; id: number; memberId: number; mails: CampaignMail[] }
  | { ok: false; fieldErrors: Record<string, string[]> }
  | { ok: false; gone: true };

class Refused extends Error {
  constructor(readonly fieldErrors: Record<string, string[]>) {
    super("refused");
  }
}

/** The columns everyone who may edit an establishment writes. */
function baseColumns(v: EnterpriseFormOutput) {
  return {
    name: v.name,
    address_street: v.addressStreet ?? "",
    address_house_nr: v.addressHouseNr ?? "",
    address_postal_code: v.addressPostalCode ?? "",
    address_town: v.addressTown ?? "",
    phone: v.phone ?? "",
    email: v.email ?? "",
    email_public: v.emailPublic ?? "",
    website: v.website ?? "",
    established_date: v.establishedDate ?? null,
    building: v.building ?? "",
  };
}

/** The columns the reduced form of an associate membership leaves out (KvK number, invoicing). */
function fullMemberColumns(v: EnterpriseFormOutput) {
  const address = v.invoiceAddress;
  return {
    kvk_nr: v.kvkNr ?? "",
    invoice_via: v.invoiceVia ?? "",
    invoice_email: v.invoiceEmail ?? "",
    invoice_street: address?.street ?? "",
    invoice_house_nr: address?.houseNr ?? "",
    invoice_postal_code: address?.postalCode ?? "",
    invoice_town: address?.town ?? "",
    invoice_contact: v.invoiceContact ?? "",
    invoice_name: v.invoiceName ?? "",
    kostenplaats: v.kostenplaats ?? "",
  };
}

/** Replaces who are contact persons and managers; only accounts of the membership count. */
async function writeRoles(tx: Tx, enterpriseId: number, memberId: number, contacts: number[], managers: number[]) {
  const ofMembership = async (ids: number[]) =>
    ids.length
      ? (await tx.selectFrom("users").select("id").where("member_id", "=", memberId).where("id", "in", ids).execute()).map((u) => u.id)
      : [];
  const [contactIds, managerIds] = await Promise.all([ofMembership(contacts), ofMembership(managers)]);
  await tx.deleteFrom("enterprise_contacts").where("enterprise_id", "=", enterpriseId).execute();
  await tx.deleteFrom("enterprise_managers").where("enterprise_id", "=", enterpriseId).execute();
  if (contactIds.length) {
    await tx.insertInto("enterprise_contacts").values(contactIds.map((user_id) => ({ enterprise_id: enterpriseId, user_id }))).execute();
  }
  if (managerIds.length) {
    await tx.insertInto("enterprise_managers").values(managerIds.map((user_id) => ({ enterprise_id: enterpriseId, user_id }))).execute();
  }
}

async function lidnummerTaken(tx: Tx, lidnummer: number, exceptId: number | null): Promise<boolean> {
  let query = tx.selectFrom("enterprises").select("id").where("lidnummer", "=", lidnummer);
  if (exceptId !== null) query = query.where("id", "!=", exceptId);
  return !!(await query.executeTakeFirst());
}

/**
 * Saves tab Algemeen in one transaction: the establishment's columns (by what the poster may
 * set), a new or removed KvK extract, the location when the postcode changed, the contact persons
 * and managers, the training campaign, and the log entry. Switching the membership detaches the
 * establishment's managers and contacts (and ends its being the old membership's principal one).
 *
 * A new establishment from an admin starts approved when its membership is (like a membership an
 * admin adds), with the next free lidnummer when none was typed: approval always gives one. It
 * follows the membership's activity and visibility. One from a member starts unapproved without
 * lidnummer and waits on the new-establishments page.
 *
 * Returns the campaign mails to send once committed. A taken lidnummer is a field error, also when
 * the unique index refuses it; an auto-assigned number that someone took meanwhile is tried again.
 */
export async function saveEnterprise(input: EnterpriseSaveInput): Promise<EnterpriseSaveResult> {
  for (let attempt = 1; ; attempt++) {
    let oldFileId: number | null = null;
    let autoNumber = false;
    const stored: string[] = [];
    try {
      const result = await getDb()
        .transaction()
        .execute(async (tx): Promise<EnterpriseSaveResult> => {
          const written = await write(tx, input, stored);
          if ("gone" in written) return { ok: false, gone: true };
          oldFileId = written.oldFileId;
          autoNumber = written.autoNumber;
          const mails = await saveCampaign(tx, written.id, input.value);
          await writeEnterpriseLog(tx, input.actor, { enterpriseId: written.id, form: "main" });
          return { ok: true, id: written.id, memberId: input.memberId, mails };
        });
      // The replaced or removed file's bytes go only once the new state is committed.
      if (result.ok && oldFileId !== null) await deleteFile(getDb(), oldFileId);
      return result;
    } catch (error) {
      // The rolled-back file row is gone; its bytes must not stay behind either.
      for (const name of stored) fs.rmSync(filePath(name), { force: true });
      if (error instanceof Refused) return { ok: false, fieldErrors: error.fieldErrors };
      if (isUniqueViolation(error)) {
        if (autoNumber && attempt < 3) continue;
        return { ok: false, fieldErrors: { lidnummer: [LIDNUMMER_CONFLICT] } };
      }
      throw error;
    }
  }
}

async function write(
  tx: Tx,
  input: EnterpriseSaveInput,
  stored: string[],
): Promise<{ id: number; oldFileId: number | null; autoNumber: boolean } | { gone: true }> {
  const { value: v, admin, associate } = input;
  const columns: Record<string, unknown> = { ...baseColumns(v), ...(associate ? {} : fullMemberColumns(v)) };
  if (admin) {
    columns.member_id = input.memberId;
    columns.nlfb = v.nlfb ? 1 : 0;
    if (!associate) {
      columns.franchise = v.franchise ? 1 : 0;
      columns.preventiecentrum = v.preventiecentrum ? 1 : 0;
    }
  }
  if (input.geocode) Object.assign(columns, input.geocode);

  const current =
    input.enterpriseId === null
      ? null
      : await tx
          .selectFrom("enterprises")
          .select(["member_id", "lidnummer", "kvk_extract_file_id"])
          .where("id", "=", input.enterpriseId)
          .executeTakeFirst();
  if (input.enterpriseId !== null && !current) return { gone: true };

  let upload: number | null | undefined;
  if (!associate && input.kvkExtract.upload) {
    const { bytes, mime, name } = input.kvkExtract.upload;
    upload = await storeFile(tx, bytes, mime, name, { purpose: "kvk_extract", ownerId: input.enterpriseId });
    const file = await tx.selectFrom("files").select("storage_name").where("id", "=", upload).executeTakeFirstOrThrow();
    stored.push(file.storage_name);
  } else if (!associate && input.kvkExtract.remove) upload = null;
  if (upload !== undefined) columns.kvk_extract_file_id = upload;

  const typedNumber = admin && !associate ? (v.lidnummer ?? null) : undefined;
  let autoNumber = false;

  if (input.enterpriseId === null || !current) {
    const member = await tx
      .selectFrom("members")
      .select(["approved", "inactive", "hidden"])
      .where("id", "=", input.memberId)
      .executeTakeFirst();
    if (!member) throw new Refused({ member: ["Dit item bestaat niet (meer)."] });
    const approved = admin && !!member.approved;
    let lidnummer = typedNumber ?? null;
    if (lidnummer !== null && (await lidnummerTaken(tx, lidnummer, null))) throw new Refused({ lidnummer: [LIDNUMMER_CONFLICT] });
    if (lidnummer === null && approved) {
      lidnummer = await nextLidnummer(tx);
      autoNumber = true;
    }
    const row = await tx
      .insertInto("enterprises")
      .values({
        ...(columns as ReturnType<typeof baseColumns>),
        member_id: input.memberId,
        lidnummer,
        approved: approved ? 1 : 0,
        inactive: approved ? member.inactive : 0,
        hidden: approved ? member.hidden : 0,
        created: nowIso(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (input.roles) await writeRoles(tx, row.id, input.memberId, input.value.contacts, input.value.managers);
    // The new establishment owns its extract from the start (the id exists only now).
    if (typeof upload === "number") await setFileOwner(tx, upload, row.id);
    return { id: row.id, oldFileId: null, autoNumber };
  }

  const id = input.enterpriseId;
  const switched = admin && current.member_id !== input.memberId;

  if (typedNumber !== undefined) {
    if (typedNumber !== null && typedNumber !== current.lidnummer && (await lidnummerTaken(tx, typedNumber, id))) {
      throw new Refused({ lidnummer: [LIDNUMMER_CONFLICT] });
    }
    columns.lidnummer = typedNumber;
  }
  if (admin && !associate && v.franchise && !switched) {
    const principal = await tx
      .selectFrom("members")
      .select("id")
      .where("id", "=", input.memberId)
      .where("principal_enterprise_id", "=", id)
      .executeTakeFirst();
    if (principal) throw new Refused({ franchise: [FRANCHISE_NOT_PRINCIPAL] });
  }

  await tx.updateTable("enterprises").set(columns).where("id", "=", id).execute();

  if (switched) {
    // Its people belong to the old membership: they no longer manage or represent it.
    await tx.deleteFrom("enterprise_contacts").where("enterprise_id", "=", id).execute();
    await tx.deleteFrom("enterprise_managers").where("enterprise_id", "=", id).execute();
    await tx
      .updateTable("members")
      .set({ principal_enterprise_id: null })
      .where("id", "=", current.member_id)
      .where("principal_enterprise_id", "=", id)
      .execute();
  } else if (input.roles) {
    await writeRoles(tx, id, input.memberId, input.value.contacts, input.value.managers);
  }
  const oldFileId =
    upload !== undefined && current.kvk_extract_file_id !== null && current.kvk_extract_file_id !== upload ? current.kvk_extract_file_id : null;
  return { id, oldFileId, autoNumber };
}
