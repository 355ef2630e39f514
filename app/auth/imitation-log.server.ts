import { getDb } from "../lib/db.server";
import { paginate, type Page } from "../lib/paging.server";

export interface ImitationLogRow {
  id: number;
  imitator: string;
  imitated: string;
  started: string;
  ended: string | null;
  ip: string;
}

/** One page of the imitation audit, newest first. */
export async function imitationLogPage(page: number, limit: number): Promise<Page<ImitationLogRow>> {
  const query = getDb()
    .selectFrom("imitation_log")
    .select(["id", "imitator_name as imitator", "imitated_name as imitated", "started", "ended", "ip"])
    .orderBy("started", "desc")
    .orderBy("id", "desc");
  return paginate(query, page, limit);
}
