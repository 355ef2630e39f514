import type { Kysely } from "kysely";
import { fullName } from "../app/lib/format";
import type { Database } from "./types";

/**
 * The demo register of professionals (part 2 §2.2): some sixty, in every state the register's
 * filters tell apart: approved or pending (a pending one with an active account is a new
 * registration), active or inactive, visible or hidden, with an active, an inactive or no account,
 * and some flagged 'Pas maken'. Their accounts were never activated, so none of them can sign in.
 */
const GIVEN = ["Anna", "Bram", "Chantal", "Dennis", "Esra", "Finn", "Gwen", "Hamza", "Iris", "Joost", "Kim", "Lars", "Mila", "Niels", "Olga", "Pim", "Roos", "Sem", "Tara", "Vince"];
const PREPOSITIONS = ["", "", "van", "de", "", "van der", "", "ter"];
const FAMILY = ["Jansen", "Bakker", "Visser", "Smit", "Meijer", "Bos", "Mulder", "Vos", "Peters", "Hendriks", "Dekker", "Brouwer", "Kok", "Jacobs", "Vermeulen", "Willems"];
const TOWNS = ["Amsterdam", "Utrecht", "Zwolle", "Groningen", "Eindhoven", "Haarlem", "Leiden", "Arnhem", "Breda", "Deventer"];
const STREETS = ["Kerkstraat", "Dorpsweg", "Stationsplein", "Molenlaan", "Parkweg", "Schoolstraat"];
const COUNT = 60;
/** The first ID and registration numbers of the demo professionals (the signed-in demo professional has 100001 and 5001). */
const FIRST_ID = 100_101;
const FIRST_PASS = 5_101;

export async function seedDemoRegistrants(db: Kysely<Database>, now: string): Promise<void> {
  const base = Date.parse(now);
  for (let i = 0; i < COUNT; i++) {
    const name = { givenName: GIVEN[i % GIVEN.length], namePreposition: PREPOSITIONS[i % PREPOSITIONS.length], familyName: FAMILY[(i * 7) % FAMILY.length] };
    const email = `${fullName(name).toLowerCase().replace(/[^a-z]+/g, ".")}.${i + 1}@voorbeeld.nl`;
    // Every fifth is a registration still to approve, the rest are approved; of those some are
    // inactive or hidden. Two in three have an account, of which one in four is switched off.
    const pending = i % 5 === 4;
    const inactive = !pending && i % 7 === 3;
    const hidden = !pending && !inactive && i % 6 === 2;
    const account: "active" | "inactive" | "none" = i % 3 === 2 ? "none" : i % 8 === 1 ? "inactive" : "active";
    const created = new Date(base - (COUNT - i) * 36 * 60 * 60 * 1000).toISOString();

    let userId: number | null = null;
    if (account !== "none") {
      const user = await db
        .insertInto("users")
        .values({
          email,
          username: null,
          given_name: name.givenName,
          name_preposition: name.namePreposition,
          family_name: name.familyName,
          password_hash: null,
          enabled: account === "active" ? 1 : 0,
          created,
          last_login: null,
          password_changed: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      userId = user.id;
    }
    const year = 1965 + ((i * 13) % 38);
    const month = String(1 + ((i * 5) % 12)).padStart(2, "0");
    const day = String(1 + ((i * 11) % 28)).padStart(2, "0");
    await db
      .insertInto("registrants")
      .values({
        user_id: userId,
        id_fit_ned: pending ? null : FIRST_ID + i,
        pass_number: pending ? null : FIRST_PASS + i,
        approved: pending ? 0 : 1,
        inactive: pending || inactive ? 1 : 0,
        hidden: pending || hidden ? 1 : 0,
        create_pass: !pending && i % 4 === 0 ? 1 : 0,
        pass_created: null,
        teacher: i % 9 === 0 ? 1 : 0,
        examiner: i % 11 === 0 ? 1 : 0,
        gender: ["m", "f", "o"][i % 3],
        date_of_birth: `${year}-${month}-${day}`,
        registered: created.slice(0, 10),
        phone: `06${String(20_000_000 + i * 7919).slice(0, 8)}`,
        address_street: STREETS[i % STREETS.length],
        address_house_nr: String(1 + ((i * 3) % 120)),
        address_postal_code: `${1000 + ((i * 97) % 8900)}${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + ((i * 3) % 26))}`,
        address_town: TOWNS[i % TOWNS.length],
        given_name: name.givenName,
        name_preposition: name.namePreposition,
        family_name: name.familyName,
        email,
        full_name: fullName(name),
        created,
      })
      .execute();
  }
}

/**
 * The demo professionals' diplomas and specialisations (after the catalogues): most approved ones
 * hold one to three diplomas and answered every specialisation; every third left some empty, as
 * did the signed-in demo professional (its tab Specialisaties shows the red '!').
 */
export async function seedDemoQualifications(db: Kysely<Database>, demoProfessional: string): Promise<void> {
  const qualifications = await db.selectFrom("qualifications").select("id").orderBy("sequence").orderBy("id").execute();
  const specialisations = await db.selectFrom("specialisations").select("id").orderBy("sequence").orderBy("id").execute();
  const registrants = await db
    .selectFrom("registrants as r")
    .leftJoin("users as u", "u.id", "r.user_id")
    .select(["r.id", "u.email"])
    .where("r.approved", "=", 1)
    .orderBy("r.id")
    .execute();
  for (const [i, r] of registrants.entries()) {
    const own = r.email === demoProfessional;
    const held = own ? [0, 2] : [i % qualifications.length, ...(i % 3 === 0 ? [(i + 1) % qualifications.length] : []), ...(i % 5 === 0 ? [(i + 2) % qualifications.length] : [])];
    const ids = [...new Set(held.filter((k) => k < qualifications.length).map((k) => qualifications[k].id))];
    if (ids.length) await db.insertInto("registrant_qualifications").values(ids.map((id) => ({ registrant_id: r.id, qualification_id: id }))).execute();
    // The demo professional and every third leave the last specialisation empty.
    const answered = own || i % 3 === 1 ? specialisations.slice(0, -1) : specialisations;
    if (answered.length) {
      await db
        .insertInto("registrant_specialisations")
        .values(answered.map((s, k) => ({ registrant_id: r.id, entry_id: s.id, value: (i + k) % 3 === 0 ? 0 : 1 })))
        .execute();
    }
  }
}
