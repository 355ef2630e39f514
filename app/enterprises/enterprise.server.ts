import { data } from "react-router";
import { getDb, type DB, type Tx } from "../lib/db.server";
import { idParam } from "../lib/request.server";
import type { EnterpriseTable } from "../../db/types";
import type { Selectable } from "kysely";

export type EnterpriseRow = Selectable<EnterpriseTable>;

export interface EnterpriseMemberDetails {
  id: number;
  name: string;
  associate: boolean;
  approved: boolean;
  inactive: boolean;
  hidden: boolean;
}

/** One establishment as stored, with the membership it belongs to (part 1 §3 memberDetails). */
export interface EnterpriseRecord {
  row: EnterpriseRow;
  member: EnterpriseMemberDetails;
}

export async function findEnterprise(id: number, db: DB | Tx = getDb()): Promise<EnterpriseRecord | null> {
  const row = await db.selectFrom("enterprises").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const member = await db
    .selectFrom("members")
    .select(["id", "name", "associate", "approved", "inactive", "hidden"])
    .where("id", "=", row.member_id)
    .executeTakeFirstOrThrow();
  return {
    row,
    member: {
      id: member.id,
      name: member.name,
      associate: !!member.associate,
      approved: !!member.approved,
      inactive: !!member.inactive,
      hidden: !!member.hidden,
    },
  };
}

/** The establishment of a URL parameter; an unknown or malformed id is the catalogue's 404. */
export async function requireEnterprise(param: string | number | null | undefined): Promise<EnterpriseRecord> {
  const enterprise = await findEnterprise(idParam(param));
  if (!enterprise) throw data(null, { status: 404 });
  return enterprise;
}
