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
