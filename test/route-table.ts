import type { Kysely } from "kysely";
import type { Database } from "../db/types";
import { CATALOGUES, type CatalogueKey } from "../app/catalogues/definitions";
import { hasStepMoves } from "../app/catalogues/reorder";
import { DEMO_CAMPAIGN_TOKEN } from "../db/seed";

// The route table of the portal: for every route of app/routes.ts, a path to open it by (with the
// ids of demo records) and what each persona gets there. The authorisation walk checks the
// outcomes; the accessibility walk opens every page a persona may see.
/**
 * Walks every route of the portal as anonymous and as each demo persona. A new route must be
 * added to the table, or the completeness check below fails.
 */
export type Outcome = "page" | "home" | "login" | "reset" | "json" | "forbidden" | "no-content" | "not-found" | "not-allowed" | `redirect ${string}`;
export type Persona = "anonymous" | "superAdmin" | "admin" | "member" | "establishment" | "associate" | "professional" | "twoFactor";

export const PERSONAS: Record<Exclude<Persona, "anonymous">, string> = {
  superAdmin: "superbeheer@voorbeeld.nl",
  admin: "beheer@voorbeeld.nl",
  member: "lid@voorbeeld.nl",
  establishment: "vestiging@voorbeeld.nl",
  associate: "nietlid@voorbeeld.nl",
  professional: "professional@voorbeeld.nl",
  twoFactor: "tweefactor@voorbeeld.nl",
};

const signedIn = (outcome: Outcome, overrides: Partial<Record<Persona, Outcome>> = {}, anonymous: Outcome = "login") =>
  ({
    anonymous,
    superAdmin: outcome,
    admin: outcome,
    member: outcome,
    establishment: outcome,
    associate: outcome,
    professional: outcome,
    twoFactor: outcome,
    ...overrides,
  }) satisfies Record<Persona, Outcome>;

/** Ids of demo records that routes with parameters point at (looked up before the walk). */
export interface DemoIds {
  vaart: number;
  pending: number;
  vaartAccount: number;
  /** Sportcentrum De Vaart Noord: managed by vestiging@ (and, as part of the membership, by lid@). */
  vaartNoord: number;
  /** Sportcentrum De Vaart Centrum (managed by lid@) and its newest finalized licence declaration. */
  vaartCentrum: number;
  licenseEntry: number;
  /** Sportcentrum De Vaart Oost: not yet approved. */
  vaartOost: number;
  /** The notification text of the password reset mail. */
  alert: number;
  /** The first demo entry of each catalogue. */
  catalogue: Partial<Record<CatalogueKey, number>>;
  /** The demo document 'Cao Fitnessbranche 2026' (a members-only category) and its first file. */
  document: { id: number; fileId: number };
  /** The demo professional of professional@ (its own record). */
  registrant: number;
  /** A demo registration still to approve (a professional with an active account). */
  pendingRegistrant: number;
  /**
   * Demo employments: of De Vaart Noord an open invitation (of professional@), one accepted and one
   * declined; of professional@ its employment at De Vaart Centrum and its end by Fitness Vitaal.
   */
  employment: { sent: number; accepted: number; declined: number; ownAccepted: number; ownEnded: number };
}
export const ids: DemoIds = {
  vaart: 0,
  pending: 0,
  vaartAccount: 0,
  vaartNoord: 0,
  vaartCentrum: 0,
  licenseEntry: 0,
  vaartOost: 0,
  alert: 0,
  catalogue: {},
  document: { id: 0, fileId: 0 },
  registrant: 0,
  pendingRegistrant: 0,
  employment: { sent: 0, accepted: 0, declined: 0, ownAccepted: 0, ownEnded: 0 },
};

const adminsOnly = (outcome: Outcome = "page") => signedIn("home", { superAdmin: outcome, admin: outcome });

export const TABLE: { id: string; path: string | (() => string); expect: Record<Persona, Outcome> }[] = [
  { id: "home", path: "/", expect: signedIn("page", {}, "page") },
  { id: "logout", path: "/uitloggen", expect: signedIn("page", {}, "home") },
  { id: "reset_password", path: "/wachtwoord-vergeten", expect: signedIn("home", {}, "page") },
  { id: "set_password", path: "/resetting/reset/onbekend-token", expect: signedIn("home", {}, "reset") },
  { id: "confirm_registration", path: "/register/confirm/onbekend-token", expect: signedIn("home", {}, "reset") },
  { id: "register_registrant", path: "/registratie-fitnednl", expect: signedIn("home", {}, "page") },
  { id: "register_associate", path: "/registratie-niet-lid", expect: signedIn("home", {}, "page") },
  // The demo participant's personal link (not completed): anyone may open it, signed in or not.
  { id: "register_campaign_nld", path: `/aanmelding-nederland-leert-door/${DEMO_CAMPAIGN_TOKEN}`, expect: signedIn("page", {}, "page") },
  { id: "imitate", path: "/imitate", expect: signedIn("home", { superAdmin: "page" }) },
  { id: "imitate_users", path: "/imitate/gebruikers?q=vaart", expect: signedIn("forbidden", { superAdmin: "json" }) },
  { id: "imitate_log", path: "/imitate/logboek", expect: adminsOnly() },
  { id: "user_list", path: "/accounts", expect: adminsOnly() },
  { id: "user_add", path: "/accounts/toevoegen", expect: adminsOnly() },
  { id: "user_edit", path: () => `/accounts/bewerken/${ids.vaartAccount}`, expect: adminsOnly() },
  { id: "user_delete", path: () => `/accounts/verwijderen/${ids.vaartAccount}`, expect: adminsOnly() },
  // Full members see their membership's accounts; its managers (lid@, nietlid@) change them.
  { id: "my_users", path: "/mijn-accounts", expect: signedIn("home", { member: "page", establishment: "page", associate: "page", twoFactor: "page" }) },
  { id: "my_user_add", path: "/mijn-accounts/account-toevoegen", expect: signedIn("home", { member: "page", associate: "page" }) },
  {
    // An account of De Vaart: beyond its own membership a manager finds nothing.
    id: "my_user_edit",
    path: () => `/mijn-accounts/account-bewerken/${ids.vaartAccount}`,
    expect: signedIn("home", { member: "page", associate: "not-found" }),
  },
  { id: "my_data", path: "/mijn-gegevens", expect: signedIn("page") },
  { id: "my_data_confirm_email", path: "/mijn-gegevens/e-mailadres-bevestigen/onbekend-token", expect: signedIn("home", {}, "home") },
  { id: "member_list", path: "/lidmaatschappen", expect: adminsOnly() },
  { id: "member_add", path: "/lidmaatschappen/toevoegen", expect: adminsOnly() },
  { id: "member_edit", path: () => `/lidmaatschappen/bewerken/${ids.vaart}`, expect: adminsOnly() },
  { id: "member_delete", path: () => `/lidmaatschappen/verwijderen/${ids.pending}`, expect: adminsOnly() },
  { id: "member_user_add", path: () => `/lidmaatschappen/bewerken/${ids.vaart}/account-toevoegen`, expect: adminsOnly() },
  {
    id: "member_user_edit",
    path: () => `/lidmaatschappen/bewerken/${ids.vaart}/account-bewerken/${ids.vaartAccount}`,
    expect: adminsOnly(),
  },
  { id: "member_unapproved", path: "/nieuwe-lidmaatschappen", expect: adminsOnly() },
  { id: "member_approve", path: () => `/nieuwe-lidmaatschappen/goedkeuren/${ids.pending}`, expect: adminsOnly() },
  { id: "my_member", path: "/mijn-lidmaatschap", expect: signedIn("home", { member: "page", associate: "page" }) },
  {
    id: "member_enterprise_add",
    path: () => `/lidmaatschappen/bewerken/${ids.vaart}/vestiging-toevoegen`,
    expect: adminsOnly(),
  },
  {
    id: "member_enterprise_edit",
    path: () => `/lidmaatschappen/bewerken/${ids.vaart}/vestiging/${ids.vaartNoord}`,
    expect: adminsOnly(),
  },
  { id: "enterprise_list", path: "/vestigingen", expect: adminsOnly() },
  { id: "registrant_list", path: "/fitnednl", expect: adminsOnly() },
  { id: "registrant_delete", path: () => `/fitnednl/verwijderen/${ids.registrant}`, expect: adminsOnly() },
  { id: "registrant_unapproved", path: "/fitnednl/nieuwe-aanmeldingen", expect: adminsOnly() },
  { id: "registrants_export_pass", path: "/fitnednl/pasgegevens", expect: adminsOnly() },
  // The file is no page (the accessibility walk skips it); downloading it lets the reset's confirmation open.
  { id: "registrants_export_pass_file", path: "/fitnednl/pasgegevens/passen.csv", expect: adminsOnly() },
  { id: "registrants_reset_pass", path: "/fitnednl/pasgegevens/resetten", expect: adminsOnly() },
  { id: "registrant_approve", path: () => `/fitnednl/nieuwe-aanmeldingen/goedkeuren/${ids.pendingRegistrant}`, expect: adminsOnly() },
  { id: "registration_delete", path: () => `/fitnednl/nieuwe-aanmeldingen/verwijderen/${ids.pendingRegistrant}`, expect: adminsOnly() },
  { id: "registrant_add", path: "/fitnednl/toevoegen", expect: adminsOnly() },
  { id: "registrant_edit", path: () => `/fitnednl/bewerken/${ids.registrant}`, expect: adminsOnly() },
  { id: "registrant_account_search", path: "/fitnednl/accounts-zoeken?q=vaart", expect: signedIn("forbidden", { superAdmin: "json", admin: "json" }) },
  { id: "registrants_export", path: "/fitnednl/export", expect: adminsOnly() },
  { id: "registrants_export_file", path: "/fitnednl/export/fitnednl.csv", expect: adminsOnly() },
  { id: "my_registrant", path: "/mijn-fitnednl", expect: signedIn("home", { professional: "page" }) },
  { id: "enterprise_unapproved", path: "/vestigingen/nieuwe-vestigingen", expect: adminsOnly() },
  {
    id: "enterprise_approve",
    path: () => `/vestigingen/nieuwe-vestigingen/goedkeuren/${ids.vaartOost}`,
    expect: adminsOnly(),
  },
  { id: "enterprise_delete", path: () => `/vestigingen/verwijderen/${ids.vaartOost}`, expect: adminsOnly() },
  { id: "enterprises_export", path: "/vestigingen/export", expect: adminsOnly() },
  { id: "enterprises_export_file", path: "/vestigingen/export/vestigingen.csv", expect: adminsOnly() },
  { id: "enterprise_add", path: "/vestigingen/toevoegen", expect: adminsOnly() },
  { id: "enterprise_edit", path: () => `/vestigingen/bewerken/${ids.vaartNoord}`, expect: adminsOnly() },
  {
    // The demo establishments have no KvK extract: admins get the 404 of a missing file.
    id: "enterprise_kvk_extract",
    path: () => `/vestigingen/bewerken/${ids.vaartNoord}/kvk-uittreksel`,
    expect: signedIn("home", { superAdmin: "not-found", admin: "not-found", member: "not-found", establishment: "not-found" }),
  },
  {
    // A campaign participant's document: admins only. De Vaart Noord has no campaign sign-ups, so
    // admins get the 404 of a missing document; others are refused as on every admin-only page.
    id: "enterprise_campaign_document",
    path: () => `/vestigingen/bewerken/${ids.vaartNoord}/scholingscampagne/1/identiteitsbewijs`,
    expect: adminsOnly("not-found"),
  },
  {
    // The demo establishments have no RIE files: who may change one gets the 404 of a missing file.
    id: "enterprise_inspection_file",
    path: () => `/vestigingen/bewerken/${ids.vaartNoord}/keuring/rie-rapport`,
    expect: signedIn("home", { superAdmin: "not-found", admin: "not-found", member: "not-found", establishment: "not-found" }),
  },
  {
    // The demo establishments have no videma licence file: who may change one gets the 404 of a missing file.
    id: "enterprise_license_file",
    path: () => `/vestigingen/bewerken/${ids.vaartNoord}/licenties/videma-licentie`,
    expect: signedIn("home", { superAdmin: "not-found", admin: "not-found", member: "not-found", establishment: "not-found" }),
  },
  {
    // Only who sees the establishment's Logboek: admins and its managers (not vestiging@, who manages De Vaart Noord).
    id: "enterprise_license_comparison",
    path: () => `/vestigingen/bewerken/${ids.vaartCentrum}/logboek/${ids.licenseEntry}`,
    expect: signedIn("home", { superAdmin: "page", admin: "page", member: "page" }),
  },
  {
    id: "enterprise_license_comparison_json",
    path: () => `/vestigingen/bewerken/${ids.vaartCentrum}/logboek/${ids.licenseEntry}/details.json`,
    expect: signedIn("home", { superAdmin: "json", admin: "json", member: "json" }),
  },
  {
    id: "enterprise_member_search",
    path: "/vestigingen/lidmaatschappen-zoeken?q=vaart",
    expect: signedIn("forbidden", { superAdmin: "json", admin: "json" }),
  },
  { id: "my_enterprise_list", path: "/mijn-vestigingen", expect: signedIn("home", { member: "page", establishment: "page", associate: "page" }) },
  { id: "my_enterprise_add", path: "/mijn-vestigingen/toevoegen", expect: signedIn("home", { member: "page", associate: "page" }) },
  {
    id: "my_enterprise_edit",
    path: () => `/mijn-vestigingen/bewerken/${ids.vaartNoord}`,
    expect: signedIn("home", { superAdmin: "page", admin: "page", member: "page", establishment: "page" }),
  },
  { id: "my_one_enterprise", path: "/mijn-vestiging", expect: signedIn("home", { establishment: "page", associate: "page" }) },
  ...CATALOGUES.flatMap((c) => [
    { id: `${c.key}_list`, path: `/beheer/${c.slug}`, expect: adminsOnly() },
    { id: `${c.key}_add`, path: `/beheer/${c.slug}/toevoegen`, expect: adminsOnly() },
    { id: `${c.key}_edit`, path: () => `/beheer/${c.slug}/bewerken/${ids.catalogue[c.key]}`, expect: adminsOnly() },
    ...(c.deletable ? [{ id: `${c.key}_delete`, path: () => `/beheer/${c.slug}/verwijderen/${ids.catalogue[c.key]}`, expect: adminsOnly() }] : []),
    ...(c.ordered
      ? [
          { id: `${c.key}_reorder`, path: `/beheer/${c.slug}/volgorde`, expect: adminsOnly() },
          { id: `${c.key}_reorder_json`, path: `/beheer/${c.slug}/volgorde.json`, expect: adminsOnly("json") },
        ]
      : []),
    ...(hasStepMoves(c)
      ? [
          {
            // Moving is a post; its address opened leads to the list.
            id: `${c.key}_move`,
            path: () => `/beheer/${c.slug}/verplaatsen/${ids.catalogue[c.key]}/down`,
            expect: adminsOnly(`redirect /beheer/${c.slug}`),
          },
        ]
      : []),
  ]),
  // Public: the registration forms link their terms by ref.
  { id: "asset_file", path: "/asset/terms_and_conditions", expect: signedIn("page", {}, "page") },
  { id: "help", path: "/help", expect: signedIn("page", { associate: "home" }) },
  // Everyone signed in gets the page: the documents, or the text page_documents_unauthorised.
  { id: "downloads", path: "/downloads", expect: signedIn("page") },
  {
    // A file of a members-only category: not for associate members, nor for those without downloads.
    id: "document_file",
    path: () => `/document/${ids.document.id}/file/${ids.document.fileId}`,
    expect: signedIn("not-found", { superAdmin: "page", admin: "page", member: "page", establishment: "page" }),
  },
  { id: "alerts", path: "/notificaties", expect: adminsOnly("redirect /notificaties/lijst") },
  { id: "alerts_list", path: "/notificaties/lijst", expect: adminsOnly() },
  { id: "edit_alert", path: () => `/notificaties/bewerken/${ids.alert}`, expect: adminsOnly() },
  { id: "image", path: "/image/999999/150/0/x", expect: signedIn("not-found") },
  // Posts only (the offline queue, test/integration/action-queue.test.ts): a visit is not allowed.
  { id: "action_queue", path: "/action-queue", expect: signedIn("not-allowed", {}, "not-allowed") },
  { id: "online", path: "/online", expect: signedIn("no-content", {}, "no-content") },
  { id: "not_found", path: "/bestaat-niet", expect: signedIn("not-found", {}, "not-found") },
];


/** Looks up the demo records the table's paths point at. */
export async function loadDemoIds(db: Kysely<Database>): Promise<void> {
  const memberId = async (name: string) => (await db.selectFrom("members").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
  ids.vaart = await memberId("Sportcentrum De Vaart");
  ids.pending = await memberId("Fitclub Zuid");
  ids.vaartAccount = (await db.selectFrom("users").select("id").where("email", "=", "vestiging@voorbeeld.nl").executeTakeFirstOrThrow()).id;
  const enterpriseId = async (name: string) =>
    (await db.selectFrom("enterprises").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
  ids.vaartNoord = await enterpriseId("Sportcentrum De Vaart Noord");
  ids.vaartOost = await enterpriseId("Sportcentrum De Vaart Oost");
  ids.vaartCentrum = await enterpriseId("Sportcentrum De Vaart Centrum");
  ids.licenseEntry = (
    await db
      .selectFrom("enterprise_log")
      .select("id")
      .where("enterprise_id", "=", ids.vaartCentrum)
      .where("form", "=", "licenses")
      .where("finalize", "=", 1)
      .orderBy("created", "desc")
      .limit(1)
      .executeTakeFirstOrThrow()
  ).id;
  for (const c of CATALOGUES) {
    const first = await db.selectFrom(c.table).select("id").orderBy("id").limit(1).executeTakeFirstOrThrow();
    ids.catalogue[c.key] = first.id;
  }
  const document = await db
    .selectFrom("documents")
    .innerJoin("document_files", "document_files.document_id", "documents.id")
    .select(["documents.id", "document_files.file_id"])
    .where("documents.name", "=", "Cao Fitnessbranche 2026")
    .orderBy("document_files.sequence")
    .executeTakeFirstOrThrow();
  ids.document = { id: document.id, fileId: document.file_id };
  ids.registrant = (
    await db.selectFrom("registrants as r").innerJoin("users as u", "u.id", "r.user_id").select("r.id").where("u.email", "=", PERSONAS.professional).executeTakeFirstOrThrow()
  ).id;
  ids.pendingRegistrant = (
    await db
      .selectFrom("registrants as r")
      .innerJoin("users as u", "u.id", "r.user_id")
      .select("r.id")
      .where("r.approved", "=", 0)
      .where("u.enabled", "=", 1)
      .where("u.email", "like", "%@voorbeeld.nl")
      .orderBy("r.id")
      .executeTakeFirstOrThrow()
  ).id;
  ids.alert = (await db.selectFrom("alerts").select("id").where("ref", "=", "resetting_password").executeTakeFirstOrThrow()).id;
  const employment = async (status: string, where: { enterprise?: number; registrant?: number }) => {
    let query = db.selectFrom("employments").select("id").where("status", "=", status);
    if (where.enterprise !== undefined) query = query.where("enterprise_id", "=", where.enterprise);
    if (where.registrant !== undefined) query = query.where("registrant_id", "=", where.registrant);
    return (await query.orderBy("id").limit(1).executeTakeFirstOrThrow()).id;
  };
  ids.employment = {
    sent: await employment("invitation_sent", { enterprise: ids.vaartNoord, registrant: ids.registrant }),
    accepted: await employment("invitation_accepted", { enterprise: ids.vaartNoord }),
    declined: await employment("invitation_declined", { enterprise: ids.vaartNoord }),
    ownAccepted: await employment("invitation_accepted", { enterprise: ids.vaartCentrum, registrant: ids.registrant }),
    ownEnded: await employment("terminated_by_enterprise", { registrant: ids.registrant }),
  };
}

/** The path of a table row, its demo ids filled in. */
export const pathOf = (route: (typeof TABLE)[number]) => (typeof route.path === "function" ? route.path() : route.path);
