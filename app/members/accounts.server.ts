import { getDb } from "../lib/db.server";
import { fullName } from "../lib/format";
import type { UserCardData } from "../ui/UserCard";

/** The accounts of a membership as cards, sorted by name (the Accounts tab; the Rollen tab's choices). */
export async function memberAccounts(memberId: number): Promise<(UserCardData & { managerMember: boolean; contactMember: boolean })[]> {
  const rows = await getDb()
    .selectFrom("users")
    .leftJoin("files", "files.id", "users.image_file_id")
    .select([
      "users.id",
      "users.email",
      "users.username",
      "users.given_name",
      "users.name_preposition",
      "users.family_name",
      "users.phone_primary",
      "users.enabled",
      "users.manager_member",
      "users.contact_member",
      "files.id as image_id",
      "files.modified as image_modified",
    ])
    .where("users.member_id", "=", memberId)
    .orderBy("users.family_name")
    .orderBy("users.given_name")
    .orderBy("users.id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    fullName: fullName({ givenName: r.given_name, namePreposition: r.name_preposition, familyName: r.family_name, username: r.username, email: r.email }),
    email: r.email,
    phonePrimary: r.phone_primary,
    image: r.image_id ? { id: r.image_id, modified: r.image_modified! } : null,
    enabled: !!r.enabled,
    managerMember: !!r.manager_member,
    contactMember: !!r.contact_member,
  }));
}
