// What every Logboek (membership, establishment) shares: who acted, and the page in the URL.
import { fullName } from "./format";
import { LOG_PAGE_PARAM } from "../ui/LogTable";
import { pageFromUrl } from "../ui/pager";

export const ACCOUNT_DELETED = "[Account verwijderd]";

/**
 * The acting user's columns for a log query that left-joins `users as actor` on its user_id; the
 * member log and the establishment log both read them with `loggedBy`.
 */
export const LOG_ACTOR_COLUMNS = [
  "actor.id as actor_id",
  "actor.email as actor_email",
  "actor.username as actor_username",
  "actor.given_name as actor_given",
  "actor.name_preposition as actor_prep",
  "actor.family_name as actor_family",
] as const;

export interface LogActorRow {
  actor_id: number | null;
  actor_email: string | null;
  actor_username: string | null;
  actor_given: string | null;
  actor_prep: string | null;
  actor_family: string | null;
  imitating: number;
}

/** The Door column of a log: the actor's name, 'Beheerder namens <name>' while imitating, or '[Account verwijderd]'. */
export function loggedBy(row: LogActorRow): string {
  if (row.actor_id === null) return ACCOUNT_DELETED;
  const name = fullName({
    givenName: row.actor_given,
    namePreposition: row.actor_prep,
    familyName: row.actor_family,
    username: row.actor_username,
    email: row.actor_email,
  });
  return row.imitating ? `Beheerder namens ${name}` : name;
}

/** The page of a Logboek tab in the URL (`?logboek=`); anything but a positive whole number is page 1. */
export function logPageNumber(url: URL): number {
  return pageFromUrl(url, LOG_PAGE_PARAM);
}
