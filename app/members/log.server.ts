import type { Account } from "../auth/account";
import { getDb, nowIso, type Tx } from "../lib/db.server";
import { fullName } from "../lib/format";
import { ACCOUNT_DELETED, LOG_ACTOR_COLUMNS, loggedBy } from "../lib/log-entries.server";
import { paginate, type Page } from "../lib/paging.server";
import type { MemberLogTable } from "../../db/types";

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
          r.account_id === null && r.action === "name_changed"
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
