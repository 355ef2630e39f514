import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "../lib/parse-form";
import { Form } from "react-router";
import type { Route } from "./+types/my-data";
import { PERSON_LABELS, PersonFields } from "./PersonFields";
import { requireAccount } from "../auth/account.server";
import { NewPasswordFields } from "../auth/NewPasswordFields";
import { ownDataSchema, passwordChangeSchema } from "../auth/schemas";
import { imageUrl } from "../shell/Avatar";
import { ErrorSummary } from "../ui/ErrorSummary";
import { CheckboxField } from "../ui/Field";
import { FileField } from "../ui/FileField";
import { loadMyData, myDataAction, type MyDataActionData, type OwnDataValues } from "./my-data.server";
import { reauthLabels, ReauthFields, SendCodeButton } from "./ReauthFields";
import { SessionList } from "./SessionList";
import { TwoFactorSettings } from "./TwoFactorSettings";
import { queueWhenOffline } from "../offline/offline-post";
import { notAfterQueued } from "../offline/offline-state";

export const handle = { breadcrumbs: [{ label: "Mijn gegevens" }] };

export function meta() {
  return [{ title: "Mijn gegevens – Ledenportaal" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const { account, session } = await requireAccount(request);
  return loadMyData(account, session);
}

/** Its forms are kept in the offline queue when the connection is gone (offline/offline-post.ts). */
export const clientAction = (args: Route.ClientActionArgs) => queueWhenOffline(args);
export const shouldRevalidate = notAfterQueued;

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
        mfaType={loaderData.mfaType}
        imitating={!!loaderData.imitatedBy}
        codeSent={result?.codeSent === "data"}
      />
      <PasswordForm
        lastResult={result?.password}
        mfaType={loaderData.mfaType}
        imitating={!!loaderData.imitatedBy}
        codeSent={result?.codeSent === "password"}
      />
      <TwoFactorSettings
        mfaType={loaderData.mfaType}
        imitatedBy={loaderData.imitatedBy}
        appSetup={loaderData.appSetup}
        mfaResult={result?.mfa}
        activateResult={result?.activate}
        codeSent={result?.codeSent === "mfa"}
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
  newsletter?: boolean;
  photo?: File;
  photoRemove?: string;
  currentPassword?: string;
  secondFactorCode?: string;
}

type MfaType = "" | "email" | "app";

function AccountForm({
  values,
  image,
  lastResult,
  mfaType,
  imitating,
  codeSent,
}: {
  values: OwnDataValues;
  image: { id: number; modified: string } | null;
  lastResult?: SubmissionResult<string[]>;
  mfaType: MfaType;
  imitating: boolean;
  codeSent: boolean;
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
        <ErrorSummary form={form} labels={{ ...PERSON_LABELS, photo: "Foto", ...(imitating ? {} : reauthLabels(mfaType)) }} />
        <input type="hidden" name="intent" value="data" />
        <PersonFields fields={fields} own />
        <CheckboxField meta={fields.newsletter} label="Nieuwsbrief" />
        {imitating ? (
          <p className="form__note">U imiteert deze gebruiker. Alleen de gebruiker zelf kan het e-mailadres wijzigen.</p>
        ) : null}
        <FileField
          meta={fields.photo}
          label="Foto"
          kind="image"
          current={image ? <img className="photo" src={imageUrl(image, 150)} width={150} alt="Uw huidige foto" /> : null}
          remove={fields.photoRemove}
          removeLabel="Foto verwijderen"
        />
        {imitating ? null : (
          <fieldset>
            <legend>E-mailadres wijzigen</legend>
            <p className="field__hint">
              Alleen nodig als u uw e-mailadres wijzigt. U krijgt dan een bevestigingslink op het nieuwe adres; tot u
              daarop klikt, blijft uw huidige adres in gebruik.
            </p>
            <ReauthFields fields={fields} mfaType={mfaType} codeSent={codeSent} />
          </fieldset>
        )}
        <div className="form__actions">
          <button type="submit" className="button">
            Opslaan
          </button>
          {imitating ? null : <SendCodeButton mfaType={mfaType} />}
        </div>
      </Form>
    </section>
  );
}

interface PasswordFormValue {
  currentPassword?: string;
  secondFactorCode?: string;
  password: string;
  repeatPassword: string;
}

/** 'Wachtwoord wijzigen': the current password (and second factor), then the new one twice. */
function PasswordForm({
  lastResult,
  mfaType,
  imitating,
  codeSent,
}: {
  lastResult?: SubmissionResult<string[]>;
  mfaType: MfaType;
  imitating: boolean;
  codeSent: boolean;
}) {
  const [form, fields] = useForm<PasswordFormValue>({
    id: "password",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordChangeSchema }),
  });
  return (
    <section className="card" aria-labelledby="password-title">
      <h2 id="password-title">Wachtwoord wijzigen</h2>
      {imitating ? (
        <p className="form__note">U imiteert deze gebruiker. Alleen de gebruiker zelf kan het wachtwoord wijzigen.</p>
      ) : (
        <Form method="post" {...getFormProps(form)}>
          <ErrorSummary form={form} labels={{ ...reauthLabels(mfaType), password: "Nieuw wachtwoord", repeatPassword: "Herhaal wachtwoord" }} />
          <input type="hidden" name="intent" value="password" />
          <ReauthFields fields={fields} mfaType={mfaType} required codeSent={codeSent} />
          <NewPasswordFields password={fields.password} repeatPassword={fields.repeatPassword} label="Nieuw wachtwoord" />
          <div className="form__actions">
            <button type="submit" className="button">
              Wachtwoord wijzigen
            </button>
            <SendCodeButton mfaType={mfaType} />
          </div>
        </Form>
      )}
    </section>
  );
}
