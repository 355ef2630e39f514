import type { FieldMetadata } from "@conform-to/react";
import { FieldError } from "../ui/Field";

export const MFA_LABELS = { "": "Uit", email: "E-mailcode", app: "Authenticator-app" } as const;

const MFA_OPTIONS = [
  { value: "off", label: MFA_LABELS[""], hint: "Na uw wachtwoord bent u direct ingelogd." },
  { value: "email", label: MFA_LABELS.email, hint: "Na uw wachtwoord vult u een code in die u per e-mail ontvangt." },
  { value: "app", label: MFA_LABELS.app, hint: "Na uw wachtwoord vult u de code in die uw authenticator-app toont." },
] as const;

export type MfaOption = (typeof MFA_OPTIONS)[number]["value"];

/**
 * The radio group 'Bevestig uw identiteit bij het inloggen met', on the own-data page and in the
 * setup an admin without a second factor goes through at sign-in (which leaves out 'Uit'). The
 * first radio carries `firstId`, the error summary's target.
 */
export function MfaChoice({
  field,
  options,
  checked,
  firstId,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's field metadata is generic over the form's shape; this part takes a field of any form
  field: FieldMetadata<any, any, string[]>;
  options: readonly MfaOption[];
  checked: string;
  firstId: string;
}) {
  const shown = MFA_OPTIONS.filter((option) => options.includes(option.value));
  return (
    <fieldset aria-describedby={field.errors?.length ? field.errorId : undefined}>
      <legend>Bevestig uw identiteit bij het inloggen met</legend>
      {shown.map((option, i) => (
        <div key={option.value}>
          <label className="choice">
            <input
              type="radio"
              id={i === 0 ? firstId : undefined}
              name={field.name}
              value={option.value}
              defaultChecked={checked === option.value}
              aria-describedby={`${firstId}-hint-${option.value}`}
            />
            {option.label}
          </label>
          <p className="field__hint" id={`${firstId}-hint-${option.value}`}>
            {option.hint}
          </p>
        </div>
      ))}
      <FieldError meta={field} />
    </fieldset>
  );
}

/** The QR code and key of an authenticator app being set up, with how to use them. */
export function AppQrCode({ setup }: { setup: { secret: string; qrDataUrl: string } }) {
  return (
    <>
      <p>
        Scan de QR-code met uw authenticator-app en vul daarna de code in die de app toont. Pas dan wordt de
        authenticator-app ingeschakeld.
      </p>
      <img className="qr" src={setup.qrDataUrl} width={200} height={200} alt="QR-code voor de authenticator-app" />
      <p>
        Kunt u de QR-code niet scannen? Voer dan deze sleutel in de app in: <code className="secret">{setup.secret}</code>
      </p>
    </>
  );
}
