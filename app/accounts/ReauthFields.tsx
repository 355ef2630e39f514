import type { FieldMetadata } from "@conform-to/react";
import { Field } from "../ui/Field";
import { REAUTH_CODE_SENT } from "./reauth";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's field metadata is generic over the form's shape; this part takes a field of any form
type Meta = FieldMetadata<any, any, string[]>;

const REAUTH_LABELS = {
  currentPassword: "Huidig wachtwoord",
  app: "Code uit uw authenticator-app",
  email: "Code uit uw e-mail",
} as const;

/**
 * The current password, and the second factor's code when the account has one: asked before a
 * change of e-mail address, password or second factor. With the mailed code the form also gets
 * SendCodeButton.
 */
export function ReauthFields({
  fields,
  mfaType,
  required = false,
  codeSent = false,
}: {
  fields: { currentPassword: Meta; secondFactorCode: Meta };
  mfaType: "" | "email" | "app";
  /** 'Code versturen' has just mailed a code. */
  codeSent?: boolean;
  /** Always asked (password, second factor), rather than only for some changes (e-mail address). */
  required?: boolean;
}) {
  return (
    <>
      <Field
        meta={fields.currentPassword}
        label={REAUTH_LABELS.currentPassword}
        type="password"
        autoComplete="current-password"
        required={required}
      />
      {mfaType ? (
        <Field
          meta={fields.secondFactorCode}
          label={REAUTH_LABELS[mfaType]}
          autoComplete="one-time-code"
          inputMode="numeric"
          required={required}
          hint={mfaType === "email" ? "Nog geen code? Kies 'Code versturen'; alles wat u invulde blijft staan." : undefined}
        />
      ) : null}
      {codeSent ? (
        <p className="form__note" role="status">
          {REAUTH_CODE_SENT}
        </p>
      ) : null}
    </>
  );
}

/**
 * 'Code versturen': posts the same form (what was typed comes back) and mails a code. Placed after
 * the form's own button, so Enter in a field still submits the form.
 */
export function SendCodeButton({ mfaType }: { mfaType: "" | "email" | "app" }) {
  if (mfaType !== "email") return null;
  return (
    <button type="submit" name="sendCode" value="1" formNoValidate className="button button--secondary">
      Code versturen
    </button>
  );
}

/** The labels of the re-authentication fields, for the error summary. */
export function reauthLabels(mfaType: "" | "email" | "app"): Record<string, string> {
  return { currentPassword: REAUTH_LABELS.currentPassword, ...(mfaType ? { secondFactorCode: REAUTH_LABELS[mfaType] } : {}) };
}
