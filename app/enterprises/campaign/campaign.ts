// The training-campaign part (Nederland Leert Door) of the establishment form: its fields and
// the conditional rules of part 1 §5 "Campaign part". Browser-safe: the same schema validates in
// the browser and on the server.
import * as z from "zod/mini";
import type { $RefinementCtx } from "zod/v4/core";
import { checkbox, isEmail, messages, optionalText, transform } from "../../lib/validation";
import { isCourse, isDateOf, isTrainerOf } from "./catalogue";

/** The intent of the no-JavaScript 'Keuzes bijwerken' button: re-render with new choice lists. */
export const CAMPAIGN_REFRESH_INTENT = "campaign-refresh";

/** Exactly two participant slots (part 1 §9). */
export const CAMPAIGN_SLOT_COUNT = 2;

export const CAMPAIGN_LABELS = {
  section: "Scholingscampagne Nederland Leert Door",
  campaignNldInterest: "Wij hebben interesse in de scholingscampagne Nederland Leert Door",
  contact: "Contactpersoon voor de campagne",
  email: "E-mailadres",
  firstName: "Voornaam",
  lastNamePrefix: "Tussenvoegsel",
  lastName: "Achternaam",
  participant: (slot: number) => `Deelnemer ${slot + 1}`,
  participantEmail: "E-mailadres deelnemer",
  course: "Opleiding",
  trainer: "Opleider",
  dateLocation: "Datum en locatie",
  refresh: "Keuzes bijwerken",
  submitted: "Aangemeld op",
} as const;

const participantSlot = z.object({
  email: optionalText(),
  course: optionalText(),
  trainer: optionalText(),
  dateLocation: optionalText(),
  // What the choice lists were built from when the page was rendered; the server's cascade for
  // posts without JavaScript compares against them (campaign.server.ts normalizeCampaignFormData).
  previousEmail: optionalText(),
  previousCourse: optionalText(),
  previousTrainer: optionalText(),
  previousDateLocation: optionalText(),
});

/** A parsed slot; keys may be missing (a slot that was not posted). */
export type CampaignSlot = Partial<z.output<typeof participantSlot>>;

const EMPTY_SLOT: CampaignSlot = {};

/**
 * The campaign fields, to spread into the establishment form's z.object. The payload names follow
 * part 1 §7: campaignNldInterest ('on'), campaignNldInfo[field], campaignNldApplications[i][field].
 * Everything is optional here; refineCampaign adds the conditional rules.
 */
export const campaignShape = {
  campaignNldInterest: checkbox(),
  campaignNldInfo: z.object({
    email: optionalText(),
    firstName: optionalText(),
    lastNamePrefix: optionalText(),
    lastName: optionalText(),
  }),
  // A submitted slot is shown read-only and posts nothing, so a slot may be missing: always two.
  campaignNldApplications: transform(z.array(participantSlot), (slots): CampaignSlot[] =>
    Array.from({ length: CAMPAIGN_SLOT_COUNT }, (_, i) => slots[i] ?? EMPTY_SLOT),
  ),
};

/** The parsed campaign part of the establishment form. */
export interface CampaignValue {
  campaignNldInterest: boolean;
  campaignNldInfo: Partial<z.output<typeof campaignShape.campaignNldInfo>>;
  campaignNldApplications: CampaignSlot[];
}

/** One participant slot as the form shows it (Conform default values). */
export interface CampaignSlotValues {
  email: string;
  course: string;
  trainer: string;
  dateLocation: string;
  previousEmail: string;
  previousCourse: string;
  previousTrainer: string;
  previousDateLocation: string;
}

/** The campaign part of the form's default values. */
export interface CampaignFormValues {
  campaignNldInterest?: "on";
  campaignNldInfo: { email: string; firstName: string; lastNamePrefix: string; lastName: string };
  campaignNldApplications: CampaignSlotValues[];
}

export const EMPTY_SLOT_VALUES: CampaignSlotValues = {
  email: "",
  course: "",
  trainer: "",
  dateLocation: "",
  previousEmail: "",
  previousCourse: "",
  previousTrainer: "",
  previousDateLocation: "",
};

/** A slot's four fields in cascade order, each depending on the one before. */
export const SLOT_FIELDS = ["email", "course", "trainer", "dateLocation"] as const;
export type SlotField = (typeof SLOT_FIELDS)[number];

/** The hidden field that carries what `field` was when the page was rendered. */
export const previousFieldOf = (field: SlotField) =>
  `previous${field[0].toUpperCase()}${field.slice(1)}` as `previous${Capitalize<SlotField>}`;

/**
 * The slot's choices, with a course, trainer or date that is not in the catalogue (a forged or
 * outdated post) treated as not chosen.
 */
export function catalogueChoices(slot: CampaignSlot): Record<SlotField, string | undefined> {
  const course = slot.course && isCourse(slot.course) ? slot.course : undefined;
  const trainer = course && slot.trainer && isTrainerOf(course, slot.trainer) ? slot.trainer : undefined;
  const dateLocation =
    trainer && slot.dateLocation && isDateOf(course, trainer, slot.dateLocation) ? slot.dateLocation : undefined;
  return { email: slot.email, course, trainer, dateLocation };
}

/** A slot is complete (and on save becomes a sign-up) when all four fields hold valid choices. */
export function isCompleteSlot(slot: CampaignSlot): boolean {
  const choices = catalogueChoices(slot);
  return SLOT_FIELDS.every((field) => !!choices[field]) && isEmail(slot.email);
}

/**
 * The conditional rules of part 1 §5 "Campaign part", for the establishment form's superRefine:
 * with interest ticked, the contact's e-mail (valid), first name and last name are required;
 * participant 1 needs all four fields; participant 2 each field only when the one before it is
 * filled. Submitted (read-only) slots are not validated. Without interest nothing is checked:
 * the part is then neither validated nor saved.
 *
 * Defensive about its input, so it can run while other fields of the form fail (superRefine with
 * `when`) and still show every problem in one submit.
 */
export function refineCampaign(value: Partial<CampaignValue>, ctx: $RefinementCtx, readOnlySlots: boolean[]): void {
  if (!value?.campaignNldInterest) return;
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", message, path });

  const info: CampaignValue["campaignNldInfo"] = value.campaignNldInfo ?? {};
  if (!info.email) issue(["campaignNldInfo", "email"], messages.required);
  else if (!isEmail(info.email)) issue(["campaignNldInfo", "email"], messages.email);
  if (!info.firstName) issue(["campaignNldInfo", "firstName"], messages.required);
  if (!info.lastName) issue(["campaignNldInfo", "lastName"], messages.required);

  const slots = value.campaignNldApplications ?? [];
  for (let index = 0; index < CAMPAIGN_SLOT_COUNT; index++) {
    if (readOnlySlots[index]) continue;
    const slot = slots[index] ?? EMPTY_SLOT;
    const choices = catalogueChoices(slot);
    const path = (field: SlotField) => ["campaignNldApplications", index, field];
    if (slot.email && !isEmail(slot.email)) issue(path("email"), messages.email);
    SLOT_FIELDS.forEach((field, position) => {
      if (choices[field]) return;
      // The first participant is required; the second only as far as it has been started.
      const required = index === 0 || (position > 0 && !!choices[SLOT_FIELDS[position - 1]]);
      if (required) issue(path(field), messages.required);
    });
  }
}

/** The fields that depend on `field`: changing it clears them (email → course → trainer → date). */
export function dependentsOf(field: SlotField): SlotField[] {
  return SLOT_FIELDS.slice(SLOT_FIELDS.indexOf(field) + 1);
}

export type SlotChoices = Record<SlotField, string>;

/**
 * The cascade for a post without JavaScript. `previous` holds the values the page was rendered
 * with (its choice lists were built from them; null when the post does not carry them).
 * A field is cleared when the field it depends on changed (or was cleared) while the field itself
 * was left as it was: that choice belonged to the old value. A field the person changed in the
 * same post is a fresh choice and is kept. Finally every choice that is not in the catalogue for
 * the chosen course and trainer is dropped.
 */
export function cascadeSlot(current: SlotChoices, previous: SlotChoices | null): SlotChoices {
  const next = { ...current };
  if (previous) {
    SLOT_FIELDS.forEach((field, position) => {
      if (position === 0) return;
      const parent = SLOT_FIELDS[position - 1];
      const parentChanged = next[parent] !== previous[parent];
      const leftAsItWas = next[field] === previous[field];
      if (parentChanged && leftAsItWas) next[field] = "";
    });
  }
  const valid = catalogueChoices(next);
  return {
    email: next.email,
    course: valid.course ?? "",
    trainer: valid.trainer ?? "",
    dateLocation: valid.dateLocation ?? "",
  };
}
