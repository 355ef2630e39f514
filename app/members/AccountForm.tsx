import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "../lib/parse-form";
import { Form, Link } from "react-router";
import { ErrorSummary } from "../ui/ErrorSummary";
import { FieldError } from "../ui/Field";
import { accountAddSchema, accountSchema, type AccountFormDefaults } from "./account-schema";
import { PERSON_LABELS, PersonFields } from "../accounts/PersonFields";

interface AccountFormValue {
  email: string;
  givenName: string;
  namePreposition?: string;
  familyName: string;
  phonePrimary?: string;
  newsletter: boolean;
  sendMail?: boolean;
}

/**
 * The account form (part 2 §5): e-mail, names, phone and newsletter; on creation also whether the
 * activation mail goes out. The same schema checks it in the browser and on the server.
 */
export function AccountForm({
  defaults,
  lastResult,
  action,
  cancelHref,
  withSendMail = false,
}: {
  defaults: AccountFormDefaults;
  lastResult?: SubmissionResult<string[]>;
  /** Where the form posts (with the tab's hash, so the page comes back on this tab). */
  action: string;
  cancelHref: string;
  /** The 'Activatiemail verzenden' box, offered only when creating an account. */
  withSendMail?: boolean;
}) {
  const schema = withSendMail ? accountAddSchema : accountSchema;
  const [form, fields] = useForm<AccountFormValue>({
    id: "account",
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form method="post" action={action} {...getFormProps(form)}>
      <ErrorSummary form={form} labels={PERSON_LABELS} />
      <input type="hidden" name="intent" value="general" />
      <PersonFields fields={fields} own={false} />
      <div className="field field--checkbox">
        <label htmlFor={fields.newsletter.id}>
          <input {...getInputProps(fields.newsletter, { type: "checkbox", value: "on" })} />
          Nieuwsbrief
        </label>
        <FieldError meta={fields.newsletter} />
      </div>
      {withSendMail ? (
        <div className="field field--checkbox">
          <label htmlFor={fields.sendMail.id}>
            <input
              {...getInputProps(fields.sendMail, { type: "checkbox", value: "on" })}
              aria-describedby={`${fields.sendMail.id}-hint`}
            />
            Activatiemail verzenden
          </label>
          <p className="field__hint" id={`${fields.sendMail.id}-hint`}>
            Het account krijgt een e-mail met een link om een wachtwoord in te stellen en het account te activeren.
          </p>
        </div>
      ) : null}
      <div className="form__actions">
        <button type="submit" className="button">
          Opslaan
        </button>
        <Link to={cancelHref} className="button button--secondary">
          Annuleren
        </Link>
      </div>
    </Form>
  );
}
