import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Fragment, useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import { CancelLink } from "../ui/SaveCancel";
import { formatDate } from "../lib/format";
import { parseWithZod } from "../lib/parse-form";
import { DetailRows } from "../ui/DetailRows";
import { CONTACT_READ_ONLY } from "./schema";
import { ErrorSummary, type SummaryLabels } from "../ui/ErrorSummary";
import { CheckboxField, Field, FieldError, type AnyMeta } from "../ui/Field";
import { FileField } from "../ui/FileField";
import {
  LICENSES,
  LICENSES_ADMIN_INTENT,
  LICENSES_CONFIRM,
  LICENSES_DIRTY_NOTICE,
  LICENSES_INTENT,
  LICENSES_LABELS as L,
  LICENSES_STEP,
  licensesAdminSchema,
  licensesSchema,
  SPACE_CATEGORIES,
  type EnterpriseLicensesData,
  type LicensesActionData,
  type LicensesOutput,
  type LicensesValues,
} from "./licenses";
import { tabPath } from "../ui/tab-path";

// A mapped type (not the interface itself) is a record of its fields, as Conform asks.
type FormShape = { [K in keyof LicensesValues]: LicensesValues[K] } & { step?: string };

const CANCEL = "Annuleren";

/**
 * Tab Licenties (part 1 §2 "Licenties form"). Whoever manages the establishment declares the
 * licences, spaces, televisions, change dates and direct-debit mandate with 'Vastleggen en
 * verzenden', confirmed first: with JavaScript in a dialog, without it in a confirmation step the
 * server shows with everything typed, whose button posts the same form again. An admin sees the
 * declaration and edits the videma licence number and file with a single Opslaan. A contact person
 * only sees it.
 */
export function LicensesTab({ data, action, adminResult }: { data: EnterpriseLicensesData; action?: LicensesActionData; adminResult?: SubmissionResult<string[]> }) {
  const notice = data.dirty ? (
    <p className="options-notice" role="status">
      {LICENSES_DIRTY_NOTICE}
    </p>
  ) : null;
  if (data.readOnly) {
    return (
      <div className="licenses">
        {notice}
        <DeclarationSummary values={data.values} />
        <p className="form__note">{CONTACT_READ_ONLY}</p>
      </div>
    );
  }
  if (data.admin) return <LicensesAdminForm data={data} notice={notice} result={adminResult} />;
  return <DeclarationForm data={data} notice={notice} action={action} />;
}

function DeclarationForm({ data, notice, action }: { data: EnterpriseLicensesData; notice: React.ReactNode; action?: LicensesActionData }) {
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const dialog = useRef<HTMLDialogElement>(null);
  const [asking, setAsking] = useState(false);
  const [form, fields] = useForm<FormShape, LicensesOutput>({
    id: "enterprise-licenses",
    lastResult: action?.result,
    defaultValue: data.values,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: licensesSchema() }),
    onSubmit: (event, { formData, submission }) => {
      // With JavaScript the confirmation is a dialog: the first 'Vastleggen en verzenden' opens it.
      if (submission?.status === "success" && formData.get("step") !== LICENSES_STEP.confirm && typeof HTMLDialogElement !== "undefined") {
        event.preventDefault();
        setAsking(true);
      }
    },
  });
  useEffect(() => {
    if (asking && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [asking]);

  const spaces = fields.spaces.getFieldset();
  const labels: SummaryLabels = {
    bumaSenaChangeDate: L.bumaSenaChangeDate,
    tvSets: L.tvSets,
    videmaChangeDate: L.videmaChangeDate,
    spaces: { label: "Ruimten", target: `${form.id}-spaces` },
    authorizationName: L.authorizationName,
    authorizationIban: L.authorizationIban,
    authorizationBic: L.authorizationBic,
  };
  for (const c of SPACE_CATEGORIES) {
    spaces[c.key].getFieldList().forEach((row, i) => {
      labels[row.getFieldset().area.name] = `${c.label} ruimte ${i + 1}: ${L.spaceArea}`;
    });
  }
  const confirmButton = (
    <button type="submit" name="step" value={LICENSES_STEP.confirm} className="button">
      {LICENSES_CONFIRM.confirmLabel}
    </button>
  );

  return (
    <Form method="post" action={tabPath(data.path, "licenties")} className="licenses" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={LICENSES_INTENT} />
      {/* Enter in a field asks for the confirmation: the first submit button of a form is its default one. */}
      <button type="submit" name="step" value={LICENSES_STEP.ask} className="visually-hidden" tabIndex={-1} aria-hidden="true">
        Vastleggen en verzenden
      </button>
      {action?.confirm && !asking ? (
        <section className="card confirm licenses__confirm" aria-labelledby="licenses-confirm-title">
          <h2 id="licenses-confirm-title">{LICENSES_CONFIRM.title}</h2>
          <p>{LICENSES_CONFIRM.text}</p>
          <div className="confirm__actions">
            {confirmButton}
            <CancelLink href={data.cancelHref} />
          </div>
          <p className="form__note">U kunt de opgave hieronder ook eerst nog aanpassen.</p>
        </section>
      ) : null}
      <ErrorSummary form={form} labels={labels} />
      {notice}
      <fieldset>
        <legend>Licenties</legend>
        {LICENSES.map((l) => (
          <div key={l.key} className="licenses__licence">
            <CheckboxField meta={fields[l.key]} label={l.description} />
            <CheckboxField meta={fields[l.authorization]} label={`Machtiging automatische incasso ${l.label}`} />
          </div>
        ))}
        <Field meta={fields.bumaSenaChangeDate} label={L.bumaSenaChangeDate} type="date" hint="Verplicht bij Sena of Buma." />
        <Field meta={fields.tvSets} label={L.tvSets} inputMode="numeric" hint="Verplicht bij Videma." />
        <Field meta={fields.videmaChangeDate} label={L.videmaChangeDate} type="date" hint="Verplicht bij Videma." />
      </fieldset>
      <fieldset id={`${form.id}-spaces`} tabIndex={-1} aria-describedby={fields.spaces.errors?.length ? fields.spaces.errorId : undefined}>
        <legend>Ruimten (voor Sena en Buma)</legend>
        <p className="form__note">Alleen ruimten met een oppervlakte worden opgeslagen. Oppervlakte in hele m².</p>
        <FieldError meta={fields.spaces} />
        {SPACE_CATEGORIES.map((c) => (
          <fieldset key={c.key} className="licenses__category">
            <legend>{c.label}</legend>
            {spaces[c.key].getFieldList().map((row, i) => {
              const cells = row.getFieldset();
              return (
                <div key={row.key} className="licenses__row">
                  <RowInput meta={cells.name} label={L.spaceName} context={`${c.label} ${i + 1}`} />
                  <RowInput meta={cells.area} label={L.spaceArea} context={`${c.label} ${i + 1}`} numeric />
                </div>
              );
            })}
            <button {...form.insert.getButtonProps({ name: spaces[c.key].name, defaultValue: { name: "", area: "" } })} className="button button--small button--secondary">
              {L.addSpace}
              <span className="visually-hidden"> ({c.label})</span>
            </button>
          </fieldset>
        ))}
      </fieldset>
      <fieldset>
        <legend>Machtiging automatische incasso</legend>
        <p className="form__note">Verplicht zodra bij een gekozen licentie een machtiging is aangevinkt.</p>
        <Field meta={fields.authorizationName} label={L.authorizationName} autoComplete="off" />
        <Field meta={fields.authorizationIban} label={L.authorizationIban} hint="Bijvoorbeeld NL91 ABNA 0417 1643 00; spaties en streepjes mogen." />
        <Field meta={fields.authorizationBic} label={L.authorizationBic} hint="Niet verplicht." />
      </fieldset>
      <div className="form__actions">
        <button type="submit" name="step" value={LICENSES_STEP.ask} className="button">
          Vastleggen en verzenden
        </button>
        <CancelLink href={data.cancelHref} />
      </div>
      {enhanced && asking ? (
        <dialog ref={dialog} className="dialog" aria-labelledby="licenses-dialog-title" onClose={() => setAsking(false)}>
          <h2 id="licenses-dialog-title">{LICENSES_CONFIRM.title}</h2>
          <p className="confirm__text">{LICENSES_CONFIRM.text}</p>
          <div className="confirm__actions">
            {confirmButton}
            <button type="button" className="button button--secondary" onClick={() => dialog.current?.close()}>
              {CANCEL}
            </button>
          </div>
        </dialog>
      ) : null}
    </Form>
  );
}

/** A cell of a space row: the visible label, with the category and row number for screen readers. */
function RowInput({ meta, label, context, numeric }: { meta: AnyMeta; label: string; context: string; numeric?: boolean }) {
  const invalid = !!meta.errors?.length;
  return (
    <div className={`field${invalid ? " field--invalid" : ""}`}>
      <label htmlFor={meta.id}>
        {label}
        <span className="visually-hidden"> {context}</span>
      </label>
      <input {...getInputProps(meta, { type: "text", ariaAttributes: true })} inputMode={numeric ? "numeric" : undefined} />
      <FieldError meta={meta} />
    </div>
  );
}

/** The admin's form: the declaration read-only, the videma licence number and file, Opslaan. */
function LicensesAdminForm({ data, notice, result }: { data: EnterpriseLicensesData; notice: React.ReactNode; result?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: "enterprise-licenses-admin",
    lastResult: result,
    defaultValue: { videmaLicentieNummer: data.videmaLicentieNummer },
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: licensesAdminSchema() }),
  });
  return (
    <div className="licenses">
      {notice}
      <DeclarationSummary values={data.values} />
      <Form method="post" action={tabPath(data.path, "licenties")} encType="multipart/form-data" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={LICENSES_ADMIN_INTENT} />
        <ErrorSummary form={form} labels={{ videmaLicentieNummer: L.videmaLicentieNummer, videmaLicense: L.videmaLicense }} />
        <fieldset>
          <legend>Videma-licentie (beheerder)</legend>
          <Field meta={fields.videmaLicentieNummer} label={L.videmaLicentieNummer} />
          <FileField
            meta={fields.videmaLicense}
            label={L.videmaLicense}
            kind="document"
            current={
              data.file ? (
                <p>
                  Huidig bestand:{" "}
                  <a href={data.file.href} target="_blank" rel="noopener">
                    {data.file.name}
                  </a>
                </p>
              ) : null
            }
            remove={fields.videmaLicenseRemove}
            removeLabel={L.removeFile}
          />
        </fieldset>
        <div className="form__actions">
          <button type="submit" className="button">
            Opslaan
          </button>
          <CancelLink href={data.cancelHref} />
        </div>
      </Form>
    </div>
  );
}

const yesNo = (on: "on" | undefined) => (on ? "Ja" : "Nee");

/** The stored declaration as text (the admin's and a contact person's view). */
function DeclarationSummary({ values: v }: { values: LicensesValues }) {
  const rows: [string, string][] = [
    ...LICENSES.flatMap((l): [string, string][] => [
      [l.description, yesNo(v[l.key])],
      [`Machtiging automatische incasso ${l.label}`, yesNo(v[l.authorization])],
    ]),
    [L.bumaSenaChangeDate, formatDate(v.bumaSenaChangeDate)],
    [L.tvSets, v.tvSets],
    [L.videmaChangeDate, formatDate(v.videmaChangeDate)],
    [L.authorizationName, v.authorizationName],
    [L.authorizationIban, v.authorizationIban],
    [L.authorizationBic, v.authorizationBic],
  ];
  return (
    <section aria-labelledby="licenses-declaration">
      <h2 id="licenses-declaration">Opgave van de vestiging</h2>
      <dl className="details">
        <DetailRows rows={rows} />
        {SPACE_CATEGORIES.map((c) => {
          const rows = v.spaces[c.key].filter((r) => r.area !== "");
          return (
            <Fragment key={c.key}>
              <dt>Ruimten {c.label}</dt>
              <dd>{rows.length ? rows.map((r) => `${r.name || "Naamloos"}: ${r.area} m²`).join(", ") : "–"}</dd>
            </Fragment>
          );
        })}
      </dl>
    </section>
  );
}
