import { getFormProps, getInputProps, getSelectProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { ErrorSummary } from "../ui/ErrorSummary";
import { Field, FieldError } from "../ui/Field";
import { LEGAL_FORMS, MEMBER_LABELS, memberSchema, type MemberFormValues } from "./schema";

export interface MemberFormProps {
  values: MemberFormValues;
  lastResult?: SubmissionResult<string[]>;
  /** Admins see and set the principal establishment and the associate flag. */
  admin: boolean;
  /** Establishments that can be principal; empty on a new membership. */
  principalOptions: { id: number; name: string }[];
  /** Whether the membership exists yet (the principal field makes sense only then). */
  existing: boolean;
  /** Where 'Annuleren' goes: a fresh load of the form, or the list when adding. */
  cancelHref: string;
}

/** Tab Algemeen of a membership: add, edit (admin) and the own membership. */
export function MemberForm({ values, lastResult, admin, principalOptions, existing, cancelHref }: MemberFormProps) {
  const principalRequired = admin && principalOptions.length > 0;
  const [form, fields] = useForm({
    id: "member-general",
    lastResult,
    defaultValue: values,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: memberSchema({ principalRequired }) }),
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <ErrorSummary form={form} labels={MEMBER_LABELS} />
      <input type="hidden" name="intent" value="general" />
      <Field meta={fields.name} label={MEMBER_LABELS.name} autoComplete="organization" required />
      <SelectField
        meta={fields.legalForm}
        label={MEMBER_LABELS.legalForm}
        options={LEGAL_FORMS.map((f) => ({ value: f.value, label: f.label }))}
      />
      <Field meta={fields.adminAccountable} label={MEMBER_LABELS.adminAccountable} autoComplete="off" />
      <Field meta={fields.adminAccountableEmail} label={MEMBER_LABELS.adminAccountableEmail} type="email" autoComplete="off" />
      <Field
        meta={fields.adminAccountablePhone}
        label={MEMBER_LABELS.adminAccountablePhone}
        type="tel"
        inputMode="tel"
        autoComplete="off"
      />
      {admin && existing ? (
        principalOptions.length ? (
          <SelectField
            meta={fields.principalEnterprise}
            label={MEMBER_LABELS.principalEnterprise}
            options={principalOptions.map((o) => ({ value: String(o.id), label: o.name }))}
            required
            hint="Franchisevestigingen kunnen geen hoofdvestiging zijn."
          />
        ) : (
          <p className="form__note">Hoofdvestiging: dit lidmaatschap heeft nog geen vestiging die hoofdvestiging kan zijn.</p>
        )
      ) : null}
      {admin ? <Checkbox meta={fields.associate} label={MEMBER_LABELS.associate} /> : null}
      <Checkbox meta={fields.interestMembership} label={MEMBER_LABELS.interestMembership} />
      <div className="form__actions">
        <button type="submit" className="button">
          Opslaan
        </button>
        {/* A full load, so the form starts again from what is stored. */}
        <Link to={cancelHref} reloadDocument className="button button--secondary">
          Annuleren
        </Link>
      </div>
    </Form>
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's field metadata is generic over the form's shape; this part takes a field of any form
type AnyMeta = FieldMetadata<any, any, string[]>;

function SelectField({
  meta,
  label,
  options,
  required,
  hint,
}: {
  meta: AnyMeta;
  label: string;
  options: { value: string; label: string }[];
  required?: boolean;
  hint?: string;
}) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const describedBy = [hintId, meta.errors?.length ? meta.errorId : undefined].filter(Boolean).join(" ") || undefined;
  const { required: _native, ...props } = getSelectProps(meta, { ariaAttributes: true });
  return (
    <div className={`field${meta.errors?.length ? " field--invalid" : ""}`}>
      <label htmlFor={meta.id}>
        {label}
        {required ? <span className="field__required" aria-hidden="true"> *</span> : null}
      </label>
      <select {...props} aria-describedby={describedBy} aria-required={required || undefined}>
        <option value="">Maak een keuze</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <FieldError meta={meta} />
    </div>
  );
}

function Checkbox({ meta, label }: { meta: AnyMeta; label: string }) {
  return (
    <div className="field field--checkbox">
      <label htmlFor={meta.id}>
        <input {...getInputProps(meta, { type: "checkbox", value: "on" })} />
        {label}
      </label>
      <FieldError meta={meta} />
    </div>
  );
}
