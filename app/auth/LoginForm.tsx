import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, href, Link } from "react-router";
import { ErrorSummary } from "../ui/ErrorSummary";
import { AppQrCode, MfaChoice } from "../accounts/MfaChoice";
import { Field } from "../ui/Field";
import { checkForm } from "../lib/form-checks";
import { codeChecks, loginChecks, mfaSetupChecks } from "./checks";

export function LoginForm({ lastResult, next }: { lastResult?: SubmissionResult<string[]>; next: string }) {
  const [form, fields] = useForm({
    id: "login",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => checkForm(formData, loginChecks),
  });
  return (
    <section className="card login" aria-labelledby="login-title">
      <h2 id="login-title">Inloggen</h2>
      <Form method="post" action={`${href("/")}?index`} {...getFormProps(form)}>
        <ErrorSummary form={form} labels={{ email: "E-mailadres", password: "Wachtwoord" }} />
        <input type="hidden" name="intent" value="login" />
        {next !== "/" ? <input type="hidden" name="next" value={next} /> : null}
        <Field meta={fields.email} label="E-mailadres" type="email" autoComplete="username" required />
        <Field meta={fields.password} label="Wachtwoord" type="password" autoComplete="current-password" required />
        <div className="form__actions">
          <button type="submit" className="button">
            Inloggen
          </button>
          <Link to={href("/wachtwoord-vergeten")}>Wachtwoord vergeten?</Link>
        </div>
      </Form>
    </section>
  );
}

interface CodeFormProps {
  lastResult?: SubmissionResult<string[]>;
  method: "email" | "app";
  /** The code confirms a second factor being set up. */
  setup?: boolean;
  /** The authenticator app being set up: its QR code and key. */
  appSetup?: { secret: string; qrDataUrl: string } | null;
}

export function CodeForm({ lastResult, method, setup = false, appSetup = null }: CodeFormProps) {
  const [form, fields] = useForm({
    id: "code",
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => checkForm(formData, codeChecks),
  });
  return (
    <section className="card login" aria-labelledby="code-title">
      <h2 id="code-title">2factor code invoeren</h2>
      {appSetup ? (
        <AppQrCode setup={appSetup} />
      ) : (
        <p>
          {method === "email"
            ? "We hebben een code naar uw e-mailadres gestuurd. Vul deze hieronder in."
            : "Vul de code in die uw authenticator-app toont."}
          {setup ? " Daarmee wordt de tweestapsverificatie voor uw account ingeschakeld." : null}
        </p>
      )}
      <Form method="post" action={`${href("/")}?index`} {...getFormProps(form)}>
        <ErrorSummary form={form} labels={{ code: "Code" }} />
        <input type="hidden" name="intent" value="code" />
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the code step is a page with this one field, reached right after the password */}
        <Field meta={fields.code} label="Code" autoComplete="one-time-code" inputMode="numeric" autoFocus required />
        <div className="form__actions">
          <button type="submit" className="button">
            Versturen
          </button>
        </div>
      </Form>
      <div className="form__secondary">
        {method === "email" ? (
          <Form method="post" action={`${href("/")}?index`}>
            <input type="hidden" name="intent" value="resend" />
            <button type="submit" className="button button--link">
              Stuur een nieuwe code
            </button>
          </Form>
        ) : null}
        <BackToSignIn />
      </div>
    </section>
  );
}

/**
 * Admins sign in with a second factor. One who has none yet chooses it here, after the password
 * and before any other page; the first code then switches it on.
 */
export function SecondFactorSetupForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: "setup",
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => checkForm(formData, mfaSetupChecks),
  });
  const field = fields.mfaType;
  return (
    <section className="card login" aria-labelledby="setup-title">
      <h2 id="setup-title">Tweestapsverificatie instellen</h2>
      <p>
        Als beheerder logt u in met tweestapsverificatie: na uw wachtwoord bevestigt u met een code dat u het bent.
        Kies hoe u die code wilt krijgen.
      </p>
      <Form method="post" action={`${href("/")}?index`} {...getFormProps(form)}>
        <ErrorSummary form={form} labels={{ [field.name]: { label: "Tweestapsverificatie", target: `${field.id}-email` } }} />
        <input type="hidden" name="intent" value="setup" />
        <MfaChoice field={field} options={["email", "app"]} checked="email" firstId={`${field.id}-email`} />
        <div className="form__actions">
          <button type="submit" className="button">
            Doorgaan
          </button>
        </div>
      </Form>
      <div className="form__secondary">
        <BackToSignIn />
      </div>
    </section>
  );
}

/** 'Terug naar inloggen': leaves the second-factor stage for the password form. */
function BackToSignIn() {
  return (
    <Form method="post" action={`${href("/")}?index`}>
      <input type="hidden" name="intent" value="cancel" />
      <button type="submit" className="button button--link">
        Terug naar inloggen
      </button>
    </Form>
  );
}
