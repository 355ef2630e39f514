// The public pages' forms as the browser checks them, without zod (lib/form-checks.ts): each is its
// schema in schemas.ts, which the server parses the post with. checks.test.ts holds them together.
import { email, optionalText, password, requiredText, sameAs, type FormChecks } from "../lib/form-checks";

/** loginSchema */
export const loginChecks = {
  fields: { email: email({ required: true }), password: password(), next: optionalText() },
} satisfies FormChecks;

/** codeSchema */
export const codeChecks = { fields: { code: requiredText() } } satisfies FormChecks;

/** mfaSetupSchema. A value outside the radio group can only be forged: only the server answers it. */
export const mfaSetupChecks = { fields: { mfaType: requiredText() } } satisfies FormChecks;

/** resetRequestSchema */
export const resetRequestChecks = { fields: { email: email({ required: true }) } } satisfies FormChecks;

/** newPasswordSchema */
export const newPasswordChecks = {
  fields: { password: password(), repeatPassword: password() },
  rules: [sameAs("password", "repeatPassword")],
} satisfies FormChecks;

/** confirmAccountSchema */
export const confirmAccountChecks = {
  fields: {
    givenName: requiredText(),
    namePreposition: optionalText(),
    familyName: requiredText(),
    password: password(),
    repeatPassword: password(),
  },
  rules: [sameAs("password", "repeatPassword")],
} satisfies FormChecks;
