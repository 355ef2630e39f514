import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useEffect } from "react";
import { Form } from "react-router";
import { checkForm } from "../lib/form-checks";
import { ErrorSummary } from "../ui/ErrorSummary";
import { FileField } from "../ui/FileField";
import {
  CAMPAIGN_APPLICATION_FIELDS as F,
  CAMPAIGN_APPLICATION_LABELS as L,
  CAMPAIGN_FILE_FIELDS,
  campaignApplicationFormChecks,
  CHOOSE_FILE_AGAIN,
  type CampaignFileField,
} from "./campaign-checks";
import { Honeypot } from "./Honeypot";
import { PublicFieldset } from "./PublicFields";
import { addressNames } from "./registration";

/** What the establishment chose for the participant, shown read-only above the form. */
export interface CampaignSlotSummary {
  email: string;
  course: string;
  trainer: string;
  dateLocation: string;
}

/**
 * The participant's part of the training-campaign sign-up (part 2 §3 Campaign application): the
 * personal data, the address and the two documents. A plain multipart post; with JavaScript the
 * fields are checked while typing (without zod: a public page), the server checks them again and
 * the files by content.
 */
export function CampaignApplicationForm({ slot, lastResult }: { slot: CampaignSlotSummary; lastResult?: SubmissionResult<string[]> }) {
  // A file the server asked to choose again keeps saying so while its field stays empty.
  const again: Partial<Record<CampaignFileField, string>> = {};
  for (const name of CAMPAIGN_FILE_FIELDS) if (lastResult?.error?.[name]?.includes(CHOOSE_FILE_AGAIN)) again[name] = CHOOSE_FILE_AGAIN;
  const [form, fields] = useForm({
    id: "campaign-application",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => checkForm(formData, campaignApplicationFormChecks(again)),
  });

  // The server keeps no file of a refused post. With JavaScript the chosen files would still show
  // in their fields: empty the fields it refused or asked to choose again, as the page says.
  const fileIds = CAMPAIGN_FILE_FIELDS.map((name) => fields[name].id);
  useEffect(() => {
    CAMPAIGN_FILE_FIELDS.forEach((name, index) => {
      if (!lastResult?.error?.[name]?.length) return;
      const input = document.getElementById(fileIds[index]);
      if (input instanceof HTMLInputElement) input.value = "";
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only for a new answer of the server; the ids never change
  }, [lastResult]);

  return (
    <>
      <dl className="details">
        <dt>E-mailadres</dt>
        <dd>{slot.email}</dd>
        <dt>Opleiding</dt>
        <dd>{slot.course}</dd>
        <dt>Opleider</dt>
        <dd>{slot.trainer}</dd>
        <dt>Datum en locatie</dt>
        <dd>{slot.dateLocation}</dd>
      </dl>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
        <ErrorSummary form={form} labels={L} />
        <Honeypot />
        <PublicFieldset
          legend="Persoonsgegevens"
          definitions={F}
          metas={fields}
          names={["gender", "initials", "firstName", "lastNamePrefix", "lastName", "bsn", "dateOfBirth", "phone"]}
        />
        <PublicFieldset legend="Adres" definitions={F} metas={fields} names={addressNames("address")} />
        <fieldset>
          <legend>Documenten</legend>
          <p className="form__note">
            Een kopie of foto van uw paspoort, identiteitskaart of rijbewijs, en het ondertekende toestemmingsformulier.
          </p>
          <FileField meta={fields.idDoc} label={L.idDoc} kind="document" required />
          <FileField meta={fields.consentDoc} label={L.consentDoc} kind="document" required />
        </fieldset>
        <div className="form__actions">
          <button type="submit" className="button">
            Aanmelding versturen
          </button>
        </div>
      </Form>
    </>
  );
}
