// The notification e-mail text form (part 2 §2.6, §5 Alert form); shared by the browser and the server.
import * as z from "zod/mini";
import { requiredText, richText } from "../lib/validation";

export const ALERT_LABELS = {
  title: "Titel",
  description: "Omschrijving",
  subject: "Onderwerp",
  body: "Tekst",
} as const;

export const alertSchema = z.object({
  subject: requiredText(),
  body: richText({ required: true }),
});

export type AlertValues = z.output<typeof alertSchema>;

/** The error catalogue's alert_not_found. */
export const ALERT_NOT_FOUND = "Deze notificatie bestaat niet!";
export const ALERT_SAVED = "De notificatie is opgeslagen.";
