// The account form of a membership's account and its roles; shared by the browser and the server.
import * as z from "zod/mini";
import { checkbox, email, optionalText, phone, preprocess, requiredText, transform } from "../lib/validation";

/** The general form when editing (part 2 §5 Account form). */
export const accountSchema = z.object({
  email: email({ required: true }),
  givenName: requiredText(),
  namePreposition: optionalText(),
  familyName: requiredText(),
  phonePrimary: phone(),
  newsletter: checkbox(),
});

/** On creation the form also asks whether the activation mail goes out (sendMail). */
export const accountAddSchema = z.extend(accountSchema, { sendMail: checkbox() });

export type AccountValues = z.output<typeof accountSchema>;

/** What the form starts from: stored values as strings/flags. */
export interface AccountFormDefaults {
  email: string;
  givenName: string;
  namePreposition: string;
  familyName: string;
  phonePrimary: string;
  newsletter: boolean;
  sendMail?: boolean;
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
