import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { parseWithZod } from "../lib/parse-form";
import { ErrorSummary } from "../ui/ErrorSummary";
import { CheckboxField, Field, SelectField } from "../ui/Field";
import { TextareaField } from "../ui/TextareaField";
import { catalogueSchema, type CatalogueDefinition, type CatalogueFormValues } from "./definitions";
import { SaveCancel } from "../ui/SaveCancel";

/** The add and edit form of any catalogue, its fields as the definition lists them. */
export function CatalogueForm({
  catalogue,
  values,
  lastResult,
  cancelHref,
}: {
  catalogue: CatalogueDefinition;
  values: CatalogueFormValues;
  lastResult?: SubmissionResult<string[]>;
  /** 'Annuleren': the form again as stored (edit), or the list (add). */
  cancelHref: string;
}) {
  const schema = catalogueSchema(catalogue);
  const [form, fields] = useForm({
    id: `catalogue-${catalogue.key}`,
    lastResult,
    defaultValue: values,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const labels = Object.fromEntries(catalogue.fields.map((f) => [f.name, f.label]));
  return (
    <Form method="post" {...getFormProps(form)}>
      <ErrorSummary form={form} labels={labels} />
      <p className="form__note">* Verplicht veld.</p>
      {catalogue.fields.map((field) => {
        const meta = fields[field.name];
        switch (field.kind) {
          case "text":
            return <Field key={field.name} meta={meta} label={field.label} required={field.required} autoComplete="off" />;
          case "number":
            return <Field key={field.name} meta={meta} label={field.label} required={field.required} inputMode="numeric" autoComplete="off" />;
          case "textarea":
            return <TextareaField key={field.name} meta={meta} label={field.label} />;
          case "checkbox":
            return <CheckboxField key={field.name} meta={meta} label={field.label} />;
          case "select":
            return <SelectField key={field.name} meta={meta} label={field.label} options={field.options} required={field.required} />;
        }
      })}
      <SaveCancel cancelHref={cancelHref} />
    </Form>
  );
}
