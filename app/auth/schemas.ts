import * as z from "zod/mini";
import { checkbox, email, messages, optionalText, password, phone, preprocess, requiredText, sameAs } from "../lib/validation";

export const loginSchema = z.object({
  email: email({ required: true }),
  password: password(),
  next: optionalText(),
});

export const codeSchema = z.object({ code: requiredText() });

export const resetRequestSchema = z.object({ email: email({ required: true }) });

export const newPasswordSchema = sameAs(
  z.object({ password: password(), repeatPassword: password() }),
  "password",
  "repeatPassword",
);

export const confirmAccountSchema = sameAs(
  z.object({
    givenName: requiredText(),
    namePreposition: optionalText(),
    familyName: requiredText(),
    password: password(),
    repeatPassword: password(),
  }),
  "password",
  "repeatPassword",
);

/**
 * Proof that the person at the keyboard owns the account, asked before a change of e-mail,
 * password or second factor: the current password (not trimmed) and the second factor's code.
 */
const reauthFields = {
  currentPassword: preprocess((v) => (typeof v === "string" && v !== "" ? v : undefined), z.optional(z.string())),
  secondFactorCode: optionalText(),
};

export const ownDataSchema = z.object({
  email: email({ required: true }),
  givenName: requiredText(),
  namePreposition: optionalText(),
  familyName: requiredText(),
  phonePrimary: phone(),
  newsletter: checkbox(),
  ...reauthFields,
});

/** 'Wachtwoord wijzigen' on the own-data page. */
export const passwordChangeSchema = sameAs(
  z.object({ ...reauthFields, password: password(), repeatPassword: password() }),
  "password",
  "repeatPassword",
);

/** Searches for a user to imitate (the GET form and the autocomplete) start at this many characters. */
export const IMITATE_MIN_CHARS = 3;

export const imitateSearchSchema = z.object({
  q: preprocess(
    (value) => (typeof value === "string" ? value.trim() : ""),
    z.string().check(z.minLength(IMITATE_MIN_CHARS, messages.minLength(IMITATE_MIN_CHARS))),
  ),
});

/** Two-factor choice on the own-data page ('off' because an empty value reads as "not chosen"). */
const MFA_CHOICES = ["off", "email", "app"] as const;
export const mfaChoiceSchema = z.object({ mfaType: z.pipe(requiredText(), z.enum(MFA_CHOICES)), ...reauthFields });

/** The second factor an admin without one chooses during sign-in (admins cannot choose 'off'). */
export const mfaSetupSchema = z.object({ mfaType: z.pipe(requiredText(), z.enum(["email", "app"])) });

/** The first code from the authenticator app, which switches the app on. */
export const totpActivateSchema = z.object({ code: requiredText() });
