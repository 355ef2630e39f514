import { requestActor, requestIp } from "./request-scope.server";

/**
 * Structured logs: one JSON object a line on stdout, with the time in UTC. Values are data, never
 * part of a format string, so a typed newline or quote cannot forge a line. Fields whose names
 * suggest a secret are never written.
 */
const SECRET_FIELD = /pass|code|token|secret|bsn/i;

export type LogValue = string | number | boolean | null | undefined;

export function logEvent(level: "info" | "warn" | "error", event: string, fields: Record<string, LogValue> = {}): void {
  const entry: Record<string, LogValue> = { time: new Date().toISOString(), level, event };
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || SECRET_FIELD.test(name)) continue;
    entry[name] = value;
  }
  process.stdout.write(`${JSON.stringify(entry)}\n`);
}

/** What the security log records (ASVS V16): each a name that says what happened. */
export type SecurityEvent =
  | "login"
  | "login_second_factor"
  | "rate_limited"
  | "password_reset_requested"
  | "password_reset"
  | "account_activated"
  | "email_change_requested"
  | "email_changed"
  | "password_changed"
  | "second_factor_changed"
  | "sessions_ended"
  | "imitation_started"
  | "imitation_stopped"
  | "imitation_ended"
  | "account_enabled"
  | "account_disabled"
  | "deleted"
  | "access_refused"
  | "reauthentication"
  | "honeypot"
  | "registered"
  | "campaign_application_completed"
  | "personal_data_read"
  | "personal_data_removed";

export interface SecurityFields {
  outcome: "success" | "failure";
  /** The account concerned; by default the signed-in account of the request. */
  account?: number | null;
  /** The admin imitating that account; by default the request's imitator. */
  imitator?: number | null;
  /** Further details: what was deleted, which limit, which route. Never secrets. */
  [detail: string]: LogValue;
}

/** One line of the security log, with the request's client address and actor filled in. */
export function securityLog(event: SecurityEvent, fields: SecurityFields): void {
  const actor = requestActor();
  logEvent("info", event, {
    log: "security",
    ip: requestIp() || undefined,
    ...fields,
    account: fields.account === undefined ? actor.account : fields.account,
    imitator: fields.imitator === undefined ? actor.imitator : fields.imitator,
  });
}
