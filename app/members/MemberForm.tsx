import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "../lib/parse-form";
import { Form } from "react-router";
import { ErrorSummary } from "../ui/ErrorSummary";
import { CheckboxField, Field, SelectField } from "../ui/Field";
import { LEGAL_FORMS, MEMBER_LABELS, memberSchema, type MemberFormValues } from "./schema";
import { SaveCancel } from "../ui/SaveCancel";

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
      {admin ? <CheckboxField meta={fields.associate} label={MEMBER_LABELS.associate} /> : null}
      <CheckboxField meta={fields.interestMembership} label={MEMBER_LABELS.interestMembership} />
      <SaveCancel cancelHref={cancelHref} />
    </Form>
  );
}
