// The establishment form (tab Algemeen), shared by the browser and the server (no node-only imports).
import * as z from "zod/mini";
import {
  checkbox,
  email,
  messages,
  numeric,
  oneOf,
  optionalText,
  phone,
  postcode,
  preprocess,
  refine,
  requiredText,
  transform,
  url,
} from "../lib/validation";
import { isoDate } from "../lib/dates";
import { campaignShape, refineCampaign, type CampaignFormValues } from "./campaign/campaign";

/** Building ownership (part 1 §3 "Property types"): stored value and label. */
export const BUILDINGS = [
  { value: "owned", label: "Eigen pand" },
  { value: "rented", label: "Huurpand" },
  { value: "none", label: "Geen pand" },
] as const;

/** How invoices go (part 1 §3 InvoiceVia): by e-mail, to the establishment, or to another address. */
export const INVOICE_VIA = [
  { value: "email", label: "Via e-mail" },
  { value: "enterprise", label: "Naar het vestigingsadres" },
  { value: "address", label: "Naar een ander adres" },
] as const;

/** The post's `intent`: which button sent the form. */
export const SAVE_INTENT = "save";
export const LIDNUMMER_REFRESH_INTENT = "lidnummer-refresh";
export const MEMBER_SEARCH_INTENT = "member-search";

/** A date typed by hand (browsers without a date picker) that is no calendar date. */
/** A lidnummer that does not fit the column (PostgreSQL integer). */
const LIDNUMMER_TOO_LARGE = "Dit lidnummer is te groot";
const MAX_LIDNUMMER = 2_147_483_647;

export const MEMBER_SWITCH_WARNING =
  "Let op: bij het wisselen van lidmaatschap worden de contactpersonen en beheerders van deze vestiging ontkoppeld.";
export const LIDNUMMER_ON_APPROVAL =
  "Deze vestiging is nog niet goedgekeurd: bij het goedkeuren krijgt zij het volgende vrije lidnummer.";

/** Field labels (labels, error summary). */
/** Beside what a contact person, who may see an establishment but not change it, is shown. */
export const CONTACT_READ_ONLY = "U bent contactpersoon van deze vestiging; wijzigen kan alleen een beheerder ervan.";

export const ENTERPRISE_LABELS = {
  member: "Lidmaatschap",
  memberQuery: "Lidmaatschap zoeken",
  name: "Naam vestiging",
  lidnummer: "Lidnummer",
  addressStreet: "Straat",
  addressHouseNr: "Huisnummer",
  addressPostalCode: "Postcode",
  addressTown: "Plaats",
  phone: "Telefoonnummer",
  email: "E-mailadres",
  emailPublic: "Openbaar e-mailadres",
  website: "Website",
  kvkNr: "KvK-nummer",
  kvkExtract: "KvK-uittreksel",
  kvkExtractRemove: "KvK-uittreksel verwijderen",
  establishedDate: "Datum van oprichting",
  building: "Pand",
  invoiceVia: "Factuur versturen",
  invoiceEmail: "E-mailadres voor facturen",
  invoiceStreet: "Straat",
  invoiceHouseNr: "Huisnummer",
  invoicePostalCode: "Postcode",
  invoiceTown: "Plaats",
  invoiceContact: "Contactpersoon facturatie",
  invoiceName: "Naam op de factuur",
  kostenplaats: "Kostenplaats",
  franchise: "Franchise",
  preventiecentrum: "Preventiecentrum",
  nlfb: "NLFB",
  contacts: "Contactpersonen voor de vereniging",
  managers: "Vestigingsmanagers",
} as const;

/** A list of ids from checkboxes: none, one (a string) or several (an array). */
const idList = () =>
  preprocess(
    (value) => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]),
    transform(z.array(z.string()), (list) => [...new Set(list.filter((v) => /^\d{1,9}$/.test(v)).map(Number))]),
  );

export interface EnterpriseSchemaOptions {
  /** Admins choose the membership, so it is required from them (others post none). */
  memberRequired: boolean;
  /** Submitted campaign slots: shown read-only, never validated. */
  readOnlySlots: boolean[];
}

/**
 * The fields of tab Algemeen with the rules of part 1 §5 "Establishment form" and "Campaign part".
 * Admin-only and (for associate memberships) hidden fields are all optional here: the server
 * drops what the poster may not set before parsing, and decides what it writes.
 */
export function enterpriseSchema({ memberRequired, readOnlySlots }: EnterpriseSchemaOptions) {
  return (
    z
      .object({
        member: transform(
          refine(optionalText(), (v) => v === undefined || /^\d{1,9}$/.test(v), messages.pickFromList),
          (v) => (v === undefined ? undefined : Number(v)),
        ),
        memberQuery: optionalText(),
        name: requiredText(),
        lidnummer: transform(
          refine(numeric(), (v) => v === undefined || !/^\d+$/.test(v) || Number(v) <= MAX_LIDNUMMER, LIDNUMMER_TOO_LARGE),
          (v) => (v === undefined ? undefined : Number(v)),
        ),
        addressStreet: optionalText(),
        addressHouseNr: optionalText(),
        addressPostalCode: postcode(),
        addressTown: optionalText(),
        phone: phone(),
        email: email(),
        emailPublic: email(),
        website: url(),
        kvkNr: optionalText(),
        kvkExtractRemove: checkbox(),
        establishedDate: isoDate(),
        building: oneOf(BUILDINGS),
        franchise: checkbox(),
        preventiecentrum: checkbox(),
        nlfb: checkbox(),
        invoiceVia: oneOf(INVOICE_VIA),
        invoiceEmail: email(),
        invoiceAddress: z.optional(
          z.object({
            street: optionalText(),
            houseNr: optionalText(),
            postalCode: postcode(),
            town: optionalText(),
          }),
        ),
        invoiceContact: optionalText(),
        invoiceName: optionalText(),
        kostenplaats: optionalText(),
        contacts: idList(),
        managers: idList(),
        ...campaignShape,
      })
      // Run the conditional rules even when a field failed, so one submit shows every problem
      // (zod skips a plain superRefine after any failed field).
      .check(
        z.superRefine(
          (value, ctx) => {
            const issue = (path: (string | number)[], message: string) =>
              ctx.addIssue({ code: "custom", message, path });
            if (memberRequired && value.member === undefined) issue(["member"], messages.required);
            if (value.invoiceVia === "email" && !value.invoiceEmail) issue(["invoiceEmail"], messages.required);
            if (value.invoiceVia === "address") {
              for (const field of ["street", "houseNr", "postalCode", "town"] as const) {
                if (!value.invoiceAddress?.[field]) issue(["invoiceAddress", field], messages.required);
              }
            }
            refineCampaign(value, ctx, readOnlySlots);
          },
          { when: () => true },
        ),
      )
  );
}

export type EnterpriseFormOutput = z.output<ReturnType<typeof enterpriseSchema>>;

/** The form's values as it shows them (Conform's default values). */
export interface EnterpriseFormValues extends CampaignFormValues {
  member: string;
  memberQuery: string;
  name: string;
  lidnummer: string;
  addressStreet: string;
  addressHouseNr: string;
  addressPostalCode: string;
  addressTown: string;
  phone: string;
  email: string;
  emailPublic: string;
  website: string;
  kvkNr: string;
  establishedDate: string;
  building: string;
  franchise?: "on";
  preventiecentrum?: "on";
  nlfb?: "on";
  invoiceVia: string;
  invoiceEmail: string;
  invoiceAddress: {
    street: string;
    houseNr: string;
    postalCode: string;
    town: string;
  };
  invoiceContact: string;
  invoiceName: string;
  kostenplaats: string;
  contacts: string[];
  managers: string[];
}

/** The fields a non-admin may not set (part 1 §6): dropped from their post before parsing. */
export const ADMIN_ONLY_FIELDS = [
  "member",
  "memberQuery",
  "lidnummer",
  "franchise",
  "preventiecentrum",
  "nlfb",
] as const;

/** The fields the reduced form of an associate membership leaves out (part 1 §2). */
export const FULL_MEMBER_FIELDS = [
  "lidnummer",
  "franchise",
  "kvkNr",
  "kvkExtract",
  "kvkExtractRemove",
  "invoiceVia",
  "invoiceEmail",
  "invoiceAddress.street",
  "invoiceAddress.houseNr",
  "invoiceAddress.postalCode",
  "invoiceAddress.town",
  "invoiceContact",
  "invoiceName",
  "kostenplaats",
  "preventiecentrum",
  "contacts",
  "managers",
  "roles",
] as const;
