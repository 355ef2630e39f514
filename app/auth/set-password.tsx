import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "../lib/parse-form";
import { data, Form, href } from "react-router";
import type { Route } from "./+types/set-password";
import { checkForm } from "../lib/form-checks";
import { redirectWithNotification } from "../shell/flash.server";
import { ErrorSummary } from "../ui/ErrorSummary";
import { requireAnonymous } from "./account.server";
import { NewPasswordFields } from "./NewPasswordFields";
import {
  checkResetLink,
  linkProblemRedirect,
  newPasswordServerSchema,
  PASSWORD_CHANGED,
  setPasswordWithToken,
} from "./password.server";
import { newPasswordChecks } from "./checks";
import { readFields } from "../lib/form-body.server";

export const handle = { breadcrumbs: [{ label: "Nieuw wachtwoord instellen" }] };

export function meta() {
  return [{ title: "Nieuw wachtwoord instellen – Ledenportaal" }];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { session } = await requireAnonymous(request);
  const link = await checkResetLink(params.token);
  if (!link.ok) {
    throw await linkProblemRedirect(session, link.problem);
  }
  return null;
}

export async function action({ request, params }: Route.ActionArgs) {
  const { session } = await requireAnonymous(request);
  // The link may have expired or been used while the form was open.
  const link = await checkResetLink(params.token);
  if (!link.ok) {
    return linkProblemRedirect(session, link.problem);
  }
  const submission = parseWithZod(await readFields(request), { schema: newPasswordServerSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password", "repeatPassword"] }) }, { status: 400 });
  }
  const outcome = await setPasswordWithToken(params.token, link.userId, submission.value.password);
  if (outcome !== "ok") {
    return linkProblemRedirect(session, outcome);
  }
  return redirectWithNotification(session, href("/"), PASSWORD_CHANGED);
}

export default function SetPassword({ actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    id: "set-password",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => checkForm(formData, newPasswordChecks),
  });
  return (
    <section className="card login" aria-labelledby="set-password-title">
      <h1 id="set-password-title">Nieuw wachtwoord instellen</h1>
      <Form method="post" {...getFormProps(form)}>
        <ErrorSummary form={form} labels={{ password: "Nieuw wachtwoord", repeatPassword: "Herhaal wachtwoord" }} />
        <NewPasswordFields password={fields.password} repeatPassword={fields.repeatPassword} label="Nieuw wachtwoord" />
        <div className="form__actions">
          <button type="submit" className="button">
            Opslaan
          </button>
        </div>
      </Form>
    </section>
  );
}
