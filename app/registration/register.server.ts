// What the two public registrations create (part 2 §2.1, §4.7): each in one transaction with the
// activation mail, so a failing write leaves no account without its professional or membership,
// and no mail about an account that was not made.
import { data, redirect, type AppLoadContext } from "react-router";
import type { $ZodType, output } from "zod/v4/core";
import { requireAnonymous } from "../auth/account.server";
import { getText } from "../content/texts.server";
import { linkOrigin, sendActivationMail } from "../auth/password.server";
import { readFields } from "../lib/form-body.server";
import { parseWithZod } from "../lib/parse-form";
import { getDb, isUniqueViolation, nowIso, type Tx } from "../lib/db.server";
import { formatEuro, fullName } from "../lib/format";
import { securityLog } from "../lib/log.server";
import { EMAIL_CONFLICT, emailTaken } from "../lib/users.server";
import { filledHoneypot, reservePublicPost, TOO_MANY_MESSAGE } from "./public-form.server";
import type { AssociateRegistration, RegistrantRegistration } from "./schemas";

/** The one-time fee of a professional who is no member's employee and has no voucher (part 2 §9). */
const REGISTRANT_FEE_EUROS = 30;
export const REGISTRANT_FEE_TEXT = `Registratie in het FITNED.NL-register is gratis voor medewerkers van leden van de vereniging en met een vouchercode. Anders betaalt u eenmalig ${formatEuro(REGISTRANT_FEE_EUROS)}.`;

export type RegistrationOutcome = { ok: true } | { ok: false; fieldErrors: Record<string, string[]> };

/** A new account: not enabled and without a password until its owner follows the activation link. */
async function insertAccount(
  tx: Tx,
  person: { email: string; givenName: string; namePreposition?: string; familyName: string; phone?: string; newsletter: boolean },
  membership: { memberId: number; manager: boolean } | null,
): Promise<number> {
  const row = await tx
    .insertInto("users")
    .values({
      email: person.email.toLowerCase(),
      given_name: person.givenName,
      name_preposition: person.namePreposition ?? "",
      family_name: person.familyName,
      phone_primary: person.phone ?? "",
      newsletter: person.newsletter ? 1 : 0,
      enabled: 0,
      password_hash: null,
      role: "user",
      member_id: membership?.memberId ?? null,
      manager_member: membership?.manager ? 1 : 0,
      created: nowIso(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Runs a registration's writes with the e-mail address checked first (and again by the unique
 * index, for two registrations of one address at once); an address in use is the spec's conflict
 * on the form's e-mail field, and says nothing more about that account.
 */
async function register(
  form: string,
  email: string,
  emailField: string,
  write: (tx: Tx) => Promise<number>,
): Promise<RegistrationOutcome> {
  const conflict: RegistrationOutcome = { ok: false, fieldErrors: { [emailField]: [EMAIL_CONFLICT] } };
  try {
    const userId = await getDb()
      .transaction()
      .execute(async (tx) => {
        if (await emailTaken(tx, email.toLowerCase())) return null;
        const id = await write(tx);
        await sendActivationMail(id, linkOrigin(), tx);
        return id;
      });
    if (userId === null) return conflict;
    securityLog("registered", { outcome: "success", account: userId, form });
    return { ok: true };
  } catch (error) {
    if (isUniqueViolation(error)) return conflict;
    throw error;
  }
}

/**
 * A professional's registration: an account and an unapproved professional linked to it, which
 * appears among the new registrations once the account is activated.
 */
export function registerRegistrant(v: RegistrantRegistration): Promise<RegistrationOutcome> {
  return register("registrant", v.email, "email", async (tx) => {
    const userId = await insertAccount(tx, { ...v, newsletter: v.newsletter }, null);
    const names = { givenName: v.givenName, namePreposition: v.namePreposition ?? "", familyName: v.familyName };
    await tx
      .insertInto("registrants")
      .values({
        user_id: userId,
        approved: 0,
        inactive: 0,
        hidden: 0,
        gender: v.gender ?? "",
        date_of_birth: v.dateOfBirth ?? null,
        phone: v.phone,
        address_street: v.addressStreet,
        address_house_nr: v.addressHouseNr,
        address_postal_code: v.addressPostalCode,
        address_town: v.addressTown,
        voucher: v.voucher ?? "",
        given_name: names.givenName,
        name_preposition: names.namePreposition,
        family_name: names.familyName,
        email: v.email.toLowerCase(),
        full_name: fullName(names),
        created: nowIso(),
      })
      .execute();
    return userId;
  });
}

/**
 * A non-member's trial membership: an unapproved associate membership with one unapproved
 * establishment (its principal one) and the account that manages both. The membership appears
 * among the new memberships; once approved, its establishment among the new establishments.
 */
export function registerAssociate(v: AssociateRegistration): Promise<RegistrationOutcome> {
  return register("associate", v.userEmail, "userEmail", async (tx) => {
    const now = nowIso();
    const member = await tx
      .insertInto("members")
      .values({
        name: v.memberName,
        associate: 1,
        interest_membership: v.interestMembership ? 1 : 0,
        approved: 0,
        inactive: 0,
        hidden: 0,
        principal_enterprise_id: null,
        created: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const enterprise = await tx
      .insertInto("enterprises")
      .values({
        member_id: member.id,
        name: v.enterpriseName,
        address_street: v.enterpriseAddressStreet,
        address_house_nr: v.enterpriseAddressHouseNr,
        address_postal_code: v.enterpriseAddressPostalCode,
        address_town: v.enterpriseAddressTown,
        approved: 0,
        inactive: 0,
        hidden: 0,
        created: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await tx.updateTable("members").set({ principal_enterprise_id: enterprise.id }).where("id", "=", member.id).execute();
    const userId = await insertAccount(
      tx,
      {
        email: v.userEmail,
        givenName: v.userGivenName,
        namePreposition: v.userNamePreposition,
        familyName: v.userFamilyName,
        newsletter: v.newsletter,
      },
      { memberId: member.id, manager: true },
    );
    await tx.insertInto("enterprise_managers").values({ enterprise_id: enterprise.id, user_id: userId }).execute();
    return userId;
  });
}

/** The query a registration page is sent to after a post: it then thanks the visitor. */
export const DONE_PARAM = "verzonden";

/**
 * The action of a public registration form, for visitors only: a post that filled the honeypot is
 * answered like a success and writes nothing; an invalid one comes back with what was typed; a
 * valid one counts against the address's limit, then `save` writes it. Success goes to the
 * thank-you (POST/redirect/GET, so a reload does not register twice).
 */
export async function registrationAction<Schema extends $ZodType>(
  request: Request,
  context: AppLoadContext,
  form: { name: string; schema: Schema; save: (value: output<Schema>) => Promise<RegistrationOutcome> },
) {
  await requireAnonymous(request);
  const done = `${new URL(request.url).pathname}?${DONE_PARAM}`;
  const fields = await readFields(request);
  if (filledHoneypot(fields, form.name)) return redirect(done);
  const submission = parseWithZod(fields, { schema: form.schema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  if (!(await reservePublicPost(context))) {
    return data({ result: submission.reply({ formErrors: [TOO_MANY_MESSAGE] }) }, { status: 429 });
  }
  const outcome = await form.save(submission.value);
  if (!outcome.ok) return data({ result: submission.reply({ fieldErrors: outcome.fieldErrors }) }, { status: 409 });
  return redirect(done);
}

/**
 * A registration page's loader, for visitors only: whether it thanks for a registration just sent,
 * and the static text (Beheer > Teksten) it shows above the form or as its thanks.
 */
export async function registrationLoader(request: Request, texts: { form: string; done: string }) {
  await requireAnonymous(request);
  const done = new URL(request.url).searchParams.has(DONE_PARAM);
  return { done, text: await getText(done ? texts.done : texts.form) };
}
