// Tab Persoonsgegevens of a professional, shared by the browser and the server (no node-only imports).
import * as z from "zod/mini";
import { SOCIAL_LABELS, socialLinksSchema, type SocialLink } from "../lib/social-links";
import { checkbox, email, messages, numeric, oneOf, optionalText, phone, postcode, refine, requiredText, richText, url } from "../lib/validation";
import { isoDate } from "../lib/dates";
import type { Choice } from "../ui/ChoiceSearchField";
import { GENDERS } from "./filters";

export { GENDERS };

/** Opslaan of tab Persoonsgegevens. */
export const PROFILE_SAVE_INTENT = "profile";
/** The no-JavaScript account search (admins): the form again with the matches. */
export const ACCOUNT_SEARCH_INTENT = "account-search";
/** 'Vernieuwen' beside the next free registration number: the form again as typed. */
export const PASS_NUMBER_REFRESH_INTENT = "pass-number-refresh";

export const PROFILE_LABELS = {
  user: "Account",
  userQuery: "Account zoeken",
  givenName: "Voornaam",
  namePreposition: "Tussenvoegsel",
  familyName: "Achternaam",
  email: "E-mailadres",
  idFitNed: "ID-nummer",
  passNumber: "Registratienummer",
  createPass: "Pas maken",
  teacher: "Docent",
  examiner: "Examinator",
  gender: "Geslacht",
  dateOfBirth: "Geboortedatum",
  registered: "Geregistreerd op",
  phone: "Telefoonnummer",
  website: "Website",
  addressStreet: "Straat",
  addressHouseNr: "Huisnummer",
  addressPostalCode: "Postcode",
  addressTown: "Plaats",
  voucher: "Vouchercode",
  infoText: "Over mij",
  memo: "Memo (alleen zichtbaar voor beheerders)",
  image: "Foto",
  imageRemove: "Foto verwijderen",
  ...SOCIAL_LABELS,
} as const;

export const PASS_NUMBER_CONFLICT = "Dit registratienummer is al in gebruik.";
export const ID_FIT_NED_CONFLICT = "Dit ID-nummer is al in gebruik.";
export const USER_ALREADY_HAS_REGISTRANT = "Dit account is al gekoppeld aan een andere professional.";
export const USER_NOT_FOUND = "Deze gebruiker bestaat niet (meer)!";
export const REGISTRANT_CREATED = "Professional toegevoegd.";
export const REGISTRANT_SAVED = "Persoonsgegevens opgeslagen.";

/** Fields only admins see and post; the server drops them from anyone else's post. */
export const ADMIN_ONLY_PROFILE_FIELDS = [
  "user",
  "userQuery",
  "givenName",
  "namePreposition",
  "familyName",
  "email",
  "idFitNed",
  "passNumber",
  "createPass",
  "teacher",
  "examiner",
  "voucher",
  "memo",
] as const;

const number = () => refine(numeric(), (v) => v === undefined || v.length <= 9, messages.numeric);

export interface ProfileSchemaOptions {
  /** An admin's post: the admin-only fields, and the address is not required. */
  admin: boolean;
  /** No account linked (admins): the professional's own name and e-mail are asked. */
  ownName: boolean;
}

/**
 * The professional form (part 2 §5 "Professional form"): the registration and ID number numeric,
 * phone, website and social links valid, the address and a valid postcode required for a
 * non-admin. A professional without account needs its own family name and a valid e-mail address.
 */
export function profileSchema({ admin, ownName }: ProfileSchemaOptions) {
  const required = !admin;
  return z.object({
    user: refine(optionalText(), (v) => v === undefined || /^\d{1,9}$/.test(v), messages.pickFromList),
    userQuery: optionalText(),
    givenName: optionalText(),
    namePreposition: optionalText(),
    familyName: ownName ? requiredText() : optionalText(),
    email: ownName ? email({ required: true }) : email(),
    idFitNed: number(),
    passNumber: number(),
    createPass: checkbox(),
    teacher: checkbox(),
    examiner: checkbox(),
    gender: oneOf(GENDERS),
    dateOfBirth: isoDate(),
    registered: isoDate(),
    phone: phone(),
    website: url(),
    addressStreet: required ? requiredText() : optionalText(),
    addressHouseNr: required ? requiredText() : optionalText(),
    addressPostalCode: required ? postcode({ required: true }) : postcode(),
    addressTown: required ? requiredText() : optionalText(),
    voucher: optionalText(),
    infoText: richText(),
    memo: optionalText(),
    image: z.optional(z.unknown()),
    imageRemove: checkbox(),
    socialMediaLinks: socialLinksSchema(),
  });
}

export type ProfileOutput = z.output<ReturnType<typeof profileSchema>>;

/** The form's values as it shows them (Conform's default values). */
export interface ProfileValues {
  user: string;
  userQuery: string;
  givenName: string;
  namePreposition: string;
  familyName: string;
  email: string;
  idFitNed: string;
  passNumber: string;
  createPass?: "on";
  teacher?: "on";
  examiner?: "on";
  gender: string;
  dateOfBirth: string;
  registered: string;
  phone: string;
  website: string;
  addressStreet: string;
  addressHouseNr: string;
  addressPostalCode: string;
  addressTown: string;
  voucher: string;
  infoText: string;
  memo: string;
  socialMediaLinks: SocialLink[];
}

export const emptyProfileValues = (): ProfileValues => ({
  user: "",
  userQuery: "",
  givenName: "",
  namePreposition: "",
  familyName: "",
  email: "",
  idFitNed: "",
  passNumber: "",
  gender: "",
  dateOfBirth: "",
  registered: "",
  phone: "",
  website: "",
  addressStreet: "",
  addressHouseNr: "",
  addressPostalCode: "",
  addressTown: "",
  voucher: "",
  infoText: "",
  memo: "",
  socialMediaLinks: [{ platform: "", link: "" }],
});

/** An account to link, as the chooser shows it: 'Jan de Vries (jan@example.nl)'. */
export type AccountChoice = Choice;

export interface StoredPhoto {
  id: number;
  modified: string;
  name: string;
}

/** Tab Persoonsgegevens' data. */
export interface ProfileData {
  /** The professional (null on the add page). */
  registrantId: number | null;
  path: string;
  cancelHref: string;
  /** The admin's form (all fields), or the professional's own (no admin-only fields, address required). */
  admin: boolean;
  values: ProfileValues;
  /** The linked account (its name and e-mail are the professional's). */
  account: (AccountChoice & { fullName: string; email: string }) | null;
  photo: StoredPhoto | null;
  /** The next free registration number (admins). */
  nextPassNumber: number | null;
  /** The state the professional's own page shows read-only. */
  state: { active: boolean; visible: boolean } | null;
}
