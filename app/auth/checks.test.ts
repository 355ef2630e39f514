import { parseWithZod } from "../lib/parse-form";
import { describe, expect, it } from "vitest";
import type * as z from "zod/mini";
import { checkForm, type FormChecks } from "../lib/form-checks";
import {
  codeChecks,
  confirmAccountChecks,
  loginChecks,
  mfaSetupChecks,
  newPasswordChecks,
  resetRequestChecks,
} from "./checks";
import {
  codeSchema,
  confirmAccountSchema,
  loginSchema,
  mfaSetupSchema,
  newPasswordSchema,
  resetRequestSchema,
} from "./schemas";

// What people type into each kind of field; undefined: the field is not posted at all.
const texts = [undefined, "", "   ", "Jan", "  Jan  "];
const emails = [undefined, "", "  ", "jan@voorbeeld.nl", " jan@voorbeeld.nl ", "jan@voorbeeld", "jan@@voorbeeld.nl"];
const passwords = [undefined, "", "   ", "kort", " kort  ", "  kort12  ", "12345678", "lang genoeg wachtwoord"];

/** Every combination of the values per field, as posted forms. */
function posts(values: Record<string, (string | undefined)[]>): FormData[] {
  let combos: Record<string, string | undefined>[] = [{}];
  for (const [name, options] of Object.entries(values)) {
    combos = combos.flatMap((combo) => options.map((option) => ({ ...combo, [name]: option })));
  }
  return combos.map((combo) => {
    const form = new FormData();
    form.append("intent", "posted-by-the-form");
    for (const [name, value] of Object.entries(combo)) if (value !== undefined) form.append(name, value);
    return form;
  });
}

/** The same post with conform's 'validate this field' intent (revalidation while typing). */
function validating(form: FormData, name: string): FormData {
  const copy = new FormData();
  for (const [key, value] of form) copy.append(key, value);
  copy.append("__intent__", JSON.stringify({ type: "validate", payload: { name } }));
  return copy;
}

function expectSameAnswers(checks: FormChecks, schema: z.ZodMiniType, forms: FormData[]) {
  // Each post as submitted, and as revalidated while typing in one of its fields (in turn).
  const names = Object.keys(checks.fields);
  for (const form of [...forms, ...forms.map((f, i) => validating(f, names[i % names.length]))]) {
    const checked = checkForm(form, checks);
    const parsed = parseWithZod(form, { schema });
    const post = JSON.stringify([...form]);
    expect(checked.status, post).toBe(parsed.status);
    expect(checked.reply(), post).toEqual(parsed.reply());
    if (parsed.status === "success" && checked.status === "success") expect(checked.value, post).toEqual(parsed.value);
  }
}

describe("the public forms' checks in the browser answer as their schemas on the server", () => {
  it("sign-in", () => {
    expectSameAnswers(loginChecks, loginSchema, posts({ email: emails, password: passwords, next: [undefined, " /mijn-gegevens "] }));
  });

  it("second-factor code", () => {
    expectSameAnswers(codeChecks, codeSchema, posts({ code: [...texts, "123456", " 123456 "] }));
  });

  it("choice of a second factor (the radio group's own values)", () => {
    expectSameAnswers(mfaSetupChecks, mfaSetupSchema, posts({ mfaType: [undefined, "", "email", "app"] }));
  });

  it("password reset request", () => {
    expectSameAnswers(resetRequestChecks, resetRequestSchema, posts({ email: emails }));
  });

  it("new password and its repeat", () => {
    expectSameAnswers(newPasswordChecks, newPasswordSchema, posts({ password: passwords, repeatPassword: passwords }));
  });

  it("account activation", () => {
    expectSameAnswers(
      confirmAccountChecks,
      confirmAccountSchema,
      posts({
        givenName: [undefined, " Jan "],
        namePreposition: [undefined, " van der "],
        familyName: ["  ", "Jansen"],
        password: passwords,
        repeatPassword: [undefined, "kort", "12345678"],
      }),
    );
  });
});
