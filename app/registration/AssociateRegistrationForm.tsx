import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, href } from "react-router";
import { checkForm } from "../lib/form-checks";
import { ErrorSummary } from "../ui/ErrorSummary";
import { ASSOCIATE_FIELDS as F, associateRegistrationChecks } from "./associate-form";
import { Honeypot } from "./Honeypot";
import { labelsOf, PublicFieldList, PublicFieldset } from "./PublicFields";
import { addressNames } from "./registration";
import { ConsentLinks, TextBlock } from "./RegistrationParts";

/**
 * The non-member's registration for a trial membership (part 2 §5 Non-member registration).
 * `terms`: the trial's terms as the association keeps them in Teksten.
 */
export function AssociateRegistrationForm({ terms, lastResult }: { terms: string; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: "register-associate",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => checkForm(formData, associateRegistrationChecks),
  });
  return (
    <section className="card registration" aria-labelledby="register-title">
      <h1 id="register-title">Proeflidmaatschap voor niet-leden</h1>
      <TextBlock html={terms} />
      <Form method="post" {...getFormProps(form)}>
        <ErrorSummary form={form} labels={labelsOf(F)} />
        <Honeypot />
        <PublicFieldset
          legend="Uw account"
          definitions={F}
          metas={fields}
          names={["userEmail", "userEmailRepeat", "userGivenName", "userNamePreposition", "userFamilyName"]}
        />
        <PublicFieldset legend="Organisatie" definitions={F} metas={fields} names={["memberName", "enterpriseName"]} />
        <PublicFieldset legend="Adres van de vestiging" definitions={F} metas={fields} names={addressNames("enterpriseAddress")} />
        <fieldset>
          <legend>Voorkeuren en voorwaarden</legend>
          <PublicFieldList definitions={F} metas={fields} names={["interestMembership", "newsletter"]} />
          <ConsentLinks />
          <PublicFieldList definitions={F} metas={fields} names={["privacy"]} />
        </fieldset>
        <div className="form__actions">
          <button type="submit" className="button">
            Aanmelden
          </button>
          <a href={href("/")}>Ik heb al een account</a>
        </div>
      </Form>
    </section>
  );
}
