import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "../lib/parse-form";
import { useEffect, useState } from "react";
import { Form, href } from "react-router";
import * as z from "zod/mini";
import { normalizePostcode } from "../lib/validation";
import { ChoiceSearchField } from "../ui/ChoiceSearchField";
import { ErrorSummary, type SummaryLabels } from "../ui/ErrorSummary";
import { CheckboxField, Field, FieldError, SelectField } from "../ui/Field";
import { CampaignSection, campaignLabels } from "./campaign/CampaignSection";
import type { EnterpriseActionData, EnterprisePageData } from "./edit.server";
import type { MemberMatch } from "./enterprise.server";
import { RolesFields } from "./RolesFields";
import {
  BUILDINGS,
  ENTERPRISE_LABELS as L,
  enterpriseSchema,
  INVOICE_VIA,
  LIDNUMMER_ON_APPROVAL,
  LIDNUMMER_REFRESH_INTENT,
  MEMBER_SEARCH_INTENT,
  MEMBER_SWITCH_WARNING,
  SAVE_INTENT,
  type EnterpriseFormOutput,
  type EnterpriseFormValues,
} from "./schema";
import { SaveCancel } from "../ui/SaveCancel";
import { FileField } from "../ui/FileField";
import { NextNumberField } from "../ui/NextNumberField";
import { hiddenWithScript } from "../ui/script-visibility";

/** The membership search's suggestions (admins; see member-search.ts). */
const MEMBER_QUERY = {
  name: "memberQuery",
  label: L.memberQuery,
  hint: "Zoek op naam of lidnummer.",
  source: href("/vestigingen/lidmaatschappen-zoeken"),
  minLength: 2,
  intent: MEMBER_SEARCH_INTENT,
  empty: "Geen lidmaatschappen gevonden",
};
const GEOCODING_WARNING = "Deze postcode kon niet gevalideerd worden.";

type FormShape = EnterpriseFormValues & { kvkExtract?: File; kvkExtractRemove?: "on" };

const yesNo = (value: boolean) => (value ? "Ja" : "Nee");

/**
 * Tab Algemeen of an establishment (part 1 §2 "Algemeen form sections"): add and edit, for admins
 * (membership, lidnummer, franchise, preventiecentrum, nlfb editable) and for the members' own
 * pages (those read-only), in the reduced form of an associate membership where that applies.
 * One multipart form: the KvK extract is uploaded with Opslaan. Without JavaScript every section
 * shows and the refresh buttons (membership search, next lidnummer, campaign choices) post the form
 * back unsaved; with JavaScript the membership search suggests while typing and only the invoice
 * fields of the chosen way show.
 */
export function EnterpriseForm({ page, action }: { page: EnterprisePageData; action?: EnterpriseActionData }) {
  const { admin, enterprise, campaign } = page;
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const [form, fields] = useForm<FormShape, EnterpriseFormOutput>({
    id: "enterprise-general",
    lastResult: action?.result,
    defaultValue: page.values,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => {
      const intent = formData.get("intent");
      const schema = enterpriseSchema({ memberRequired: admin, readOnlySlots: campaign.readOnlySlots });
      // The refresh and search buttons post the form as it is, to be shown again: no checks.
      const unchecked = intent && intent !== SAVE_INTENT;
      return parseWithZod(formData, { schema: unchecked ? (z.looseObject({}) as unknown as typeof schema) : schema });
    },
  });

  // The membership the form is for: a pick from the search, else the stored or preset one.
  const [picked, setPicked] = useState<MemberMatch | null>(action?.chosenMember ?? null);
  const member =
    picked ??
    (page.member
      ? { id: page.member.id, label: page.member.associate ? `${page.member.name} (Niet-lid)` : page.member.name, associate: page.member.associate }
      : null);
  const associate = member?.associate ?? false;

  const address = fields.invoiceAddress.getFieldset();
  const labels: SummaryLabels = {
    ...pick(L, ["member", "name", "lidnummer", "addressStreet", "addressHouseNr", "addressPostalCode", "addressTown", "phone", "email", "emailPublic", "website", "kvkNr", "kvkExtract", "establishedDate", "building"]),
    ...campaignLabels(fields, campaign.readOnlySlots),
    invoiceVia: L.invoiceVia,
    invoiceEmail: L.invoiceEmail,
    [address.street.name]: `Factuuradres: ${L.invoiceStreet}`,
    [address.houseNr.name]: `Factuuradres: ${L.invoiceHouseNr}`,
    [address.postalCode.name]: `Factuuradres: ${L.invoicePostalCode}`,
    [address.town.name]: `Factuuradres: ${L.invoiceTown}`,
    franchise: L.franchise,
  };

  const postcodeWarning =
    !!enterprise?.geocodingWarning &&
    normalizePostcode(String(fields.addressPostalCode.value ?? "")) === normalizePostcode(enterprise.storedPostalCode);

  return (
    <Form method="post" action={page.path} encType="multipart/form-data" {...getFormProps(form)}>
      {/* Enter in a field saves: the first submit button of a form is its default one. */}
      <button type="submit" name="intent" value={SAVE_INTENT} className="visually-hidden" tabIndex={-1} aria-hidden="true">
        Opslaan
      </button>
      <ErrorSummary form={form} labels={labels} />

      <fieldset>
        <legend>Vestiging</legend>
        {admin ? (
          <ChoiceSearchField<MemberMatch>
            meta={fields.member}
            label={L.member}
            choice={member}
            originalId={page.member?.id ?? null}
            enhanced={enhanced}
            search={action?.memberSearch}
            onPick={setPicked}
            query={MEMBER_QUERY}
            required
            warning={enterprise ? MEMBER_SWITCH_WARNING : undefined}
          />
        ) : null}
        <Field meta={fields.name} label={L.name} autoComplete="organization" required />
        {associate ? null : admin ? (
          <NextNumberField
            meta={fields.lidnummer}
            label={L.lidnummer}
            next={page.nextLidnummer}
            refreshIntent={LIDNUMMER_REFRESH_INTENT}
            hint={page.lidnummerNote ? LIDNUMMER_ON_APPROVAL : !enterprise ? "Leeg laten: de vestiging krijgt bij goedkeuring het volgende vrije nummer." : undefined}
          />
        ) : (
          <dl className="details">
            <dt>{L.lidnummer}</dt>
            <dd>{enterprise?.lidnummer ?? "Nog geen lidnummer"}</dd>
          </dl>
        )}
        <Field meta={fields.addressStreet} label={L.addressStreet} autoComplete="address-line1" />
        <Field meta={fields.addressHouseNr} label={L.addressHouseNr} autoComplete="off" />
        <Field
          meta={fields.addressPostalCode}
          label={L.addressPostalCode}
          autoComplete="postal-code"
          hint={postcodeWarning ? <span className="field__warning">{GEOCODING_WARNING}</span> : undefined}
        />
        <Field meta={fields.addressTown} label={L.addressTown} autoComplete="address-level2" />
        <Field meta={fields.phone} label={L.phone} type="tel" inputMode="tel" autoComplete="tel" />
        <Field meta={fields.email} label={L.email} type="email" autoComplete="email" />
        <Field meta={fields.emailPublic} label={L.emailPublic} type="email" autoComplete="off" />
        <Field meta={fields.website} label={L.website} type="url" autoComplete="url" hint='Beginnend met "https://" of "http://".' />
        {associate ? null : (
          <>
            <Field meta={fields.kvkNr} label={L.kvkNr} inputMode="numeric" autoComplete="off" />
            <FileField
              meta={fields.kvkExtract}
              label={L.kvkExtract}
              kind="document"
              current={
                enterprise?.kvkExtract ? (
                  <p className="kvk-extract__current">
                    Huidig bestand:{" "}
                    <a href={enterprise.kvkExtract.href} target="_blank" rel="noopener">
                      {enterprise.kvkExtract.name}
                    </a>
                  </p>
                ) : null
              }
              remove={fields.kvkExtractRemove}
              removeLabel={L.kvkExtractRemove}
            />
          </>
        )}
        <Field meta={fields.establishedDate} label={L.establishedDate} type="date" />
        <SelectField meta={fields.building} label={L.building} options={BUILDINGS} />
      </fieldset>

      <CampaignSection form={form} fields={fields} campaign={campaign} />

      {associate ? null : <Invoicing fields={fields} />}

      <fieldset>
        <legend>Eigenschappen en voorkeuren</legend>
        {admin ? (
          <>
            {associate ? null : (
              <>
                <CheckboxField meta={fields.franchise} label={L.franchise} />
                <CheckboxField meta={fields.preventiecentrum} label={L.preventiecentrum} />
              </>
            )}
            <CheckboxField meta={fields.nlfb} label={L.nlfb} />
          </>
        ) : (
          <dl className="details">
            {associate ? null : (
              <>
                <dt>{L.franchise}</dt>
                <dd>{yesNo(!!enterprise?.franchise)}</dd>
                <dt>{L.preventiecentrum}</dt>
                <dd>{yesNo(!!enterprise?.preventiecentrum)}</dd>
              </>
            )}
            <dt>{L.nlfb}</dt>
            <dd>{yesNo(!!enterprise?.nlfb)}</dd>
          </dl>
        )}
      </fieldset>

      {associate ? null : (
        <RolesFields
          roles={page.roles}
          // A membership picked just now: its accounts are not known here until it is saved.
          manage={page.roles.manage && (picked === null || picked.id === page.member?.id)}
          contacts={fields.contacts.initialValue}
          managers={fields.managers.initialValue}
        />
      )}

      <SaveCancel cancelHref={page.cancelHref} save={{ name: "intent", value: SAVE_INTENT }} />
    </Form>
  );
}

/** The labels of `names`, in that order. */
function pick<K extends string>(labels: Record<K, string>, names: K[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, labels[name]]));
}


/** Facturatie: how invoices go, with the fields of each way (with JavaScript only those of the chosen way). */
function Invoicing({ fields }: { fields: ReturnType<typeof useForm<FormShape, EnterpriseFormOutput>>[1] }) {
  const via = fields.invoiceVia.value;
  const address = fields.invoiceAddress.getFieldset();
  const invalid = !!fields.invoiceVia.errors?.length;
  const addressNoteId = `${fields.invoiceAddress.id}-hint`;
  return (
    <fieldset>
      <legend>Facturatie</legend>
      <fieldset
        className={`choice-group${invalid ? " field--invalid" : ""}`}
        id={fields.invoiceVia.id}
        aria-describedby={invalid ? fields.invoiceVia.errorId : undefined}
      >
        <legend>{L.invoiceVia}</legend>
        {INVOICE_VIA.map((option) => {
          const id = `${fields.invoiceVia.id}-${option.value}`;
          return (
            <label key={option.value} className="choice" htmlFor={id}>
              <input {...getInputProps(fields.invoiceVia, { type: "radio", value: option.value })} id={id} />
              {option.label}
            </label>
          );
        })}
        <FieldError meta={fields.invoiceVia} />
      </fieldset>
      <div {...hiddenWithScript(via !== "email")}>
        <Field
          meta={fields.invoiceEmail}
          label={L.invoiceEmail}
          type="email"
          autoComplete="off"
          required={via === "email"}
          hint="Verplicht bij 'Via e-mail'."
        />
      </div>
      <fieldset {...hiddenWithScript(via !== "address")} aria-describedby={addressNoteId}>
        <legend>Factuuradres</legend>
        <p className="form__note" id={addressNoteId}>
          Verplicht bij 'Naar een ander adres'.
        </p>
        <Field meta={address.street} label={L.invoiceStreet} autoComplete="off" required={via === "address"} />
        <Field meta={address.houseNr} label={L.invoiceHouseNr} autoComplete="off" required={via === "address"} />
        <Field meta={address.postalCode} label={L.invoicePostalCode} autoComplete="off" required={via === "address"} />
        <Field meta={address.town} label={L.invoiceTown} autoComplete="off" required={via === "address"} />
      </fieldset>
      <Field meta={fields.invoiceContact} label={L.invoiceContact} autoComplete="off" />
      <Field meta={fields.invoiceName} label={L.invoiceName} autoComplete="off" />
      <Field meta={fields.kostenplaats} label={L.kostenplaats} autoComplete="off" />
    </fieldset>
  );
}



