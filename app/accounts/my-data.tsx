import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import type { Route } from "./+types/my-data";
import { PersonFields, personSummary } from "./PersonFields";
import { requireAccount } from "../auth/account.server";
import { ownDataSchema } from "../auth/schemas";
import { imageUrl } from "../shell/Avatar";
import { ErrorSummary } from "../ui/ErrorSummary";
import { FieldError } from "../ui/Field";
import { loadMyData, myDataAction, type MyDataActionData, type OwnDataValues } from "./my-data.server";
import { SessionList } from "./SessionList";
import { TwoFactorSettings } from "./TwoFactorSettings";

export const handle = { breadcrumbs: [{ label: "Mijn gegevens" }] };

export function meta() {
  return [{ title: "Mijn gegevens – Ledenportaal" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const { account, session } = await requireAccount(request);
  return loadMyData(account, session);
}

export async function action({ request }: Route.ActionArgs) {
  return myDataAction(request, await requireAccount(request));
}

export default function MyData({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as MyDataActionData | undefined;
  const { values, image } = loaderData;
  return (
    <>
      <h1>Mijn gegevens</h1>
      {/* A new key after a save starts the form from the stored (normalised) values. */}
      <AccountForm
        key={JSON.stringify(values) + (image?.modified ?? "")}
        values={values}
        image={image}
        lastResult={result?.data}
      />
      <TwoFactorSettings
        mfaType={loaderData.mfaType}
        imitatedBy={loaderData.imitatedBy}
        appSetup={loaderData.appSetup}
        mfaResult={result?.mfa}
        activateResult={result?.activate}
      />
      <SessionList sessions={loaderData.sessions} imitating={!!loaderData.imitatedBy} />
    </>
  );
}

interface AccountFormValue {
  email: string;
  givenName: string;
  namePreposition?: string;
  familyName: string;
  phonePrimary?: string;
  photo?: File;
  photoRemove?: string;
}

function AccountForm({
  values,
  image,
  lastResult,
}: {
  values: OwnDataValues;
  image: { id: number; modified: string } | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm<AccountFormValue>({
    id: "my-data",
    lastResult,
    defaultValue: values,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ownDataSchema }),
  });
  return (
    <section className="card" aria-labelledby="data-title">
      <h2 id="data-title" className="visually-hidden">
        Accountgegevens
      </h2>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
        <ErrorSummary
          formErrors={form.errors}
          fields={[...personSummary(fields), { id: fields.photo.id, label: "Foto", errors: fields.photo.errors }]}
        />
        <input type="hidden" name="intent" value="data" />
        <PersonFields fields={fields} own />
        <PhotoField photo={fields.photo} remove={fields.photoRemove} image={image} />
        <div className="form__actions">
          <button type="submit" className="button">
            Opslaan
          </button>
        </div>
      </Form>
    </section>
  );
}

function PhotoField({
  photo,
  remove,
  image,
}: {
  photo: FieldMetadata<File | undefined>;
  remove: FieldMetadata<string | undefined>;
  image: { id: number; modified: string } | null;
}) {
  const hintId = `${photo.id}-hint`;
  const describedBy = [hintId, photo.errors?.length ? photo.errorId : undefined].filter(Boolean).join(" ");
  return (
    <div className={`field${photo.errors?.length ? " field--invalid" : ""}`}>
      {image ? (
        <img className="photo" src={imageUrl(image, 150)} width={150} alt="Uw huidige foto" />
      ) : null}
      <label htmlFor={photo.id}>Foto</label>
      <input
        id={photo.id}
        name={photo.name}
        type="file"
        accept="image/jpeg,image/png"
        aria-invalid={photo.errors?.length ? true : undefined}
        aria-describedby={describedBy}
      />
      <p className="field__hint" id={hintId}>
        Een jpg- of png-bestand van maximaal 10 MB.
      </p>
      <FieldError meta={photo} />
      {image ? (
        <div className="field field--checkbox">
          <label htmlFor={remove.id}>
            <input {...getInputProps(remove, { type: "checkbox", value: "on" })} />
            Foto verwijderen
          </label>
        </div>
      ) : null}
    </div>
  );
}
