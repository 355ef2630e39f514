// Social media links of an establishment (tab Info & Media) and of a professional, shared by the
// browser and the server (no node-only imports).
import * as z from "zod/mini";
import { messages, oneOf, url } from "./validation";

/** The social media a link can be for (part 1 §2 "Info & Media form", part 2 §7 socialMediaLinks). */
export const PLATFORMS = [
  { value: "youtube", label: "YouTube" },
  { value: "facebook", label: "Facebook" },
  { value: "instagram", label: "Instagram" },
  { value: "linkedin", label: "LinkedIn" },
  { value: "twitter", label: "Twitter" },
] as const;
export type Platform = (typeof PLATFORMS)[number]["value"];

export interface SocialLink {
  platform: string;
  link: string;
}

export const SOCIAL_LABELS = {
  social: "Social media",
  platform: "Platform",
  link: "Link",
  addSocial: "Social-medialink toevoegen",
  removeRow: "Verwijderen",
} as const;

export const EMPTY_SOCIAL_LINK: SocialLink = { platform: "", link: "" };

/** The rows of links: each link a valid URL, and a link needs its platform. */
export const socialLinksSchema = () =>
  z.array(
    z.object({ platform: oneOf(PLATFORMS), link: url() }).check(
      z.superRefine((value, ctx) => {
        if (value.link && !value.platform) ctx.addIssue({ code: "custom", message: messages.required, path: ["platform"] });
      }),
    ),
  );

/** What is kept of the posted rows: the filled ones with a known platform. */
export const socialLinksToStore = (rows: { platform?: string; link?: string }[]): SocialLink[] =>
  rows.filter((s) => s.link && PLATFORMS.some((p) => p.value === s.platform)).map((s) => ({ platform: s.platform!, link: s.link! }));

/** Stored links (JSON text): each with a link; anything else in the text is left out. */
export function socialLinksFromStore(json: string | null | undefined): SocialLink[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json ?? "");
  } catch {
    parsed = [];
  }
  return (Array.isArray(parsed) ? parsed : [])
    .filter((s): s is { platform?: unknown; link: string } => !!s && typeof s.link === "string")
    .map((s) => ({ platform: typeof s.platform === "string" ? s.platform : "", link: s.link }));
}

/** 'Facebook: https://…, Instagram: https://…' */
export const socialLinksText = (links: SocialLink[]) =>
  links
    .filter((s) => s.link)
    .map((s) => `${PLATFORMS.find((p) => p.value === s.platform)?.label ?? ""}: ${s.link}`)
    .join(", ");
