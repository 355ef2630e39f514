import type { Kysely } from "kysely";
import type { Database } from "./types";
import type { EmploymentStatus } from "../app/employments/employments";

/**
 * Demo employments between the demo establishments and professionals (part 1 §4, part 2 §4.2), in
 * every state: working there, invited, revoked, declined, ended by either side, and hidden again
 * by one side. The demo professional (professional@) has an open invitation from De Vaart Noord,
 * works at De Vaart Centrum and was let go by Fitness Vitaal, so its tab Sportcentra shows each
 * kind of card; De Vaart Noord (vestiging@) shows each group of its tab Professionals.
 */
const DAY = 86_400_000;

type Status = EmploymentStatus;

interface DemoEmployment {
  enterprise: string;
  /** The demo professional's e-mail address, or the index of a demo professional of the register. */
  registrant: string | number;
  status: Status;
  /** Days ago the invitation was sent; each later step a few days after. */
  daysAgo: number;
  dismissedByEnterprise?: boolean;
  dismissedByRegistrant?: boolean;
}

const NOORD = "Sportcentrum De Vaart Noord";
const CENTRUM = "Sportcentrum De Vaart Centrum";

const DEMO_EMPLOYMENTS: DemoEmployment[] = [
  { enterprise: NOORD, registrant: "professional@voorbeeld.nl", status: "invitation_sent", daysAgo: 3 },
  { enterprise: CENTRUM, registrant: "professional@voorbeeld.nl", status: "invitation_accepted", daysAgo: 400 },
  { enterprise: "Fitness Vitaal", registrant: "professional@voorbeeld.nl", status: "terminated_by_enterprise", daysAgo: 700 },
  { enterprise: "Powerhouse Gym", registrant: "professional@voorbeeld.nl", status: "invitation_declined", daysAgo: 90 },
  { enterprise: NOORD, registrant: 0, status: "invitation_accepted", daysAgo: 300 },
  { enterprise: NOORD, registrant: 1, status: "invitation_accepted", daysAgo: 120 },
  { enterprise: NOORD, registrant: 2, status: "invitation_sent", daysAgo: 10 },
  { enterprise: NOORD, registrant: 3, status: "terminated_by_registrant", daysAgo: 200 },
  { enterprise: NOORD, registrant: 4, status: "invitation_declined", daysAgo: 30 },
  { enterprise: NOORD, registrant: 5, status: "invitation_revoked", daysAgo: 60 },
  { enterprise: NOORD, registrant: 6, status: "terminated_by_enterprise", daysAgo: 500 },
  { enterprise: NOORD, registrant: 7, status: "invitation_declined", daysAgo: 150, dismissedByEnterprise: true },
  { enterprise: NOORD, registrant: 8, status: "terminated_by_registrant", daysAgo: 250, dismissedByEnterprise: true },
  { enterprise: CENTRUM, registrant: 3, status: "invitation_accepted", daysAgo: 180 },
  { enterprise: CENTRUM, registrant: 9, status: "invitation_accepted", daysAgo: 600 },
  { enterprise: CENTRUM, registrant: 10, status: "terminated_by_enterprise", daysAgo: 365, dismissedByRegistrant: true },
  { enterprise: "Sportschool Kracht & Conditie", registrant: 0, status: "invitation_accepted", daysAgo: 900 },
  { enterprise: "Crossfit Maasstad", registrant: 11, status: "invitation_sent", daysAgo: 5 },
  { enterprise: "Fit4All Tilburg", registrant: 12, status: "invitation_declined", daysAgo: 40 },
];

export async function seedDemoEmployments(db: Kysely<Database>, now: string): Promise<void> {
  const base = Date.parse(now);
  const at = (daysAgo: number) => new Date(base - daysAgo * DAY).toISOString();
  // The approved, active professionals of the demo register (not the demo professional), in order.
  const register = await db
    .selectFrom("registrants as r")
    .innerJoin("users as u", "u.id", "r.user_id")
    .select("r.id")
    .where("r.approved", "=", 1)
    .where("r.inactive", "=", 0)
    .where("u.email", "!=", "professional@voorbeeld.nl")
    .orderBy("r.id")
    .execute();
  const own = await db
    .selectFrom("registrants as r")
    .innerJoin("users as u", "u.id", "r.user_id")
    .select(["r.id", "u.email"])
    .where("u.email", "=", "professional@voorbeeld.nl")
    .execute();
  const enterprises = new Map(
    (await db.selectFrom("enterprises").select(["id", "name"]).execute()).map((e) => [e.name, e.id]),
  );
  const invitedBy = await db.selectFrom("users").select("id").where("email", "=", "vestiging@voorbeeld.nl").executeTakeFirst();

  for (const e of DEMO_EMPLOYMENTS) {
    const enterpriseId = enterprises.get(e.enterprise);
    const registrantId = typeof e.registrant === "number" ? register[e.registrant]?.id : own.find((r) => r.email === e.registrant)?.id;
    if (enterpriseId === undefined || registrantId === undefined) continue;
    const sent = at(e.daysAgo);
    const answered = at(e.daysAgo - 2);
    const ended = at(Math.max(e.daysAgo - 60, 1));
    const accepted = ["invitation_accepted", "terminated_by_enterprise", "terminated_by_registrant"].includes(e.status);
    await db
      .insertInto("employments")
      .values({
        enterprise_id: enterpriseId,
        registrant_id: registrantId,
        status: e.status,
        invitation_sent: sent,
        invitation_revoked: e.status === "invitation_revoked" ? answered : null,
        invitation_declined: e.status === "invitation_declined" ? answered : null,
        invitation_accepted: accepted ? answered : null,
        terminated: e.status.startsWith("terminated_") ? ended : null,
        dismissed_by_enterprise: e.dismissedByEnterprise ? 1 : 0,
        dismissed_by_registrant: e.dismissedByRegistrant ? 1 : 0,
        invited_by: e.enterprise === NOORD ? (invitedBy?.id ?? null) : null,
      })
      .execute();
  }
}
