import { sql } from "kysely";
import type { DB, Tx } from "./db.server";
import type { AccountRoleCounts } from "../ui/RoleBadges";
import type { UserCardData } from "../ui/UserCard";
import { fullName } from "./format";

/** The columns of the users table a person's display name is made of. */
export const NAME_COLUMNS = ["email", "username", "given_name", "name_preposition", "family_name"] as const;

export interface NameRow {
  email: string;
  username?: string | null;
  given_name: string;
  name_preposition: string;
  family_name: string;
}

/** The display name of a users row (given name, preposition, family name; else username, else e-mail). */
export function nameOfRow(row: NameRow): string {
  return fullName({
    givenName: row.given_name,
    namePreposition: row.name_preposition,
    familyName: row.family_name,
    username: row.username,
    email: row.email,
  });
}

/** The columns of a person's card (users joined with `files` for the photo). */
export const USER_CARD_COLUMNS = [
  "users.id",
  "users.email",
  "users.username",
  "users.given_name",
  "users.name_preposition",
  "users.family_name",
  "users.phone_primary",
  "users.enabled",
  "files.id as image_id",
  "files.modified as image_modified",
] as const;

interface UserCardRow extends NameRow {
  id: number;
  phone_primary: string;
  enabled: number;
  image_id: number | null;
  image_modified: string | null;
}

/** The one mapper from a users row to a person's card. */
export function userCardOfRow(row: UserCardRow): UserCardData {
  return {
    id: row.id,
    fullName: nameOfRow(row),
    email: row.email,
    phonePrimary: row.phone_primary,
    image: row.image_id ? { id: row.image_id, modified: row.image_modified! } : null,
    enabled: !!row.enabled,
  };
}

export const EMAIL_CONFLICT = "Dit e-mailadres is al in gebruik.";

/** Whether another account (not `exceptUserId`) already uses `email`, compared case-insensitively. */
export async function emailTaken(db: DB | Tx, email: string, exceptUserId?: number): Promise<boolean> {
  let query = db.selectFrom("users").select("id").where(sql<string>`lower(email)`, "=", email.toLowerCase());
  if (exceptUserId !== undefined) query = query.where("id", "!=", exceptUserId);
  return !!(await query.executeTakeFirst());
}

/**
 * The roles of an account for its badges, as columns of a select over users whose id is `userId`
 * ("users.id", "u.id"): how many establishments it manages and is contact of.
 */
export const roleCountColumns = (userId: string) =>
  [
    sql<number>`(select count(*) from enterprise_managers em where em.user_id = ${sql.ref(userId)})`.as("manager_enterprises"),
    sql<number>`(select count(*) from enterprise_contacts ec where ec.user_id = ${sql.ref(userId)})`.as("contact_enterprises"),
  ] as const;

/** The one mapper from a users row with its role columns to the badges' counts. */
export function roleCountsOfRow(row: {
  manager_member: number;
  contact_member: number;
  manager_enterprises: number | null;
  contact_enterprises: number | null;
}): Required<AccountRoleCounts> {
  return {
    managerMember: !!row.manager_member,
    contactMember: !!row.contact_member,
    managerEnterprisesCount: Number(row.manager_enterprises ?? 0),
    contactEnterprisesCount: Number(row.contact_enterprises ?? 0),
  };
}

export const LAST_SUPER_ADMIN = "Er moet altijd ten minste één actieve superbeheerder blijven.";

/** Whether an enabled super admin other than `userId` exists, as a condition (the portal always keeps one). */
export const otherEnabledSuperAdmin = (userId: number) =>
  sql<boolean>`exists (select 1 from users o where o.role = 'super-admin' and o.enabled = 1 and o.id <> ${userId})`;

export async function hasOtherEnabledSuperAdmin(db: DB | Tx, userId: number): Promise<boolean> {
  const other = await db
    .selectFrom("users")
    .select("id")
    .where("role", "=", "super-admin")
    .where("enabled", "=", 1)
    .where("id", "!=", userId)
    .executeTakeFirst();
  return !!other;
}
