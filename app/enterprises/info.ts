// Tab Info & Media of an establishment, shared by the browser and the server (no node-only imports).
import * as z from "zod/mini";
import { parsePrice } from "../lib/format";
import { checkbox, messages, oneOf, optionalText, refine, richText, url } from "../lib/validation";
import { SOCIAL_LABELS, socialLinksSchema } from "../lib/social-links";


/** The days of the opening hours, Monday first. */
export const DAYS = [
  { key: "mo", label: "Maandag", short: "Ma" },
  { key: "tu", label: "Dinsdag", short: "Di" },
  { key: "we", label: "Woensdag", short: "Wo" },
  { key: "th", label: "Donderdag", short: "Do" },
  { key: "fr", label: "Vrijdag", short: "Vr" },
  { key: "sa", label: "Zaterdag", short: "Za" },
  { key: "su", label: "Zondag", short: "Zo" },
] as const;
export type DayKey = (typeof DAYS)[number]["key"];

/** The periods a subscription price is for; 'anders' uses the text beside it. */
export const PERIODS = [
  { value: "month", label: "maand" },
  { value: "four_weeks", label: "4 weken" },
  { value: "other", label: "anders" },
] as const;

/** The two priced plans of the subscription part, each with its price, period and other period. */
export const PLANS = [
  { key: "unlimited", label: "Onbeperkt sporten" },
  { key: "cheapest", label: "Goedkoopste abonnement" },
] as const;
export type PlanKey = (typeof PLANS)[number]["key"];

export const INFO_LABELS = {
  infoText: "Informatie over de vestiging",
  logo: "Logo",
  header: "Headerafbeelding",
  logoRemove: "Logo verwijderen",
  headerRemove: "Headerafbeelding verwijderen",
  ...SOCIAL_LABELS,
  hours: "Openingstijden",
  open247: "24 uur per dag, 7 dagen per week geopend",
  hoursNotes: "Opmerkingen bij de openingstijden",
  from1: "Van",
  till1: "Tot",
  from2: "Tweede tijdvak van",
  till2: "Tweede tijdvak tot",
  closed: "Gesloten",
  secondSlot: "Tweede tijdvak",
  subscriptions: "Abonnementen",
  price: "Prijs",
  per: "Per",
  perOther: "Andere periode",
  additionalCosts: "Bijkomende kosten",
  subscriptionNotes: "Opmerkingen bij de abonnementen",
  images: "Afbeeldingen",
  image: "Afbeelding",
  imageRemove: "Afbeelding verwijderen",
  addImage: "Afbeelding toevoegen",
  videos: "Video's",
  video: "Videolink",
  addVideo: "Videolink toevoegen",
} as const;

export const INFO_SAVE_INTENT = "info";
export const INFO_SAVED = "Info & Media opgeslagen.";
export const PRICE_INVALID = "U dient een bedrag in te voeren, zoals 1.234,50";
export const TIME_INVALID = "U dient een tijd in stappen van 15 minuten in te voeren, zoals 08:30";

/** A time as a time field sends it, on a quarter of an hour: '08:30'. */
export const isQuarterTime = (value: string) => /^([01]\d|2[0-3]):(00|15|30|45)$/.test(value);

export interface DayValues {
  from1?: string;
  till1?: string;
  from2?: string;
  till2?: string;
  closed?: "on";
}

export interface InfoValues {
  infoText: string;
  socialMediaLinks: { platform: string; link: string }[];
  openHours: { open247?: "on"; notes: string } & Record<DayKey, DayValues>;
  subscriptionPlans: {
    unlimited_price: string;
    unlimited_per: string;
    unlimited_per_other: string;
    cheapest_price: string;
    cheapest_per: string;
    cheapest_per_other: string;
    additionalCosts: string;
    notes: string;
  };
  /** Stored images by id (the file input is `images[i].file` on a new row). */
  images: { id: string; remove?: "on" }[];
  videoLinks: string[];
}

export interface StoredImage {
  id: number;
  modified: string;
  name: string;
}

export interface EnterpriseInfoData {
  /** The page's own URL: the form posts here. */
  path: string;
  cancelHref: string;
  /** A contact person's page: shown, not changed. */
  readOnly: boolean;
  /** An associate membership: no logo, social media, subscriptions, images or videos. */
  associate: boolean;
  /** Admins may edit the info text's HTML itself. */
  admin: boolean;
  values: InfoValues;
  logo: StoredImage | null;
  header: StoredImage | null;
  /** The stored images by id, for their thumbnails. */
  stored: Record<string, StoredImage>;
  /** The sanitised info text, for the read-only view. */
  infoHtml: string;
}

const time = () => refine(optionalText(), (v) => v === undefined || isQuarterTime(v), TIME_INVALID);
const price = () => refine(optionalText(), (v) => v === undefined || parsePrice(v) !== null, PRICE_INVALID);

/** One day: a closed day's times are not checked (nor kept); a second slot's start needs its end. */
const day = () =>
  z.object({ from1: time(), till1: time(), from2: time(), till2: time(), closed: checkbox() }).check(
    z.superRefine((value, ctx) => {
      if (!value.closed && value.from2 && !value.till2) ctx.addIssue({ code: "custom", message: messages.required, path: ["till2"] });
    }),
  );

/**
 * The Info & Media form (part 1 §5 "Info form"): each social and video link a valid URL, the second
 * time slot's end required when its start is set, times on the quarter, prices the Dutch way. A
 * social link needs its platform; a period 'anders' needs its text.
 */
export function infoSchema() {
  return z.object({
    infoText: richText(),
    logo: z.optional(z.unknown()),
    header: z.optional(z.unknown()),
    logoRemove: checkbox(),
    headerRemove: checkbox(),
    socialMediaLinks: socialLinksSchema(),
    openHours: z.object({
      open247: checkbox(),
      notes: optionalText(),
      ...(Object.fromEntries(DAYS.map((d) => [d.key, day()])) as Record<DayKey, ReturnType<typeof day>>),
    }),
    subscriptionPlans: z
      .object({
        unlimited_price: price(),
        unlimited_per: oneOf(PERIODS),
        unlimited_per_other: optionalText(),
        cheapest_price: price(),
        cheapest_per: oneOf(PERIODS),
        cheapest_per_other: optionalText(),
        additionalCosts: optionalText(),
        notes: optionalText(),
      })
      .check(
        z.superRefine((value, ctx) => {
          for (const p of PLANS) {
            if (value[`${p.key}_per`] === "other" && !value[`${p.key}_per_other`]) {
              ctx.addIssue({ code: "custom", message: messages.required, path: [`${p.key}_per_other`] });
            }
          }
        }),
      ),
    images: z.array(z.object({ id: optionalText(), remove: checkbox(), file: z.optional(z.unknown()) })),
    videoLinks: z.array(url()),
  });
}

export type InfoOutput = z.infer<ReturnType<typeof infoSchema>>;

/** What the form starts from when nothing is stored: one empty row of each list. */
export function emptyInfoValues(): InfoValues {
  return {
    infoText: "",
    socialMediaLinks: [],
    openHours: { notes: "", ...(Object.fromEntries(DAYS.map((d) => [d.key, {}])) as Record<DayKey, DayValues>) },
    subscriptionPlans: {
      unlimited_price: "",
      unlimited_per: "",
      unlimited_per_other: "",
      cheapest_price: "",
      cheapest_per: "",
      cheapest_per_other: "",
      additionalCosts: "",
      notes: "",
    },
    images: [],
    videoLinks: [],
  };
}
