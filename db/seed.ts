import { getDb, nowIso, type DB, type Tx } from "../app/lib/db.server";
import { sha256 } from "../app/lib/crypto.server";
import { hashPassword } from "../app/lib/passwords.server";
import { ALERTS, ASSETS, TEXTS } from "./seed-content";
import { seedDemoCatalogues, seedDemoOptions } from "./seed-catalogues";
import { seedDemoAssetFiles, seedDemoDocuments } from "./seed-documents";
import { seedDemoInfo } from "./seed-info";
import { seedDemoMembers, slug } from "./seed-members";
import { seedDemoQualifications, seedDemoRegistrants } from "./seed-registrants";
import { seedDemoEmployments } from "./seed-employments";
import { seedDemoAccounts } from "./seed-accounts";

const DEMO_PASSWORD = "demo-wachtwoord-2026";

/** The demo personas of the README; all share DEMO_PASSWORD. */
const DEMO_ACCOUNTS = {
  superAdmin: "superbeheer@voorbeeld.nl",
  admin: "beheer@voorbeeld.nl",
  member: "lid@voorbeeld.nl",
  establishment: "vestiging@voorbeeld.nl",
  associate: "nietlid@voorbeeld.nl",
  professional: "professional@voorbeeld.nl",
  twoFactor: "tweefactor@voorbeeld.nl",
  disabled: "inactief@voorbeeld.nl",
} as const;

/**
 * The personal link of the demo's training-campaign participant (De Vaart Fitness Haarlem, slot 1:
 * submitted by the establishment, not yet completed): /aanmelding-nederland-leert-door/<token>
 * opens the campaign application form in the demo. Only its sha256 is stored, as for a real link.
 */
export const DEMO_CAMPAIGN_TOKEN = "demo-nederland-leert-door";

/** Notification texts and static texts every installation needs, demo or not. */
export async function seedContent(db: DB): Promise<void> {
  for (const alert of ALERTS) {
    const exists = await db.selectFrom("alerts").select("id").where("ref", "=", alert.ref).executeTakeFirst();
    if (!exists) await db.insertInto("alerts").values(alert).execute();
  }
  for (const text of TEXTS) {
    const exists = await db.selectFrom("texts").select("id").where("ref", "=", text.ref).executeTakeFirst();
    if (!exists) await db.insertInto("texts").values(text).execute();
  }
  for (const asset of ASSETS) {
    const exists = await db.selectFrom("assets").select("id").where("ref", "=", asset.ref).executeTakeFirst();
    if (!exists) await db.insertInto("assets").values(asset).execute();
  }
}

type UserSeed = {
  email: string;
  given_name: string;
  name_preposition?: string;
  family_name: string;
  role?: "super-admin" | "admin" | "user";
  enabled?: number;
  member_id?: number | null;
  manager_member?: number;
  contact_member?: number;
  mfa_type?: "" | "email" | "app";
  phone_primary?: string;
};

async function seedDemo(db: DB): Promise<void> {
  const now = nowIso();
  const hash = await hashPassword(DEMO_PASSWORD);

  await db.transaction().execute(async (tx) => {
    const addUser = async (u: UserSeed) =>
      (
        await tx
          .insertInto("users")
          .values({
            email: u.email,
            username: null,
            given_name: u.given_name,
            name_preposition: u.name_preposition ?? "",
            family_name: u.family_name,
            phone_primary: u.phone_primary ?? "",
            image_file_id: null,
            password_hash: hash,
            enabled: u.enabled ?? 1,
            role: u.role ?? "user",
            newsletter: 0,
            mfa_type: u.mfa_type ?? "",
            totp_secret: null,
            member_id: u.member_id ?? null,
            manager_member: u.manager_member ?? 0,
            contact_member: u.contact_member ?? 0,
            created: now,
            last_login: null,
            password_changed: null,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;

    const addMember = async (name: string, extra: { associate?: number; approved?: number; legal_form?: string }) =>
      (
        await tx
          .insertInto("members")
          .values({
            name,
            legal_form: extra.legal_form ?? "bv",
            admin_accountable: "",
            admin_accountable_email: "",
            admin_accountable_phone: "",
            principal_enterprise_id: null,
            associate: extra.associate ?? 0,
            interest_membership: 0,
            approved: extra.approved ?? 1,
            inactive: 0,
            hidden: 0,
            created: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;

    let nextLidnummer = 1001;
    const addEnterprise = async (
      memberId: number,
      name: string,
      town: string,
      extra: { franchise?: number; approved?: number; postcode?: string; street?: string },
    ) =>
      (
        await tx
          .insertInto("enterprises")
          .values({
            member_id: memberId,
            name,
            lidnummer: extra.approved === 0 ? null : nextLidnummer++,
            address_street: extra.street ?? "Dorpsstraat",
            address_house_nr: "1",
            address_postal_code: extra.postcode ?? "1234AB",
            address_town: town,
            phone: "0201234567",
            email: "",
            email_public: "",
            website: "",
            kvk_nr: "",
            kvk_extract_file_id: null,
            established_date: null,
            building: "",
            franchise: extra.franchise ?? 0,
            preventiecentrum: 0,
            nlfb: 0,
            approved: extra.approved ?? 1,
            inactive: 0,
            hidden: 0,
            created: now,
            location_lat: null,
            location_lon: null,
            geocoded: null,
            geocoding_failed: 0,
            // Invoices by e-mail need an address, or the first save of the demo form is refused.
            invoice_via: "email",
            invoice_email: `facturen@${slug(name)}.voorbeeld.nl`,
            invoice_street: "",
            invoice_house_nr: "",
            invoice_postal_code: "",
            invoice_town: "",
            invoice_contact: "",
            invoice_name: "",
            kostenplaats: "",
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;

    // Admins must sign in with a second factor; the demo ones get the mailed code (it lands in DATA_DIR/mail).
    await addUser({ email: DEMO_ACCOUNTS.superAdmin, given_name: "Sanne", family_name: "Superbeheer", role: "super-admin", mfa_type: "email" });
    await addUser({ email: DEMO_ACCOUNTS.admin, given_name: "Bart", name_preposition: "de", family_name: "Beheerder", role: "admin", mfa_type: "email" });

    const vaart = await addMember("Sportcentrum De Vaart", { legal_form: "bv" });
    const vaartMain = await addEnterprise(vaart, "Sportcentrum De Vaart Centrum", "Amsterdam", { street: "Vaartweg", postcode: "1011AB" });
    const vaartNoord = await addEnterprise(vaart, "Sportcentrum De Vaart Noord", "Amsterdam", { street: "Noordkade", postcode: "1031CD" });
    const vaartFranchise = await addEnterprise(vaart, "De Vaart Fitness Haarlem", "Haarlem", {
      franchise: 1,
      street: "Grote Markt",
      postcode: "2011RD",
    });
    await tx.updateTable("members").set({ principal_enterprise_id: vaartMain }).where("id", "=", vaart).execute();
    // Haarlem signed a participant up for the training campaign, who has yet to complete it.
    await tx
      .updateTable("enterprises")
      .set({
        campaign_nld_interest: 1,
        campaign_email: "opleidingen@de-vaart-fitness-haarlem.voorbeeld.nl",
        campaign_first_name: "Hanna",
        campaign_last_name_prefix: "",
        campaign_last_name: "Haarlemmer",
        campaign_interest_date: now,
      })
      .where("id", "=", vaartFranchise)
      .execute();
    await tx
      .insertInto("campaign_applications")
      .values({
        enterprise_id: vaartFranchise,
        slot: 1,
        email: "deelnemer@voorbeeld.nl",
        course: "fitnesstrainer-a",
        trainer: "sportopleidingen-holland",
        date_location: "2021-11-22-haarlem",
        submitted: now,
        token_hash: sha256(DEMO_CAMPAIGN_TOKEN),
        created: now,
      })
      .execute();
    // A new establishment of an approved membership, waiting on /vestigingen/nieuwe-vestigingen.
    await addEnterprise(vaart, "Sportcentrum De Vaart Oost", "Amsterdam", { approved: 0, street: "Oostelijke Handelskade", postcode: "1019BM" });

    const lid = await addUser({
      email: DEMO_ACCOUNTS.member,
      given_name: "Lotte",
      name_preposition: "van der",
      family_name: "Vaart",
      member_id: vaart,
      manager_member: 1,
      contact_member: 1,
      phone_primary: "0612345678",
    });
    const vestiging = await addUser({ email: DEMO_ACCOUNTS.establishment, given_name: "Vincent", family_name: "Vestigingsmanager", member_id: vaart });
    await addUser({ email: DEMO_ACCOUNTS.twoFactor, given_name: "Tessa", family_name: "Tweefactor", member_id: vaart, mfa_type: "email" });
    await tx.insertInto("enterprise_managers").values({ enterprise_id: vaartNoord, user_id: vestiging }).execute();
    await tx.insertInto("enterprise_contacts").values([
      { enterprise_id: vaartMain, user_id: lid },
      { enterprise_id: vaartFranchise, user_id: lid },
    ]).execute();

    const associate = await addMember("Buurtsport Oost", { associate: 1, legal_form: "vof" });
    const associateEnterprise = await addEnterprise(associate, "Buurtsport Oost", "Utrecht", { street: "Oosterstraat", postcode: "3511AA" });
    await tx.updateTable("members").set({ principal_enterprise_id: associateEnterprise }).where("id", "=", associate).execute();
    await addUser({ email: DEMO_ACCOUNTS.associate, given_name: "Noor", family_name: "Nietlid", member_id: associate, manager_member: 1 });

    const professional = await addUser({ email: DEMO_ACCOUNTS.professional, given_name: "Piet", family_name: "Professional" });
    await tx
      .insertInto("registrants")
      .values({
        user_id: professional,
        id_fit_ned: 100001,
        pass_number: 5001,
        approved: 1,
        inactive: 0,
        hidden: 0,
        create_pass: 0,
        pass_created: null,
        teacher: 0,
        examiner: 0,
        gender: "m",
        date_of_birth: "1990-05-17",
        registered: now.slice(0, 10),
        phone: "0687654321",
        website: "",
        address_street: "Sportlaan",
        address_house_nr: "12",
        address_postal_code: "3512JK",
        address_town: "Utrecht",
        voucher: "",
        info_text: "",
        memo: "",
        image_file_id: null,
        accreditation_total: "",
        given_name: "Piet",
        family_name: "Professional",
        email: DEMO_ACCOUNTS.professional,
        full_name: "Piet Professional",
        created: now,
      })
      .execute();

    await addUser({ email: DEMO_ACCOUNTS.disabled, given_name: "Ingrid", family_name: "Inactief", enabled: 0, member_id: vaart });

    // A pending membership, so the admin screens have something to approve.
    const pending = await addMember("Fitclub Zuid", { approved: 0 });
    await addEnterprise(pending, "Fitclub Zuid", "Rotterdam", { approved: 0, street: "Zuidplein", postcode: "3083CX" });

    await seedDemoMembers(tx);
    await seedDemoAccounts(tx, now, hash);
    await seedDemoRegistrants(tx, now);
    await seedDemoEmployments(tx, now);
    await seedDemoCatalogues(tx);
    await seedDemoQualifications(tx, DEMO_ACCOUNTS.professional);
    await seedDemoOptions(tx, { complete: vaartMain, partial: vaartNoord });
    // Tab Keuring of De Vaart Centrum: passed on, so every tab of that establishment is filled in.
    await tx
      .insertInto("enterprise_inspections")
      .values({
        enterprise_id: vaartMain,
        dopingconvenant: 1,
        zonnebank_instructie: 1,
        zonnebank_richtlijnen: 1,
        avg_informatie: 1,
        avg_wijziging: 1,
        verzekering_wa: 1,
        verzekering_ziekte: 1,
        comment: "De RI&E wordt dit voorjaar opgesteld.",
        dirty: 0,
        modified: now,
      })
      .execute();
    // Tab Keuring of De Vaart Noord: saved in between, not yet passed on (the red notice and '!').
    await tx
      .insertInto("enterprise_inspections")
      .values({
        enterprise_id: vaartNoord,
        dopingconvenant: 1,
        avg_informatie: 1,
        verzekering_wa: 1,
        comment: "De zonnebank wordt dit jaar vervangen.",
        dirty: 1,
        modified: now,
      })
      .execute();
    // Their Logboek says so, as the saves would have: passed on, and saved in between.
    await tx
      .insertInto("enterprise_log")
      .values([
        { enterprise_id: vaartMain, form: "inspection", finalize: 1, user_id: lid, imitating: 0, content: "", created: "2026-03-12T09:15:00.000Z" },
        { enterprise_id: vaartNoord, form: "inspection", finalize: 0, user_id: lid, imitating: 0, content: "", created: "2026-03-12T09:40:00.000Z" },
      ])
      .execute();
    await seedDemoInfo(tx, { full: vaartMain, partial: vaartNoord, associate: associateEnterprise });
    await seedDemoLicenses(tx, { enterpriseId: vaartMain, userId: lid });
    await seedDemoDocuments(tx);
    await seedDemoAssetFiles(tx);
  });
}

/**
 * Seeds the content every installation needs (missing notification and static texts, so texts added
 * by a new version arrive in an existing database), and with `demo` the demo data into a database
 * without users.
 */
export async function seedIfEmpty({ demo }: { demo: boolean }): Promise<void> {
  const db = getDb();
  await seedContent(db);
  if (!demo) return;
  const anyUser = await db.selectFrom("users").select("id").limit(1).executeTakeFirst();
  if (!anyUser) {
    await seedDemo(db);
    console.log("Demodata toegevoegd (wachtwoord voor alle demo-accounts: demo-wachtwoord-2026).");
  }
}

/**
 * Tab Licenties of De Vaart Centrum: two finalized declarations that differ (an imported one of
 * 2025 and a later one by the manager), so the Logboek's Details show what changed; the stored
 * data is the later one.
 */
async function seedDemoLicenses(tx: Tx, { enterpriseId, userId }: { enterpriseId: number; userId: number }) {
  const none = { fitness: [], groepsles: [], horeca: [], wellness: [], zwembad: [], kinderopvang: [], behandel: [], overig: [] };
  const first = {
    sena: true,
    buma: true,
    videma: false,
    authorizationSena: true,
    authorizationBuma: false,
    authorizationVidema: false,
    tvSets: null,
    spaces: { ...none, fitness: [{ name: "Fitnesszaal", area: 400 }], groepsles: [{ name: "Studio 1", area: 120 }] },
    authorizationName: "De Vaart B.V.",
    authorizationIban: "NL91ABNA0417164300",
    authorizationBic: "",
  };
  const second = {
    ...first,
    videma: true,
    authorizationBuma: true,
    tvSets: 6,
    spaces: { ...none, fitness: [{ name: "Fitnesszaal", area: 450 }], groepsles: [{ name: "Studio 1", area: 120 }, { name: "Studio 2", area: 80 }], horeca: [{ name: "Kantine", area: 60 }] },
    authorizationBic: "ABNANL2A",
  };
  await tx
    .insertInto("enterprise_log")
    .values([
      { enterprise_id: enterpriseId, form: "licenses", finalize: 1, user_id: null, imitating: 0, content: JSON.stringify(first), created: "2025-01-10T09:00:00.000Z" },
      { enterprise_id: enterpriseId, form: "licenses", finalize: 1, user_id: userId, imitating: 0, content: JSON.stringify(second), created: "2026-02-03T14:30:00.000Z" },
    ])
    .execute();
  await tx
    .insertInto("enterprise_licenses")
    .values({
      enterprise_id: enterpriseId,
      sena: 1,
      buma: 1,
      videma: 1,
      authorization_sena: 1,
      authorization_buma: 1,
      authorization_videma: 0,
      tv_sets: second.tvSets,
      authorization_name: second.authorizationName,
      authorization_iban: second.authorizationIban,
      authorization_bic: second.authorizationBic,
      buma_sena_change_date: "2026-02-01",
      videma_change_date: "2026-02-01",
      spaces: JSON.stringify(second.spaces),
      modified: "2026-02-03T14:30:00.000Z",
    })
    .execute();
}
