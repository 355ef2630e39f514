import { beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "../../app/lib/crypto.server";
import { insertEnterprise, insertMember, uniqueEmail } from "../fixtures";
import { Client, decodeEntities, errorsIn, fieldErrors, getDb, latestMailTo, linkIn, notificationIn, sessionFor } from "./support";

/**
 * The training-campaign part of the establishment form (tab Algemeen), posted without JavaScript
 * as a browser does: every field of the rendered form, changed where the test says so.
 */
const ADMIN = "beheer@voorbeeld.nl";
const MEMBER = "lid@voorbeeld.nl";
const REQUIRED = "Dit is een verplicht veld";
const INVALID_EMAIL = "U dient een geldig e-mailadres in te voeren";

const A = "fitnesstrainer-a";
const B = "fitnesstrainer-b";
const ACADEMIE = "fit-academie-nederland";
const VITAAL = "vitaal-vakopleidingen";
const A_DATE = "2021-11-15-amsterdam";
const VITAAL_DATE = "2022-01-20-nijmegen";

const slot = (index: number, field: string) => `campaignNldApplications[${index}].${field}`;

// ---------------------------------------------------------------------------
// The form as a browser sees it
// ---------------------------------------------------------------------------

function attributes(tag: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const m of tag.matchAll(/([a-zA-Z_:][\w:.-]*)(?:="([^"]*)")?/g)) result[m[1].toLowerCase()] = decodeEntities(m[2] ?? "");
  return result;
}

/** The establishment form of a page (the one holding the campaign part). */
function formOf(html: string): string {
  for (const m of html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/g)) {
    if (m[0].includes('name="campaignNldInterest"')) return m[0];
  }
  throw new Error("no establishment form with the campaign part on the page");
}

/** What the browser would post: [name, value] pairs of the successful controls. */
function controlsOf(html: string): [string, string][] {
  const form = formOf(html);
  const pairs: [string, string][] = [];
  for (const m of form.matchAll(/<input\b([^>]*)\/?>/g)) {
    const a = attributes(m[1]);
    const type = (a.type ?? "text").toLowerCase();
    if (!a.name || "disabled" in a || ["submit", "button", "reset", "image", "file"].includes(type)) continue;
    if ((type === "checkbox" || type === "radio") && !("checked" in a)) continue;
    pairs.push([a.name, a.value ?? (type === "checkbox" || type === "radio" ? "on" : "")]);
  }
  for (const m of form.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
    const a = attributes(m[1]);
    if (!a.name || "disabled" in a) continue;
    const options = [...m[2].matchAll(/<option\b([^>]*)>([\s\S]*?)<\/option>/g)].map((o) => {
      const optionAttributes = attributes(o[1]);
      return { value: optionAttributes.value ?? decodeEntities(o[2]), selected: "selected" in optionAttributes };
    });
    const selected = options.filter((o) => o.selected);
    const chosen = "multiple" in a ? selected : [selected[0] ?? options[0]].filter(Boolean);
    for (const o of chosen) pairs.push([a.name, o.value]);
  }
  for (const m of form.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    const a = attributes(m[1]);
    if (a.name && !("disabled" in a)) pairs.push([a.name, decodeEntities(m[2])]);
  }
  return pairs;
}

/** The options of a select of the page and which one is selected. */
function selectOf(html: string, name: string) {
  const m = formOf(html).match(new RegExp(`<select\\b[^>]*name="${name.replace(/[[\].]/g, "\\$&")}"[^>]*>([\\s\\S]*?)</select>`));
  if (!m) return null;
  const options = [...m[1].matchAll(/<option\b([^>]*)>/g)].map((o) => attributes(o[1]));
  return { options: options.map((o) => o.value), selected: options.find((o) => "selected" in o)?.value ?? "" };
}

/** The rendered form with `changes` applied (a value; null unticks a box or empties a field). */
function filled(html: string, changes: Record<string, string | null>, intent = "save"): FormData {
  const body = new FormData();
  const seen = new Set<string>();
  for (const [name, value] of controlsOf(html)) {
    if (name === "intent") continue;
    if (name in changes) {
      if (!seen.has(name) && changes[name] !== null) body.append(name, changes[name]!);
      seen.add(name);
      continue;
    }
    body.append(name, value);
  }
  for (const [name, value] of Object.entries(changes)) if (!seen.has(name) && value !== null) body.append(name, value);
  body.set("intent", intent);
  return body;
}

const contact = (email = `contact-${Date.now()}@voorbeeld.nl`) => ({
  campaignNldInterest: "on",
  "campaignNldInfo.email": email,
  "campaignNldInfo.firstName": "Sanne",
  "campaignNldInfo.lastNamePrefix": "de",
  "campaignNldInfo.lastName": "Vries",
});

const participant = (index: number, email: string, course = A, trainer = ACADEMIE, date = A_DATE) => ({
  [slot(index, "email")]: email,
  [slot(index, "course")]: course,
  [slot(index, "trainer")]: trainer,
  [slot(index, "dateLocation")]: date,
});

// ---------------------------------------------------------------------------

let admin: Client;
let memberId = 0;

async function newEnterprise(name = "Campagne"): Promise<number> {
  return insertEnterprise(getDb(), memberId, { name: `${name} ${Date.now().toString(36)}` });
}

const editPath = (id: number) => `/vestigingen/bewerken/${id}`;

async function stored(id: number) {
  const db = getDb();
  const enterprise = await db
    .selectFrom("enterprises")
    .select(["campaign_nld_interest", "campaign_email", "campaign_first_name", "campaign_last_name", "campaign_interest_date"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  const slots = await db.selectFrom("campaign_applications").selectAll().where("enterprise_id", "=", id).orderBy("slot").execute();
  return { enterprise, slots };
}

beforeAll(async () => {
  admin = await sessionFor(ADMIN);
  memberId = await insertMember(getDb(), { name: `Campagne BV ${Date.now().toString(36)}` });
});

describe("campaign part of the establishment form", () => {
  it("shows the interest box, the contact and two participant slots with the no-JavaScript refresh button", async () => {
    const id = await newEnterprise();
    const { res, html } = await admin.page(editPath(id));
    expect(res.status).toBe(200);
    const names = controlsOf(html).map(([name]) => name);
    for (const name of ["campaignNldInfo.email", "campaignNldInfo.firstName", "campaignNldInfo.lastNamePrefix", "campaignNldInfo.lastName"]) {
      expect(names).toContain(name);
    }
    for (const index of [0, 1]) {
      for (const field of ["email", "course", "trainer", "dateLocation"]) expect(names).toContain(slot(index, field));
      expect(selectOf(html, slot(index, "course"))?.options).toEqual(["", A, B]);
      expect(selectOf(html, slot(index, "trainer"))?.options).toEqual([""]);
    }
    expect(html).toContain("Scholingscampagne Nederland Leert Door");
    expect(formOf(html)).toMatch(/<button[^>]*value="campaign-refresh"[^>]*>Keuzes bijwerken<\/button>/);
  });

  it("requires the contact and participant 1 once interest is ticked, and saves nothing then", async () => {
    const id = await newEnterprise();
    const { html } = await admin.page(editPath(id));
    const res = await admin.submit(editPath(id), filled(html, { campaignNldInterest: "on" }));
    expect(res.status).toBe(400);
    const errors = errorsIn(res.html).filter((e) => e === REQUIRED);
    expect(errors.length).toBe(7);
    // What was typed stays: the box is still ticked.
    expect(formOf(res.html)).toMatch(/name="campaignNldInterest"[^>]*checked/);
    expect((await stored(id)).enterprise.campaign_nld_interest).toBe(0);
  });

  it("checks e-mail addresses and participant 2 field by field", async () => {
    const id = await newEnterprise();
    const { html } = await admin.page(editPath(id));
    const res = await admin.submit(
      editPath(id),
      filled(html, {
        ...contact("geen-adres"),
        ...participant(0, "deelnemer@voorbeeld.nl"),
        [slot(1, "email")]: "tweede@voorbeeld.nl",
      }),
    );
    expect(res.status).toBe(400);
    expect(errorsIn(res.html)).toEqual(expect.arrayContaining([INVALID_EMAIL, REQUIRED]));
    // The fields that say they are invalid and name their error (aria-describedby).
    const errorIds = fieldErrors(res.html).map((e) => e.name);
    expect(errorIds.some((e) => e.includes("campaignNldInfo.email"))).toBe(true);
    expect(errorIds.some((e) => e.includes("campaignNldApplications[1].course"))).toBe(true);
    // Trainer of participant 2 is not required before a course is chosen.
    expect(errorIds.some((e) => e.includes("campaignNldApplications[1].trainer"))).toBe(false);
    expect((await stored(id)).slots).toEqual([]);
  });

  it("refreshes the choice lists without JavaScript: nothing saved, no messages, dependents cleared", async () => {
    const id = await newEnterprise();
    let { html } = await admin.page(editPath(id));

    // E-mail and course chosen: the trainer list follows the course.
    let res = await admin.submit(
      editPath(id),
      filled(html, { campaignNldInterest: "on", [slot(0, "email")]: "een@voorbeeld.nl", [slot(0, "course")]: B }, "campaign-refresh"),
    );
    expect(res.status).toBe(200);
    expect(errorsIn(res.html)).toEqual([]);
    html = res.html;
    expect(selectOf(html, slot(0, "course"))?.selected).toBe(B);
    expect(selectOf(html, slot(0, "trainer"))?.options).toContain(VITAAL);
    expect(selectOf(html, slot(0, "trainer"))?.options).not.toContain("sportopleidingen-holland");

    // Trainer chosen: the dates follow the trainer.
    res = await admin.submit(editPath(id), filled(html, { [slot(0, "trainer")]: VITAAL }, "campaign-refresh"));
    html = res.html;
    expect(selectOf(html, slot(0, "dateLocation"))?.options).toEqual(["", "2021-11-25-arnhem", VITAAL_DATE, "2022-02-24-apeldoorn"]);
    res = await admin.submit(editPath(id), filled(html, { [slot(0, "dateLocation")]: VITAAL_DATE }, "campaign-refresh"));
    html = res.html;
    expect(selectOf(html, slot(0, "dateLocation"))?.selected).toBe(VITAAL_DATE);

    // Another course clears trainer and date.
    res = await admin.submit(editPath(id), filled(html, { [slot(0, "course")]: A }, "campaign-refresh"));
    expect(selectOf(res.html, slot(0, "course"))?.selected).toBe(A);
    expect(selectOf(res.html, slot(0, "trainer"))?.selected).toBe("");
    expect(selectOf(res.html, slot(0, "dateLocation"))?.options).toEqual([""]);

    // Another trainer clears the date.
    res = await admin.submit(editPath(id), filled(html, { [slot(0, "trainer")]: "beweegcollege" }, "campaign-refresh"));
    expect(selectOf(res.html, slot(0, "trainer"))?.selected).toBe("beweegcollege");
    expect(selectOf(res.html, slot(0, "dateLocation"))?.selected).toBe("");

    // Another e-mail clears course, trainer and date.
    res = await admin.submit(editPath(id), filled(html, { [slot(0, "email")]: "ander@voorbeeld.nl" }, "campaign-refresh"));
    expect(selectOf(res.html, slot(0, "course"))?.selected).toBe("");
    expect(selectOf(res.html, slot(0, "trainer"))?.selected).toBe("");
    expect(selectOf(res.html, slot(0, "dateLocation"))?.selected).toBe("");
    expect(formOf(res.html)).toContain('value="ander@voorbeeld.nl"');

    expect(await stored(id)).toMatchObject({ enterprise: { campaign_nld_interest: 0 }, slots: [] });
  });

  it("a save straight after changing the course (no refresh) clears the stale trainer and date", async () => {
    const id = await newEnterprise();
    const { html } = await admin.page(editPath(id));
    const first = await admin.submit(
      editPath(id),
      filled(html, { ...contact(), [slot(0, "email")]: "x@voorbeeld.nl", [slot(0, "course")]: A }, "campaign-refresh"),
    );
    const second = await admin.submit(
      editPath(id),
      filled(first.html, { [slot(0, "trainer")]: ACADEMIE }, "campaign-refresh"),
    );
    // Course switched and saved at once: the trainer of course A no longer belongs.
    const res = await admin.submit(editPath(id), filled(second.html, { [slot(0, "course")]: B, [slot(0, "dateLocation")]: A_DATE }));
    expect(res.status).toBe(400);
    expect(selectOf(res.html, slot(0, "trainer"))?.selected).toBe("");
    expect((await stored(id)).slots).toEqual([]);
  });

  it("submits a complete participant: read-only from then on, with a mail holding the personal link", async () => {
    const id = await newEnterprise("Aanmelding");
    const participantEmail = uniqueEmail("deelnemer");
    const contactEmail = uniqueEmail("contact");
    const { html } = await admin.page(editPath(id));
    const res = await admin.submit(editPath(id), filled(html, { ...contact(contactEmail), ...participant(0, participantEmail) }));
    expect(res.status).toBe(302);
    expect(notificationIn(res.html)).toBe("Vestiging opgeslagen.");

    const { enterprise, slots } = await stored(id);
    expect(enterprise).toMatchObject({ campaign_nld_interest: 1, campaign_email: contactEmail, campaign_first_name: "Sanne", campaign_last_name: "Vries" });
    expect(enterprise.campaign_interest_date).toBeTruthy();
    expect(slots).toHaveLength(1);
    expect(slots[0]).toMatchObject({ slot: 1, email: participantEmail, course: A, trainer: ACADEMIE, date_location: A_DATE });
    expect(slots[0].submitted).toBeTruthy();

    const mail = (await latestMailTo(participantEmail));
    expect(mail).toBeDefined();
    expect(mail).toContain("Nederland Leert Door");
    expect(mail).toContain("Fitnesstrainer A");
    expect(mail).toContain("15-11-2021 Amsterdam");
    const link = linkIn(mail!, "/aanmelding-nederland-leert-door/");
    expect(mail).toMatch(/http:\/\/[^/\s]+\/aanmelding-nederland-leert-door\//);
    // Only the hash of the token is stored.
    expect(slots[0].token_hash).toBe(sha256(link.split("/").pop()!));
    expect((await latestMailTo(contactEmail))).toBeUndefined();

    // The page shows participant 1 read-only.
    const page = await admin.page(editPath(id));
    const names = controlsOf(page.html).map(([name]) => name);
    expect(names).not.toContain(slot(0, "email"));
    expect(names).toContain(slot(1, "email"));
    expect(page.html).toContain(participantEmail);
    expect(page.html).toContain("Deze aanmelding is verstuurd en kan niet meer worden gewijzigd.");

    // A forged post of the submitted slot changes nothing and sends nothing.
    const forged = await admin.submit(
      editPath(id),
      filled(page.html, { ...participant(0, "vervalst@voorbeeld.nl", B, VITAAL, VITAAL_DATE) }),
    );
    expect(forged.status).toBe(302);
    const after = await stored(id);
    expect(after.slots[0]).toEqual(slots[0]);
    expect((await latestMailTo("vervalst@voorbeeld.nl"))).toBeUndefined();
    const interestDate = after.enterprise.campaign_interest_date;

    // Participant 2 is then submitted on its own; participant 1 needs nothing any more.
    const second = uniqueEmail("tweede");
    const again = await admin.submit(editPath(id), filled(forged.html, participant(1, second, B, VITAAL, VITAAL_DATE)));
    expect(again.status).toBe(302);
    const both = await stored(id);
    expect(both.slots.map((s) => [s.slot, s.email, !!s.submitted])).toEqual([
      [1, participantEmail, true],
      [2, second, true],
    ]);
    expect(both.slots[1].token_hash).not.toBe(both.slots[0].token_hash);
    expect(linkIn((await latestMailTo(second))!, "/aanmelding-nederland-leert-door/")).not.toBe(link);
    // Interest stayed on: its date is kept.
    expect(both.enterprise.campaign_interest_date).toBe(interestDate);
  });

  it("unticking interest keeps what was filled in but stops validating and saving it", async () => {
    const id = await newEnterprise();
    const { html } = await admin.page(editPath(id));
    await admin.submit(editPath(id), filled(html, { ...contact("eerst@voorbeeld.nl"), ...participant(0, uniqueEmail("p")) }));
    const page = await admin.page(editPath(id));
    const res = await admin.submit(
      editPath(id),
      filled(page.html, { campaignNldInterest: null, "campaignNldInfo.email": "geen-adres", [slot(1, "email")]: "half@voorbeeld.nl" }),
    );
    expect(res.status).toBe(302);
    const { enterprise, slots } = await stored(id);
    expect(enterprise.campaign_nld_interest).toBe(0);
    expect(enterprise.campaign_email).toBe("eerst@voorbeeld.nl");
    expect(slots).toHaveLength(1);
  });

  it("works on the own establishment page of a manager member, and a forged post for another establishment changes nothing", async () => {
    const db = getDb();
    const noord = await db.selectFrom("enterprises").select("id").where("name", "=", "Sportcentrum De Vaart Noord").executeTakeFirstOrThrow();
    const member = await sessionFor(MEMBER);
    const own = `/mijn-vestigingen/bewerken/${noord.id}`;
    const { res, html } = await member.page(own);
    expect(res.status).toBe(200);
    expect(selectOf(html, slot(0, "course"))?.options).toEqual(["", A, B]);
    const refreshed = await member.submit(own, filled(html, { campaignNldInterest: "on", [slot(0, "course")]: A }, "campaign-refresh"));
    expect(refreshed.status).toBe(200);
    expect(selectOf(refreshed.html, slot(0, "trainer"))?.options).toContain(ACADEMIE);

    // An establishment of another membership: lid@ may not change it.
    const other = await newEnterprise("Niet van lid");
    const before = await stored(other);
    const forged = await member.post(
      `/mijn-vestigingen/bewerken/${other}`,
      filled(html, { ...contact("vervalst@voorbeeld.nl"), ...participant(0, "vervalst-deelnemer@voorbeeld.nl") }),
    );
    expect(forged.status).toBe(302);
    expect(forged.headers.get("location")).toBe("/");
    expect(await stored(other)).toEqual(before);
    expect((await latestMailTo("vervalst-deelnemer@voorbeeld.nl"))).toBeUndefined();
  });
});
