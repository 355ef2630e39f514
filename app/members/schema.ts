// The membership form (tab Algemeen), shared by the browser and the server (no node-only imports).
import * as z from "zod/mini";
import { checkbox, email, messages, oneOf, optionalText, phone, refine, requiredText, transform } from "../lib/validation";

export const LEGAL_FORMS = [
  { value: "eenmanszaak", label: "Eenmanszaak" },
  { value: "bv", label: "BV" },
  { value: "nv", label: "NV" },
  { value: "vof", label: "VOF" },
] as const;

export const FRANCHISE_NOT_PRINCIPAL = "Een franchisevestiging kan niet de hoofdvestiging zijn";


export interface MemberSchemaOptions {
  /** An admin editing a membership that has establishments which can be principal. */
  principalRequired: boolean;
}

/**
 * The fields of a membership. principalEnterprise and associate are admin-only: the server drops
 * them from a non-admin's post before parsing, so they arrive here only from admins.
 */
export function memberSchema({ principalRequired }: MemberSchemaOptions) {
  // A select posts the chosen establishment's id; anything else is a forged or stale post.
  const principal = transform(
    refine<string | undefined>(
      principalRequired ? requiredText() : optionalText(),
      (v) => v === undefined || /^\d{1,15}$/.test(v),
      messages.pickFromList,
    ),
    (v) => (v === undefined ? undefined : Number(v)),
  );
  return z.object({
    name: requiredText(),
    legalForm: oneOf(LEGAL_FORMS),
    adminAccountable: optionalText(),
    adminAccountableEmail: email(),
    adminAccountablePhone: phone(),
    principalEnterprise: principal,
    associate: checkbox(),
    interestMembership: checkbox(),
  });
}

export type MemberFormOutput = z.output<ReturnType<typeof memberSchema>>;

/** The form's values as it shows them (Conform's default values). */
export interface MemberFormValues {
  name: string;
  legalForm: string;
  adminAccountable: string;
  adminAccountableEmail: string;
  adminAccountablePhone: string;
  principalEnterprise: string;
  associate?: "on";
  interestMembership?: "on";
}

export const EMPTY_MEMBER_VALUES: MemberFormValues = {
  name: "",
  legalForm: "",
  adminAccountable: "",
  adminAccountableEmail: "",
  adminAccountablePhone: "",
  principalEnterprise: "",
};

/** The form's fields and their Dutch labels (labels, error summary). */
export const MEMBER_LABELS = {
  name: "Naam",
  legalForm: "Rechtsvorm",
  adminAccountable: "Naam eigenaar",
  adminAccountableEmail: "E-mailadres eigenaar",
  adminAccountablePhone: "Telefoonnummer eigenaar",
  principalEnterprise: "Hoofdvestiging",
  associate: "Niet-lid",
  interestMembership: "Interesse in lidmaatschap",
} as const;
