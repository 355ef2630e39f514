import { OfflineKey } from "../offline/offline-post";
import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { Fragment } from "react";
import { Form } from "react-router";
import { CancelLink } from "../ui/SaveCancel";
import type { SubmissionResult } from "@conform-to/react";
import { formatDate } from "../lib/format";
import { parseWithZod } from "../lib/parse-form";
import { DetailRows } from "../ui/DetailRows";
import { CONTACT_READ_ONLY } from "./schema";
import { ErrorSummary, type SummaryLabels } from "../ui/ErrorSummary";
import { CheckboxField, Field, FieldFrame } from "../ui/Field";
import { FileField } from "../ui/FileField";
import {
  INSPECTION_DIRTY_NOTICE,
  INSPECTION_FINALIZE_INTENT,
  INSPECTION_LABELS as L,
  INSPECTION_PILLARS,
  INSPECTION_SAVE_INTENT,
  inspectionSchema,
  RIE_FILES,
  type EnterpriseInspectionData,
  type InspectionOutput,
  type InspectionValues,
} from "./inspection";
import { tabPath } from "../ui/tab-path";
import { hiddenWithScript } from "../ui/script-visibility";

type FormShape = InspectionValues & {
  inspectionRieRapport?: File;
  inspectionRiePva?: File;
  inspectionRieRapportRemove?: "on";
  inspectionRiePvaRemove?: "on";
};


/**
 * Tab Keuring (part 1 §2 "Keuring (inspection) form"): the nine flags in their two pillars, a
 * comment, and with RIE the report and plan of action with their dates. Opslaan stores the change
 * as interim (the red notice says it is not passed on yet); 'Opslaan en verzenden' passes it on.
 * Without JavaScript the RIE fields always show; with it they show while RIE is ticked.
 */
export function InspectionTab({ data, result }: { data: EnterpriseInspectionData; result?: SubmissionResult<string[]> }) {
  const stored = { inspectionRieRapport: !!data.files.inspectionRieRapport, inspectionRiePva: !!data.files.inspectionRiePva };
  const [form, fields] = useForm<FormShape, InspectionOutput>({
    id: "enterprise-inspection",
    lastResult: result,
    defaultValue: data.values,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inspectionSchema({ stored }) }),
  });

  const notice = data.dirty ? (
    <p className="options-notice" role="status">
      {INSPECTION_DIRTY_NOTICE}
    </p>
  ) : null;

  if (data.readOnly) return <InspectionSummary data={data} notice={notice} />;

  const rie = fields.rie.value === "on";
  const labels: SummaryLabels = {
    comment: L.comment,
    ...Object.fromEntries(RIE_FILES.flatMap((f) => [[f.file, f.label], [f.date, f.dateLabel]])),
  };

  return (
    <Form method="post" action={tabPath(data.path, "keuring")} encType="multipart/form-data" className="inspection" {...getFormProps(form)}>
      <OfflineKey />
      {/* Enter in a field saves (interim): the first submit button of a form is its default one. */}
      <button type="submit" name="intent" value={INSPECTION_SAVE_INTENT} className="visually-hidden" tabIndex={-1} aria-hidden="true">
        Opslaan
      </button>
      <ErrorSummary form={form} labels={labels} />
      {notice}
      {INSPECTION_PILLARS.map((pillar) => (
        <fieldset key={pillar.key}>
          <legend>{pillar.label}</legend>
          {pillar.flags.map((flag) => (
            <Fragment key={flag.name}>
              <CheckboxField meta={fields[flag.name]} label={flag.label} />
              {flag.name === "rie" ? (
                <fieldset className="inspection__rie" {...hiddenWithScript(!rie)}>
                  <legend>RI&amp;E-documenten</legend>
                  <p className="form__note">Verplicht als de RI&amp;E aanwezig is. Zet u het vinkje uit, dan worden beide bestanden en datums verwijderd.</p>
                  {RIE_FILES.map((f) => {
                    const current = data.files[f.file];
                    return (
                      <Fragment key={f.file}>
                        <FileField
                          meta={fields[f.file]}
                          label={f.label}
                          kind="document"
                          required={rie}
                          current={
                            current ? (
                              <p>
                                Huidig bestand:{" "}
                                {current.href ? (
                                  <a href={current.href} target="_blank" rel="noopener">
                                    {current.name}
                                  </a>
                                ) : (
                                  current.name
                                )}
                              </p>
                            ) : null
                          }
                          remove={fields[f.remove]}
                          removeLabel={`${f.label}: ${L.removeFile.toLowerCase()}`}
                        />
                        <Field meta={fields[f.date]} label={f.dateLabel} type="date" required={rie} />
                      </Fragment>
                    );
                  })}
                </fieldset>
              ) : null}
            </Fragment>
          ))}
        </fieldset>
      ))}
      <FieldFrame meta={fields.comment} label={L.comment}>
        <textarea {...getTextareaProps(fields.comment, { ariaAttributes: true })} rows={4} />
      </FieldFrame>
      <div className="form__actions">
        <button type="submit" name="intent" value={INSPECTION_SAVE_INTENT} className="button">
          Opslaan
        </button>
        <button type="submit" name="intent" value={INSPECTION_FINALIZE_INTENT} className="button">
          Opslaan en verzenden
        </button>
        <CancelLink href={data.cancelHref} />
      </div>
    </Form>
  );
}

/** What a contact person (who may see, not change, the establishment) is shown of tab Keuring. */
function InspectionSummary({ data, notice }: { data: EnterpriseInspectionData; notice: React.ReactNode }) {
  const v = data.values;
  return (
    <div className="inspection">
      {notice}
      {INSPECTION_PILLARS.map((pillar) => (
        <section key={pillar.key} aria-label={pillar.label}>
          <h2>{pillar.label}</h2>
          <dl className="details">
            {pillar.flags.map((flag) => (
              <Fragment key={flag.name}>
                <dt>{flag.label}</dt>
                <dd>{v[flag.name] ? "Ja" : "Nee"}</dd>
              </Fragment>
            ))}
            {pillar.key === "pijler-1" && v.rie
              ? RIE_FILES.map((f) => (
                  <Fragment key={f.file}>
                    <dt>{f.label}</dt>
                    <dd>{data.files[f.file]?.name ?? "–"}</dd>
                    <dt>{f.dateLabel}</dt>
                    <dd>{v[f.date] ? formatDate(v[f.date]) : "–"}</dd>
                  </Fragment>
                ))
              : null}
          </dl>
        </section>
      ))}
      <dl className="details">
        <DetailRows rows={[[L.comment, v.comment]]} />
      </dl>
      <p className="form__note">{CONTACT_READ_ONLY}</p>
    </div>
  );
}
