import { getFormProps, useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { parseWithZod } from "../lib/parse-form";
import { imageUrl } from "../shell/Avatar";
import { ErrorSummary } from "../ui/ErrorSummary";
import { CheckboxField, Field, SelectField, type AnyMeta } from "../ui/Field";
import { FileField } from "../ui/FileField";
import { RichTextField } from "../ui/RichTextField";
import { MoveButton } from "../ui/MoveButton";
import { SaveCancel } from "../ui/SaveCancel";
import { TextareaField } from "../ui/TextareaField";
import type { CatalogueChoices } from "./catalogue.server";
import { assetFilePath, documentFilePath } from "./files";
import { catalogueSchema, REF_FORMAT, type CatalogueDefinition, type CatalogueFormValues, type StoredFile } from "./definitions";

/** The add and edit form of any catalogue, its fields as the definition lists them. */
export function CatalogueForm({
  catalogue,
  entry,
  values,
  choices,
  lastResult,
  cancelHref,
}: {
  catalogue: CatalogueDefinition;
  /** The entry edited (its id, ref and stored files), none when adding. */
  entry?: { id: number; values: Record<string, unknown>; files: Record<string, StoredFile[]> };
  values: CatalogueFormValues;
  choices: CatalogueChoices;
  lastResult?: SubmissionResult<string[]>;
  /** 'Annuleren': the form again as stored (edit), or the list (add). */
  cancelHref: string;
}) {
  const schema = catalogueSchema(catalogue, entry ? "edit" : "add");
  const [form, fields] = useForm<CatalogueFormValues>({
    id: `catalogue-${catalogue.key}`,
    lastResult,
    defaultValue: values,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    // The schema is built from the definition: its value is the form's fields by name.
    onValidate: ({ formData }) => parseWithZod(formData, { schema }) as Submission<CatalogueFormValues>,
  });
  const labels = Object.fromEntries(
    catalogue.fields.flatMap((f) => (f.kind === "files" ? [[`${f.name}New`, "Bestanden toevoegen"]] : [[f.name, f.label]])),
  );
  const uploads = catalogue.fields.some((f) => f.kind === "image" || f.kind === "file" || f.kind === "files");
  return (
    <Form method="post" encType={uploads ? "multipart/form-data" : undefined} {...getFormProps(form)}>
      <ErrorSummary form={form} labels={labels} />
      <p className="form__note">* Verplicht veld.</p>
      {catalogue.fields.map((field) => {
        const meta = fields[field.name];
        const stored = entry?.files[field.name] ?? [];
        switch (field.kind) {
          case "text":
            return (
              <Field
                key={field.name}
                meta={meta}
                label={field.label}
                required={field.required || field.markedRequired}
                autoComplete="off"
              />
            );
          case "number":
            return <Field key={field.name} meta={meta} label={field.label} required={field.required} inputMode="numeric" autoComplete="off" />;
          case "ref":
            return entry ? (
              <Field key={field.name} meta={meta} label={field.label} readOnly hint="De referentie ligt vast: het portaal vindt het item hiermee." />
            ) : (
              <Field key={field.name} meta={meta} label={field.label} required hint={REF_FORMAT} autoComplete="off" />
            );
          case "textarea":
            return <TextareaField key={field.name} meta={meta} label={field.label} />;
          case "richText":
            return <RichTextField key={field.name} meta={meta} label={field.label} required={field.required} sourceView />;
          case "checkbox":
            return <CheckboxField key={field.name} meta={meta} label={field.label} />;
          case "select":
            return <SelectField key={field.name} meta={meta} label={field.label} options={field.options} required={field.required} />;
          case "reference":
            return (
              <SelectField key={field.name} meta={meta} label={field.label} options={choices[field.name] ?? []} required={field.required} />
            );
          case "image":
            return (
              <FileField
                key={field.name}
                meta={meta}
                label={field.label}
                kind="image"
                current={stored[0] ? <img src={imageUrl(stored[0], 150)} width={150} alt={`Huidige afbeelding van ${entry?.values.name ?? ""}`} /> : null}
                remove={fields[`${field.name}Remove`]}
                removeLabel="Afbeelding verwijderen"
              />
            );
          case "file":
            return (
              <FileField
                key={field.name}
                meta={meta}
                label={field.label}
                kind="office"
                current={
                  stored[0] && entry ? (
                    <a href={assetFilePath(String(entry.values.ref))}>
                      {stored[0].name}
                    </a>
                  ) : null
                }
                remove={fields[`${field.name}Remove`]}
                removeLabel="Bestand verwijderen"
              />
            );
          case "files":
            return (
              <DocumentFiles
                key={field.name}
                documentId={entry?.id}
                order={meta}
                remove={fields[`${field.name}Remove`]}
                added={fields[`${field.name}New`]}
                stored={stored}
                label={field.label}
              />
            );
        }
      })}
      <SaveCancel cancelHref={cancelHref} />
    </Form>
  );
}

/**
 * A document's files: the stored ones in order, each with 'Omhoog', 'Omlaag' (which post the form
 * to show the new order; Opslaan keeps it) and 'Verwijderen'; then new files, added at the end.
 */
function DocumentFiles({
  documentId,
  order,
  remove,
  added,
  stored,
  label,
}: {
  documentId?: number;
  order: AnyMeta;
  remove: AnyMeta;
  added: AnyMeta;
  stored: StoredFile[];
  label: string;
}) {
  const byId = new Map(stored.map((f) => [String(f.id), f]));
  const posted = Array.isArray(order.value) ? (order.value as string[]) : [];
  const ids = [...posted.filter((id) => byId.has(id)), ...stored.map((f) => String(f.id)).filter((id) => !posted.includes(id))];
  const removed = new Set(Array.isArray(remove.value) ? (remove.value as string[]) : remove.value ? [String(remove.value)] : []);
  return (
    <fieldset className="document-files">
      <legend>{label}</legend>
      {ids.length ? (
        <ol className="document-files__list">
          {ids.map((id, index) => {
            const file = byId.get(id)!;
            return (
              <li key={id} className="document-files__item">
                <input type="hidden" name={order.name} value={id} />
                {documentId ? <a href={documentFilePath(documentId, file.id)}>{file.name}</a> : file.name}
                <span className="document-files__actions">
                  {(["up", "down"] as const).map((direction) => (
                    <MoveButton
                      key={direction}
                      direction={direction}
                      itemName={file.name}
                      name="intent"
                      value={`move:${id}:${direction}`}
                      formNoValidate
                      disabled={direction === "up" ? index === 0 : index === ids.length - 1}
                    />
                  ))}
                  <label className="document-files__remove">
                    <input type="checkbox" name={remove.name} value={id} defaultChecked={removed.has(id)} />
                    Verwijderen<span className="visually-hidden"> ({file.name})</span>
                  </label>
                </span>
              </li>
            );
          })}
        </ol>
      ) : (
        <p>Nog geen bestanden.</p>
      )}
      <FileField meta={added} label="Bestanden toevoegen" kind="office" multiple />
    </fieldset>
  );
}
