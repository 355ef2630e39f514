import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "../lib/parse-form";
import { data, Form, href } from "react-router";
import type { Route } from "./+types/confirm-registration";
import { checkForm } from "../lib/form-checks";
import { redirectWithNotification } from "../shell/flash.server";
import { ErrorSummary } from "../ui/ErrorSummary";
import { requireAnonymous } from "./account.server";
import { NewPasswordFields } from "./NewPasswordFields";
import { PERSON_LABELS, PersonFields } from "../accounts/PersonFields";
import {
  ACCOUNT_ACTIVATED,
  activateWithToken,
  checkActivationLink,
  confirmAccountServerSchema,
  linkProblemRedirect,
} from "./password.server";
import { confirmAccountChecks } from "./checks";
import { readFields } from "../lib/form-body.server";

export const handle = { breadcrumbs: [{ label: "Account activeren" }] };

export function meta() {
  return [{ title: "Account activeren – Ledenportaal" }];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { session } = await requireAnonymous(request);
  const link = await checkActivationLink(params.token);
  if (!link.ok) {
    throw await linkProblemRedirect(session, link.problem);
  }
  const { email, givenName, namePreposition, familyName } = link.info;
  return { email, givenName, namePreposition, familyName };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { session } = await requireAnonymous(request);
  // The link may have expired or been used while the form was open.
  const link = await checkActivationLink(params.token);
  if (!link.ok) {
    return linkProblemRedirect(session, link.problem);
  }
  const submission = parseWithZod(await readFields(request), { schema: confirmAccountServerSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password", "repeatPassword"] }) }, { status: 400 });
  }
  const outcome = await activateWithToken(params.token, link.info.userId, submission.value);
  if (outcome !== "ok") {
    return linkProblemRedirect(session, outcome);
  }
  return redirectWithNotification(session, href("/"), ACCOUNT_ACTIVATED);
}

export default function ConfirmRegistration({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    id: "confirm-registration",
    lastResult: actionData?.result,
    defaultValue: {
      givenName: loaderData.givenName,
      namePreposition: loaderData.namePreposition,
      familyName: loaderData.familyName,
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => checkForm(formData, confirmAccountChecks),
  });
  return (
    <section className="card" aria-labelledby="confirm-title">
      <h1 id="confirm-title">Account activeren</h1>
      <p>Kies een wachtwoord en controleer uw naam. Daarna kunt u inloggen.</p>
      <dl className="details">
        <dt>E-mailadres</dt>
        <dd>{loaderData.email}</dd>
      </dl>
      <Form method="post" {...getFormProps(form)}>
        <ErrorSummary form={form} labels={{ ...PERSON_LABELS, password: "Wachtwoord", repeatPassword: "Herhaal wachtwoord" }} />
        <PersonFields fields={fields} own />
        <NewPasswordFields password={fields.password} repeatPassword={fields.repeatPassword} label="Wachtwoord" />
        <div className="form__actions">
          <button type="submit" className="button">
            Account activeren
          </button>
        </div>
      </Form>
    </section>
  );
}
