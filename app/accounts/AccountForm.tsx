import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useEffect, useState } from "react";
import { Form, href, Link } from "react-router";
import * as z from "zod/mini";
import type { MemberMatch } from "../enterprises/enterprise.server";
import { parseWithZod } from "../lib/parse-form";
import { imageUrl } from "../shell/Avatar";
import { ChoiceSearchField } from "../ui/ChoiceSearchField";
import { ErrorSummary } from "../ui/ErrorSummary";
import { FieldError, SelectField } from "../ui/Field";
import { FileField } from "../ui/FileField";
import { ACCOUNT_MEMBER_SEARCH_INTENT, accountFormSchema, RIGHTS, type AccountFormDefaults, type Rights } from "./account-schema";
import { PERSON_LABELS, PersonFields } from "./PersonFields";

interface AccountFormValue {
  email: string;
  givenName: string;
  namePreposition?: string;
  familyName: string;
  phonePrimary?: string;
  newsletter: boolean;
  sendMail?: boolean;
  photo?: File;
  photoRemove?: string;
  member?: string;
  memberQuery?: string;
  rights?: Rights;
}

const LABELS = { ...PERSON_LABELS, photo: "Foto", member: "Lidmaatschap", rights: "Rechten" };

/** The membership search of the admin register's form (the establishment form's search). */
const MEMBER_QUERY = {
  name: "memberQuery",
  label: "Lidmaatschap zoeken",
  hint: "Zoek op naam of lidnummer. Een beheerder heeft meestal geen lidmaatschap.",
  source: href("/vestigingen/lidmaatschappen-zoeken"),
  minLength: 2,
  intent: ACCOUNT_MEMBER_SEARCH_INTENT,
  empty: "Geen lidmaatschappen gevonden",
};
const MEMBER_SWITCH_WARNING = "Bij een ander lidmaatschap vervallen de rollen van het account in het huidige lidmaatschap.";

/** What the admin register's form adds: the membership chosen by search and the rights. */
export interface RegisterFields {
  /** The stored membership. */
  member: MemberMatch | null;
  /** Only a super admin is offered 'Superbeheerder'. */
  superAdmin: boolean;
  /** The no-JavaScript search's answer and the membership the posted form had chosen. */
  search?: { query: string; matches: MemberMatch[] };
  chosen?: MemberMatch | null;
}

/**
 * The account form (part 2 §5): e-mail, names, phone, photo and newsletter; on the admin register
 * also membership and rights; on creation whether the activation mail goes out. The same schema
 * checks it in the browser and on the server.
 */
export function AccountForm({
  defaults,
  lastResult,
  action,
  cancelHref,
  adding = false,
  image = null,
  register,
}: {
  defaults: AccountFormDefaults;
  lastResult?: SubmissionResult<string[]>;
  /** Where the form posts (with its tab, so the page comes back on this tab). */
  action: string;
  cancelHref: string;
  /** Creating: the 'Activatiemail verzenden' box is offered. */
  adding?: boolean;
  /** The stored photo. */
  image?: { id: number; modified: string } | null;
  register?: RegisterFields;
}) {
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  // Undefined until the person picks one here (or picks none).
  const [picked, setPicked] = useState<MemberMatch | null | undefined>(undefined);
  // The membership: picked here, else the one the post chose (or none), else the stored one.
  const member = picked !== undefined ? picked : register?.chosen !== undefined ? register.chosen : (register?.member ?? null);
  const schema = accountFormSchema({ register: !!register, adding });
  const [form, fields] = useForm<AccountFormValue>({
    id: "account",
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      // The search button posts the form as it is, to be shown again: no checks.
      parseWithZod(formData, {
        schema: formData.get("intent") === ACCOUNT_MEMBER_SEARCH_INTENT ? (z.looseObject({}) as unknown as typeof schema) : schema,
      }),
  });
  const rights = register?.superAdmin ? RIGHTS : RIGHTS.filter((r) => r.value !== "super-admin");
  return (
    <Form method="post" action={action} encType="multipart/form-data" {...getFormProps(form)}>
      {/* Enter in a field saves: the first submit button of a form is its default one. */}
      <button type="submit" name="intent" value="general" className="visually-hidden" tabIndex={-1} aria-hidden="true">
        Opslaan
      </button>
      <ErrorSummary form={form} labels={LABELS} />
      <PersonFields fields={fields} own={false} />
      <FileField
        meta={fields.photo}
        label="Foto"
        kind="image"
        current={image ? <img className="photo" src={imageUrl(image, 150)} width={150} alt="Huidige foto" /> : null}
        remove={fields.photoRemove}
        removeLabel="Foto verwijderen"
      />
      {register ? (
        <fieldset>
          <legend>Lidmaatschap en rechten</legend>
          <ChoiceSearchField<MemberMatch>
            meta={fields.member}
            label="Lidmaatschap"
            choice={member}
            originalId={register.member?.id ?? null}
            enhanced={enhanced}
            search={register.search}
            onPick={setPicked}
            query={MEMBER_QUERY}
            warning={register.member ? MEMBER_SWITCH_WARNING : undefined}
            clearLabel="Geen lidmaatschap"
            onClear={() => setPicked(null)}
          />
          <SelectField meta={fields.rights} label="Rechten" options={rights} required />
        </fieldset>
      ) : null}
      <div className="field field--checkbox">
        <label htmlFor={fields.newsletter.id}>
          <input {...getInputProps(fields.newsletter, { type: "checkbox", value: "on" })} />
          Nieuwsbrief
        </label>
        <FieldError meta={fields.newsletter} />
      </div>
      {adding ? (
        <div className="field field--checkbox">
          <label htmlFor={fields.sendMail.id}>
            <input
              {...getInputProps(fields.sendMail, { type: "checkbox", value: "on" })}
              aria-describedby={`${fields.sendMail.id}-hint`}
            />
            Activatiemail verzenden
          </label>
          <p className="field__hint" id={`${fields.sendMail.id}-hint`}>
            Het account krijgt een e-mail met een link om een wachtwoord in te stellen en het account te activeren.
          </p>
        </div>
      ) : null}
      <div className="form__actions">
        <button type="submit" name="intent" value="general" className="button">
          Opslaan
        </button>
        <Link to={cancelHref} className="button button--secondary">
          Annuleren
        </Link>
      </div>
    </Form>
  );
}
