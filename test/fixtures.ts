import type { DB } from "../app/lib/db.server";
import { hashPassword } from "../app/lib/passwords.server";

export const DEMO_PASSWORD = "demo-wachtwoord-2026";

const tag = `${process.pid}${Date.now().toString(36)}`;
let counter = 0;

/** An address no other test (or earlier run against the same database) uses. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${tag}-${counter}@voorbeeld.nl`;
}

export interface UserFixture {
  email?: string;
  givenName?: string;
  namePreposition?: string;
  familyName?: string;
  phone?: string;
  /** null: an account that was never activated. */
  password?: string | null;
  enabled?: boolean;
  role?: "super-admin" | "admin" | "user";
  mfa?: "" | "email" | "app";
  memberId?: number | null;
  /** A manager of its membership: it may change the membership's establishments. */
  managerMember?: boolean;
}

let demoHash: Promise<string> | undefined;

/** A user of a test's own, so changing it disturbs no other test and no demo persona. */
export async function insertUser(db: DB, fixture: UserFixture = {}): Promise<{ id: number; email: string }> {
  const email = fixture.email ?? uniqueEmail("fixture");
  const password = fixture.password === undefined ? DEMO_PASSWORD : fixture.password;
  // Hashing is deliberately slow; the common demo password is hashed once per run.
  const hash =
    password === null ? null : password === DEMO_PASSWORD ? await (demoHash ??= hashPassword(DEMO_PASSWORD)) : await hashPassword(password);
  const row = await db
    .insertInto("users")
    .values({
      email,
      given_name: fixture.givenName ?? "Femke",
      name_preposition: fixture.namePreposition ?? "",
      family_name: fixture.familyName ?? "Fixture",
      phone_primary: fixture.phone ?? "",
      password_hash: hash,
      enabled: fixture.enabled === false ? 0 : 1,
      role: fixture.role ?? "user",
      mfa_type: fixture.mfa ?? "",
      member_id: fixture.memberId ?? null,
      manager_member: fixture.managerMember ? 1 : 0,
      created: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, email };
}

export interface MemberFixture {
  name?: string;
  legalForm?: string;
  associate?: boolean;
  approved?: boolean;
  inactive?: boolean;
  hidden?: boolean;
}

/** A membership of a test's own with every flag settable; returns its id. */
export async function insertMember(db: DB, fixture: MemberFixture = {}): Promise<number> {
  counter += 1;
  const row = await db
    .insertInto("members")
    .values({
      name: fixture.name ?? `Lidmaatschap ${tag}-${counter}`,
      legal_form: fixture.legalForm ?? "bv",
      associate: fixture.associate ? 1 : 0,
      approved: fixture.approved === false ? 0 : 1,
      inactive: fixture.inactive ? 1 : 0,
      hidden: fixture.hidden ? 1 : 0,
      created: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface EnterpriseFixture {
  name?: string;
  lidnummer?: number | null;
  street?: string;
  houseNr?: string;
  postalCode?: string;
  town?: string;
  franchise?: boolean;
  approved?: boolean;
  inactive?: boolean;
  hidden?: boolean;
}

/** An establishment of a test's own in membership `memberId`, every flag settable; returns its id. */
export async function insertEnterprise(db: DB, memberId: number, fixture: EnterpriseFixture = {}): Promise<number> {
  counter += 1;
  const row = await db
    .insertInto("enterprises")
    .values({
      member_id: memberId,
      name: fixture.name ?? `Vestiging ${tag}-${counter}`,
      lidnummer: fixture.lidnummer ?? null,
      address_street: fixture.street ?? "",
      address_house_nr: fixture.houseNr ?? "",
      address_postal_code: fixture.postalCode ?? "",
      address_town: fixture.town ?? "",
      franchise: fixture.franchise ? 1 : 0,
      approved: fixture.approved === false ? 0 : 1,
      inactive: fixture.inactive ? 1 : 0,
      hidden: fixture.hidden ? 1 : 0,
      created: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A membership with one establishment and its manager member: a non-admin who may change it. */
export async function insertManagedEnterprise(
  db: DB,
  { associate = false, name, manager = {} }: { associate?: boolean; name?: string; manager?: UserFixture } = {},
): Promise<{ memberId: number; enterpriseId: number; manager: { id: number; email: string } }> {
  const memberId = await insertMember(db, { associate });
  const enterpriseId = await insertEnterprise(db, memberId, { name });
  return { memberId, enterpriseId, manager: await insertUser(db, { ...manager, memberId, managerMember: true }) };
}

export interface RegistrantFixture {
  /** The linked account; without one the professional keeps its own name and address. */
  userId?: number | null;
  givenName?: string;
  namePreposition?: string;
  familyName?: string;
  email?: string;
  idFitNed?: number | null;
  passNumber?: number | null;
  approved?: boolean;
  inactive?: boolean;
  hidden?: boolean;
  dateOfBirth?: string | null;
  town?: string;
  imageFileId?: number | null;
}

/** A professional of a test's own, every state settable; returns its id. */
export async function insertRegistrant(db: DB, fixture: RegistrantFixture = {}): Promise<number> {
  const given = fixture.givenName ?? "Femke";
  const preposition = fixture.namePreposition ?? "";
  const family = fixture.familyName ?? "Fixture";
  const row = await db
    .insertInto("registrants")
    .values({
      user_id: fixture.userId ?? null,
      id_fit_ned: fixture.idFitNed ?? null,
      pass_number: fixture.passNumber ?? null,
      approved: fixture.approved === false ? 0 : 1,
      inactive: fixture.inactive ? 1 : 0,
      hidden: fixture.hidden ? 1 : 0,
      date_of_birth: fixture.dateOfBirth ?? null,
      address_town: fixture.town ?? "",
      image_file_id: fixture.imageFileId ?? null,
      given_name: given,
      name_preposition: preposition,
      family_name: family,
      email: fixture.email ?? uniqueEmail("professional"),
      full_name: [given, preposition, family].filter(Boolean).join(" "),
      created: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
