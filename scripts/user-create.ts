/**
 * Creates an enabled account from the command line, e.g. the first super admin of a new installation:
 *   npm run user:create -- --email beheer@example.nl --password '…' --role super-admin [--given-name …] [--family-name …]
 */
import { parseArgs } from "node:util";
import { closeDb, getDb, nowIso } from "../app/lib/db.server";
import { hashPassword, isBreachedPassword } from "../app/lib/passwords.server";
import { isEmail, PASSWORD_MIN_LENGTH } from "../app/lib/validation";
import { migrateToLatest } from "../db/migrate";
import { seedContent } from "../db/seed";

const ROLES = ["super-admin", "admin", "user"] as const;
type Role = (typeof ROLES)[number];

export async function createUser(input: {
  email: string;
  password: string;
  role: Role;
  givenName?: string;
  familyName?: string;
}): Promise<number> {
  const email = input.email.trim().toLowerCase();
  if (!isEmail(email)) throw new Error("U dient een geldig e-mailadres in te voeren");
  if (input.password.length < PASSWORD_MIN_LENGTH) throw new Error(`U moet minimaal ${PASSWORD_MIN_LENGTH} tekens invoeren`);
  if (isBreachedPassword(input.password)) throw new Error("Dit wachtwoord komt voor in lijsten van uitgelekte wachtwoorden.");
  if (!ROLES.includes(input.role)) throw new Error(`Onbekende rol; kies uit ${ROLES.join(", ")}`);
  const db = getDb();
  const existing = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
  if (existing) throw new Error("Dit e-mailadres is al in gebruik.");
  const row = await db
    .insertInto("users")
    .values({
      email,
      username: null,
      given_name: input.givenName ?? "",
      name_preposition: "",
      family_name: input.familyName ?? "",
      phone_primary: "",
      image_file_id: null,
      password_hash: await hashPassword(input.password),
      enabled: 1,
      role: input.role,
      newsletter: 0,
      mfa_type: "",
      totp_secret: null,
      member_id: null,
      manager_member: 0,
      contact_member: 0,
      created: nowIso(),
      last_login: null,
      password_changed: nowIso(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      role: { type: "string", default: "user" },
      "given-name": { type: "string" },
      "family-name": { type: "string" },
    },
  });
  if (!values.email || !values.password) {
    console.error("Gebruik: npm run user:create -- --email ADRES --password WACHTWOORD --role super-admin|admin|user");
    process.exit(2);
  }
  await migrateToLatest();
  await seedContent(getDb());
  try {
    const id = await createUser({
      email: values.email,
      password: values.password,
      role: values.role as Role,
      givenName: values["given-name"],
      familyName: values["family-name"],
    });
    console.log(`Account ${values.email} aangemaakt (id ${id}, rol ${values.role}).`);
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  } finally {
    await closeDb();
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/.*\//, ""))) await main();
