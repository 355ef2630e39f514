import type { ColumnType, Generated } from "kysely";

/** Booleans are stored as 0/1 integers and dates as ISO text so both engines map them the same way. */
/** A column the database fills with a default (0 or '') when an insert leaves it out. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;
type Flag = Defaulted<number>;
type Text = Defaulted<string>;

interface UserTable {
  id: Generated<number>;
  email: Text;
  username: string | null;
  given_name: Text;
  name_preposition: Text;
  family_name: Text;
  phone_primary: Text;
  image_file_id: number | null;
  password_hash: string | null;
  enabled: Flag;
  role: Defaulted<"super-admin" | "admin" | "user">;
  newsletter: Flag;
  mfa_type: Defaulted<"" | "email" | "app">;
  totp_secret: string | null;
  totp_last_step: ColumnType<number | null, number | null | undefined, number | null>;
  member_id: number | null;
  manager_member: Flag;
  contact_member: Flag;
  created: string;
  last_login: string | null;
  password_changed: string | null;
}

interface MemberTable {
  id: Generated<number>;
  name: Text;
  legal_form: Text;
  admin_accountable: Text;
  admin_accountable_email: Text;
  admin_accountable_phone: Text;
  principal_enterprise_id: number | null;
  associate: Flag;
  interest_membership: Flag;
  approved: Flag;
  inactive: Flag;
  hidden: Flag;
  created: string;
}

export interface EnterpriseTable {
  id: Generated<number>;
  member_id: number;
  name: Text;
  lidnummer: number | null;
  address_street: Text;
  address_house_nr: Text;
  address_postal_code: Text;
  address_town: Text;
  phone: Text;
  email: Text;
  email_public: Text;
  website: Text;
  kvk_nr: Text;
  kvk_extract_file_id: number | null;
  established_date: string | null;
  building: Text;
  franchise: Flag;
  preventiecentrum: Flag;
  nlfb: Flag;
  approved: Flag;
  inactive: Flag;
  hidden: Flag;
  created: string;
  location_lat: number | null;
  location_lon: number | null;
  geocoded: string | null;
  geocoding_failed: Flag;
  invoice_via: Text;
  invoice_email: Text;
  invoice_street: Text;
  invoice_house_nr: Text;
  invoice_postal_code: Text;
  invoice_town: Text;
  invoice_contact: Text;
  invoice_name: Text;
  kostenplaats: Text;
  campaign_nld_interest: Flag;
  campaign_email: Text;
  campaign_first_name: Text;
  campaign_last_name_prefix: Text;
  campaign_last_name: Text;
  /** When the interest box was first ticked (for the interest export). */
  campaign_interest_date: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One of the two participant slots of an establishment's training-campaign sign-up. */
interface CampaignApplicationTable {
  id: Generated<number>;
  enterprise_id: number;
  /** 1 or 2 */
  slot: number;
  email: Text;
  course: Text;
  trainer: Text;
  date_location: Text;
  practice_exemption: Flag;
  /** Set when the establishment saved the slot complete; from then on it is read-only. */
  submitted: string | null;
  /** sha256 of the participant's personal link token */
  token_hash: string | null;
  created: string;
  /** Set when the participant completed the sign-up through the personal link. */
  completed: ColumnType<string | null, string | null | undefined, string | null>;
  gender: Text;
  initials: Text;
  first_name: Text;
  last_name_prefix: Text;
  last_name: Text;
  date_of_birth: ColumnType<string | null, string | null | undefined, string | null>;
  phone: Text;
  address_street: Text;
  address_house_nr: Text;
  address_postal_code: Text;
  address_town: Text;
  /** The BSN, sealed with the personal-data key (never plain text). */
  bsn_sealed: ColumnType<string | null, string | null | undefined, string | null>;
  /** The ID document and the consent document: encrypted files (purpose campaign_document). */
  id_doc_file_id: ColumnType<number | null, number | null | undefined, number | null>;
  consent_doc_file_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the retention job removed the BSN and the documents. */
  personal_data_removed: ColumnType<string | null, string | null | undefined, string | null>;
}

interface EnterpriseLogTable {
  id: Generated<number>;
  enterprise_id: number;
  /** Tab key: main, options, info, licenses, inspection, professionals */
  form: string;
  finalize: Flag;
  user_id: number | null;
  imitating: Flag;
  /** JSON, for the tabs whose entries carry details (licences) */
  content: Text;
  created: string;
}

interface EnterpriseUserTable {
  enterprise_id: number;
  user_id: number;
}

interface RegistrantTable {
  id: Generated<number>;
  user_id: number | null;
  id_fit_ned: number | null;
  pass_number: number | null;
  approved: Flag;
  inactive: Flag;
  hidden: Flag;
  create_pass: Flag;
  pass_created: string | null;
  teacher: Flag;
  examiner: Flag;
  gender: Text;
  date_of_birth: string | null;
  registered: string | null;
  phone: Text;
  website: Text;
  address_street: Text;
  address_house_nr: Text;
  address_postal_code: Text;
  address_town: Text;
  voucher: Text;
  info_text: Text;
  memo: Text;
  image_file_id: number | null;
  accreditation_total: Text;
  created: string;
  /** The professional's own name and address; the account's while one is linked (migration 017's trigger). */
  given_name: Text;
  name_preposition: Text;
  family_name: Text;
  email: Text;
  /** The name parts joined ('Jan van Dijk'): what the register shows, searches and sorts by. */
  full_name: Text;
  /** JSON: [{ platform, link }] (migration 018). */
  social_links: Text;
}

interface SessionTable {
  /** sha256 of the random id the cookie carries */
  id: string;
  /** The account signed in, or waiting for its second factor. */
  user_id: number | null;
  /** The admin imitating user_id; the session ends with that admin's sessions. */
  imitator_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Browser and system, e.g. "Firefox op Windows" (the own-sessions list). */
  device: Text;
  data: string;
  expires: string;
  created: string;
}

interface TokenTable {
  id: Generated<number>;
  user_id: number;
  purpose: "reset" | "activate" | "mfa_email" | "email_change";
  token_hash: string;
  /** What the token is bound to: the new address of an e-mail change, the sign-in attempt of a mailed code. */
  bound_to: Text;
  expires: string;
  used: Flag;
  attempts: Defaulted<number>;
  created: string;
}

interface RateLimitTable {
  key: string;
  count: number;
  reset_at: string;
}

/** The keys of applied form posts (migration 024): see app/offline/idempotency.server.ts. */
interface IdempotencyKeyTable {
  key: string;
  user_id: number | null;
  payload_hash: string;
  created: string;
  result: string | null;
}

interface FileTable {
  id: Generated<number>;
  storage_name: string;
  original_name: string;
  mime: string;
  size: number;
  /** What the file is for; with owner_id it names the record whose permission guards it. */
  purpose: Defaulted<FilePurpose>;
  /** The owning record's id in the table the purpose implies (users, enterprises, registrants, …). */
  owner_id: ColumnType<number | null, number | null | undefined, number | null>;
  modified: string;
  created: string;
}

/** avatar: users.image_file_id; kvk_extract: enterprises.kvk_extract_file_id; registrant_image: registrants.image_file_id. */
/**
 * What a file is for. catalogue_image: the image of a catalogue entry (owner: none, any signed-in
 * account may see it); inspection_file: an RIE report or plan of action of tab Keuring (owner: the
 * establishment); enterprise_image: a logo, header image or image of tab Info & Media (owner: the
 * establishment; any signed-in account may see it); license_file: the videma licence of tab Licenties
 * (owner: the establishment); document_file: a file of a download (owner: the document); asset: an
 * asset's file (owner: the asset, public); campaign_document: a training-campaign participant's ID
 * document or consent document, encrypted (owner: the campaign application; admins only, never
 * resized or shown inline).
 */
export type FilePurpose =
  | ""
  | "avatar"
  | "kvk_extract"
  | "inspection_file"
  | "license_file"
  | "enterprise_image"
  | "registrant_image"
  | "catalogue_image"
  | "document_file"
  | "asset"
  | "campaign_document";

interface ImitationLogTable {
  id: Generated<number>;
  imitator_id: number | null;
  imitated_id: number | null;
  imitator_name: Text;
  imitated_name: Text;
  ip: Text;
  started: string;
  ended: string | null;
}

interface MailOutboxTable {
  id: Generated<number>;
  ref: Text;
  recipient: string;
  subject: Text;
  html: Text;
  body_text: Text;
  attempts: Defaulted<number>;
  next_attempt: string;
  sent: string | null;
  last_error: Text;
  created: string;
}

interface AlertTable {
  id: Generated<number>;
  ref: string;
  title: Text;
  description: Text;
  subject: Text;
  body: Text;
}

interface TextTable {
  id: Generated<number>;
  ref: string;
  name: Text;
  content: Text;
}

export interface MemberLogTable {
  id: Generated<number>;
  member_id: number;
  action: "account_created" | "roles_changed" | "name_changed";
  /** The account the entry is about (account_created, roles_changed); null when that account is gone. */
  account_id: number | null;
  /** What the entry needs besides (e.g. the old and new name), as text. */
  details: Text;
  /** Who did it; null when that account is gone. */
  user_id: number | null;
  imitating: Flag;
  created: string;
}

export interface Database {
  users: UserTable;
  members: MemberTable;
  enterprises: EnterpriseTable;
  enterprise_managers: EnterpriseUserTable;
  enterprise_contacts: EnterpriseUserTable;
  registrants: RegistrantTable;
  sessions: SessionTable;
  tokens: TokenTable;
  rate_limits: RateLimitTable;
  idempotency_keys: IdempotencyKeyTable;
  files: FileTable;
  alerts: AlertTable;
  texts: TextTable;
  member_log: MemberLogTable;
  campaign_applications: CampaignApplicationTable;
  enterprise_log: EnterpriseLogTable;
  imitation_log: ImitationLogTable;
  mail_outbox: MailOutboxTable;
  facilities: DescribedCatalogueTable;
  fitness_types: DescribedCatalogueTable;
  target_groups: TargetGroupTable;
  group_lessons: CategorisedCatalogueTable;
  specialisations: CategorisedCatalogueTable;
  qualifications: QualificationTable;
  document_categories: DocumentCategoryTable;
  documents: DocumentTable;
  document_files: DocumentFileTable;
  assets: AssetTable;
  enterprise_fitness_types: EnterpriseOptionTable;
  enterprise_facilities: EnterpriseOptionTable;
  enterprise_group_lessons: EnterpriseOptionTable;
  enterprise_target_groups: EnterpriseOptionTable;
  enterprise_inspections: EnterpriseInspectionTable;
  enterprise_info: EnterpriseInfoTable;
  enterprise_images: EnterpriseImageTable;
  enterprise_licenses: EnterpriseLicenseTable;
  registrant_qualifications: RegistrantQualificationTable;
  registrant_specialisations: RegistrantSpecialisationTable;
  employments: EmploymentTable;
  registrant_counts: RegistrantCountTable;
  user_count: UserCountTable;
  member_count: ListCountTable;
  enterprise_count: ListCountTable;
}

/** How many accounts there are (migration 022): one row, kept by triggers. */
export interface UserCountTable {
  id: number;
  n: number;
}

/** How many memberships (member_count) or establishments (enterprise_count) there are (migration 027): one row, kept by triggers. */
export interface ListCountTable {
  id: number;
  n: number;
}

/** How many professionals have each combination of states (migration 020), kept by triggers. */
export interface RegistrantCountTable {
  approved: number;
  inactive: number;
  hidden: number;
  /** 1 with an account, 0 without. */
  with_account: number;
  n: number;
}

/** A diploma a professional holds (migration 018). */
export interface RegistrantQualificationTable {
  registrant_id: number;
  qualification_id: number;
}

/** A professional's answer for one specialisation (migration 018): 1 yes, 0 no; no row = not filled in. */
export interface RegistrantSpecialisationTable {
  registrant_id: number;
  entry_id: number;
  value: number;
}

/** An invitation of a professional by an establishment and the employment it became (migration 018). */
export interface EmploymentTable {
  id: Generated<number>;
  enterprise_id: number;
  registrant_id: number;
  /** invitation_sent, invitation_revoked, invitation_declined, invitation_accepted, terminated_by_enterprise, terminated_by_registrant */
  status: string;
  invitation_sent: string;
  invitation_revoked: string | null;
  invitation_declined: string | null;
  invitation_accepted: string | null;
  terminated: string | null;
  dismissed_by_enterprise: Flag;
  dismissed_by_registrant: Flag;
  invited_by: number | null;
}

/** An establishment's answer for one catalogue entry (migration 013): 1 yes, 0 no; no row = not filled in. */
export interface EnterpriseOptionTable {
  enterprise_id: number;
  entry_id: number;
  value: number;
}

/** A reference catalogue's entry (migration 011); `sequence` is the order an admin gives. */
interface CatalogueTable {
  id: Generated<number>;
  name: string;
  sequence: number;
}

/** The catalogues with an image (migration 012). */
interface WithImage {
  image_file_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface DescribedCatalogueTable extends CatalogueTable, WithImage {
  description: Text;
}

export interface TargetGroupTable extends DescribedCatalogueTable {
  admin_only: Flag;
}

export interface CategorisedCatalogueTable extends DescribedCatalogueTable {
  category: string;
}

export interface QualificationTable extends CatalogueTable, WithImage {
  level: string;
  level_value: number;
  recognized: Flag;
}

export interface DocumentCategoryTable extends CatalogueTable {
  allow_non_members: Flag;
}

/** A download (migration 012): in a category, with a rich-text description and its files in order. */
export interface DocumentTable extends CatalogueTable {
  document_category_id: number;
  description: Text;
}

export interface DocumentFileTable {
  id: Generated<number>;
  document_id: number;
  file_id: number;
  sequence: number;
}

/** A file the portal links to by its ref (terms, privacy statements); the ref is fixed. */
export interface AssetTable {
  id: Generated<number>;
  ref: string;
  name: Text;
  file_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Tab Keuring of an establishment (migration 014); no row is nothing filled in. */
export interface EnterpriseInspectionTable {
  enterprise_id: number;
  rie: Flag;
  dopingconvenant: Flag;
  zonnebank_instructie: Flag;
  zonnebank_richtlijnen: Flag;
  avg_informatie: Flag;
  avg_wijziging: Flag;
  verzekering_wa: Flag;
  verzekering_ziekte: Flag;
  verzekering_aov: Flag;
  comment: Text;
  rie_rapport_date: string | null;
  rie_pva_date: string | null;
  rie_rapport_file_id: number | null;
  rie_pva_file_id: number | null;
  /** Interim changes not yet passed on to the association. */
  dirty: Flag;
  modified: string;
}

/** Tab Info & Media of an establishment (migration 015); no row is nothing filled in. */
export interface EnterpriseInfoTable {
  enterprise_id: number;
  /** Sanitised HTML. */
  info_text: Text;
  logo_file_id: number | null;
  header_file_id: number | null;
  /** JSON: [{ platform, link }]. */
  social_links: Text;
  /** JSON: { open247, notes, days: { mo: { from1, till1, from2, till2, closed }, … } }. */
  open_hours: Text;
  /** JSON: prices in cents, periods and texts of the subscription plans. */
  subscription: Text;
  /** JSON: [link]. */
  video_links: Text;
  modified: string;
}

/** An image of tab Info & Media, in the order shown (migration 015). */
export interface EnterpriseImageTable {
  id: Generated<number>;
  enterprise_id: number;
  file_id: number;
  position: Defaulted<number>;
}
/** Tab Licenties of an establishment (migration 016); no row is nothing declared. */
export interface EnterpriseLicenseTable {
  enterprise_id: number;
  sena: Flag;
  buma: Flag;
  videma: Flag;
  authorization_sena: Flag;
  authorization_buma: Flag;
  authorization_videma: Flag;
  tv_sets: number | null;
  authorization_name: Text;
  /** Without spaces or hyphens. */
  authorization_iban: Text;
  authorization_bic: Text;
  buma_sena_change_date: string | null;
  videma_change_date: string | null;
  /** JSON: the rows with an area by category, { fitness: [{ name, area }], … }. */
  spaces: Text;
  videma_licentie_nummer: Text;
  videma_license_file_id: number | null;
  /** A change by the association not yet confirmed by the establishment's declaration. */
  dirty: Flag;
  modified: string;
}
