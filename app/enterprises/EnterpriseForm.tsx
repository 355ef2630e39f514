import { getFormProps, getInputProps, useForm, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "../lib/parse-form";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Form, href } from "react-router";
import * as z from "zod/mini";
import { normalizePostcode } from "../lib/validation";
import { Autocomplete } from "../ui/Autocomplete";
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

/** The membership search's suggestions (admins; see member-search.ts). */
const MEMBER_SEARCH_PATH = href("/vestigingen/lidmaatschappen-zoeken");
const GEOCODING_WARNING = "Deze postcode kon niet gevalideerd worden.";

type FormShape = EnterpriseFormValues & { kvkExtract?: File; kvkExtractRemove?: "on" };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's field metadata is generic over the form's shape; this part takes a field of any form
type AnyMeta = FieldMetadata<any, any, string[]>;

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
          <MemberField
            meta={fields.member}
            member={member}
            originalId={page.member?.id ?? null}
            existing={!!enterprise}
            enhanced={enhanced}
            search={action?.memberSearch}
            onPick={setPicked}
          />
        ) : null}
        <Field meta={fields.name} label={L.name} autoComplete="organization" required />
        {associate ? null : admin ? (
          <LidnummerField meta={fields.lidnummer} next={page.nextLidnummer} note={page.lidnummerNote} adding={!enterprise} />
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

      {associate ? null : <Invoicing fields={fields} enhanced={enhanced} />}

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

/**
 * The membership of the establishment (admins): the current choice, and a search that works
 * without JavaScript ('Zoeken' posts the form back with a list of matches to choose from) and with
 * it (suggestions while typing; picking one sets the choice).
 */
function MemberField({
  meta,
  member,
  originalId,
  existing,
  enhanced,
  search,
  onPick,
}: {
  meta: AnyMeta;
  member: MemberMatch | null;
  originalId: number | null;
  existing: boolean;
  enhanced: boolean;
  search?: EnterpriseActionData["memberSearch"];
  onPick: (member: MemberMatch) => void;
}) {
  const searchButton = useRef<HTMLButtonElement>(null);
  // A suggestion picked after a search by button replaces that search's list.
  const [listed, setListed] = useState(true);
  const invalid = !!meta.errors?.length;
  const switching = member !== null && originalId !== null && member.id !== originalId;
  const choices =
    search && listed ? [...(member && !search.matches.some((m) => m.id === member.id) ? [member] : []), ...search.matches] : null;
  // Enter in the search field searches (unless a suggestion is being picked).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Enter" || event.defaultPrevented || (event.target as HTMLElement).id !== "memberQuery") return;
    event.preventDefault();
    searchButton.current?.click();
  };
  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- catches Enter bubbling from the search field inside; the div itself is not interactive
    <div className={`member-choice${invalid ? " field--invalid" : ""}`} onKeyDown={onKeyDown}>
      {choices ? (
        <div className="field">
          <label htmlFor={meta.id}>
            {L.member}
            <span className="field__required" aria-hidden="true"> *</span>
          </label>
          <select
            id={meta.id}
            name={meta.name}
            defaultValue={member ? String(member.id) : ""}
            onChange={(event) => {
              const chosen = choices.find((m) => String(m.id) === event.currentTarget.value);
              if (chosen) onPick(chosen);
            }}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? meta.errorId : undefined}
            aria-required
          >
            <option value="">{search!.matches.length ? "Maak een keuze" : "Geen lidmaatschappen gevonden"}</option>
            {choices.map((m) => (
              <option key={m.id} value={m.id}>
                {m.label}
              </option>
            ))}
          </select>
          <FieldError meta={meta} />
        </div>
      ) : (
        <div className="field">
          <input type="hidden" name={meta.name} value={member ? String(member.id) : ""} />
          <p className="member-choice__current" id={meta.id} tabIndex={-1} aria-describedby={invalid ? meta.errorId : undefined}>
            <strong>Lidmaatschap:</strong> {member ? member.label : "nog niet gekozen"}
            <span className="field__required" aria-hidden="true"> *</span>
          </p>
          <FieldError meta={meta} />
        </div>
      )}
      <div className="member-choice__search">
        <Autocomplete<MemberMatch>
          id="memberQuery"
          name="memberQuery"
          label="Lidmaatschap zoeken"
          source={MEMBER_SEARCH_PATH}
          minLength={2}
          defaultValue={search?.query ?? ""}
          hint="Zoek op naam of lidnummer."
          itemKey={(m) => m.id}
          renderItem={(m) => m.label}
          onPick={(picked) => {
            setListed(false);
            onPick(picked);
          }}
          emptyText="Geen lidmaatschappen gevonden"
        />
        <button ref={searchButton} type="submit" name="intent" value={MEMBER_SEARCH_INTENT} formNoValidate className="button button--secondary">
          Zoeken
        </button>
      </div>
      {existing && (!enhanced || switching) ? (
        <p className="form__note form__note--warning" role={enhanced ? "status" : undefined}>
          {MEMBER_SWITCH_WARNING}
        </p>
      ) : null}
    </div>
  );
}

function LidnummerField({ meta, next, note, adding }: { meta: AnyMeta; next: number | null; note: boolean; adding: boolean }) {
  return (
    <div className="lidnummer">
      <Field
        meta={meta}
        label={L.lidnummer}
        inputMode="numeric"
        autoComplete="off"
        hint={note ? LIDNUMMER_ON_APPROVAL : adding ? "Leeg laten: de vestiging krijgt bij goedkeuring het volgende vrije nummer." : undefined}
      />
      {next !== null ? (
        <p className="lidnummer__next">
          Volgende vrije nummer: <strong>{next}</strong>{" "}
          <button type="submit" name="intent" value={LIDNUMMER_REFRESH_INTENT} formNoValidate className="button button--secondary button--small">
            Vernieuwen
          </button>
        </p>
      ) : null}
    </div>
  );
}

/** Facturatie: how invoices go, with the fields of each way (with JavaScript only those of the chosen way). */
function Invoicing({ fields, enhanced }: { fields: ReturnType<typeof useForm<FormShape, EnterpriseFormOutput>>[1]; enhanced: boolean }) {
  const via = fields.invoiceVia.value;
  const address = fields.invoiceAddress.getFieldset();
  const invalid = !!fields.invoiceVia.errors?.length;
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
          const { id: _id, ...props } = getInputProps(fields.invoiceVia, { type: "radio", value: option.value });
          const id = `${fields.invoiceVia.id}-${option.value}`;
          return (
            <label key={option.value} className="choice" htmlFor={id}>
              <input {...props} id={id} />
              {option.label}
            </label>
          );
        })}
        <FieldError meta={fields.invoiceVia} />
      </fieldset>
      <div hidden={enhanced && via !== "email"}>
        <Field
          meta={fields.invoiceEmail}
          label={L.invoiceEmail}
          type="email"
          autoComplete="off"
          required={via === "email"}
          hint={enhanced ? undefined : "Verplicht bij 'Via e-mail'."}
        />
      </div>
      <fieldset hidden={enhanced && via !== "address"}>
        <legend>Factuuradres</legend>
        {enhanced ? null : <p className="form__note">Verplicht bij 'Naar een ander adres'.</p>}
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



