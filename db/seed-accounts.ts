import type { Kysely } from "kysely";
import type { Database } from "./types";
import { slug } from "./seed-members";

/**
 * Demo accounts besides the personas (part 2 §2.3): for six demo memberships one account in each
 * role combination (membership manager LB, membership contact LC, establishment manager VB,
 * establishment contact VC, LB with VB, LC with VC, none), every third one not yet activated,
 * so the account list shows its badges, states and pages.
 */
const MEMBERSHIPS = [
  "Sportschool Kracht & Conditie",
  "Health Club Amstelveen",
  "Sportcomplex Westerpark",
  "Crossfit Maasstad",
  "Fysio & Fit Leiden",
  "Fit4All Tilburg",
];

interface Roles {
  manager?: boolean;
  contact?: boolean;
  managesEnterprise?: boolean;
  contactOfEnterprise?: boolean;
}

const COMBINATIONS: Roles[] = [
  { manager: true },
  { contact: true },
  { managesEnterprise: true },
  { contactOfEnterprise: true },
  { manager: true, managesEnterprise: true },
  { contact: true, contactOfEnterprise: true },
  {},
];

const GIVEN = ["Lotte", "Ruben", "Femke", "Thijs", "Iris", "Joris", "Mila", "Bas", "Roos", "Gijs", "Evi", "Koen", "Sanne", "Milan"];
const FAMILY: [string, string][] = [
  ["", "Verhoeven"],
  ["van", "Leeuwen"],
  ["", "Mulder"],
  ["de", "Graaf"],
  ["", "Hoekstra"],
  ["van der", "Linden"],
  ["", "Koster"],
  ["", "Prins"],
  ["de", "Wit"],
  ["", "Huisman"],
  ["van", "Dam"],
];

export async function seedDemoAccounts(db: Kysely<Database>, now: string, passwordHash: string): Promise<void> {
  let n = 0;
  for (const name of MEMBERSHIPS) {
    const member = await db.selectFrom("members").select("id").where("name", "=", name).executeTakeFirstOrThrow();
    const enterprise = await db.selectFrom("enterprises").select("id").where("member_id", "=", member.id).orderBy("id").executeTakeFirstOrThrow();
    for (const roles of COMBINATIONS) {
      const given = GIVEN[n % GIVEN.length];
      const [preposition, family] = FAMILY[(n * 3) % FAMILY.length];
      n += 1;
      const user = await db
        .insertInto("users")
        .values({
          email: `${slug(`${given} ${preposition} ${family}`)}.${n}@voorbeeld.nl`,
          username: null,
          given_name: given,
          name_preposition: preposition,
          family_name: family,
          phone_primary: "",
          image_file_id: null,
          // Not yet activated: no password yet, as an account added without its activation.
          password_hash: n % 3 === 0 ? null : passwordHash,
          enabled: n % 3 === 0 ? 0 : 1,
          role: "user",
          newsletter: n % 2,
          mfa_type: "",
          totp_secret: null,
          member_id: member.id,
          manager_member: roles.manager ? 1 : 0,
          contact_member: roles.contact ? 1 : 0,
          created: now,
          last_login: null,
          password_changed: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (roles.managesEnterprise) await db.insertInto("enterprise_managers").values({ enterprise_id: enterprise.id, user_id: user.id }).execute();
      if (roles.contactOfEnterprise) await db.insertInto("enterprise_contacts").values({ enterprise_id: enterprise.id, user_id: user.id }).execute();
    }
  }
}
