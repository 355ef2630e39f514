import type { SubmissionResult } from "@conform-to/react";
import { echoSubmission, parseWithZod } from "../lib/parse-form";
import { data, href } from "react-router";
import type { Account } from "../auth/account";
import type { AppSession } from "../auth/session.server";
import { can } from "../auth/policy";
import { getDb, prepared, readTogether, together, type Read, type Together } from "../lib/db.server";
import { checkUpload, DOCUMENT_TYPES } from "../lib/files.server";
import { memberAccountChoicesRead } from "../accounts/account-edit.server";
import { messages } from "../lib/validation";
import type { Crumb } from "../shell/Breadcrumbs";
import { ITEM_GONE, redirectWithNotification, SOMETHING_WENT_WRONG } from "../shell/flash.server";
import type { UserCardData } from "../ui/UserCard";
import { CAMPAIGN_REFRESH_INTENT } from "./campaign/campaign";
import { campaignRead, loadCampaign, normalizeCampaignFormData, sendCampaignMails, type CampaignData } from "./campaign/campaign.server";
import {
  enterpriseRoleCardsRead,
  findMemberDetails,
  memberMatchLabel,
  searchMembers,
  type EnterpriseMemberDetails,
  type EnterpriseRecord,
  type MemberMatch,
} from "./enterprise.server";
import { geocodeChange, showGeocodingWarning } from "./geocoding.server";
import { nextLidnummerRead } from "./lidnummer.server";
import type { OptionsActionData } from "./options";
import { saveEnterprise, type EnterpriseSaveResult, type UploadedFile } from "./save.server";
import {
  ADMIN_ONLY_FIELDS,
  enterpriseSchema,
  FULL_MEMBER_FIELDS,
  LIDNUMMER_REFRESH_INTENT,
  MEMBER_SEARCH_INTENT,
  SAVE_INTENT,
  type EnterpriseFormValues,
} from "./schema";
import { enterpriseStatusRefusal } from "./status.server";
import type { LicensesActionData } from "./licenses";
import type { InviteActionData } from "../employments/employments";
import { tabPath } from "../ui/tab-path";

const ENTERPRISE_CREATED = "Vestiging toegevoegd.";
const ENTERPRISE_SAVED = "Vestiging opgeslagen.";

/**
 * Where an establishment page sits: the admin's /vestigingen, a membership's page (admin), the
 * member's own /mijn-vestigingen, or /mijn-vestiging (the account's one establishment). It decides
 * the page's URLs: cancel, after a create, after a save.
 */
export type EnterpriseContext = { kind: "admin" } | { kind: "member"; memberId: number } | { kind: "own" } | { kind: "one" };

export function editPathIn(context: EnterpriseContext, enterpriseId: number, memberId: number): string {
  switch (context.kind) {
    case "admin":
      return href("/vestigingen/bewerken/:enterprise", { enterprise: String(enterpriseId) });
    case "member":
      return href("/lidmaatschappen/bewerken/:member/vestiging/:enterprise", { member: String(memberId), enterprise: String(enterpriseId) });
    case "own":
      return href("/mijn-vestigingen/bewerken/:enterprise", { enterprise: String(enterpriseId) });
    case "one":
      return href("/mijn-vestiging");
  }
}

function addPathIn(context: EnterpriseContext): string {
  switch (context.kind) {
    case "admin":
      return href("/vestigingen/toevoegen");
    case "member":
      return href("/lidmaatschappen/bewerken/:member/vestiging-toevoegen", { member: String(context.memberId) });
    default:
      return href("/mijn-vestigingen/toevoegen");
  }
}

/**
 * Where 'Annuleren' goes. In a membership it returns to its Vestigingen tab; an own add goes to
 * the list when the account has more than one establishment to list, else to /mijn-vestiging;
 * an admin's add to the list; an edit reloads the form.
 */
function cancelPathIn(context: EnterpriseContext, account: Account, enterpriseId: number | null, memberId: number | null): string {
  if (context.kind === "member") return membershipEstablishments(context.memberId);
  if (enterpriseId !== null) return editPathIn(context, enterpriseId, memberId ?? 0);
  if (context.kind === "admin") return href("/vestigingen");
  return account.listableEnterprises.length > 1 ? href("/mijn-vestigingen") : href("/mijn-vestiging");
}

const memberEditPath = (id: number) => href("/lidmaatschappen/bewerken/:member", { member: String(id) });
const membershipEstablishments = (memberId: number) => tabPath(memberEditPath(memberId), "vestigingen");

/** What a tab's form needs of its page: where it posts, whether it is only shown, where 'Annuleren' goes. */
export interface EnterpriseTabPage {
  path: string;
  readOnly: boolean;
  cancelHref: string;
}

/**
 * Where 'Annuleren' of tab `tab` goes: in a membership, as every form of the establishment there,
 * back to the membership's Vestigingen tab (part 1 §1); elsewhere a reload of the tab, so the form
 * starts again from what is stored.
 */
export function tabCancelPath(context: EnterpriseContext, path: string, tab: string): string {
  return context.kind === "member" ? membershipEstablishments(context.memberId) : tabPath(path, tab);
}

function crumbsIn(context: EnterpriseContext, member: EnterpriseMemberDetails | null, title: string): Crumb[] {
  switch (context.kind) {
    case "admin":
      return [{ label: "Vestigingen", href: href("/vestigingen") }, { label: title }];
    case "member":
      return [
        { label: "Lidmaatschappen", href: href("/lidmaatschappen") },
        { label: member?.name ?? "Lidmaatschap", href: tabPath(memberEditPath(context.memberId), "vestigingen") },
        { label: title },
      ];
    case "own":
      return [{ label: "Vestigingen", href: href("/mijn-vestigingen") }, { label: title }];
    case "one":
      return [{ label: title }];
  }
}

// ---------------------------------------------------------------------------
// The page's data
// ---------------------------------------------------------------------------

export interface RoleChoice {
  id: number;
  label: string;
}

export interface EnterprisePageData {
  context: EnterpriseContext;
  /** The page's own URL: the form and the status buttons post here. */
  path: string;
  cancelHref: string;
  crumbs: Crumb[];
  title: string;
  /** The account is an admin: the admin-only fields are editable. */
  admin: boolean;
  /** Only listable (a contact person): the establishment is shown, not edited. */
  readOnly: boolean;
  enterprise: null | {
    id: number;
    name: string;
    lidnummer: number | null;
    approved: boolean;
    inactive: boolean;
    hidden: boolean;
    franchise: boolean;
    preventiecentrum: boolean;
    nlfb: boolean;
    storedPostalCode: string;
    /** 'Deze postcode kon niet gevalideerd worden.' while the postcode is the stored one. */
    geocodingWarning: boolean;
    kvkExtract: { name: string; href: string } | null;
  };
  /** The membership the establishment belongs to (on add: the preset one, if any). */
  member: EnterpriseMemberDetails | null;
  /** Where '(Niet-lid)' links to, when the account may open the membership. */
  memberLink: string | null;
  refusal: { inactive?: string; hidden?: string };
  values: EnterpriseFormValues;
  campaign: CampaignData;
  /** Admins: the next free lidnummer (with a refresh button). */
  nextLidnummer: number | null;
  /** Admins viewing a not yet approved establishment without number: it gets one on approval. */
  lidnummerNote: boolean;
  roles: {
    contacts: UserCardData[];
    managers: UserCardData[];
    /** The membership's accounts to choose from ('Beheren'); empty when the account may not. */
    choices: RoleChoice[];
    manage: boolean;
  };
  /** /mijn-vestiging: manager members get 'Toevoegen'. */
  addHref: string | null;
}

const emptyValues = (campaign: CampaignData, memberId: number | null): EnterpriseFormValues => ({
  member: memberId === null ? "" : String(memberId),
  memberQuery: "",
  name: "",
  lidnummer: "",
  addressStreet: "",
  addressHouseNr: "",
  addressPostalCode: "",
  addressTown: "",
  phone: "",
  email: "",
  emailPublic: "",
  website: "",
  kvkNr: "",
  establishedDate: "",
  building: "",
  invoiceVia: "",
  invoiceEmail: "",
  invoiceAddress: { street: "", houseNr: "", postalCode: "", town: "" },
  invoiceContact: "",
  invoiceName: "",
  kostenplaats: "",
  contacts: [],
  managers: [],
  ...campaign.values,
});

function storedValues(record: EnterpriseRecord, campaign: CampaignData, roles: { contacts: UserCardData[]; managers: UserCardData[] }) {
  const e = record.enterprise;
  const values: EnterpriseFormValues = {
    ...emptyValues(campaign, e.memberId),
    name: e.name,
    lidnummer: e.lidnummer === null ? "" : String(e.lidnummer),
    addressStreet: e.address.street,
    addressHouseNr: e.address.houseNr,
    addressPostalCode: e.address.postalCode,
    addressTown: e.address.town,
    phone: e.phone,
    email: e.email,
    emailPublic: e.emailPublic,
    website: e.website,
    kvkNr: e.kvkNr,
    establishedDate: e.establishedDate ?? "",
    building: e.building,
    invoiceVia: e.invoice.via,
    invoiceEmail: e.invoice.email,
    invoiceAddress: { ...e.invoice.address },
    invoiceContact: e.invoice.contact,
    invoiceName: e.invoice.name,
    kostenplaats: e.invoice.kostenplaats,
    contacts: roles.contacts.map((u) => String(u.id)),
    managers: roles.managers.map((u) => String(u.id)),
  };
  if (e.franchise) values.franchise = "on";
  if (e.preventiecentrum) values.preventiecentrum = "on";
  if (e.nlfb) values.nlfb = "on";
  return values;
}

/** Whether the viewer gives an establishment of `member` its contact persons and managers (from the membership's accounts). */
function managesRoles(account: Account, member: EnterpriseMemberDetails | null): member is EnterpriseMemberDetails {
  return !!member && !member.associate && can(account, "enterprise:roles", { memberId: member.id });
}

/** The membership's accounts as role choices (memberAccountChoicesRead), or none when the viewer does not choose. */
function roleChoicesOf(accounts: { id: number; fullName: string; email: string }[] | null): { manage: boolean; choices: RoleChoice[] } {
  if (!accounts) return { manage: false, choices: [] };
  return { manage: true, choices: accounts.map((a) => ({ id: a.id, label: `${a.fullName} (${a.email})` })) };
}

function memberLinkFor(account: Account, member: EnterpriseMemberDetails | null): string | null {
  if (!member) return null;
  if (can(account, "members:admin")) return memberEditPath(member.id);
  if (can(account, "member:edit", { memberId: member.id })) return href("/mijn-lidmaatschap");
  return null;
}

/** What an establishment's page shows around its tabs: title, crumbs, header and status buttons, from the record alone. */
export type EnterpriseHeaderData = Pick<
  EnterprisePageData,
  "context" | "path" | "cancelHref" | "crumbs" | "title" | "admin" | "readOnly" | "enterprise" | "member" | "memberLink" | "refusal" | "addHref"
>;

/** The header of an existing establishment's page in `context`: every tab shows it, tab Algemeen adds its form to it. */
export function enterpriseEditHeader(
  account: Account,
  context: EnterpriseContext,
  record: EnterpriseRecord,
  { readOnly = false, kvkExtract = null }: { readOnly?: boolean; kvkExtract?: { name: string } | null } = {},
): EnterpriseHeaderData {
  const { enterprise: row, member } = record;
  const admin = can(account, "enterprises:admin");
  return {
    context,
    path: editPathIn(context, row.id, member.id),
    cancelHref: cancelPathIn(context, account, row.id, member.id),
    crumbs: crumbsIn(context, member, row.name),
    title: row.name,
    admin,
    readOnly,
    enterprise: {
      id: row.id,
      name: row.name,
      lidnummer: row.lidnummer,
      approved: row.approved,
      inactive: row.inactive,
      hidden: row.hidden,
      franchise: row.franchise,
      preventiecentrum: row.preventiecentrum,
      nlfb: row.nlfb,
      storedPostalCode: row.address.postalCode,
      geocodingWarning: showGeocodingWarning(row.location),
      kvkExtract: kvkExtract ? { name: kvkExtract.name, href: href("/vestigingen/bewerken/:enterprise/kvk-uittreksel", { enterprise: String(row.id) }) } : null,
    },
    member,
    memberLink: memberLinkFor(account, member),
    refusal: admin ? enterpriseStatusRefusal(record) : {},
    addHref: context.kind === "one" && account.managerMember && account.member !== null ? href("/mijn-vestigingen/toevoegen") : null,
  };
}

/**
 * The edit page of an existing establishment in `context`, its header and tab Algemeen's form, as
 * reads to be read with others (readTogether): its parts do not depend on each other.
 */
export function enterpriseEditPageRead(
  account: Account,
  context: EnterpriseContext,
  record: EnterpriseRecord,
  options: { readOnly?: boolean } = {},
): Together<EnterprisePageData> {
  const { enterprise: row, member } = record;
  const admin = can(account, "enterprises:admin");
  const readOnly = !!options.readOnly;
  const parts = {
    campaign: campaignRead(row.id, { admin }),
    cards: enterpriseRoleCardsRead(row.id),
    accounts: !readOnly && managesRoles(account, member) ? memberAccountChoicesRead(member.id) : null,
    next: admin ? nextLidnummerRead() : null,
    kvkExtract: row.kvkExtractFileId === null ? null : kvkExtractRead(row.kvkExtractFileId),
  };
  return together(parts, ({ campaign, cards, accounts, next, kvkExtract }) => ({
    ...enterpriseEditHeader(account, context, record, { readOnly, kvkExtract }),
    values: storedValues(record, campaign, cards),
    campaign,
    nextLidnummer: next,
    lidnummerNote: admin && !row.approved && row.lidnummer === null,
    roles: { ...cards, ...roleChoicesOf(accounts) },
  }));
}

/** The add page in `context`; `member` is the membership it is added to when the context fixes it. */
export async function loadEnterpriseAddPage(
  account: Account,
  context: EnterpriseContext,
  member: EnterpriseMemberDetails | null,
): Promise<EnterprisePageData> {
  const admin = can(account, "enterprises:admin");
  const [campaign, { accounts, next }] = await Promise.all([
    loadCampaign(null),
    readTogether({
      accounts: managesRoles(account, member) ? memberAccountChoicesRead(member.id) : null,
      next: admin ? nextLidnummerRead() : null,
    }),
  ]);
  const roles = roleChoicesOf(accounts);
  const title = "Vestiging toevoegen";
  return {
    context,
    path: addPathIn(context),
    cancelHref: cancelPathIn(context, account, null, member?.id ?? null),
    crumbs: crumbsIn(context, member, context.kind === "member" ? title : "Toevoegen"),
    title,
    admin,
    readOnly: false,
    enterprise: null,
    member,
    memberLink: memberLinkFor(account, member),
    refusal: {},
    values: emptyValues(campaign, member?.id ?? null),
    campaign,
    nextLidnummer: next,
    lidnummerNote: false,
    roles: { contacts: [], managers: [], ...roles },
    addHref: null,
  };
}

/** The name of an establishment's stored KvK extract, as a read (readTogether). */
const kvkExtractFile = prepared((fileId: number) => getDb().selectFrom("files").select("original_name").where("id", "=", fileId));

function kvkExtractRead(fileId: number): Read<{ original_name: string }, { name: string } | null> {
  return {
    query: kvkExtractFile(fileId),
    of: ([file]) => (file ? { name: file.original_name || "KvK-uittreksel" } : null),
  };
}

// ---------------------------------------------------------------------------
// The page's posts
// ---------------------------------------------------------------------------

export interface EnterpriseActionData {
  result?: SubmissionResult<string[]>;
  /** The no-JavaScript membership search: what was searched and what matched. */
  memberSearch?: { query: string; matches: MemberMatch[] };
  /** A membership the admin chose that the page does not show yet (its name, its kind of form). */
  chosenMember?: MemberMatch;
  /** Tab Aanbod shown again (after 'Alle niet-ingevulde op Nee zetten', or a refused post). */
  options?: OptionsActionData;
  /** Tab Keuring shown again with its messages (a refused save). */
  inspection?: SubmissionResult<string[]>;
  /** Tab Info & Media shown again: with its messages (a refused save), or with a row added or removed. */
  info?: SubmissionResult<string[]>;
  /** Tab Licenties shown again: a refused declaration, an added row, or its confirmation step. */
  licenses?: LicensesActionData;
  /** Tab Licenties' admin form shown again with its messages. */
  licensesAdmin?: SubmissionResult<string[]>;
  /** Tab Professionals' invite form shown again: with its messages, or why the invitation was refused. */
  professionals?: InviteActionData;
}

/** What the form is about: an establishment being edited, or one being added (to a preset membership). */
export type EnterpriseTarget = { kind: "edit"; record: EnterpriseRecord } | { kind: "add"; member: EnterpriseMemberDetails | null };

function postedId(form: FormData, name: string): number | null {
  const value = form.get(name);
  return typeof value === "string" && /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : null;
}

/** The posts of tab Algemeen, by their intent. */
export const GENERAL_INTENTS = [SAVE_INTENT, CAMPAIGN_REFRESH_INTENT, LIDNUMMER_REFRESH_INTENT, MEMBER_SEARCH_INTENT] as const;

/**
 * The posts of tab Algemeen: the refresh buttons of the form (campaign choices, next lidnummer,
 * membership search: shown again, nothing saved), and Opslaan. Fields the account may not set are dropped before parsing (admin-only fields for
 * others; the fields an associate membership's form leaves out; contacts and managers for those
 * who may not choose them), so a forged post of them changes nothing.
 */
export async function enterpriseGeneralIntent(
  { session, account, context, target }: { session: AppSession; account: Account; context: EnterpriseContext; target: EnterpriseTarget },
  form: FormData,
  intent: string,
) {
  const record = target.kind === "edit" ? target.record : null;
  const admin = can(account, "enterprises:admin");
  let chosenMember: MemberMatch | undefined;
  const reply = (result: SubmissionResult<string[]>, status: number, extra: Omit<EnterpriseActionData, "result"> = {}) =>
    data<EnterpriseActionData>({ result, ...(chosenMember ? { chosenMember } : {}), ...extra }, { status });

  const refresh = intent === CAMPAIGN_REFRESH_INTENT || intent === LIDNUMMER_REFRESH_INTENT || intent === MEMBER_SEARCH_INTENT;

  // The membership after the save: an admin's choice, else the one it has (or the account's own).
  if (!admin) for (const name of ADMIN_ONLY_FIELDS) form.delete(name);
  const chosenId = admin ? postedId(form, "member") : null;
  const fixedMember = record ? record.member : target.kind === "add" ? target.member : null;
  let member: EnterpriseMemberDetails | null = fixedMember;
  let unknownMember = false;
  if (chosenId !== null && chosenId !== fixedMember?.id) {
    member = await findMemberDetails(chosenId);
    unknownMember = member === null;
    if (member) chosenMember = { id: member.id, label: memberMatchLabel(member), associate: member.associate };
  }
  const associate = member?.associate ?? false;
  if (associate) for (const name of FULL_MEMBER_FIELDS) form.delete(name);
  const mayChooseRoles = !!member && !associate && can(account, "enterprise:roles", { memberId: member.id });
  const rolesPosted = mayChooseRoles && form.get("roles") === "1";
  if (!rolesPosted) {
    form.delete("contacts");
    form.delete("managers");
  }
  form.delete("roles");

  // Files are not sent back to the page: the form is parsed without it and the file checked apart.
  const file = form.get("kvkExtract");
  form.delete("kvkExtract");
  normalizeCampaignFormData(form);
  const { readOnlySlots } = await loadCampaign(record?.enterprise.id ?? null);
  const schema = enterpriseSchema({ memberRequired: admin, readOnlySlots });

  if (refresh) {
    const submission = parseWithZod(form, { schema });
    const extra =
      intent === MEMBER_SEARCH_INTENT && admin
        ? { memberSearch: { query: String(form.get("memberQuery") ?? ""), matches: await searchMembers(String(form.get("memberQuery") ?? "")) } }
        : {};
    return reply(echoSubmission(submission), 200, extra);
  }

  const submission = parseWithZod(form, { schema });
  const upload = !associate && file instanceof File && file.size > 0 ? await checkUpload(file, DOCUMENT_TYPES) : null;
  const fieldErrors: Record<string, string[]> = {};
  if (upload && !upload.ok) fieldErrors.kvkExtract = [upload.message];
  if (unknownMember) fieldErrors.member = [messages.pickFromList];
  if (submission.status !== "success" || Object.keys(fieldErrors).length || !member) {
    if (submission.status === "success" && !member) fieldErrors.member = [messages.pickFromList];
    return reply(submission.reply({ fieldErrors }), 400);
  }
  const value = submission.value;
  const kvkUpload: UploadedFile | null = upload?.ok ? { bytes: upload.bytes, mime: upload.mime, name: (file as File).name } : null;
  const address = {
    street: value.addressStreet ?? "",
    houseNr: value.addressHouseNr ?? "",
    postalCode: value.addressPostalCode ?? "",
    town: value.addressTown ?? "",
  };
  // Network before the transaction; it never throws and never blocks the save.
  const geocode = await geocodeChange(record ? record.enterprise.address.postalCode : null, address);

  let result: EnterpriseSaveResult;
  try {
    result = await saveEnterprise({
      actor: account,
      enterpriseId: record?.enterprise.id ?? null,
      memberId: member.id,
      value,
      admin,
      associate,
      roles: rolesPosted,
      kvkExtract: { upload: kvkUpload, remove: !!value.kvkExtractRemove },
      geocode,
    });
  } catch (error) {
    console.error(error);
    return reply(submission.reply({ formErrors: [SOMETHING_WENT_WRONG.header] }), 500);
  }
  if ("gone" in result) return redirectWithNotification(session, href("/"), ITEM_GONE);
  if (!result.ok) return reply(submission.reply({ fieldErrors: result.fieldErrors }), 409);
  await sendCampaignMails(result.mails);
  return redirectWithNotification(session, editPathIn(context, result.id, result.memberId), {
    type: "success",
    header: record ? ENTERPRISE_SAVED : ENTERPRISE_CREATED,
  });
}
