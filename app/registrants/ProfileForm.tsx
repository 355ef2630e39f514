import { getFormProps, useForm } from "@conform-to/react";
import { useEffect, useState } from "react";
import { Form, href } from "react-router";
import * as z from "zod/mini";
import { parseWithZod } from "../lib/parse-form";
import { imageUrl } from "../shell/Avatar";
import { ChoiceSearchField } from "../ui/ChoiceSearchField";
import { DetailRows } from "../ui/DetailRows";
import { ErrorSummary, type SummaryLabels } from "../ui/ErrorSummary";
import { CheckboxField, Field, SelectField } from "../ui/Field";
import { FileField } from "../ui/FileField";
import { NextNumberField } from "../ui/NextNumberField";
import { RichTextField } from "../ui/RichTextField";
import { SaveCancel } from "../ui/SaveCancel";
import { socialLinkLabels, SocialLinksFieldset } from "../ui/SocialLinksFieldset";
import { TextareaField } from "../ui/TextareaField";
import {
  ACCOUNT_SEARCH_INTENT,
  GENDERS,
  PASS_NUMBER_REFRESH_INTENT,
  PROFILE_LABELS as L,
  PROFILE_SAVE_INTENT,
  profileSchema,
  type AccountChoice,
  type ProfileData,
  type ProfileOutput,
  type ProfileValues,
} from "./profile";
import type { ProfileActionData } from "./profile.server";
import { tabPath } from "../ui/tab-path";

type FormShape = ProfileValues & { image?: File; imageRemove?: "on" };

const ACCOUNT_QUERY = {
  name: "userQuery",
  label: L.userQuery,
  hint: "Zoek op naam of e-mailadres (minimaal 3 tekens). Alleen accounts zonder professional worden getoond.",
  minLength: 3,
  intent: ACCOUNT_SEARCH_INTENT,
  empty: "Geen accounts gevonden",
};

/**
 * Tab Persoonsgegevens of a professional (part 2 §5 "Professional form"): the admin's form (the
 * linked account chosen by searching, the numbers, pass flag, teacher, examiner, voucher and memo;
 * a professional without account has its own name and e-mail) and the professional's own (name
 * and e-mail from the account, active and visible read-only, the address required).
 */
export function ProfileForm({ data, action }: { data: ProfileData; action?: ProfileActionData }) {
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const [picked, setPicked] = useState<AccountChoice | null>(action?.chosenAccount ?? null);
  // The account after a post: the one the post chose (or none), else the stored one.
  const chosen = action ? (picked ?? null) : (picked ?? data.account);
  const ownName = data.admin && !chosen;
  const [form, fields] = useForm<FormShape, ProfileOutput>({
    id: "registrant-profile",
    lastResult: action?.result,
    defaultValue: data.values,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => {
      const schema = profileSchema({ admin: data.admin, ownName: data.admin && !formData.get("user") });
      const intent = formData.get("intent");
      // The search and refresh buttons post the form as it is, to be shown again: no checks.
      const unchecked = intent && intent !== PROFILE_SAVE_INTENT;
      return parseWithZod(formData, { schema: unchecked ? (z.looseObject({}) as unknown as typeof schema) : schema });
    },
  });

  const labels: SummaryLabels = {
    ...Object.fromEntries(Object.entries(L).filter(([name]) => name in fields)),
    ...socialLinkLabels(fields.socialMediaLinks),
  };
  // The account linked now is offered too.
  const source = `${href("/fitnednl/accounts-zoeken")}${data.registrantId === null ? "" : `?professional=${data.registrantId}`}`;

  return (
    <Form method="post" action={tabPath(data.path, "persoonsgegevens")} encType="multipart/form-data" {...getFormProps(form)}>
      {/* Enter in a field saves: the first submit button of a form is its default one. */}
      <button type="submit" name="intent" value={PROFILE_SAVE_INTENT} className="visually-hidden" tabIndex={-1} aria-hidden="true">
        Opslaan
      </button>
      <ErrorSummary form={form} labels={labels} />

      <fieldset>
        <legend>Naam en account</legend>
        {data.admin ? (
          <ChoiceSearchField<AccountChoice>
            meta={fields.user}
            label={L.user}
            choice={chosen}
            originalId={data.account?.id ?? null}
            enhanced={enhanced}
            search={action?.accountSearch}
            onPick={setPicked}
            query={{ ...ACCOUNT_QUERY, source }}
          />
        ) : null}
        {chosen && data.admin && chosen.id !== data.account?.id ? (
          <p className="form__note">De naam en het e-mailadres komen na het opslaan van het gekozen account.</p>
        ) : null}
        {ownName ? (
          <>
            <p className="form__note">Zonder account legt u de naam en het e-mailadres van de professional hier vast.</p>
            <Field meta={fields.givenName} label={L.givenName} autoComplete="off" />
            <Field meta={fields.namePreposition} label={L.namePreposition} autoComplete="off" />
            <Field meta={fields.familyName} label={L.familyName} autoComplete="off" required />
            <Field meta={fields.email} label={L.email} type="email" autoComplete="off" required />
          </>
        ) : data.account && (!data.admin || chosen?.id === data.account.id) ? (
          <dl className="details">
            <DetailRows
              rows={[
                ["Naam", data.account.fullName],
                [L.email, data.account.email],
              ]}
            />
          </dl>
        ) : null}
        {data.account && !data.admin ? <p className="form__note">Uw naam en e-mailadres wijzigt u bij Mijn gegevens.</p> : null}
        {data.state ? (
          <dl className="details">
            <DetailRows
              rows={[
                ["Actief", data.state.active ? "Ja" : "Nee"],
                ["Zichtbaar", data.state.visible ? "Ja" : "Nee"],
              ]}
            />
          </dl>
        ) : null}
      </fieldset>

      {data.admin ? (
        <fieldset>
          <legend>Registratie</legend>
          <Field meta={fields.idFitNed} label={L.idFitNed} inputMode="numeric" autoComplete="off" hint="Leeg laten: de professional krijgt het volgende vrije nummer." />
          <NextNumberField meta={fields.passNumber} label={L.passNumber} next={data.nextPassNumber} refreshIntent={PASS_NUMBER_REFRESH_INTENT} />
          <CheckboxField meta={fields.createPass} label={L.createPass} />
          <CheckboxField meta={fields.teacher} label={L.teacher} />
          <CheckboxField meta={fields.examiner} label={L.examiner} />
          <Field meta={fields.voucher} label={L.voucher} autoComplete="off" />
        </fieldset>
      ) : null}

      <fieldset>
        <legend>Persoonlijke gegevens</legend>
        <SelectField meta={fields.gender} label={L.gender} options={GENDERS} />
        <Field meta={fields.dateOfBirth} label={L.dateOfBirth} type="date" autoComplete="bday" />
        <Field meta={fields.registered} label={L.registered} type="date" autoComplete="off" />
        <Field meta={fields.phone} label={L.phone} type="tel" inputMode="tel" autoComplete="tel" />
        <Field meta={fields.website} label={L.website} type="url" autoComplete="url" />
      </fieldset>

      <fieldset>
        <legend>Adres</legend>
        <Field meta={fields.addressStreet} label={L.addressStreet} autoComplete="address-line1" required={!data.admin} />
        <Field meta={fields.addressHouseNr} label={L.addressHouseNr} autoComplete="off" required={!data.admin} />
        <Field meta={fields.addressPostalCode} label={L.addressPostalCode} autoComplete="postal-code" required={!data.admin} />
        <Field meta={fields.addressTown} label={L.addressTown} autoComplete="address-level2" required={!data.admin} />
      </fieldset>

      <RichTextField meta={fields.infoText} label={L.infoText} sourceView={data.admin} />
      {data.admin ? <TextareaField meta={fields.memo} label={L.memo} rows={3} /> : null}

      <FileField
        meta={fields.image}
        label={L.image}
        kind="image"
        current={data.photo ? <img src={imageUrl(data.photo, 150)} width={150} alt="Huidige foto" /> : null}
        remove={fields.imageRemove}
        removeLabel={L.imageRemove}
      />

      <SocialLinksFieldset form={form} list={fields.socialMediaLinks} />

      <SaveCancel cancelHref={data.cancelHref} save={{ name: "intent", value: PROFILE_SAVE_INTENT }} />
    </Form>
  );
}
