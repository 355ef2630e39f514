import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { ErrorSummary } from "../ui/ErrorSummary";
import { Field } from "../ui/Field";
import { codeSchema, loginSchema } from "./schemas";

export function LoginForm({ lastResult, next }: { lastResult?: SubmissionResult<string[]>; next: string }) {
  const [form, fields] = useForm({
    id: "login",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  return (
    <section className="card login" aria-labelledby="login-title">
      <h2 id="login-title">Inloggen</h2>
      <Form method="post" action="/?index" {...getFormProps(form)}>
        <ErrorSummary
          formErrors={form.errors}
          fields={[
            { id: fields.email.id, label: "E-mailadres", errors: fields.email.errors },
            { id: fields.password.id, label: "Wachtwoord", errors: fields.password.errors },
          ]}
        />
        <input type="hidden" name="intent" value="login" />
        {next !== "/" ? <input type="hidden" name="next" value={next} /> : null}
        <Field meta={fields.email} label="E-mailadres" type="email" autoComplete="username" required />
        <Field meta={fields.password} label="Wachtwoord" type="password" autoComplete="current-password" required />
        <div className="form__actions">
          <button type="submit" className="button">
            Inloggen
          </button>
          <Link to="/wachtwoord-vergeten">Wachtwoord vergeten?</Link>
        </div>
      </Form>
    </section>
  );
}

export function CodeForm({ lastResult, method }: { lastResult?: SubmissionResult<string[]>; method: "email" | "app" }) {
  const [form, fields] = useForm({
    id: "code",
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: codeSchema }),
  });
  return (
    <section className="card login" aria-labelledby="code-title">
      <h2 id="code-title">2factor code invoeren</h2>
      <p>
        {method === "email"
          ? "We hebben een code naar uw e-mailadres gestuurd. Vul deze hieronder in."
          : "Vul de code in die uw authenticator-app toont."}
      </p>
      <Form method="post" action="/?index" {...getFormProps(form)}>
        <ErrorSummary formErrors={form.errors} fields={[{ id: fields.code.id, label: "Code", errors: fields.code.errors }]} />
        <input type="hidden" name="intent" value="code" />
        <Field meta={fields.code} label="Code" autoComplete="one-time-code" inputMode="numeric" autoFocus required />
        <div className="form__actions">
          <button type="submit" className="button">
            Versturen
          </button>
        </div>
      </Form>
      <div className="form__secondary">
        {method === "email" ? (
          <Form method="post" action="/?index">
            <input type="hidden" name="intent" value="resend" />
            <button type="submit" className="button button--link">
              Stuur een nieuwe code
            </button>
          </Form>
        ) : null}
        <Form method="post" action="/?index">
          <input type="hidden" name="intent" value="cancel" />
          <button type="submit" className="button button--link">
            Terug naar inloggen
          </button>
        </Form>
      </div>
    </section>
  );
}
