import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, href } from "react-router";
import { checkForm } from "../lib/form-checks";
import { ErrorSummary } from "../ui/ErrorSummary";
import { Honeypot } from "./Honeypot";
import { labelsOf, PublicFieldList, PublicFieldset } from "./PublicFields";
import { REGISTRANT_FIELDS as F, registrantRegistrationChecks } from "./registrant-form";
import { addressNames } from "./registration";
import { ConsentLinks, TextBlock } from "./RegistrationParts";

/** The professional's registration form (part 2 §5 Professional registration); `intro` and `fee` come from the server. */
export function RegistrantRegistrationForm({ intro, fee, lastResult }: { intro: string; fee: string; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: "register-registrant",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => checkForm(formData, registrantRegistrationChecks),
  });
  return (
    <section className="card registration" aria-labelledby="register-title">
      <h1 id="register-title">Registreren als FITNED.NL-professional</h1>
      <TextBlock html={intro} />
      <p>{fee}</p>
      <Form method="post" {...getFormProps(form)}>
        <ErrorSummary form={form} labels={labelsOf(F)} />
        <Honeypot />
        <PublicFieldset legend="Account" definitions={F} metas={fields} names={["email", "emailRepeat", "givenName", "namePreposition", "familyName"]} />
        <PublicFieldset legend="Adres" definitions={F} metas={fields} names={addressNames("address")} />
        <PublicFieldset legend="Persoonlijke gegevens" definitions={F} metas={fields} names={["phone", "gender", "dateOfBirth", "voucher"]} />
        <fieldset>
          <legend>Voorwaarden</legend>
          <PublicFieldList definitions={F} metas={fields} names={["newsletter"]} />
          <ConsentLinks terms />
          <PublicFieldList definitions={F} metas={fields} names={["termsAndConditions", "privacy"]} />
        </fieldset>
        <div className="form__actions">
          <button type="submit" className="button">
            Registreren
          </button>
          <a href={href("/")}>Ik heb al een account</a>
        </div>
      </Form>
    </section>
  );
}
