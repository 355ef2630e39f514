import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, href, Link } from "react-router";
import type { Route } from "./+types/alert-edit";
import { parseWithZod } from "../lib/parse-form";
import { BEHEER_CRUMB } from "../shell/crumbs";
import { ErrorSummary } from "../ui/ErrorSummary";
import { Field } from "../ui/Field";
import { RichTextField } from "../ui/RichTextField";
import { ALERT_LABELS, alertSchema } from "./alert-schema";
import { alertEditAction, alertEditLoader } from "./alerts.server";
import { queueWhenOffline } from "../offline/offline-post";
import { notAfterQueued } from "../offline/offline-state";

export const handle = {
  breadcrumbs: [BEHEER_CRUMB, { label: "Notificaties", href: href("/notificaties/lijst") }, { label: "Notificatie bewerken" }],
};

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.alert.title ?? "Notificatie bewerken"} – Ledenportaal` }];
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export const loader = ({ request, params }: Route.LoaderArgs) => alertEditLoader(request, params.id);
/** Its forms are kept in the offline queue when the connection is gone (offline/offline-post.ts). */
export const clientAction = (args: Route.ClientActionArgs) => queueWhenOffline(args);
export const shouldRevalidate = notAfterQueued;

export const action = ({ request, params }: Route.ActionArgs) => alertEditAction(request, params.id);

/** /notificaties/bewerken/:id: title and description to read, subject and body to change. */
export default function AlertEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { alert } = loaderData;
  const [form, fields] = useForm({
    id: "alert",
    lastResult: (actionData as { result?: SubmissionResult<string[]> } | undefined)?.result,
    defaultValue: { subject: alert.subject, body: alert.body },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: alertSchema }),
  });
  return (
    <>
      <h1>{alert.title}</h1>
      <dl className="details">
        <dt>{ALERT_LABELS.title}</dt>
        <dd>{alert.title}</dd>
        <dt>{ALERT_LABELS.description}</dt>
        <dd>{alert.description}</dd>
      </dl>
      <Form method="post" {...getFormProps(form)}>
        <ErrorSummary form={form} labels={{ subject: ALERT_LABELS.subject, body: ALERT_LABELS.body }} />
        <p className="form__note">* Verplicht veld.</p>
        <Field meta={fields.subject} label={ALERT_LABELS.subject} required autoComplete="off" />
        <RichTextField
          meta={fields.body}
          label={ALERT_LABELS.body}
          required
          sourceView
          hint="Plaatshouders zoals {{name}} en {{link}} worden bij het versturen ingevuld; de omschrijving noemt welke deze e-mail kent."
        />
        <div className="form__actions">
          <button type="submit" className="button">
            Opslaan
          </button>
          <Link to={href("/notificaties/lijst")} className="button button--secondary">
            Annuleren
          </Link>
        </div>
      </Form>
    </>
  );
}
