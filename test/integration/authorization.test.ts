import fs from "node:fs";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { beforeAll, describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { issueLinkToken } from "../../app/auth/tokens.server";
import { insertUser } from "../fixtures";
import { CATALOGUES, type CatalogueDefinition } from "../../app/catalogues/definitions";
import { hasStepMoves } from "../../app/catalogues/reorder";
import { ids, loadDemoIds, PERSONAS, TABLE, type Outcome, type Persona } from "../route-table";
import { Client, DEMO_PASSWORD, getDb, latestMailTo, mailSent, postsOn, signIn } from "./support";

function routeIds(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((e) => [...(e.id ? [e.id] : []), ...routeIds(e.children ?? [])]);
}

async function signInPersona(persona: Persona): Promise<Client> {
  if (persona === "anonymous") return new Client();
  const email = PERSONAS[persona];
  if (persona !== "twoFactor") return signIn(email);
  const client = new Client();
  await client.post("/?index", { intent: "login", email, password: DEMO_PASSWORD });
  const code = (await latestMailTo(email))?.match(/\b(\d{6})\b/)?.[1];
  const res = await client.post("/?index", { intent: "code", code: code ?? "" });
  if (res.status !== 302) throw new Error("two-factor sign-in failed");
  return client;
}

function routeEntries(entries: RouteConfigEntry[]): RouteConfigEntry[] {
  return entries.flatMap((e) => [e, ...routeEntries(e.children ?? [])]);
}

/**
 * The posts the forms of a page make that go to `path`: one per submit button, with the values the
 * page shows and the name (if there is one) changed, so that a save would change something.
 */
function formsOn(html: string, path: string): Record<string, string>[] {
  const forged = (name: string, value: string) =>
    name === "name" || name === "givenName" || name === "subject" ? `${value || "Vervalst"} (vervalst)` : value;
  return postsOn(html, path, forged)
    .filter((post) => post.action.split("?")[0] === path.split("?")[0])
    .map((post) => post.fields);
}

/** Every table's rows; of sessions what says whose they are, not the idle deadline that moves with use. */
async function snapshot(): Promise<Record<string, unknown[]>> {
  const db = getDb();
  const tables = [
    "users",
    "members",
    "enterprises",
    "enterprise_managers",
    "enterprise_contacts",
    "registrants",
    "tokens",
    "files",
    "alerts",
    "texts",
    "member_log",
    "campaign_applications",
    "enterprise_log",
    "enterprise_inspections",
    "enterprise_info",
    "enterprise_images",
    "employments",
    "imitation_log",
    "mail_outbox",
    "rate_limits",
    ...CATALOGUES.map((c) => c.table),
    "document_files",
  ] as const;
  const out: Record<string, unknown[]> = {};
  for (const table of tables) {
    const rows = (await db.selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
    out[table] = rows.map((r) => JSON.stringify(r)).sort();
  }
  out.sessions = (await db.selectFrom("sessions").select(["id", "user_id", "imitator_id", "created"]).execute())
    .map((r) => JSON.stringify(r))
    .sort();
  return out;
}

function outcomeOf(res: Response, path: string): Outcome {
  const location = res.headers.get("location") ?? "";
  if (res.status === 302 || res.status === 303) {
    if (location === "/") return "home";
    if (location === `/?next=${encodeURIComponent(path)}`) return "login";
    if (location === "/wachtwoord-vergeten") return "reset";
    return `redirect ${location}` as Outcome;
  }
  if (res.status === 200) return res.headers.get("content-type")?.includes("application/json") ? "json" : "page";
  if (res.status === 204) return "no-content";
  if (res.status === 403 || res.status === 401) return "forbidden";
  if (res.status === 404) return "not-found";
  if (res.status === 405) return "not-allowed";
  return `status ${res.status}` as Outcome;
}

describe("authorisation of every route for every persona", () => {
  it("covers every route in app/routes.ts", () => {
    expect(TABLE.map((r) => r.id).sort()).toEqual(routeIds(routes as RouteConfigEntry[]).sort());
  });

  const personas: Persona[] = ["anonymous", ...(Object.keys(PERSONAS) as Persona[])];
  const clients = new Map<Persona, Client>();
  beforeAll(async () => {
    await loadDemoIds(getDb());
    for (const persona of personas) clients.set(persona, await signInPersona(persona));
  });

  for (const persona of personas) {
    it(`gives ${persona} the expected outcome on each route`, async () => {
      const client = clients.get(persona)!;
      const actual: Record<string, Outcome> = {};
      const expected: Record<string, Outcome> = {};
      for (const route of TABLE) {
        // Logout pages and reset links leave the session as it is; GET never changes state.
        const path = typeof route.path === "function" ? route.path() : route.path;
        actual[route.id] = outcomeOf(await client.get(path), path);
        expected[route.id] = route.expect[persona];
      }
      expect(actual).toEqual(expected);
    });
  }

  /**
   * Every route with an action, posted to by each persona that may not open it: the forms of the
   * page as a persona who may open it sees them (with the name changed, so that a save would show),
   * plus the posts of buttons that only show elsewhere. The refusal is the same as for opening the
   * page, and no table changes.
   */
  describe("forbidden posts", () => {
    const POSTS: { id: string; path: () => string; formsFrom: Persona; extra?: () => (Record<string, string> | FormData)[] }[] = [
      { id: "reset_password", path: () => "/wachtwoord-vergeten", formsFrom: "anonymous" },
      { id: "edit_alert", path: () => `/notificaties/bewerken/${ids.alert}`, formsFrom: "admin" },
      ...CATALOGUES.flatMap((c) => [
        { id: `${c.key}_add`, path: () => `/beheer/${c.slug}/toevoegen`, formsFrom: "admin" as const },
        { id: `${c.key}_edit`, path: () => `/beheer/${c.slug}/bewerken/${ids.catalogue[c.key]}`, formsFrom: "admin" as const },
        ...(c.deletable
          ? [{ id: `${c.key}_delete`, path: () => `/beheer/${c.slug}/verwijderen/${ids.catalogue[c.key]}`, formsFrom: "admin" as const }]
          : []),
        ...(c.ordered
          ? [{ id: `${c.key}_reorder`, path: () => `/beheer/${c.slug}/volgorde`, formsFrom: "admin" as const, extra: () => [reversedOrder(c)] }]
          : []),
        ...(hasStepMoves(c)
          ? [
              {
                // The list's forms: the page the move's address leads to (the list) has one per row and direction.
                id: `${c.key}_move`,
                path: () => `/beheer/${c.slug}/verplaatsen/${ids.catalogue[c.key]}/down`,
                formsFrom: "admin" as const,
                extra: () => [{ terug: `/beheer/${c.slug}` }],
              },
            ]
          : []),
      ]),
      { id: "set_password", path: () => `/resetting/reset/${tokens.reset}`, formsFrom: "anonymous" },
      { id: "confirm_registration", path: () => `/register/confirm/${tokens.activate}`, formsFrom: "anonymous" },
      { id: "register_registrant", path: () => "/registratie-fitnednl", formsFrom: "anonymous" },
      { id: "register_associate", path: () => "/registratie-niet-lid", formsFrom: "anonymous" },
      {
        id: "imitate",
        path: () => "/imitate",
        formsFrom: "superAdmin",
        extra: (): Record<string, string>[] => [{ intent: "start", userId: String(ids.vaartAccount) }, { intent: "stop" }],
      },
      { id: "user_add", path: () => "/accounts/toevoegen", formsFrom: "admin", extra: () => [{ intent: "member-search", memberQuery: "vaart" }] },
      {
        id: "user_edit",
        path: () => `/accounts/bewerken/${ids.vaartAccount}`,
        formsFrom: "admin",
        extra: () => [{ intent: "disable" }, { intent: "send-activation" }, { intent: "member-search", memberQuery: "vaart" }],
      },
      { id: "user_delete", path: () => `/accounts/verwijderen/${ids.vaartAccount}`, formsFrom: "admin" },
      { id: "my_user_add", path: () => "/mijn-accounts/account-toevoegen", formsFrom: "member" },
      {
        id: "my_user_edit",
        path: () => `/mijn-accounts/account-bewerken/${ids.vaartAccount}`,
        formsFrom: "member",
        extra: () => [{ intent: "disable" }, { intent: "send-activation" }],
      },
      { id: "my_data", path: () => "/mijn-gegevens", formsFrom: "member", extra: () => [{ intent: "logout-others" }] },
      { id: "member_add", path: () => "/lidmaatschappen/toevoegen", formsFrom: "admin" },
      { id: "member_edit", path: () => `/lidmaatschappen/bewerken/${ids.vaart}`, formsFrom: "admin" },
      { id: "member_delete", path: () => `/lidmaatschappen/verwijderen/${ids.pending}`, formsFrom: "admin" },
      { id: "member_user_add", path: () => `/lidmaatschappen/bewerken/${ids.vaart}/account-toevoegen`, formsFrom: "admin" },
      {
        id: "member_user_edit",
        path: () => `/lidmaatschappen/bewerken/${ids.vaart}/account-bewerken/${ids.vaartAccount}`,
        formsFrom: "admin",
        extra: () => [{ intent: "disable" }, { intent: "send-activation" }],
      },
      { id: "member_approve", path: () => `/nieuwe-lidmaatschappen/goedkeuren/${ids.pending}`, formsFrom: "admin" },
      { id: "my_member", path: () => "/mijn-lidmaatschap", formsFrom: "member" },
      { id: "member_enterprise_add", path: () => `/lidmaatschappen/bewerken/${ids.vaart}/vestiging-toevoegen`, formsFrom: "admin" },
      {
        id: "member_enterprise_edit",
        path: () => `/lidmaatschappen/bewerken/${ids.vaart}/vestiging/${ids.vaartNoord}`,
        formsFrom: "admin",
        extra: employmentPosts,
      },
      { id: "enterprise_approve", path: () => `/vestigingen/nieuwe-vestigingen/goedkeuren/${ids.vaartOost}`, formsFrom: "admin" },
      { id: "enterprise_delete", path: () => `/vestigingen/verwijderen/${ids.vaartOost}`, formsFrom: "admin" },
      { id: "registrant_delete", path: () => `/fitnednl/verwijderen/${ids.registrant}`, formsFrom: "admin" },
      { id: "registrants_reset_pass", path: () => "/fitnednl/pasgegevens/resetten", formsFrom: "admin", extra: () => [{}] },
      { id: "registrant_approve", path: () => `/fitnednl/nieuwe-aanmeldingen/goedkeuren/${ids.pendingRegistrant}`, formsFrom: "admin" },
      { id: "registration_delete", path: () => `/fitnednl/nieuwe-aanmeldingen/verwijderen/${ids.pendingRegistrant}`, formsFrom: "admin" },
      { id: "registrant_add", path: () => "/fitnednl/toevoegen", formsFrom: "admin" },
      {
        id: "registrant_edit",
        path: () => `/fitnednl/bewerken/${ids.registrant}`,
        formsFrom: "admin",
        extra: () => [{ intent: "toggle-hidden" }, { intent: "accreditation", accreditationTotal: "Vervalst" }, ...registrantEmploymentPosts()],
      },
      { id: "my_registrant", path: () => "/mijn-fitnednl", formsFrom: "professional", extra: registrantEmploymentPosts },
      { id: "enterprise_add", path: () => "/vestigingen/toevoegen", formsFrom: "admin" },
      { id: "enterprise_edit", path: () => `/vestigingen/bewerken/${ids.vaartNoord}`, formsFrom: "admin", extra: employmentPosts },
      { id: "my_enterprise_add", path: () => "/mijn-vestigingen/toevoegen", formsFrom: "member" },
      { id: "my_enterprise_edit", path: () => `/mijn-vestigingen/bewerken/${ids.vaartNoord}`, formsFrom: "establishment", extra: employmentPosts },
      {
        id: "my_one_enterprise",
        path: () => "/mijn-vestiging",
        formsFrom: "associate",
        extra: () => [{ intent: "toggle-inactive" }, { intent: "toggle-hidden" }, ...employmentPosts()],
      },
    ];
    /**
     * The steps of tab Professionals on De Vaart Noord, including Ontkoppelen, whose form only shows
     * once confirmed (a dialog, or the page's question without JavaScript), and an invitation.
     */
    function employmentPosts(): Record<string, string>[] {
      return [
        { intent: "employment-invite", email: PERSONAS.professional, sendInvitation: "on" },
        { intent: "employment-revoke-invitation", employment: String(ids.employment.sent) },
        { intent: "employment-enterprise-terminate", employment: String(ids.employment.accepted) },
        { intent: "employment-enterprise-dismiss", employment: String(ids.employment.declined) },
      ];
    }
    /**
     * The steps of tab Sportcentra of professional@, each a confirmed form (Accepteren, Afwijzen,
     * Ontkoppelen) that shows only once asked, and Verbergen of its end by Fitness Vitaal.
     */
    function registrantEmploymentPosts(): Record<string, string>[] {
      return [
        { intent: "employment-accept-invitation", employment: String(ids.employment.sent) },
        { intent: "employment-decline-invitation", employment: String(ids.employment.sent) },
        { intent: "employment-registrant-terminate", employment: String(ids.employment.ownAccepted) },
        { intent: "employment-registrant-dismiss", employment: String(ids.employment.ownEnded) },
      ];
    }
    /**
     * Routes whose action anyone may use: signing in, logging out, confirming an address by its
     * link, completing a campaign sign-up by its personal link.
     */
    // action_queue takes posts of every signed-in persona: each queued post in it is checked as its
    // own form's post (test/integration/action-queue.test.ts).
    const OPEN_TO_ALL = ["home", "logout", "my_data_confirm_email", "register_campaign_nld", "action_queue"];
    const tokens = { reset: "", activate: "" };
    /** The stored order of each catalogue's first scope, for a reorder post that an admin could save. */
    const orders = new Map<string, number[]>();
    const reversedOrder = (c: CatalogueDefinition) => {
      const order = orders.get(c.key) ?? [];
      const body = new FormData();
      body.set("loaded", order.join(","));
      for (const id of [...order].reverse()) body.append("item", String(id));
      return body;
    };

    it("covers every route that has an action", () => {
      const withAction: string[] = [];
      for (const entry of routeEntries(routes as RouteConfigEntry[])) {
        const source = fs.readFileSync(new URL(`../../app/${entry.file}`, import.meta.url), "utf8");
        if (/export (async )?function action\b|export const action\b/.test(source)) withAction.push(entry.id!);
      }
      expect([...POSTS.map((p) => p.id), ...OPEN_TO_ALL].sort()).toEqual(withAction.sort());
    });

    beforeAll(async () => {
      // Links that are valid, so only the signed-in state can stop their forms.
      const inactive = await insertUser(getDb(), { givenName: "Nog", familyName: "Niet-Actief" });
      await getDb().updateTable("users").set({ enabled: 0 }).where("id", "=", inactive.id).execute();
      tokens.activate = await issueLinkToken(inactive.id, "activate");
      const resettable = await insertUser(getDb(), { givenName: "Wacht", familyName: "Woord" });
      tokens.reset = await issueLinkToken(resettable.id, "reset");
      const firstDocumentCategory = await getDb().selectFrom("document_categories").select("id").orderBy("sequence").orderBy("id").executeTakeFirstOrThrow();
      for (const c of CATALOGUES.filter((c) => c.ordered)) {
        const field = c.fields.find((f) => f.name === c.categoryField);
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the catalogue tables
        let query = getDb().selectFrom(c.table as any).select("id");
        if (field?.kind === "select") query = query.where(field.column, "=", field.options[0].value);
        if (field?.kind === "reference") query = query.where(field.column, "=", firstDocumentCategory.id);
        const rows = (await query.orderBy("sequence").orderBy("id").execute()) as { id: number }[];
        orders.set(c.key, rows.map((r) => Number(r.id)));
      }
    });

    for (const post of POSTS) {
      it(`refuses posts to ${post.id} from every persona that may not open it, changing nothing`, async () => {
        const route = TABLE.find((r) => r.id === post.id)!;
        const path = post.path();
        const bodies = [...formsOn((await clients.get(post.formsFrom)!.page(path)).html, path), ...(post.extra?.() ?? [])];
        expect(bodies.length, "posts to try").toBeGreaterThan(0);
        const refused = personas.filter((p) => ["home", "login", "forbidden", "not-found"].includes(route.expect[p]));
        expect(refused.length).toBeGreaterThan(0);
        for (const persona of refused) {
          const client = clients.get(persona)!;
          await mailSent();
          const before = await snapshot();
          for (const body of bodies) {
            const outcome = outcomeOf(await client.post(path, body), path);
            expect(outcome, `${persona} posting ${JSON.stringify(body).slice(0, 120)}`).toBe(route.expect[persona]);
          }
          await mailSent();
          expect(await snapshot(), `tables after ${persona}'s posts to ${path}`).toEqual(before);
        }
      });
    }
  });

  it("sends a disabled account's open session home as anonymous at its next request", async () => {
    const { email } = await insertUser(getDb(), { givenName: "Uit", familyName: "Gezet" });
    const client = await signIn(email);
    expect(outcomeOf(await client.get("/mijn-gegevens"), "/mijn-gegevens")).toBe("page");
    await getDb().updateTable("users").set({ enabled: 0 }).where("email", "=", email).execute();
    expect(outcomeOf(await client.get("/mijn-gegevens"), "/mijn-gegevens")).toBe("login");
  });
});
