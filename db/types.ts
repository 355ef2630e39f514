import type { Generated } from "kysely";

/** Booleans are stored as 0/1 integers and dates as ISO text so both engines map them the same way. */
type Flag = number;

export interface UserTable {
  id: Generated<number>;
  email: string;
  username: string | null;
  given_name: string;
  name_preposition: string;
  family_name: string;
  phone_primary: string;
  image_file_id: number | null;
  password_hash: string | null;
  enabled: Flag;
  role: "super-admin" | "admin" | "user";
  newsletter: Flag;
  mfa_type: "" | "email" | "app";
  totp_secret: string | null;
  member_id: number | null;
  manager_member: Flag;
  contact_member: Flag;
  created: string;
  last_login: string | null;
  password_changed: string | null;
}

export interface MemberTable {
  id: Generated<number>;
  name: string;
  legal_form: string;
  admin_accountable: string;
  admin_accountable_email: string;
  admin_accountable_phone: string;
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
  name: string;
  lidnummer: number | null;
  address_street: string;
  address_house_nr: string;
  address_postal_code: string;
  address_town: string;
  phone: string;
  email: string;
  email_public: string;
  website: string;
  kvk_nr: string;
  kvk_extract_file_id: number | null;
  established_date: string | null;
  building: string;
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
  invoice_via: string;
  invoice_email: string;
  invoice_street: string;
  invoice_house_nr: string;
  invoice_postal_code: string;
  invoice_town: string;
  invoice_contact: string;
  invoice_name: string;
  kostenplaats: string;
}

export interface EnterpriseUserTable {
  enterprise_id: number;
  user_id: number;
}

export interface RegistrantTable {
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
  gender: string;
  date_of_birth: string | null;
  registered: string | null;
  phone: string;
  website: string;
  address_street: string;
  address_house_nr: string;
  address_postal_code: string;
  address_town: string;
  voucher: string;
  info_text: string;
  memo: string;
  image_file_id: number | null;
  accreditation_total: string;
  created: string;
}

export interface SessionTable {
  /** sha256 of the random id the cookie carries */
  id: string;
  user_id: number | null;
  data: string;
  expires: string;
  created: string;
}

export interface TokenTable {
  id: Generated<number>;
  user_id: number;
  purpose: "reset" | "activate" | "mfa_email";
  token_hash: string;
  expires: string;
  used: Flag;
  attempts: number;
  created: string;
}

export interface RateLimitTable {
  key: string;
  count: number;
  reset_at: string;
}

export interface FileTable {
  id: Generated<number>;
  storage_name: string;
  original_name: string;
  mime: string;
  size: number;
  modified: string;
  created: string;
}

export interface AlertTable {
  id: Generated<number>;
  ref: string;
  title: string;
  description: string;
  subject: string;
  body: string;
}

export interface TextTable {
  id: Generated<number>;
  ref: string;
  name: string;
  content: string;
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
  files: FileTable;
  alerts: AlertTable;
  texts: TextTable;
}
