// The account form and the account's roles; shared by the browser and the server.
import * as z from "zod/mini";
import { messages } from "../lib/rules";
import { checkbox, email, oneOf, optionalText, phone, preprocess, refine, requiredText, transform } from "../lib/validation";

/** The general form when editing (part 2 §5 Account form). */
export const accountSchema = z.object({
  email: email({ required: true }),
  givenName: requiredText(),
  namePreposition: optionalText(),
  familyName: requiredText(),
  phonePrimary: phone(),
  newsletter: checkbox(),
});

/** What an account may do in the whole portal; 'super-admin' only a super admin grants or takes. */
export const RIGHTS = [
  { value: "user", label: "Gebruiker" },
  { value: "admin", label: "Beheerder" },
  { value: "super-admin", label: "Superbeheerder" },
] as const;
export type Rights = (typeof RIGHTS)[number]["value"];

/** The admin register's form also sets the membership (chosen by search, may be none) and the rights. */
const registerFields = {
  member: refine(optionalText(), (v) => v === undefined || /^\d{1,9}$/.test(v), messages.pickFromList),
  memberQuery: optionalText(),
  rights: transform(oneOf(RIGHTS), (v) => (v ?? "user") as Rights),
};

/**
 * The account form of a page: the admin register adds membership and rights; creating adds whether
 * the activation mail goes out (sendMail). The photo is checked apart (it is never sent back).
 */
export function accountFormSchema({ register, adding }: { register: boolean; adding: boolean }) {
  const base = register ? z.extend(accountSchema, registerFields) : accountSchema;
  return adding ? z.extend(base, { sendMail: checkbox() }) : base;
}

export type AccountValues = z.output<typeof accountSchema> & {
  member?: string;
  rights?: Rights;
  sendMail?: boolean;
};

/** The membership search button of the register's form (without JavaScript it posts the form back). */
export const ACCOUNT_MEMBER_SEARCH_INTENT = "member-search";

/** What the form starts from: stored values as strings/flags. */
export interface AccountFormDefaults {
  email: string;
  givenName: string;
  namePreposition: string;
  familyName: string;
  phonePrimary: string;
  newsletter: boolean;
  sendMail?: boolean;
  /** The admin register only. */
  member?: string;
  rights?: Rights;
}

/** The Rollen tab: two membership flags and the establishments the account manages or is contact of. */
export interface AccountRoles {
  contactMember: boolean;
  managerMember: boolean;
  managerEnterprises: number[];
  contactEnterprises: number[];
}

/** Submit buttons of the Rollen form that tick or untick a list without saving (the no-JavaScript path). */
export const ROLE_SELECT_INTENTS = {
  "select-all-managers": { list: "managerEnterprises", all: true },
  "select-none-managers": { list: "managerEnterprises", all: false },
  "select-all-contacts": { list: "contactEnterprises", all: true },
  "select-none-contacts": { list: "contactEnterprises", all: false },
} as const;

export type RoleSelectIntent = keyof typeof ROLE_SELECT_INTENTS;

export function isRoleSelectIntent(value: unknown): value is RoleSelectIntent {
  return typeof value === "string" && Object.hasOwn(ROLE_SELECT_INTENTS, value);
}

const ids = preprocess(
  (value) => (Array.isArray(value) ? value : value === undefined ? [] : [value]),
  transform(z.array(z.unknown()), (values) => [
    ...new Set(values.map((v) => (typeof v === "string" && /^\d{1,9}$/.test(v) ? Number(v) : 0)).filter((n) => n > 0)),
  ]),
);

const rolesSchema = z.object({
  contactMember: checkbox(),
  managerMember: checkbox(),
  managerEnterprises: ids,
  contactEnterprises: ids,
});

/** Reads the Rollen form; ids that are not whole numbers are dropped (whose they are is checked on save). */
export function parseRoles(form: FormData): AccountRoles {
  return rolesSchema.parse({
    contactMember: form.get("contactMember") ?? undefined,
    managerMember: form.get("managerMember") ?? undefined,
    managerEnterprises: form.getAll("managerEnterprises"),
    contactEnterprises: form.getAll("contactEnterprises"),
  });
}
