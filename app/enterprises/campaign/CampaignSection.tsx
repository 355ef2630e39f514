import { getInputProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { useEffect, useState, type ChangeEvent } from "react";
import { Field, FieldError, SelectField } from "../../ui/Field";
import {
  CAMPAIGN_LABELS,
  CAMPAIGN_REFRESH_INTENT,
  CAMPAIGN_SLOT_COUNT,
  SLOT_FIELDS,
  dependentsOf,
  previousFieldOf,
  type CampaignFormValues,
  type CampaignSlotValues,
  type SlotField,
} from "./campaign";
import type { CampaignData, SubmittedSlot } from "./campaign.server";
import { hiddenWithScript } from "../../ui/script-visibility";
import type { CampaignDocument } from "../../registration/campaign-application.server";
import { courses, datesFor, trainersFor, type CatalogueOption } from "./catalogue";

// The establishment form's metadata is typed by its own schema; this part only needs its own keys.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's field metadata is generic over the form's shape; this part takes a field of any form
type AnyMeta = FieldMetadata<any, any, string[]>;
type InfoMeta = FieldMetadata<CampaignFormValues["campaignNldInfo"], Record<string, unknown>, string[]>;
type SlotListMeta = FieldMetadata<CampaignSlotValues[], Record<string, unknown>, string[]>;
type SlotFieldset = ReturnType<FieldMetadata<CampaignSlotValues, Record<string, unknown>, string[]>["getFieldset"]>;

export interface CampaignFields {
  campaignNldInterest: AnyMeta;
  campaignNldInfo: AnyMeta;
  campaignNldApplications: AnyMeta;
}

export interface CampaignSectionProps {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the section is part of several forms; only their ids and errors are read
  form: FormMetadata<any, string[]>;
  fields: CampaignFields;
  /** loadCampaign's data (readOnlySlots, submittedSlots). */
  campaign: Pick<CampaignData, "readOnlySlots" | "submittedSlots">;
}

const infoFields = (fields: CampaignFields) => (fields.campaignNldInfo as unknown as InfoMeta).getFieldset();
const slotFieldsets = (fields: CampaignFields): SlotFieldset[] =>
  (fields.campaignNldApplications as unknown as SlotListMeta).getFieldList().map((slot) => slot.getFieldset());

/**
 * The training-campaign sign-up of the Algemeen form (part 1 §2): the interest box; the contact
 * and two participant slots, each e-mail → course → trainer → date and location.
 *
 * With JavaScript the details show only while the box is ticked and each change clears the
 * choices that depend on it. Without JavaScript everything is shown (it is only required when the
 * box is ticked) and 'Keuzes bijwerken' posts the form to get the choice lists of the new choices;
 * the server's cascade then clears what depended on a changed choice. Submitted slots are read-only.
 */
export function CampaignSection({ form, fields, campaign }: CampaignSectionProps) {
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const interested = fields.campaignNldInterest.value === "on";
  const info = infoFields(fields);
  const slots = slotFieldsets(fields);

  return (
    <fieldset className="campaign" id="scholingscampagne">
      <legend>{CAMPAIGN_LABELS.section}</legend>
      <div className="field field--checkbox">
        <label htmlFor={fields.campaignNldInterest.id}>
          <input {...getInputProps(fields.campaignNldInterest, { type: "checkbox", value: "on" })} />
          {CAMPAIGN_LABELS.campaignNldInterest}
        </label>
        <FieldError meta={fields.campaignNldInterest} />
      </div>
      {/* Hidden, not removed: what was filled in stays in the post and is kept for later. */}
      <div className="campaign__details" {...hiddenWithScript(!interested)}>
        <p className="form__note" {...hiddenWithScript()}>
          De gegevens hieronder zijn alleen nodig als u interesse heeft aangevinkt.
        </p>
        <fieldset>
          <legend>{CAMPAIGN_LABELS.contact}</legend>
          <Field meta={info.email} label={CAMPAIGN_LABELS.email} type="email" autoComplete="off" required />
          <Field meta={info.firstName} label={CAMPAIGN_LABELS.firstName} autoComplete="off" required />
          <Field meta={info.lastNamePrefix} label={CAMPAIGN_LABELS.lastNamePrefix} autoComplete="off" />
          <Field meta={info.lastName} label={CAMPAIGN_LABELS.lastName} autoComplete="off" required />
        </fieldset>
        {Array.from({ length: CAMPAIGN_SLOT_COUNT }, (_, index) => {
          const submitted = campaign.submittedSlots[index];
          if (campaign.readOnlySlots[index] && submitted) {
            return <SubmittedParticipant key={index} index={index} slot={submitted} />;
          }
          // A submitted slot posts nothing, so the list may be shorter than two after a post.
          return slots[index] ? <Participant key={index} index={index} form={form} slot={slots[index]} /> : null;
        })}
        {enhanced ? null : (
          <div className="form__secondary">
            <button type="submit" name="intent" value={CAMPAIGN_REFRESH_INTENT} className="button button--secondary">
              {CAMPAIGN_LABELS.refresh}
            </button>
            <p className="form__note">Na het kiezen van een opleiding of opleider: werk de keuzelijsten bij.</p>
          </div>
        )}
      </div>
    </fieldset>
  );
}

function Participant({
  index,
  form,
  slot,
}: {
  index: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the section is part of several forms; only their ids and errors are read
  form: FormMetadata<any, string[]>;
  slot: SlotFieldset;
}) {
  const value = (field: SlotField) => (typeof slot[field].value === "string" ? slot[field].value : "") as string;
  const course = value("course");
  const trainer = value("trainer");

  // With JavaScript: a change clears the choices that depended on the old value at once.
  const onChange = (event: ChangeEvent<HTMLFieldSetElement>) => {
    const target = event.target as unknown as HTMLInputElement | HTMLSelectElement;
    const changed = SLOT_FIELDS.find((field) => slot[field].name === target.name);
    if (!changed) return;
    for (const dependent of dependentsOf(changed)) {
      if (value(dependent) !== "") form.update({ name: slot[dependent].name, value: "" });
    }
  };

  return (
    <fieldset onChange={onChange}>
      <legend>{CAMPAIGN_LABELS.participant(index)}</legend>
      <Field meta={slot.email} label={CAMPAIGN_LABELS.participantEmail} type="email" autoComplete="off" required={index === 0} />
      <Choice meta={slot.course} label={CAMPAIGN_LABELS.course} options={courses()} required={index === 0} />
      <Choice meta={slot.trainer} label={CAMPAIGN_LABELS.trainer} options={trainersFor(course)} required={index === 0} />
      <Choice
        meta={slot.dateLocation}
        label={CAMPAIGN_LABELS.dateLocation}
        options={datesFor(course, trainer)}
        required={index === 0}
      />
      {/* What the choice lists above were built from. Without JavaScript they stay as rendered,
          so the server sees what changed; with JavaScript they follow the fields, whose
          dependents are already cleared here. */}
      {SLOT_FIELDS.map((field) => (
        <input key={field} type="hidden" name={slot[previousFieldOf(field)].name} value={value(field)} />
      ))}
    </fieldset>
  );
}


/** A campaign choice; while the choice above it is open, its list says to choose that first. */
function Choice(props: { meta: AnyMeta; label: string; options: CatalogueOption[]; required?: boolean }) {
  return <SelectField {...props} placeholder={props.options.length ? "Maak een keuze" : "Maak eerst een keuze hierboven"} />;
}

function SubmittedParticipant({ index, slot }: { index: number; slot: SubmittedSlot }) {
  const participant = slot.participant;
  return (
    <fieldset className="campaign__submitted">
      <legend>{CAMPAIGN_LABELS.participant(index)}</legend>
      <dl className="details">
        <dt>{CAMPAIGN_LABELS.participantEmail}</dt>
        <dd>{slot.email}</dd>
        <dt>{CAMPAIGN_LABELS.course}</dt>
        <dd>{slot.course}</dd>
        <dt>{CAMPAIGN_LABELS.trainer}</dt>
        <dd>{slot.trainer}</dd>
        <dt>{CAMPAIGN_LABELS.dateLocation}</dt>
        <dd>{slot.dateLocation}</dd>
        <dt>{CAMPAIGN_LABELS.submitted}</dt>
        <dd>{slot.submitted}</dd>
        {participant ? (
          <>
            <dt>Naam deelnemer</dt>
            <dd>{participant.name}</dd>
            {participant.removed ? null : (
              <>
                <dt>BSN</dt>
                <dd>{participant.bsn ?? "Niet te lezen"}</dd>
                <dt>Documenten</dt>
                <dd>
                  <ul className="campaign__documents">
                    {participant.documents.map((d) => (
                      <li key={d.document}>
                        <a href={d.href}>
                          {DOCUMENT_LABELS[d.document]}
                          <span className="visually-hidden"> van {CAMPAIGN_LABELS.participant(index).toLowerCase()}</span>
                        </a>
                      </li>
                    ))}
                  </ul>
                </dd>
              </>
            )}
          </>
        ) : null}
      </dl>
      <p className="campaign__status">
        {slot.completed ? `Aanmelding voltooid op ${slot.completed}` : "Nog niet voltooid door de deelnemer"}
      </p>
      {participant?.removed ? <p className="campaign__status">Persoonsgegevens verwijderd op {participant.removed}</p> : null}
      <p className="form__note">Deze aanmelding is verstuurd en kan niet meer worden gewijzigd.</p>
    </fieldset>
  );
}

/** The participant's documents as admins download them (enterprise_campaign_document). */
const DOCUMENT_LABELS: Record<CampaignDocument, string> = {
  identiteitsbewijs: "Identiteitsbewijs",
  toestemmingsformulier: "Toestemmingsformulier",
};

/** The campaign fields' labels for the form's error summary, by field name, in the order they appear. */
export function campaignLabels(fields: CampaignFields, readOnlySlots: boolean[]): Record<string, string> {
  const info = infoFields(fields);
  const labels: Record<string, string> = {
    [fields.campaignNldInterest.name]: CAMPAIGN_LABELS.campaignNldInterest,
    [info.email.name]: `${CAMPAIGN_LABELS.contact}: ${CAMPAIGN_LABELS.email}`,
    [info.firstName.name]: `${CAMPAIGN_LABELS.contact}: ${CAMPAIGN_LABELS.firstName}`,
    [info.lastNamePrefix.name]: `${CAMPAIGN_LABELS.contact}: ${CAMPAIGN_LABELS.lastNamePrefix}`,
    [info.lastName.name]: `${CAMPAIGN_LABELS.contact}: ${CAMPAIGN_LABELS.lastName}`,
  };
  const fieldLabels: Record<SlotField, string> = {
    email: CAMPAIGN_LABELS.participantEmail,
    course: CAMPAIGN_LABELS.course,
    trainer: CAMPAIGN_LABELS.trainer,
    dateLocation: CAMPAIGN_LABELS.dateLocation,
  };
  slotFieldsets(fields).forEach((slot, index) => {
    if (readOnlySlots[index]) return;
    for (const field of SLOT_FIELDS) labels[slot[field].name] = `${CAMPAIGN_LABELS.participant(index)}: ${fieldLabels[field]}`;
  });
  return labels;
}
