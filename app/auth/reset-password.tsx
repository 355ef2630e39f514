import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "../lib/parse-form";
import { data, Form, href, Link } from "react-router";
import type { Route } from "./+types/reset-password";
import { checkForm } from "../lib/form-checks";
import { clientIp } from "../lib/request.server";
import { TOO_MANY_REQUESTS } from "../lib/rate-limit.server";
import { redirectWithNotification } from "../shell/flash.server";
import { ErrorSummary } from "../ui/ErrorSummary";
import { Field } from "../ui/Field";
import { requireAnonymous } from "./account.server";
import { linkOrigin, requestPasswordReset, RESET_LIMIT, RESET_REQUESTED } from "./password.server";
import { resetRequestChecks } from "./checks";
import { resetRequestSchema } from "./schemas";
import { readFields } from "../lib/form-body.server";

export const handle = { breadcrumbs: [{ label: "Wachtwoord vergeten" }] };

export function meta() {
  return [{ title: "Wachtwoord vergeten – Ledenportaal" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAnonymous(request);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { session } = await requireAnonymous(request);
  const submission = parseWithZod(await readFields(request), { schema: resetRequestSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });

  const outcome = await requestPasswordReset(submission.value.email, linkOrigin(), clientIp(context));
  if (outcome === "too_many") {
    const message = `${TOO_MANY_REQUESTS.header}: ${TOO_MANY_REQUESTS.text}`;
    return data({ result: submission.reply({ formErrors: [message] }) }, { status: 429 });
  }
  if (outcome === "recent") {
    return data({ result: submission.reply({ formErrors: [RESET_LIMIT] }) }, { status: 429 });
  }
  return redirectWithNotification(session, href("/"), RESET_REQUESTED);
}

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => checkForm(formData, resetRequestChecks),
  });
  return (
    <section className="card login" aria-labelledby="reset-title">
      <h1 id="reset-title">Wachtwoord vergeten?</h1>
      <p>Vul uw e-mailadres in. U ontvangt dan een e-mail met een link waarmee u een nieuw wachtwoord instelt.</p>
      <Form method="post" {...getFormProps(form)}>
        <ErrorSummary form={form} labels={{ email: "E-mailadres" }} />
        <Field meta={fields.email} label="E-mailadres" type="email" autoComplete="username" required />
        <div className="form__actions">
          <button type="submit" className="button">
            Versturen
          </button>
          <Link to={href("/")}>Inloggen</Link>
        </div>
      </Form>
    </section>
  );
}
