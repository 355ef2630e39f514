import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "../lib/parse-form";
import { Form } from "react-router";
import { mfaChoiceSchema, totpActivateSchema } from "../auth/schemas";
import { ErrorSummary } from "../ui/ErrorSummary";
import { Field } from "../ui/Field";
import { AppQrCode, MFA_LABELS, MfaChoice } from "./MfaChoice";
import { reauthLabels, ReauthFields, SendCodeButton } from "./ReauthFields";

interface Props {
  mfaType: "" | "email" | "app";
  imitatedBy: string | null;
  appSetup: { secret: string; qrDataUrl: string } | null;
  mfaResult?: SubmissionResult<string[]>;
  activateResult?: SubmissionResult<string[]>;
  /** 'Code versturen' of the choice form has just mailed a code. */
  codeSent?: boolean;
}

/** The choice of second factor, and the setup of an authenticator app (QR code, first code). */
export function TwoFactorSettings({ mfaType, imitatedBy, appSetup, mfaResult, activateResult, codeSent = false }: Props) {
  return (
    <section className="card" aria-labelledby="mfa-title">
      <h2 id="mfa-title">Tweestapsverificatie</h2>
      <p>
        Huidige instelling: <strong>{MFA_LABELS[mfaType]}</strong>
      </p>
      {imitatedBy ? (
        <p className="form__note">
          U imiteert deze gebruiker. Alleen de gebruiker zelf kan de tweestapsverificatie wijzigen.
        </p>
      ) : (
        <>
          {/* Keys restart the forms when the stored state changes under them (client-side navigation). */}
          <ChoiceForm
            key={`${mfaType}-${!!appSetup}`}
            current={appSetup ? "app" : mfaType || "off"}
            mfaType={mfaType}
            lastResult={mfaResult}
            codeSent={codeSent}
          />
          {appSetup ? <AppSetupForm key={appSetup.secret} setup={appSetup} lastResult={activateResult} /> : null}
        </>
      )}
    </section>
  );
}

function ChoiceForm({
  current,
  mfaType,
  lastResult,
  codeSent,
}: {
  current: string;
  mfaType: "" | "email" | "app";
  lastResult?: SubmissionResult<string[]>;
  codeSent: boolean;
}) {
  const [form, fields] = useForm({
    id: "mfa",
    lastResult,
    defaultValue: { mfaType: current },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: mfaChoiceSchema }),
  });
  const field = fields.mfaType;
  return (
    <Form method="post" {...getFormProps(form)}>
      <ErrorSummary form={form} labels={{ [field.name]: { label: "Tweestapsverificatie", target: "mfa-choice" }, ...reauthLabels(mfaType) }} />
      <input type="hidden" name="intent" value="mfa" />
      <MfaChoice field={field} options={["off", "email", "app"]} checked={current} firstId="mfa-choice" />
      <ReauthFields fields={fields} mfaType={mfaType} required codeSent={codeSent} />
      <div className="form__actions">
        <button type="submit" className="button">
          Instelling wijzigen
        </button>
        <SendCodeButton mfaType={mfaType} />
      </div>
    </Form>
  );
}

function AppSetupForm({
  setup,
  lastResult,
}: {
  setup: { secret: string; qrDataUrl: string };
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    id: "activate",
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: totpActivateSchema }),
  });
  return (
    <div id="authenticator">
      <h3>Authenticator-app instellen</h3>
      <AppQrCode setup={setup} />
      <Form method="post" {...getFormProps(form)}>
        <ErrorSummary form={form} labels={{ code: "Code" }} />
        <input type="hidden" name="intent" value="activate" />
        <Field meta={fields.code} label="Code" autoComplete="one-time-code" inputMode="numeric" required />
        <div className="form__actions">
          <button type="submit" className="button">
            Activeren
          </button>
        </div>
      </Form>
      <Form method="post" className="form__secondary">
        <input type="hidden" name="intent" value="cancel-app" />
        <button type="submit" className="button button--secondary">
          Annuleren
        </button>
      </Form>
    </div>
  );
}
