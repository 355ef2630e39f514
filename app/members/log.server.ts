import type { Account } from "../auth/account";
import { getDb, nowIso, type Tx } from "../lib/db.server";
import { fullName } from "../lib/format";
import { paginate, type Page } from "../lib/paging.server";
import type { MemberLogTable } from "../../db/types";
import { LOG_PAGE_PARAM } from "./LogTab";

export type MemberLogAction = MemberLogTable["action"];

/**
 * Writes a member log entry inside the transaction of the change it records. The acting user
 * is the signed-in account (the imitated one while imitating), flagged when an admin acts for it.
 */
export async function writeMemberLog(
  tx: Tx,
  actor: Account,
  entry: { memberId: number; action: MemberLogAction; accountId?: number | null; details?: string },
): Promise<void> {
  await tx
    .insertInto("member_log")
    .values({
      member_id: entry.memberId,
      action: entry.action,
      account_id: entry.accountId ?? null,
      details: entry.details ?? "",
      user_id: actor.id,
      imitating: actor.imitatedBy ? 1 : 0,
      created: nowIso(),
    })
    .execute();
}

export interface MemberLogRow {
  id: number;
  action: MemberLogAction;
  /** The account an entry is about, or '[Account verwijderd]'. */
  account: string | null;
  details: string;
  /** Who did it: a name, 'Beheerder namens <name>' while imitating, or '[Account verwijderd]'. */
  by: string;
  created: string;
}

const ACCOUNT_DELETED = "[Account verwijderd]";

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
  const value = Number(url.searchParams.get(LOG_PAGE_PARAM));
  return Number.isInteger(value) && value > 0 ? value : 1;
}

/** One page (10) of a membership's log, newest first. */
export async function memberLogPage(memberId: number, page: number): Promise<Page<MemberLogRow>> {
  const query = getDb()
    .selectFrom("member_log as l")
    .leftJoin("users as actor", "actor.id", "l.user_id")
    .leftJoin("users as subject", "subject.id", "l.account_id")
    .select([
      "l.id",
      "l.action",
      "l.account_id",
      "l.details",
      "l.imitating",
      "l.created",
      ...LOG_ACTOR_COLUMNS,
      "subject.id as subject_id",
      "subject.email as subject_email",
      "subject.given_name as subject_given",
      "subject.name_preposition as subject_prep",
      "subject.family_name as subject_family",
    ])
    .where("l.member_id", "=", memberId)
    .orderBy("l.created", "desc")
    .orderBy("l.id", "desc");
  const result = await paginate(query, page, 10);
  return {
    ...result,
    rows: result.rows.map((r) => ({
        id: r.id,
        action: r.action,
        account:
          r.account_id === null && r.action !== "account_created"
            ? null
            : r.subject_id
              ? fullName({ givenName: r.subject_given, namePreposition: r.subject_prep, familyName: r.subject_family, email: r.subject_email })
              : ACCOUNT_DELETED,
        details: r.details,
        by: loggedBy(r),
        created: r.created,
      })),
  };
}
