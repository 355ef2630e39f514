import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { createElement, Fragment, useEffect, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { Form } from "react-router";
import { formatEuro, parsePrice } from "../lib/format";
import { parseWithZod } from "../lib/parse-form";
import { imageUrl } from "../shell/Avatar";
import { DetailRows } from "../ui/DetailRows";
import { CONTACT_READ_ONLY } from "./schema";
import { ErrorSummary, type SummaryLabels } from "../ui/ErrorSummary";
import { CheckboxField, completeControl, Field, fieldFrame, SelectField, stateOf, type AnyMeta } from "../ui/Field";
import { FileField } from "../ui/FileField";
import { RichText } from "../ui/RichText";
import { RichTextField } from "../ui/RichTextField";
import { SaveCancel } from "../ui/SaveCancel";
import { TextareaField } from "../ui/TextareaField";
import { RowRemoveButton } from "../ui/RowRemoveButton";
import { socialLinkLabels, SocialLinksFieldset } from "../ui/SocialLinksFieldset";
import { socialLinksText } from "../lib/social-links";
import {
  DAYS,
  INFO_LABELS as L,
  INFO_SAVE_INTENT,
  infoSchema,
  PERIODS,
  PLANS,
  type EnterpriseInfoData,
  type InfoOutput,
  type InfoValues,
  type StoredImage,
} from "./info";
import { tabPath } from "../ui/tab-path";
import { hiddenWithScript, scriptOnly } from "../ui/script-visibility";

type FormShape = Omit<InfoValues, "images"> & {
  logo?: File;
  header?: File;
  logoRemove?: "on";
  headerRemove?: "on";
  images: { id: string; remove?: "on"; file?: File }[];
};

const SLOTS = ["from1", "till1", "from2", "till2"] as const;

/** A time field on the quarter of an hour (the browser's time picker steps by 15 minutes). */
function TimeField({ meta, label }: { meta: AnyMeta; label: string }) {
  const state = stateOf(meta);
  const input: InputHTMLAttributes<HTMLInputElement> = getInputProps(meta, { type: "time", ariaAttributes: true });
  input.step = 900;
  return fieldFrame(state, label, undefined, undefined, undefined, createElement("input", completeControl(input, state, undefined, undefined)));
}

/** A euro amount typed the Dutch way ('1.234,50'); the '€' stands before the field. */
function PriceField({ meta, label }: { meta: AnyMeta; label: string }) {
  const state = stateOf(meta);
  const hintId = `${state.id}-hint`;
  const input: InputHTMLAttributes<HTMLInputElement> = getInputProps(meta, { type: "text", ariaAttributes: true });
  input.inputMode = "decimal";
  input.autoComplete = "off";
  return fieldFrame(
    state,
    label,
    undefined,
    "Bijvoorbeeld 1.234,50",
    hintId,
    <span className="info-price">
      <span aria-hidden="true">€</span>
      {createElement("input", completeControl(input, state, undefined, hintId))}
    </span>,
  );
}

const thumbnail = (image: StoredImage, alt: string) => <img src={imageUrl(image, 150)} width={150} alt={alt} />;

/**
 * Tab Info & Media (part 1 §2 "Info & Media form"): the info text, logo and header image, social
 * media links, opening hours, subscription plans, images and video links. Rows are added and
 * removed with Conform's list buttons, which without JavaScript are submits that show the form
 * again with the change (nothing saved). With JavaScript a closed day hides its times, open 24/7
 * hides the days, a second time slot is shown on request and 'anders' shows its text; without it
 * every field shows and the server ignores a closed day's times. Associate memberships see no
 * logo, social media, subscriptions, images or videos.
 */
export function InfoTab({ data, result }: { data: EnterpriseInfoData; result?: SubmissionResult<string[]> }) {
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const [form, fields] = useForm<FormShape, InfoOutput>({
    id: "enterprise-info",
    lastResult: result,
    defaultValue: data.values,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: infoSchema() }),
  });

  if (data.readOnly) return <InfoSummary data={data} />;

  const full = !data.associate;
  const hours = fields.openHours.getFieldset();
  const plans = fields.subscriptionPlans.getFieldset();
  const open247 = hours.open247.value === "on";
  const imageRows = fields.images.getFieldList();
  const videoRows = fields.videoLinks.getFieldList();

  const labels: SummaryLabels = {
    infoText: L.infoText,
    logo: L.logo,
    header: L.header,
    ...socialLinkLabels(fields.socialMediaLinks),
    ...Object.fromEntries(
      DAYS.flatMap((d) => {
        const day = hours[d.key].getFieldset();
        return SLOTS.map((slot) => [day[slot].name, `${d.label}: ${L[slot].toLowerCase()}`]);
      }),
    ),
    ...Object.fromEntries(PLANS.flatMap((p) => [[plans[`${p.key}_price`].name, `${p.label}: ${L.price.toLowerCase()}`], [plans[`${p.key}_per_other`].name, `${p.label}: ${L.perOther.toLowerCase()}`]])),
    ...Object.fromEntries(imageRows.map((row, i) => [`${row.name}.file`, `${L.image} ${i + 1}`])),
    ...Object.fromEntries(videoRows.map((row, i) => [row.name, `${L.video} ${i + 1}`])),
  };


  return (
    <Form method="post" action={tabPath(data.path, "info-media")} encType="multipart/form-data" className="info-media" {...getFormProps(form)}>
      {/* Enter in a field saves: the first submit button of a form is its default one. */}
      <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
        Opslaan
      </button>
      <input type="hidden" name="intent" value={INFO_SAVE_INTENT} />
      <ErrorSummary form={form} labels={labels} />

      <RichTextField meta={fields.infoText} label={L.infoText} sourceView={data.admin} />

      <fieldset>
        <legend>{full ? "Logo en headerafbeelding" : L.header}</legend>
        {full ? (
          <FileField
            meta={fields.logo}
            label={L.logo}
            kind="image"
            current={data.logo ? thumbnail(data.logo, "Huidig logo") : null}
            remove={fields.logoRemove}
            removeLabel={L.logoRemove}
          />
        ) : null}
        <FileField
          meta={fields.header}
          label={L.header}
          kind="image"
          current={data.header ? thumbnail(data.header, "Huidige headerafbeelding") : null}
          remove={fields.headerRemove}
          removeLabel={L.headerRemove}
        />
      </fieldset>

      {full ? (
        <SocialLinksFieldset form={form} list={fields.socialMediaLinks} />
      ) : null}

      <fieldset>
        <legend>{L.hours}</legend>
        <CheckboxField meta={hours.open247} label={L.open247} />
        <div {...hiddenWithScript(open247)}>
          {DAYS.map((d) => (
            <DayRow key={d.key} meta={hours[d.key]} label={d.label} enhanced={enhanced} />
          ))}
        </div>
        <TextareaField meta={hours.notes} label={L.hoursNotes} rows={2} />
      </fieldset>

      {full ? (
        <fieldset>
          <legend>{L.subscriptions}</legend>
          {PLANS.map((p) => {
            const other = plans[`${p.key}_per`].value === "other";
            return (
              <fieldset key={p.key}>
                <legend>{p.label}</legend>
                <div className="info-row">
                  <PriceField meta={plans[`${p.key}_price`]} label={L.price} />
                  <SelectField meta={plans[`${p.key}_per`]} label={L.per} options={PERIODS} />
                  <div {...hiddenWithScript(!other)}>
                    <Field meta={plans[`${p.key}_per_other`]} label={L.perOther} required={other} />
                  </div>
                </div>
              </fieldset>
            );
          })}
          <Field meta={plans.additionalCosts} label={L.additionalCosts} />
          <TextareaField meta={plans.notes} label={L.subscriptionNotes} rows={3} />
        </fieldset>
      ) : null}

      {full ? (
        <fieldset>
          <legend>{L.images}</legend>
          {imageRows.map((row, i) => {
            const image = row.getFieldset();
            const stored = image.id.value ? data.stored[image.id.value] : undefined;
            return (
              <div key={row.key} className="info-row" role="group" aria-label={`${L.image} ${i + 1}`}>
                <input type="hidden" name={image.id.name} value={stored ? image.id.value : ""} />
                {stored ? (
                  <div className="field">
                    <p>{thumbnail(stored, `${L.image} ${i + 1}`)}</p>
                    <CheckboxField meta={image.remove} label={`${L.imageRemove} (${i + 1})`} />
                  </div>
                ) : (
                  <>
                    <FileField meta={image.file} label={`${L.image} ${i + 1}`} kind="image" />
                    {imageRows.length > 1 ? <RowRemoveButton form={form} list={fields.images} index={i} count={imageRows.length} empty={{ id: "" }} label={`${L.image} ${i + 1}`} /> : null}
                  </>
                )}
              </div>
            );
          })}
          <button type="submit" {...form.insert.getButtonProps({ name: fields.images.name, defaultValue: { id: "" } })} className="button button--secondary">
            {L.addImage}
          </button>
        </fieldset>
      ) : null}

      {full ? (
        <fieldset>
          <legend>{L.videos}</legend>
          {videoRows.map((row, i) => (
            <div key={row.key} className="info-row">
              <Field meta={row} label={`${L.video} ${i + 1}`} type="url" />
              <RowRemoveButton form={form} list={fields.videoLinks} index={i} count={videoRows.length} empty={""} label={`${L.video} ${i + 1}`} />
            </div>
          ))}
          <button type="submit" {...form.insert.getButtonProps({ name: fields.videoLinks.name, defaultValue: "" })} className="button button--secondary">
            {L.addVideo}
          </button>
        </fieldset>
      ) : null}

      <SaveCancel cancelHref={data.cancelHref} />
    </Form>
  );
}

type DayMeta = FieldMetadata<InfoValues["openHours"]["mo"], FormShape, string[]>;

/**
 * One day of the opening hours. With JavaScript a closed day hides its times and the second slot
 * shows on request (or when it has a value); without it every field shows. Once the scripts have
 * taken over, a second slot taken away is left out of the form, so that saving clears it.
 */
function DayRow({ meta, label, enhanced }: { meta: DayMeta; label: string; enhanced: boolean }) {
  const day = meta.getFieldset();
  const [second, setSecond] = useState(() => !!(day.from2.initialValue || day.till2.initialValue));
  const closed = day.closed.value === "on";
  const secondShown = !enhanced || second;
  return (
    <fieldset className="info-day">
      <legend>{label}</legend>
      <CheckboxField meta={day.closed} label={L.closed} />
      <div className="info-row" {...hiddenWithScript(closed)}>
        <TimeField meta={day.from1} label={L.from1} />
        <TimeField meta={day.till1} label={L.till1} />
        {secondShown ? (
          <div className="info-slot" {...hiddenWithScript(!second)}>
            <TimeField meta={day.from2} label={L.from2} />
            <TimeField meta={day.till2} label={L.till2} />
          </div>
        ) : null}
        {/* Drawn by the server for the stylesheet to show, and inert until the scripts take over: disabled till then. */}
        <button type="button" className="button button--secondary button--small" aria-expanded={second} onClick={() => setSecond(!second)} disabled={!enhanced} {...scriptOnly}>
          {second ? `${L.secondSlot} weghalen` : `${L.secondSlot} toevoegen`}
        </button>
      </div>
    </fieldset>
  );
}

/** What a contact person (who may see, not change, the establishment) is shown of tab Info & Media. */
function InfoSummary({ data }: { data: EnterpriseInfoData }) {
  const v = data.values;
  const full = !data.associate;
  const price = (text: string) => {
    const cents = parsePrice(text);
    return cents === null ? "–" : formatEuro(cents / 100);
  };
  const period = (per: string, other: string) => (per === "other" ? other : (PERIODS.find((p) => p.value === per)?.label ?? ""));
  const rows: [string, ReactNode][] = [
    ...(full ? [[L.social, socialLinksText(v.socialMediaLinks)] as [string, ReactNode]] : []),
    [
      L.hours,
      v.openHours.open247
        ? L.open247
        : DAYS.map((d) => {
            const day = v.openHours[d.key];
            const slots = [
              [day.from1, day.till1],
              [day.from2, day.till2],
            ]
              .filter(([from, till]) => from || till)
              .map(([from, till]) => `${from ?? ""}–${till ?? ""}`);
            return `${d.short} ${day.closed ? L.closed.toLowerCase() : slots.join(", ") || "–"}`;
          }).join("; "),
    ],
    [L.hoursNotes, v.openHours.notes],
    ...(full
      ? PLANS.map((p) => [p.label, v.subscriptionPlans[`${p.key}_price`] ? `${price(v.subscriptionPlans[`${p.key}_price`])} per ${period(v.subscriptionPlans[`${p.key}_per`], v.subscriptionPlans[`${p.key}_per_other`])}` : ""] as [string, ReactNode])
      : []),
    ...(full ? [[L.additionalCosts, v.subscriptionPlans.additionalCosts] as [string, ReactNode], [L.subscriptionNotes, v.subscriptionPlans.notes] as [string, ReactNode]] : []),
    ...(full ? [[L.videos, v.videoLinks.filter(Boolean).join(", ")] as [string, ReactNode]] : []),
  ];
  const pictures: [string, StoredImage | null][] = [
    ...(full ? [[L.logo, data.logo] as [string, StoredImage | null]] : []),
    [L.header, data.header],
    ...Object.values(data.stored).map((image, i) => [`${L.image} ${i + 1}`, image] as [string, StoredImage]),
  ];
  return (
    <div className="info-media">
      {data.infoHtml ? <RichText html={data.infoHtml} /> : null}
      <dl className="details">
        <DetailRows rows={rows} />
        {pictures.map(([label, image]) =>
          image ? (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd>{thumbnail(image, label)}</dd>
            </Fragment>
          ) : null,
        )}
      </dl>
      <p className="form__note">{CONTACT_READ_ONLY}</p>
    </div>
  );
}
