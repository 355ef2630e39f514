import fs from "node:fs";
import { inject } from "vitest";

import { DEMO_PASSWORD } from "../fixtures";
import { codesSince, latestMailIn, newestMailFile } from "../mail";

export { DEMO_PASSWORD } from "../fixtures";
export { codeIn, linkIn } from "../mail";

export const baseUrl = () => inject("baseUrl");

// The test process reads and writes the same database the server uses (fixtures, assertions).
process.env.DATA_DIR = inject("dataDir");
process.env.DATABASE_URL = inject("databaseUrl");
// Cookies as the test server sets them (plain HTTP), for sessions made here (sessionFor).
process.env.COOKIE_SECURE = "0";
import { getDb } from "../../app/lib/db.server";
import { PAGE_SIZE } from "../../app/lib/list";
import { walksNameIndex } from "../../app/lib/search.server";
import { getSession, rotateSession } from "../../app/auth/session.server";
export { getDb };
export * from "./page";

let ipCounter = 0;
/** A distinct client address, so rate limits of one test do not reach another. */
function freshIp(): string {
  ipCounter += 1;
  return `10.${process.pid % 250}.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

/** A browser without JavaScript: keeps cookies, follows nothing by itself, posts forms. */
export class Client {
  cookies = new Map<string, string>();
  constructor(public ip: string = freshIp()) {}

  private headers(extra: Record<string, string> = {}) {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    return { ...(cookie ? { Cookie: cookie } : {}), "X-Forwarded-For": this.ip, ...extra };
  }

  private keep(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim()) || /max-age=0/i.test(a.trim()));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  async get(pathname: string): Promise<Response> {
    return this.keep(await fetch(baseUrl() + pathname, { headers: this.headers(), redirect: "manual" }));
  }

  /** Posts a form as a same-origin browser does (a Blob: a body written by hand, with its Content-Type in `headers`). */
  async post(pathname: string, fields: Record<string, string> | FormData | URLSearchParams | Blob, headers: Record<string, string> = {}) {
    const body = fields instanceof FormData || fields instanceof URLSearchParams || fields instanceof Blob ? fields : new URLSearchParams(fields);
    return this.keep(
      await fetch(baseUrl() + pathname, {
        method: "POST",
        body,
        headers: this.headers({ Origin: baseUrl(), "Sec-Fetch-Site": "same-origin", ...headers }),
        redirect: "manual",
      }),
    );
  }

  /** GET, following redirects like a browser; returns the final response and its body. */
  async page(pathname: string): Promise<{ res: Response; html: string; url: string }> {
    let url = pathname;
    for (let i = 0; i < 10; i++) {
      const res = await this.get(url);
      const location = res.headers.get("location");
      if (res.status >= 300 && res.status < 400 && location) {
        url = location.startsWith("http") ? new URL(location).pathname + new URL(location).search : location;
        continue;
      }
      return { res, html: await res.text(), url };
    }
    throw new Error(`too many redirects from ${pathname}`);
  }

  /** Posts, then follows the redirect (POST/redirect/GET) when there is one. */
  async submit(pathname: string, fields: Record<string, string> | FormData) {
    const res = await this.post(pathname, fields);
    const location = res.headers.get("location");
    if (res.status >= 300 && res.status < 400 && location) return { status: res.status, ...(await this.page(location)) };
    return { status: res.status, res, html: await res.text(), url: pathname };
  }
}

/**
 * Signs in with e-mail and password; an account with the mailed code as second factor (the demo
 * admins) also enters the code from the outbox, and an admin without a second factor first
 * chooses the mailed code.
 */
export async function signIn(email: string, password = DEMO_PASSWORD, client = new Client()): Promise<Client> {
  const before = newestMailFile(inject("dataDir"));
  const res = await client.post("/?index", { intent: "login", email, password });
  if (res.status !== 302) throw new Error(`sign-in of ${email} failed with ${res.status}`);
  let home = await (await client.get("/")).text();
  if (/name="mfaType"/.test(home)) {
    await client.post("/?index", { intent: "setup", mfaType: "email" });
    home = await (await client.get("/")).text();
  }
  if (!/name="code"/.test(home)) return client;
  for (const code of await codesSince(inject("dataDir"), email, before)) {
    const answer = await client.post("/?index", { intent: "code", code });
    if (answer.status === 302) return client;
  }
  throw new Error(`second factor of ${email} failed`);
}

/**
 * A client signed in as `email` without going through the sign-in form: the session is made the
 * way a completed sign-in makes it (the portal's own session storage writes the row and signs the
 * cookie). For tests that only need a signed-in persona; the sign-in itself is tested end to end.
 */
export async function sessionFor(email: string, client = new Client()): Promise<Client> {
  const user = await getDb().selectFrom("users").select(["id", "enabled"]).where("email", "=", email).executeTakeFirst();
  if (!user || !user.enabled) throw new Error(`no enabled account ${email}`);
  const blank = await getSession(new Request(baseUrl()));
  const setCookie = await rotateSession(blank, { userId: user.id, device: "Onbekend apparaat" });
  const pair = setCookie.split(";")[0];
  const eq = pair.indexOf("=");
  client.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
  return client;
}

/**
 * The newest mail written to the outbox folder for `to`, decoded to text, once the server's mail
 * worker has sent everything waiting in the outbox table (it sends after answering the request).
 */
/**
 * How many records, added to `table`, a search must find for its first page to be read by walking
 * the list's name index and its last by sorting what was found (walksNameIndex, on SQLite).
 */
async function countToWalkAndSort(table: "members" | "enterprises" | "users" | "registrants"): Promise<number> {
  const row = await getDb()
    .selectFrom(table)
    .select((eb) => eb.fn.max("id").as("last"))
    .executeTakeFirstOrThrow();
  for (let count = 1; count <= 500; count++) {
    const size = Number(row.last ?? 0) + count;
    if (walksNameIndex(1, PAGE_SIZE, size, count) && !walksNameIndex(Math.ceil(count / PAGE_SIZE), PAGE_SIZE, size, count)) return count;
  }
  throw new Error(`No search size both walks and sorts ${table}`);
}

/**
 * A search that finds many, read page by page in name order both ways. Adds records to `table`
 * (`add` makes one with the given name and returns how the list shows it) whose names share
 * `token` and sort apart from the order they are made in (a two-letter prefix each, the same
 * length, so every engine's collation sorts them alike), as many as make the first page walk the
 * list's name index and the last sort what was found (search.server.ts). Then reads every page
 * of the list at `path` searched for `token` (`names` reads a page) and removes them (`remove`).
 */
export async function manyFoundInNameOrder({
  client,
  path,
  table,
  token,
  names,
  add,
  remove,
}: {
  client: Client;
  path: string;
  table: "members" | "enterprises" | "users" | "registrants";
  token: string;
  names: (html: string) => string[];
  add: (name: string) => Promise<string>;
  remove: () => Promise<unknown>;
}): Promise<{ expected: string[]; asc: string[]; desc: string[] }> {
  const count = await countToWalkAndSort(table);
  const letter = (n: number) => String.fromCharCode(97 + (n % 26));
  const shown: string[] = [];
  try {
    for (let i = 0; i < count; i++) shown.push(await add(`${letter(i * 11)}${letter(Math.floor(i / 26))}${token}`));
    const read = async (dir: "asc" | "desc") => {
      const found: string[] = [];
      for (let page = 1; page <= Math.ceil(count / PAGE_SIZE); page++) {
        found.push(...names((await client.page(`${path}?q=${encodeURIComponent(token)}&sort=naam&dir=${dir}&page=${page}`)).html));
      }
      return found;
    };
    return { expected: [...shown].sort(), asc: await read("asc"), desc: await read("desc") };
  } finally {
    await remove();
  }
}

/** Whether the stored file `id` is still there (a replaced or removed upload is deleted). */
export async function fileExists(id: number | null | undefined): Promise<boolean> {
  if (id === null || id === undefined) return false;
  return !!(await getDb().selectFrom("files").select("id").where("id", "=", id).executeTakeFirst());
}

export async function latestMailTo(to: string): Promise<string | undefined> {
  await mailSent();
  return latestMailIn(inject("dataDir"), to);
}

/** Waits until the outbox table holds no mail that is still to be sent for the first time. */
export async function mailSent(timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const waiting = await getDb()
      .selectFrom("mail_outbox")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("sent", "is", null)
      .where("last_error", "=", "")
      .executeTakeFirstOrThrow();
    if (Number(waiting.n) === 0) return;
    if (Date.now() > deadline) throw new Error("mail stayed in the outbox");
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The structured log lines the server has written so far (JSON lines of DATA_DIR/server.log). */
export function serverLogEntries(): Record<string, unknown>[] {
  const file = `${inject("dataDir")}/server.log`;
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .slice(0, -1) // the last line may still be being written
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

export function decodeEntities(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
