// The training-campaign part of the establishment form on the server: the cascade for posts
// without JavaScript, the form's data, the save (inside the form's transaction) and the mails.
import type { Selectable } from "kysely";
import { href } from "react-router";
import type { Database } from "../../../db/types";
import { linkOrigin } from "../../auth/password.server";
import { randomToken, sha256 } from "../../lib/crypto.server";
import { getDb, nowIso, prepared, read, type Read, type Tx } from "../../lib/db.server";
import { formatDate, fullName } from "../../lib/format";
import { sendAlertMail } from "../../lib/mail.server";
import { CAMPAIGN_DOCUMENTS, maskedBsnOf, type CampaignDocument } from "../../registration/campaign-application.server";
import {
  CAMPAIGN_SLOT_COUNT,
  EMPTY_SLOT_VALUES,
  SLOT_FIELDS,
  cascadeSlot,
  catalogueChoices,
  isCompleteSlot,
  previousFieldOf,
  type CampaignFormValues,
  type CampaignValue,
  type SlotChoices,
} from "./campaign";
import { courseLabel, dateLabel, trainerLabel } from "./catalogue";

/** The notification text (alerts table) mailed to a signed-up participant. */
const CAMPAIGN_MAIL_REF = "campaign_nld_application";

/** Where a participant completes the sign-up (app/registration/campaign-application.tsx). */
const campaignApplicationPath = (token: string) => href("/aanmelding-nederland-leert-door/:token?", { token });

const slotName = (index: number, field: string) => `campaignNldApplications[${index}].${field}`;

/**
 * The cascade for a post without JavaScript (the 'Keuzes bijwerken' button, or Opslaan straight
 * away): per participant slot, compares each choice with the hidden value the page was rendered
 * with and clears what depended on a changed choice; also drops a trainer or date that does not
 * belong to the chosen course and trainer. Call it before parsing. A read-only (submitted) slot
 * posts nothing and is left alone.
 */
export function normalizeCampaignFormData(formData: FormData): void {
  for (let index = 0; index < CAMPAIGN_SLOT_COUNT; index++) {
    if (!SLOT_FIELDS.some((field) => formData.has(slotName(index, field)))) continue;
    const read = (name: string) => {
      const value = formData.get(name);
      return typeof value === "string" ? value.trim() : "";
    };
    const current = Object.fromEntries(SLOT_FIELDS.map((field) => [field, read(slotName(index, field))])) as SlotChoices;
    // A post without the hidden values (not from our form) gets only the catalogue check.
    const hasPrevious = SLOT_FIELDS.some((field) => formData.has(slotName(index, previousFieldOf(field))));
    const previous = hasPrevious
      ? (Object.fromEntries(SLOT_FIELDS.map((field) => [field, read(slotName(index, previousFieldOf(field)))])) as SlotChoices)
      : null;
    const next = cascadeSlot(current, previous);
    for (const field of SLOT_FIELDS) {
      // The e-mail is kept exactly as typed (the form shows it again); only choices are rewritten.
      if (field !== "email") formData.set(slotName(index, field), next[field]);
    }
  }
}

/** A submitted participant slot as the form shows it (read-only). */
export interface SubmittedSlot {
  email: string;
  course: string;
  trainer: string;
  dateLocation: string;
  /** DD-MM-YYYY */
  submitted: string;
  /** DD-MM-YYYY when the participant completed the sign-up through the personal link; null while not. */
  completed?: string | null;
  /** Admins only: what the participant completed, the BSN masked. */
  participant?: CompletedParticipant | null;
}

/** A completed sign-up as admins see it. */
export interface CompletedParticipant {
  name: string;
  /** '*****1234'; null when it cannot be opened (its key is not configured) or was removed. */
  bsn: string | null;
  /** The downloads of the ID document and the consent form. */
  documents: { document: CampaignDocument; href: string }[];
  /** DD-MM-YYYY when the BSN and documents were removed after the retention period; null before. */
  removed: string | null;
}

export interface CampaignData {
  /** The campaign part of the form's default values. */
  values: CampaignFormValues;
  /** Per slot: submitted, so shown read-only and never changed by the form. */
  readOnlySlots: boolean[];
  /** Per slot: what a submitted slot shows (labels), null for an open slot. */
  submittedSlots: (SubmittedSlot | null)[];
}

/** The columns of an application that the campaign fields show. */
const APPLICATION_COLUMNS = [
  "slot",
  "email",
  "course",
  "trainer",
  "date_location",
  "submitted",
  "completed",
  "first_name",
  "last_name_prefix",
  "last_name",
  "bsn_sealed",
  "id_doc_file_id",
  "consent_doc_file_id",
  "personal_data_removed",
] as const;
type ApplicationColumn = (typeof APPLICATION_COLUMNS)[number];

/**
 * The campaign part of the establishment form: its values and which slots are submitted, and of a
 * submitted slot whether the participant completed it; `admin` also gets what the participant
 * filled in (the BSN masked) and the links to the documents.
 */
export async function loadCampaign(enterpriseId: number | null, { admin = false }: { admin?: boolean } = {}): Promise<CampaignData> {
  return enterpriseId === null ? emptyCampaign() : read(campaignRead(enterpriseId, { admin }));
}

function emptyCampaign(): CampaignData {
  return {
    values: {
      campaignNldInfo: { email: "", firstName: "", lastNamePrefix: "", lastName: "" },
      campaignNldApplications: Array.from({ length: CAMPAIGN_SLOT_COUNT }, () => ({ ...EMPTY_SLOT_VALUES })),
    },
    readOnlySlots: Array.from({ length: CAMPAIGN_SLOT_COUNT }, () => false),
    submittedSlots: Array.from({ length: CAMPAIGN_SLOT_COUNT }, () => null),
  };
}

/** loadCampaign of a stored establishment as a read, to be read with others (readTogether). */
// One read: the establishment's campaign fields with its applications, if any (slot null when none).
const campaignRows = prepared((enterpriseId: number) =>
  getDb()
    .selectFrom("enterprises as e")
    .leftJoin("campaign_applications as a", "a.enterprise_id", "e.id")
    .select(["e.campaign_nld_interest", "e.campaign_email", "e.campaign_first_name", "e.campaign_last_name_prefix", "e.campaign_last_name"])
    .select(APPLICATION_COLUMNS.map((column) => `a.${column}` as const))
    .where("e.id", "=", enterpriseId),
);

export function campaignRead(enterpriseId: number, { admin = false }: { admin?: boolean } = {}) {
  const query = campaignRows(enterpriseId);
  type Row = Awaited<ReturnType<typeof query.execute>>[number];
  const of = (rows: Row[]): CampaignData => {
    const enterprise = rows[0];
    if (!enterprise) return emptyCampaign();
    const applications = rows.filter((row): row is Row & Pick<Selectable<Database["campaign_applications"]>, ApplicationColumn> => row.slot !== null);

    const data = emptyCampaign();
    if (enterprise.campaign_nld_interest) data.values.campaignNldInterest = "on";
    data.values.campaignNldInfo = {
      email: enterprise.campaign_email,
      firstName: enterprise.campaign_first_name,
      lastNamePrefix: enterprise.campaign_last_name_prefix,
      lastName: enterprise.campaign_last_name,
    };
    for (const row of applications) {
      const index = row.slot - 1;
      if (index < 0 || index >= CAMPAIGN_SLOT_COUNT) continue;
      const choices: SlotChoices = { email: row.email, course: row.course, trainer: row.trainer, dateLocation: row.date_location };
      data.values.campaignNldApplications[index] = {
        ...choices,
        previousEmail: choices.email,
        previousCourse: choices.course,
        previousTrainer: choices.trainer,
        previousDateLocation: choices.dateLocation,
      };
      if (row.submitted) {
        data.readOnlySlots[index] = true;
        data.submittedSlots[index] = {
          email: row.email,
          course: courseLabel(row.course),
          trainer: trainerLabel(row.course, row.trainer),
          dateLocation: dateLabel(row.course, row.trainer, row.date_location),
          submitted: formatDate(row.submitted),
          completed: row.completed ? formatDate(row.completed) : null,
          participant: admin && row.completed ? completedParticipant(enterpriseId, row) : null,
        };
      }
    }
    return data;
  };
  return { query, of } satisfies Read<Row, CampaignData>;
}

function completedParticipant(
  enterpriseId: number,
  row: {
    slot: number;
    first_name: string;
    last_name_prefix: string;
    last_name: string;
    bsn_sealed: string | null;
    id_doc_file_id: number | null;
    consent_doc_file_id: number | null;
    personal_data_removed: string | null;
  },
): CompletedParticipant {
  const documents = (Object.keys(CAMPAIGN_DOCUMENTS) as CampaignDocument[])
    .filter((document) => row[CAMPAIGN_DOCUMENTS[document]] !== null)
    .map((document) => ({
      document,
      href: href("/vestigingen/bewerken/:enterprise/scholingscampagne/:slot/:document", {
        enterprise: String(enterpriseId),
        slot: String(row.slot),
        document,
      }),
    }));
  return {
    name: fullName({ givenName: row.first_name, namePreposition: row.last_name_prefix, familyName: row.last_name }),
    bsn: row.bsn_sealed ? maskedBsnOf(row.bsn_sealed) : null,
    documents,
    removed: row.personal_data_removed ? formatDate(row.personal_data_removed) : null,
  };
}

/** A mail to send after the commit: a participant's personal link to complete the sign-up. */
export interface CampaignMail {
  to: string;
  token: string;
  enterpriseName: string;
  course: string;
  trainer: string;
  dateLocation: string;
}

/**
 * Writes the campaign part of a saved establishment form (call inside the form's transaction).
 * With interest: the contact, the interest date (set when interest is switched on) and both
 * participant slots; a submitted slot is never changed, and a slot saved complete becomes
 * submitted with a fresh personal link (only its sha256 is stored). Without interest only the
 * flag is switched off: what was filled in stays for a later change of mind, unvalidated parts are
 * never written. Returns the mails to send once the transaction has committed.
 */
export async function saveCampaign(tx: Tx, enterpriseId: number, value: CampaignValue): Promise<CampaignMail[]> {
  const enterprise = await tx
    .selectFrom("enterprises")
    .select(["name", "campaign_nld_interest", "campaign_interest_date"])
    .where("id", "=", enterpriseId)
    .executeTakeFirstOrThrow();
  if (!value.campaignNldInterest) {
    await tx.updateTable("enterprises").set({ campaign_nld_interest: 0 }).where("id", "=", enterpriseId).execute();
    return [];
  }

  const now = nowIso();
  const info = value.campaignNldInfo ?? {};
  await tx
    .updateTable("enterprises")
    .set({
      campaign_nld_interest: 1,
      campaign_email: info.email ?? "",
      campaign_first_name: info.firstName ?? "",
      campaign_last_name_prefix: info.lastNamePrefix ?? "",
      campaign_last_name: info.lastName ?? "",
      campaign_interest_date:
        enterprise.campaign_nld_interest && enterprise.campaign_interest_date ? enterprise.campaign_interest_date : now,
    })
    .where("id", "=", enterpriseId)
    .execute();

  const mails: CampaignMail[] = [];
  for (let index = 0; index < CAMPAIGN_SLOT_COUNT; index++) {
    const slotNumber = index + 1;
    const slot = value.campaignNldApplications?.[index] ?? {};
    const existing = await tx
      .selectFrom("campaign_applications")
      .select(["id", "submitted"])
      .where("enterprise_id", "=", enterpriseId)
      .where("slot", "=", slotNumber)
      .executeTakeFirst();
    if (existing?.submitted) continue;

    const choices = catalogueChoices(slot);
    const complete = isCompleteSlot(slot);
    const token = complete ? randomToken() : null;
    const columns = {
      email: choices.email ?? "",
      course: choices.course ?? "",
      trainer: choices.trainer ?? "",
      date_location: choices.dateLocation ?? "",
      submitted: complete ? now : null,
      token_hash: token ? sha256(token) : null,
    };
    if (existing) {
      // 'submitted is null' again: a concurrent save that submitted the slot first wins.
      const result = await tx
        .updateTable("campaign_applications")
        .set(columns)
        .where("id", "=", existing.id)
        .where("submitted", "is", null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) continue;
    } else if (Object.values(columns).some((v) => v)) {
      await tx
        .insertInto("campaign_applications")
        .values({ enterprise_id: enterpriseId, slot: slotNumber, ...columns, created: now })
        .execute();
    }
    if (token) {
      mails.push({
        to: columns.email,
        token,
        enterpriseName: enterprise.name,
        course: courseLabel(columns.course),
        trainer: trainerLabel(columns.course, columns.trainer),
        dateLocation: dateLabel(columns.course, columns.trainer, columns.date_location),
      });
    }
  }
  return mails;
}

/**
 * Mails each newly signed-up participant the personal link (call after the commit). The link
 * points at the portal's own origin (linkOrigin: PUBLIC_URL, never a request header). A failing mail is logged and
 * does not undo the save.
 */
export async function sendCampaignMails(mails: CampaignMail[]): Promise<void> {
  const origin = linkOrigin();
  for (const mail of mails) {
    try {
      await sendAlertMail(CAMPAIGN_MAIL_REF, mail.to, {
        enterprise: mail.enterpriseName,
        course: mail.course,
        trainer: mail.trainer,
        dateLocation: mail.dateLocation,
        link: `${origin}${campaignApplicationPath(mail.token)}`,
      });
    } catch (error) {
      console.error(`mail ${CAMPAIGN_MAIL_REF} niet verstuurd`, error);
    }
  }
}
