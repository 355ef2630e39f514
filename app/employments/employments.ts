// Employment between establishments and professionals, shared by the browser and the server (no
// node-only imports): the states and their labels, the posts of both sides, the invite form and
// what the two tabs show.
import type { SubmissionResult } from "@conform-to/react";
import * as z from "zod/mini";
import type { Notification } from "../shell/notification";
import { checkbox, email } from "../lib/validation";

/**
 * The states of an employment (part 1 §4, part 2 §4.2): an invitation is sent, then revoked by
 * the establishment, declined or accepted by the professional; an accepted one is ended by either
 * side. The values are stored, never shown: people read the labels.
 */
export const EMPLOYMENT_STATUSES = [
  "invitation_sent",
  "invitation_revoked",
  "invitation_declined",
  "invitation_accepted",
  "terminated_by_enterprise",
  "terminated_by_registrant",
] as const;
export type EmploymentStatus = (typeof EMPLOYMENT_STATUSES)[number];

export const EMPLOYMENT_STATUS_LABELS: Record<EmploymentStatus, string> = {
  invitation_sent: "Uitgenodigd",
  invitation_revoked: "Uitnodiging ingetrokken",
  invitation_declined: "Uitnodiging afgewezen",
  invitation_accepted: "Uitnodiging geaccepteerd",
  terminated_by_enterprise: "Beëindigd door vestiging",
  terminated_by_registrant: "Beëindigd door professional",
};

export const isEmploymentStatus = (value: string): value is EmploymentStatus => (EMPLOYMENT_STATUSES as readonly string[]).includes(value);

// ---------------------------------------------------------------------------
// The posts (the form's `intent`), named after the spec's calls (part 2 §7 Employment)
// ---------------------------------------------------------------------------

/** The establishment's posts (tab Professionals). */
export const ENTERPRISE_EMPLOYMENT_INTENT = {
  invite: "employment-invite",
  revoke: "employment-revoke-invitation",
  terminate: "employment-enterprise-terminate",
  dismiss: "employment-enterprise-dismiss",
} as const;

/** The professional's posts (tab Sportcentra). */
export const REGISTRANT_EMPLOYMENT_INTENT = {
  accept: "employment-accept-invitation",
  decline: "employment-decline-invitation",
  terminate: "employment-registrant-terminate",
  dismiss: "employment-registrant-dismiss",
} as const;

/** The field that names the employment a post is about. */
export const EMPLOYMENT_FIELD = "employment";

/** The ids (`?tab=`) of the two tabs. */
export const ENTERPRISE_TAB = "professionals";
export const REGISTRANT_TAB = "sportcentra";

// ---------------------------------------------------------------------------
// Confirmations: a dialog with JavaScript, without it the tab shows the question when the page is
// opened with ?bevestigen=<slug>&koppeling=<id> (the dialog's trigger is a link there).
// ---------------------------------------------------------------------------

export const CONFIRM_PARAM = "bevestigen";
export const CONFIRM_ID_PARAM = "koppeling";

export interface EmploymentConfirmation {
  /** The value of ?bevestigen= */
  slug: string;
  intent: string;
  title: string;
  text: string;
  confirmLabel: string;
  tone: "danger" | "primary";
}

/** 'Ontkoppelen' of an accepted professional by the establishment. */
export const ENTERPRISE_TERMINATE_CONFIRM: EmploymentConfirmation = {
  slug: "ontkoppelen",
  intent: ENTERPRISE_EMPLOYMENT_INTENT.terminate,
  title: "Professional ontkoppelen",
  text: "Weet u zeker dat u deze professional wilt ontkoppelen van deze vestiging?",
  confirmLabel: "Ontkoppelen",
  tone: "danger",
};

export const ACCEPT_CONFIRM: EmploymentConfirmation = {
  slug: "accepteren",
  intent: REGISTRANT_EMPLOYMENT_INTENT.accept,
  title: "Uitnodiging accepteren",
  text: "Weet u zeker dat u deze uitnodiging wilt accepteren?",
  confirmLabel: "Accepteren",
  tone: "primary",
};

export const DECLINE_CONFIRM: EmploymentConfirmation = {
  slug: "afwijzen",
  intent: REGISTRANT_EMPLOYMENT_INTENT.decline,
  title: "Uitnodiging afwijzen",
  text: "Weet u zeker dat u deze uitnodiging wilt afwijzen?",
  confirmLabel: "Afwijzen",
  tone: "danger",
};

/** 'Ontkoppelen' of an accepted employment by the professional. */
export const REGISTRANT_TERMINATE_CONFIRM: EmploymentConfirmation = {
  slug: "loskoppelen",
  intent: REGISTRANT_EMPLOYMENT_INTENT.terminate,
  title: "Loskoppelen van sportcentrum",
  text: "Weet u zeker dat u zich als professional wilt loskoppelen van dit sportcentrum?",
  confirmLabel: "Ontkoppelen",
  tone: "danger",
};

// ---------------------------------------------------------------------------
// The invite form (part 1 §5 "Invite form"): e-mail required and valid; the mail is optional.
// ---------------------------------------------------------------------------

export const INVITE_LABELS = {
  email: "E-mailadres van de professional",
  sendInvitation: "Stuur de professional een e-mail met de uitnodiging",
  submit: "Uitnodiging versturen",
} as const;

export const inviteSchema = z.object({
  email: email({ required: true }),
  sendInvitation: checkbox(),
});

export type InviteOutput = z.output<typeof inviteSchema>;

export interface InviteValues {
  email: string;
  sendInvitation?: "on";
}

/** What the Professionals tab shows again after a refused invitation: the form with its messages, and why. */
export interface InviteActionData {
  result: SubmissionResult<string[]>;
  /** No professional with this e-mail, or one already linked: shown as a notification. */
  notification?: Notification;
}

// ---------------------------------------------------------------------------
// What the tabs show
// ---------------------------------------------------------------------------

export interface StoredImage {
  id: number;
  modified: string;
}

/** One professional on the establishment's tab. */
export interface EnterpriseEmploymentCard {
  id: number;
  name: string;
  image: StoredImage | null;
  /** The highest level of the professional's diplomas ('Niveau 4'), if any. */
  level: string | null;
  /** 'Werkzaam sinds 01-02-2026', 'Uitgenodigd', or the status's label. */
  statusLine: string;
  /** The buttons the card offers (none when the page is only shown). */
  actions: ("revoke" | "terminate" | "dismiss")[];
}

export type EnterpriseEmploymentGroupKey = "accepted" | "invited" | "terminated" | "declined";

export interface EnterpriseEmploymentsData {
  /** The page the tab's forms post to. */
  path: string;
  /** A contact person: the cards without the invite form and buttons. */
  readOnly: boolean;
  /** The non-empty groups, in the spec's order: accepted, invited, ended by the professional, declined. */
  groups: { key: EnterpriseEmploymentGroupKey; label: string; cards: EnterpriseEmploymentCard[] }[];
}

/** One establishment on the professional's tab. */
export interface RegistrantEmploymentCard {
  id: number;
  /** Invited, working there (accepted), or ended by the establishment (not yet hidden). */
  state: "invited" | "accepted" | "ended";
  enterprise: { name: string; header: StoredImage | null };
  /** 'Werkzaam sinds 01-02-2026', 'Uitgenodigd' or 'Ontkoppeld'. */
  statusLine: string;
  actions: ("accept" | "decline" | "terminate" | "dismiss")[];
}

export interface RegistrantEmploymentsData {
  path: string;
  readOnly: boolean;
  cards: RegistrantEmploymentCard[];
}

export const EMPLOYMENT_TEXTS = {
  enterpriseEmpty: "Er zijn nog geen professionals aan deze vestiging gekoppeld.",
  registrantEmpty: "Er zijn nog geen sportcentra aan deze professional gekoppeld.",
  inviteHeading: "Professional uitnodigen",
  inviteIntro: "Nodig een FITNED.NL-professional uit met het e-mailadres waarmee hij of zij geregistreerd is.",
  since: (date: string) => `Werkzaam sinds ${date}`,
  invited: "Uitgenodigd",
  endedByEnterprise: "Ontkoppeld",
  revoke: "Intrekken",
  terminate: "Ontkoppelen",
  dismiss: "Verbergen",
  accept: "Accepteren",
  decline: "Afwijzen",
} as const;
