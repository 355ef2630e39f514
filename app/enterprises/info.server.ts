import { data, href, redirect } from "react-router";
import type { Account } from "../auth/account";
import type { AppSession } from "../auth/session.server";
import { sanitizeRichText } from "../content/rich-text.server";
import { getDb, jsonArrayFrom, jsonRows, nowIso, prepared, read, type Read, type Tx } from "../lib/db.server";
import { checkUpload, deleteFile, FILES_TOO_LARGE, IMAGE_TYPES, imageOfFile, MAX_FILES_TOGETHER_BYTES, storeFile, type StoredImage } from "../lib/files.server";
import { formatPrice, parsePrice } from "../lib/format";
import { parseWithZod } from "../lib/parse-form";
import { socialLinksFromStore, socialLinksToStore } from "../lib/social-links";
import { ITEM_GONE, redirectWithNotification, SOMETHING_WENT_WRONG } from "../shell/flash.server";
import type { EnterpriseActionData, EnterpriseTabPage } from "./edit.server";
import {
  DAYS,
  emptyInfoValues,
  INFO_SAVED,
  infoSchema,
  isQuarterTime,
  PERIODS,
  PLANS,
  type DayKey,
  type DayValues,
  type EnterpriseInfoData,
  type InfoOutput,
  type InfoValues,
} from "./info";
import { writeEnterpriseLog } from "./log.server";
import { tabPath } from "../ui/tab-path";

/** What is stored of the opening hours (JSON in enterprise_info.open_hours). */
interface StoredHours {
  open247?: boolean;
  notes?: string;
  days?: Partial<Record<DayKey, { from1?: string; till1?: string; from2?: string; till2?: string; closed?: boolean }>>;
}

/** What is stored of the subscription plans (JSON in enterprise_info.subscription); prices in cents. */
interface StoredSubscription {
  unlimitedPrice?: number | null;
  unlimitedPer?: string;
  unlimitedPerOther?: string;
  cheapestPrice?: number | null;
  cheapestPer?: string;
  cheapestPerOther?: string;
  additionalCosts?: string;
  notes?: string;
}

interface StoredInfo {
  infoText: string;
  logo: number | null;
  header: number | null;
  logoImage: StoredImage | null;
  headerImage: StoredImage | null;
  social: { platform: string; link: string }[];
  hours: StoredHours;
  subscription: StoredSubscription;
  videos: string[];
}

/** A JSON column read defensively: what is not of the expected kind reads as `fallback`. */
function json<T>(text: string | null | undefined, fallback: T): T {
  try {
    const value: unknown = JSON.parse(text ?? "");
    return value !== null && typeof value === typeof fallback && Array.isArray(value) === Array.isArray(fallback) ? (value as T) : fallback;
  } catch {
    return fallback;
  }
}

/** A joined file row as the page shows it; none without a file. */
const imageOf = (id: number | null, modified: string | null, name: string | null): StoredImage | null =>
  id !== null && modified !== null ? { id, modified, name: name ?? "" } : null;

/** A stored image of the tab (its enterprise_images id) with its file as pages show it. */
interface StoredImageRow {
  id: number;
  file: StoredImage;
}

/** What an establishment has stored on tab Info & Media: its info (null before the first save) and its images. */
interface StoredInfoAndImages {
  info: StoredInfo | null;
  images: StoredImageRow[];
}

/**
 * The stored info with its logo's and header image's file rows, and the images with theirs: one
 * read. Undefined when the establishment does not exist.
 */
function storedInfo(tx: Tx, enterpriseId: number): Promise<StoredInfoAndImages | undefined> {
  return read(storedInfoRead(enterpriseId), tx);
}

/** The query of storedInfo. */
const storedInfoRows = prepared((enterpriseId: number) =>
  getDb()
    .selectFrom("enterprises as e")
    .leftJoin("enterprise_info as i", "i.enterprise_id", "e.id")
    .leftJoin("files as logo", "logo.id", "i.logo_file_id")
    .leftJoin("files as header", "header.id", "i.header_file_id")
    .select((eb) => [
      "i.enterprise_id as info_of",
      "i.info_text",
      "i.logo_file_id",
      "i.header_file_id",
      "i.social_links",
      "i.open_hours",
      "i.subscription",
      "i.video_links",
      "logo.modified as logo_modified",
      "logo.original_name as logo_name",
      "header.modified as header_modified",
      "header.original_name as header_name",
      jsonArrayFrom(
        eb
          .selectFrom("enterprise_images as im")
          .innerJoin("files as f", "f.id", "im.file_id")
          .select(["im.id", "im.position", "f.id as file_id", "f.modified", "f.original_name"])
          .whereRef("im.enterprise_id", "=", "e.id"),
      ).as("images"),
    ])
    .where("e.id", "=", enterpriseId),
);

type StoredInfoRow = Awaited<ReturnType<ReturnType<typeof storedInfoRows>["execute"]>>[number];

/** storedInfo as a read (readTogether). */
function storedInfoRead(enterpriseId: number): Read<StoredInfoRow, StoredInfoAndImages | undefined> {
  return { query: storedInfoRows(enterpriseId), of: ([row]) => storedOfRow(row) };
}

function storedOfRow(row: StoredInfoRow | undefined): StoredInfoAndImages | undefined {
  if (!row) return undefined;
  // Sorted here: an aggregate keeps no order on either engine.
  const images = jsonRows(row.images)
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .map((image) => ({ id: image.id, file: imageOfFile({ id: image.file_id, modified: image.modified, original_name: image.original_name }) }));
  if (row.info_of === null) return { info: null, images };
  return {
    info: {
      infoText: row.info_text ?? "",
      logo: row.logo_file_id,
      header: row.header_file_id,
      logoImage: imageOf(row.logo_file_id, row.logo_modified, row.logo_name),
      headerImage: imageOf(row.header_file_id, row.header_modified, row.header_name),
      social: socialLinksFromStore(row.social_links ?? ""),
      hours: json<StoredHours>(row.open_hours, {}),
      subscription: json<StoredSubscription>(row.subscription, {}),
      videos: json<string[]>(row.video_links, []).filter((v) => typeof v === "string"),
    },
    images,
  };
}

const priceText = (cents: number | null | undefined) => (typeof cents === "number" ? formatPrice(cents) : "");

/** The form's values from what is stored (its info text already cleaned): every list with at least one (empty) row. */
function formValues(info: StoredInfo | null, infoHtml: string, images: { id: number }[]): InfoValues {
  const values = emptyInfoValues();
  if (info) {
    values.infoText = infoHtml;
    values.socialMediaLinks = info.social.map((s) => ({ platform: s.platform, link: s.link }));
    values.openHours.notes = info.hours.notes ?? "";
    if (info.hours.open247) values.openHours.open247 = "on";
    for (const d of DAYS) {
      const stored = info.hours.days?.[d.key] ?? {};
      const day: DayValues = {};
      for (const slot of ["from1", "till1", "from2", "till2"] as const) if (stored[slot]) day[slot] = stored[slot];
      if (stored.closed) day.closed = "on";
      values.openHours[d.key] = day;
    }
    const s = info.subscription;
    values.subscriptionPlans = {
      unlimited_price: priceText(s.unlimitedPrice),
      unlimited_per: s.unlimitedPer ?? "",
      unlimited_per_other: s.unlimitedPerOther ?? "",
      cheapest_price: priceText(s.cheapestPrice),
      cheapest_per: s.cheapestPer ?? "",
      cheapest_per_other: s.cheapestPerOther ?? "",
      additionalCosts: s.additionalCosts ?? "",
      notes: s.notes ?? "",
    };
    values.videoLinks = [...info.videos];
  }
  values.images = images.map((i) => ({ id: String(i.id) }));
  if (!values.socialMediaLinks.length) values.socialMediaLinks.push({ platform: "", link: "" });
  if (!values.images.length) values.images.push({ id: "" });
  if (!values.videoLinks.length) values.videoLinks.push("");
  return values;
}

/** Tab Info & Media's data: the stored text, files, links, hours, plans and images. */
export function enterpriseInfoRead(enterpriseId: number, page: InfoPage): Read<StoredInfoRow, EnterpriseInfoData> {
  const { query, of } = storedInfoRead(enterpriseId);
  return { query, of: (rows) => infoData(of(rows), page) };
}

/** Where the tab is shown and to whom. */
interface InfoPage extends EnterpriseTabPage {
  associate: boolean;
  admin: boolean;
}

function infoData(found: StoredInfoAndImages | undefined, page: InfoPage): EnterpriseInfoData {
  const { info, images } = found ?? { info: null, images: [] };
  const stored = Object.fromEntries(images.map((i) => [String(i.id), i.file]));
  // Cleaned once: the editor's value and the read-only view show the same text.
  const infoHtml = info ? sanitizeRichText(info.infoText) : "";
  return {
    path: page.path,
    cancelHref: page.cancelHref,
    readOnly: page.readOnly,
    associate: page.associate,
    admin: page.admin,
    values: formValues(info, infoHtml, images),
    logo: page.associate ? null : (info?.logoImage ?? null),
    header: info?.headerImage ?? null,
    stored: page.associate ? {} : stored,
    infoHtml,
  };
}

interface Upload {
  bytes: Buffer;
  mime: string;
  name: string;
}

/** What one save changes; `null` parts (an associate's) stay as stored. */
interface InfoChange {
  infoText: string;
  hours: StoredHours;
  logo: { upload?: Upload; remove: boolean } | null;
  header: { upload?: Upload; remove: boolean };
  social: StoredInfo["social"] | null;
  subscription: StoredSubscription | null;
  videos: string[] | null;
  /** The stored images in the posted order, those marked for removal, and the new ones (added after them). */
  images: { order: number[]; remove: number[]; uploads: Upload[] } | null;
}

/** A stored file replaced by an upload, removed, or kept. */
async function nextFile(tx: Tx, enterpriseId: number, stored: number | null, change: { upload?: Upload; remove: boolean }, obsolete: number[]) {
  let next = change.remove ? null : stored;
  if (change.upload) next = await storeFile(tx, change.upload.bytes, change.upload.mime, change.upload.name, { purpose: "enterprise_image", ownerId: enterpriseId });
  if (stored !== null && stored !== next) obsolete.push(stored);
  return next;
}

/**
 * Writes Info & Media and its log entry in one transaction; false when the establishment is gone.
 * Files replaced or removed are deleted last, as that also removes them from disk, which a
 * rollback cannot bring back.
 */
async function writeInfo(account: Account, enterpriseId: number, change: InfoChange): Promise<boolean> {
  return getDb()
    .transaction()
    .execute(async (tx) => {
      const stored = await storedInfo(tx, enterpriseId);
      if (!stored) return false;
      const current = stored.info;
      const obsolete: number[] = [];
      const logo = change.logo ? await nextFile(tx, enterpriseId, current?.logo ?? null, change.logo, obsolete) : (current?.logo ?? null);
      const header = await nextFile(tx, enterpriseId, current?.header ?? null, change.header, obsolete);
      const columns = {
        info_text: change.infoText,
        logo_file_id: logo,
        header_file_id: header,
        social_links: JSON.stringify(change.social ?? current?.social ?? []),
        open_hours: JSON.stringify(change.hours),
        subscription: JSON.stringify(change.subscription ?? current?.subscription ?? {}),
        video_links: JSON.stringify(change.videos ?? current?.videos ?? []),
        modified: nowIso(),
      };
      if (current) await tx.updateTable("enterprise_info").set(columns).where("enterprise_id", "=", enterpriseId).execute();
      else await tx.insertInto("enterprise_info").values({ ...columns, enterprise_id: enterpriseId }).execute();

      if (change.images) {
        const { images } = stored;
        const { order, remove } = change.images;
        for (const image of images.filter((i) => remove.includes(i.id))) {
          await tx.deleteFrom("enterprise_images").where("id", "=", image.id).execute();
          obsolete.push(image.file.id);
        }
        // The posted order first; a stored image the post did not name keeps its place after them.
        const kept = images.filter((i) => !remove.includes(i.id)).map((i) => i.id);
        const keep = [...order.filter((id) => kept.includes(id)), ...kept.filter((id) => !order.includes(id))];
        let position = 0;
        for (const id of keep) await tx.updateTable("enterprise_images").set({ position: position++ }).where("id", "=", id).execute();
        for (const upload of change.images.uploads) {
          const fileId = await storeFile(tx, upload.bytes, upload.mime, upload.name, { purpose: "enterprise_image", ownerId: enterpriseId });
          await tx.insertInto("enterprise_images").values({ enterprise_id: enterpriseId, file_id: fileId, position: position++ }).execute();
        }
      }
      await writeEnterpriseLog(tx, account, { enterpriseId, form: "info" });
      for (const id of obsolete) await deleteFile(tx, id);
      return true;
    });
}

/** The opening hours to store: a closed day keeps no times; a time not on the quarter is not kept. */
function hoursOf(value: InfoOutput["openHours"]): StoredHours {
  const days: NonNullable<StoredHours["days"]> = {};
  for (const d of DAYS) {
    const day = value[d.key];
    if (day.closed) {
      days[d.key] = { closed: true };
      continue;
    }
    const times: Record<string, string> = {};
    for (const slot of ["from1", "till1", "from2", "till2"] as const) {
      const t = day[slot];
      if (t && isQuarterTime(t)) times[slot] = t;
    }
    days[d.key] = times;
  }
  return { open247: value.open247, notes: value.notes ?? "", days };
}

function subscriptionOf(value: InfoOutput["subscriptionPlans"]): StoredSubscription {
  const plan = (key: (typeof PLANS)[number]["key"]) => {
    const per = value[`${key}_per`] ?? "";
    return {
      price: value[`${key}_price`] ? parsePrice(value[`${key}_price`]!) : null,
      per: PERIODS.some((p) => p.value === per) ? per : "",
      other: per === "other" ? (value[`${key}_per_other`] ?? "") : "",
    };
  };
  const unlimited = plan("unlimited");
  const cheapest = plan("cheapest");
  return {
    unlimitedPrice: unlimited.price,
    unlimitedPer: unlimited.per,
    unlimitedPerOther: unlimited.other,
    cheapestPrice: cheapest.price,
    cheapestPer: cheapest.per,
    cheapestPerOther: cheapest.other,
    additionalCosts: value.additionalCosts ?? "",
    notes: value.notes ?? "",
  };
}

const IMAGE_FILE = /^images\[(\d{1,3})\]\.file$/;

/**
 * A post of tab Info & Media. Adding or removing a row (Conform's list buttons, which work without
 * JavaScript as submits) shows the form again with the change and saves nothing. Opslaan checks
 * the form and the uploads (jpg or png, by content) and refuses with the messages beside the
 * fields, everything typed kept. A stored image goes only when marked for removal; new images
 * come after the stored ones. An associate membership's logo, social media, subscriptions, images
 * and videos are not shown to it, and what it posts of them is ignored.
 */
export async function enterpriseInfoIntent(
  ctx: { account: Account; session: AppSession; enterpriseId: number | null; path: string; readOnly: boolean; associate: boolean },
  form: FormData,
) {
  if (ctx.readOnly) throw redirect(href("/"));
  if (ctx.enterpriseId === null) throw data("Onbekende actie", { status: 400 });
  const enterpriseId = ctx.enterpriseId;

  // Files are not sent back to the page: the form is parsed without them and the files checked apart.
  const files = new Map<string, File>();
  for (const [name, value] of [...form.entries()]) {
    if (name !== "logo" && name !== "header" && !IMAGE_FILE.test(name)) continue;
    if (typeof value !== "string" && value.size > 0) files.set(name, value);
    form.delete(name);
  }
  if (ctx.associate) for (const name of ["logo", ...[...files.keys()].filter((n) => IMAGE_FILE.test(n))]) files.delete(name);

  const submission = parseWithZod(form, { schema: infoSchema() });
  // A row added or removed: the form again, nothing saved.
  if (submission.status === undefined) return data<EnterpriseActionData>({ info: submission.reply() }, { status: 200 });

  const fieldErrors: Record<string, string[]> = {};
  const uploads = new Map<string, Upload>();
  let total = 0;
  for (const [name, file] of files) {
    total += file.size;
    const check = await checkUpload(file, IMAGE_TYPES);
    if (check.ok) uploads.set(name, { bytes: check.bytes, mime: check.mime, name: file.name });
    else fieldErrors[name] = [check.message];
  }
  const formErrors = total > MAX_FILES_TOGETHER_BYTES ? [FILES_TOO_LARGE] : [];
  if (submission.status !== "success" || Object.keys(fieldErrors).length || formErrors.length) {
    return data<EnterpriseActionData>({ info: submission.reply({ fieldErrors, formErrors }) }, { status: 400 });
  }

  const value = submission.value;
  const change: InfoChange = {
    infoText: value.infoText ? sanitizeRichText(value.infoText) : "",
    hours: hoursOf(value.openHours),
    header: { upload: uploads.get("header"), remove: value.headerRemove },
    logo: null,
    social: null,
    subscription: null,
    videos: null,
    images: null,
  };
  if (!ctx.associate) {
    change.logo = { upload: uploads.get("logo"), remove: value.logoRemove };
    change.social = socialLinksToStore(value.socialMediaLinks);
    change.subscription = subscriptionOf(value.subscriptionPlans);
    change.videos = value.videoLinks.filter((v): v is string => !!v);
    const named = value.images.filter((i) => i.id && /^\d{1,9}$/.test(i.id));
    const newOnes = [...uploads].filter(([name]) => IMAGE_FILE.test(name)).sort(([a], [b]) => rowOf(a) - rowOf(b));
    change.images = {
      order: named.map((i) => Number(i.id)),
      remove: named.filter((i) => i.remove).map((i) => Number(i.id)),
      uploads: newOnes.map(([, upload]) => upload),
    };
  }

  let written: boolean;
  try {
    written = await writeInfo(ctx.account, enterpriseId, change);
  } catch (error) {
    console.error(error);
    return data<EnterpriseActionData>({ info: submission.reply({ formErrors: [SOMETHING_WENT_WRONG.header] }) }, { status: 500 });
  }
  if (!written) return redirectWithNotification(ctx.session, href("/"), ITEM_GONE);
  return redirectWithNotification(ctx.session, tabPath(ctx.path, "info-media"), { type: "success", header: INFO_SAVED });
}

const rowOf = (name: string) => Number(IMAGE_FILE.exec(name)?.[1] ?? 0);

/** The logo, header image and images of an establishment about to be deleted (deleted from disk after it). */
export async function infoFileIds(tx: Tx, enterpriseId: number): Promise<number[]> {
  const { info, images } = (await storedInfo(tx, enterpriseId)) ?? { info: null, images: [] };
  return [info?.logo ?? null, info?.header ?? null, ...images.map((i) => i.file.id)].filter((id): id is number => id !== null);
}
