import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { purgeIdempotencyKeys } from "../../app/offline/idempotency.server";
import { insertMember } from "../fixtures";
import { baseUrl, Client, getDb, notificationIn, sessionFor } from "./support";

/**
 * POST /action-queue (part 1 §7, part 2 §4.8) and the idempotency keys of queueable forms
 * (DESIGN.md §9): each queued post goes through its form's own action and permission checks, is
 * answered per entry, and is applied exactly once, however often it arrives.
 */
const ADMIN = "beheer@voorbeeld.nl";
const MEMBER = "lid@voorbeeld.nl";
const FACILITIES = "/beheer/faciliteiten";
const KEY_FIELD = "_sleutel";

const APPLIED = { outcome: "applied" };
const OTHER_ACCOUNT = "Deze wijziging is gemaakt onder een ander account en is daarom niet verzonden.";
const NOT_A_FORM = "Deze wijziging hoort niet bij een formulier van het ledenportaal.";
const NO_ACCESS = "U heeft geen toegang (meer) tot dit formulier.";
const KEY_CONFLICT = "Dit formulier is al verzonden met andere gegevens. Open het formulier opnieuw en voer uw wijziging nog eens in.";
const QUEUE_UNREADABLE = "De wachtrij met offline wijzigingen kon niet worden gelezen.";

interface Entry {
  key: string;
  account: string;
  action: string;
  fields: [string, string][];
}

type Result = { key: string; outcome: string; reason?: string };

const newKey = () => crypto.randomUUID();
const uniqueName = (what: string) => `${what} ${Date.now().toString(36)}${crypto.randomBytes(3).toString("hex")}`;

async function accountOf(email: string): Promise<string> {
  const { id } = await getDb().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return `${id}-`;
}

/** Posts the queue as the browser's queue does: JSON, same origin, with the session cookie. */
async function replay(client: Client, entries: Entry[], raw?: string): Promise<{ status: number; body: { results?: Result[]; signedOut?: boolean; error?: string } }> {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(`${baseUrl()}/action-queue`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: baseUrl(),
      "Sec-Fetch-Site": "same-origin",
      "X-Forwarded-For": client.ip,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: raw ?? JSON.stringify({ version: 1, entries }),
    redirect: "manual",
  });
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(";")[0];
    client.cookies.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
  }
  return { status: res.status, body: (await res.json()) as { results?: Result[]; signedOut?: boolean; error?: string } };
}

const facilityAdd = (account: string, name: string, key = newKey()): Entry => ({
  key,
  account,
  action: `${FACILITIES}/toevoegen`,
  fields: [
    ["name", name],
    ["description", ""],
  ],
});

async function facilitiesNamed(name: string): Promise<number> {
  const rows = await getDb().selectFrom("facilities").select("id").where("name", "=", name).execute();
  return rows.length;
}

let admin: Client;
let adminAccount: string;
let memberAccount: string;
beforeAll(async () => {
  admin = await sessionFor(ADMIN);
  adminAccount = await accountOf(ADMIN);
  memberAccount = await accountOf(MEMBER);
});

describe("POST /action-queue", () => {
  it("is refused with 401 (and applies nothing) when no one is signed in, so the browser keeps the queue", async () => {
    const name = uniqueName("Faciliteit afgemeld");
    const { status, body } = await replay(new Client(), [facilityAdd(adminAccount, name)]);
    expect(status).toBe(401);
    expect(body).toEqual({ signedOut: true });
    expect(await facilitiesNamed(name)).toBe(0);
  });

  it("refuses a queue it cannot read: no JSON, another version, too many entries, a foreign address", async () => {
    const one = facilityAdd(adminAccount, uniqueName("Onleesbaar"));
    for (const raw of [
      "{niet json",
      JSON.stringify({ version: 2, entries: [one] }),
      JSON.stringify({ version: 1, entries: [] }),
      JSON.stringify({ version: 1, entries: Array.from({ length: 26 }, () => ({ ...one, key: newKey() })) }),
      JSON.stringify({ version: 1, entries: [{ ...one, action: "//elders.example/beheer" }] }),
      JSON.stringify({ version: 1, entries: [{ ...one, key: "kort" }] }),
    ]) {
      const { status, body } = await replay(admin, [], raw);
      expect(status).toBe(400);
      expect(body.error).toBe(QUEUE_UNREADABLE);
    }
    expect(await facilitiesNamed(one.fields[0][1])).toBe(0);
  });

  it("applies valid entries in order and answers each: applied, refused with the form's own messages, another account's", async () => {
    const first = uniqueName("Faciliteit eerst");
    const last = uniqueName("Faciliteit laatst");
    const entries = [
      facilityAdd(adminAccount, first),
      facilityAdd(adminAccount, ""),
      facilityAdd(memberAccount, uniqueName("Faciliteit ander account")),
      { ...facilityAdd(adminAccount, uniqueName("Faciliteit wachtrij")), action: "/action-queue" },
      facilityAdd(adminAccount, last),
    ];
    const { status, body } = await replay(admin, entries);
    expect(status).toBe(200);
    const results = body.results!;
    expect(results.map((r) => r.key)).toEqual(entries.map((e) => e.key));
    expect(results[0]).toMatchObject(APPLIED);
    expect(results[1]).toMatchObject({ outcome: "refused" });
    expect(results[1].reason).toContain("Dit is een verplicht veld");
    expect(results[2]).toEqual({ key: entries[2].key, outcome: "refused", reason: OTHER_ACCOUNT });
    expect(results[3]).toEqual({ key: entries[3].key, outcome: "refused", reason: NOT_A_FORM });
    expect(results[4]).toMatchObject(APPLIED);
    expect(await facilitiesNamed(first)).toBe(1);
    expect(await facilitiesNamed(last)).toBe(1);
    expect(await facilitiesNamed(entries[2].fields[0][1])).toBe(0);
    // The next page says so once; the forms' own notifications are not shown on top of it.
    const { html } = await admin.page(FACILITIES);
    expect(notificationIn(html)).toContain("Offline wijzigingen opgeslagen");
    expect(notificationIn((await admin.page(FACILITIES)).html)).toBeFalsy();
  });

  it("checks every entry's permission as the form does: a member's entry for an admin form changes nothing", async () => {
    const member = await sessionFor(MEMBER);
    const name = uniqueName("Faciliteit van lid");
    const memberId = await insertMember(getDb(), { name: uniqueName("Lidmaatschap wachtrij") });
    const before = await getDb().selectFrom("members").select("name").where("id", "=", memberId).executeTakeFirstOrThrow();
    const entries: Entry[] = [
      facilityAdd(memberAccount, name),
      { key: newKey(), account: memberAccount, action: `/lidmaatschappen/bewerken/${memberId}`, fields: [["intent", "general"], ["name", "Overgenomen"]] },
    ];
    const { status, body } = await replay(member, entries);
    expect(status).toBe(200);
    expect(body.results!.map((r) => r.outcome)).toEqual(["refused", "refused"]);
    expect(body.results![0].reason).toBe(NO_ACCESS);
    expect(await facilitiesNamed(name)).toBe(0);
    expect((await getDb().selectFrom("members").select("name").where("id", "=", memberId).executeTakeFirstOrThrow()).name).toBe(before.name);
    expect(await getDb().selectFrom("idempotency_keys").select("key").where("key", "in", entries.map((e) => e.key)).execute()).toEqual([]);
  });

  it("answers 'later' for the entries after the session ended during the run, and sends them after the next sign-in", async () => {
    const ending = await sessionFor(ADMIN);
    const names = [uniqueName("Faciliteit na afmelden"), uniqueName("Faciliteit na afmelden")];
    const entries: Entry[] = [
      { key: newKey(), account: adminAccount, action: "/uitloggen", fields: [] },
      facilityAdd(adminAccount, names[0]),
      facilityAdd(adminAccount, names[1]),
    ];
    const { status, body } = await replay(ending, entries);
    expect(status).toBe(200);
    // The first tried entry after the logout met the sign-in page; the one after it was not tried.
    expect(body.results!.slice(1)).toEqual(entries.slice(1).map((e) => ({ key: e.key, outcome: "later" })));
    for (const name of names) expect(await facilitiesNamed(name)).toBe(0);
    // The browser keeps them; the next run is refused until the person signs in again.
    expect((await replay(ending, entries.slice(1))).status).toBe(401);
    const again = await replay(await sessionFor(ADMIN), entries.slice(1));
    expect(again.body.results).toEqual(entries.slice(1).map((e) => ({ key: e.key, outcome: "applied" })));
    for (const name of names) expect(await facilitiesNamed(name)).toBe(1);
  });

  it("applies a post exactly once: the form's own post, then the queue's copy of it, then the form again", async () => {
    const name = uniqueName("Faciliteit eenmaal");
    const key = newKey();
    // The form's post reached the server; its answer did not reach the browser, which queued it.
    const direct = await admin.post(`${FACILITIES}/toevoegen`, { name, description: "", [KEY_FIELD]: key });
    expect(direct.status).toBe(302);
    expect(await facilitiesNamed(name)).toBe(1);
    const stored = await getDb().selectFrom("idempotency_keys").selectAll().where("key", "=", key).executeTakeFirstOrThrow();
    expect(stored.user_id).toBe(Number(adminAccount.slice(0, -1)));
    expect(JSON.parse(stored.result!)).toMatchObject({ to: direct.headers.get("location"), notification: { type: "success" } });

    const { body } = await replay(admin, [facilityAdd(adminAccount, name, key)]);
    expect(body.results).toEqual([{ key, outcome: "applied" }]);
    expect(await facilitiesNamed(name)).toBe(1);

    // Posted once more (a double click, a resent form): the first answer again, nothing added.
    const again = await admin.post(`${FACILITIES}/toevoegen`, { name, description: "", [KEY_FIELD]: key });
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe(direct.headers.get("location"));
    expect(await facilitiesNamed(name)).toBe(1);
  });

  it("refuses the same key with other fields, in the queue and as a form post", async () => {
    const name = uniqueName("Faciliteit sleutel");
    const key = newKey();
    expect((await replay(admin, [facilityAdd(adminAccount, name, key)])).body.results).toEqual([{ key, outcome: "applied" }]);
    const other = uniqueName("Faciliteit andere velden");
    const { body } = await replay(admin, [facilityAdd(adminAccount, other, key)]);
    expect(body.results).toEqual([{ key, outcome: "refused", reason: KEY_CONFLICT }]);
    const direct = await admin.post(`${FACILITIES}/toevoegen`, { name: other, description: "", [KEY_FIELD]: key });
    expect(direct.status).toBe(409);
    expect(await facilitiesNamed(other)).toBe(0);
    expect(await facilitiesNamed(name)).toBe(1);
  });

  it("keeps the key free after a refused post: the corrected form is saved with it", async () => {
    const key = newKey();
    const invalid = await admin.post(`${FACILITIES}/toevoegen`, { name: "", description: "", [KEY_FIELD]: key });
    expect(invalid.status).toBe(400);
    const name = uniqueName("Faciliteit verbeterd");
    const { body } = await replay(admin, [facilityAdd(adminAccount, name, key)]);
    expect(body.results).toEqual([{ key, outcome: "applied" }]);
    expect(await facilitiesNamed(name)).toBe(1);
  });

  it("applies an entry once when two runs send it at the same moment (two tabs, a retry)", async () => {
    const name = uniqueName("Faciliteit tegelijk");
    const entry = facilityAdd(adminAccount, name);
    const answers = await Promise.all([replay(admin, [entry]), replay(admin, [entry]), replay(admin, [entry])]);
    for (const answer of answers) expect(answer.status).toBe(200);
    expect(await facilitiesNamed(name)).toBe(1);
    // Each run hears that the change is stored, whichever of them stored it.
    for (const answer of answers) expect(answer.body.results).toEqual([{ key: entry.key, outcome: "applied" }]);
  });

  it("writes the key in the transaction of the change: a change that fails leaves no key, and the entry can be sent again", async () => {
    const memberId = await insertMember(getDb(), { name: uniqueName("Lidmaatschap weg") });
    await getDb().deleteFrom("members").where("id", "=", memberId).execute();
    const key = newKey();
    const { body } = await replay(admin, [{ key, account: adminAccount, action: `/lidmaatschappen/bewerken/${memberId}`, fields: [["name", "Weg"]] }]);
    expect(body.results![0]).toEqual({ key, outcome: "refused", reason: "Dit item bestaat niet (meer)." });
    expect(await getDb().selectFrom("idempotency_keys").select("key").where("key", "=", key).executeTakeFirst()).toBeUndefined();
  });

  it("forgets keys after thirty days (housekeeping)", async () => {
    const key = newKey();
    await replay(admin, [facilityAdd(adminAccount, uniqueName("Faciliteit oud"), key)]);
    await purgeIdempotencyKeys(Date.now() + 31 * 24 * 3600_000);
    expect(await getDb().selectFrom("idempotency_keys").select("key").where("key", "=", key).executeTakeFirst()).toBeUndefined();
  });
});
