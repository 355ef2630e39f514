// Shared by the tests that hold a form's browser checks (form-checks.ts) to its zod schema.
import { expect } from "vitest";
import type * as z from "zod/mini";
import { checkForm, type FormChecks } from "./form-checks";
import { parseWithZod } from "./parse-form";

// What people type into each kind of field; undefined: the field is not posted at all.
export const texts = [undefined, "", "   ", "Jan", "  Jan  "];
export const emails = [undefined, "", "  ", "jan@voorbeeld.nl", " jan@voorbeeld.nl ", "jan@voorbeeld", "jan@@voorbeeld.nl"];
export const passwords = [undefined, "", "   ", "kort", " kort  ", "  kort12  ", "12345678", "lang genoeg wachtwoord"];

/** Every combination of the values per field, as posted forms. */
export function posts(values: Record<string, (string | undefined)[]>): FormData[] {
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

export function expectSameAnswers(checks: FormChecks, schema: z.ZodMiniType, forms: FormData[]) {
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

/** `base` (a valid post) and, for each field in turn, the post with that field as each of its `variants`. */
export function oneAtATime(base: Record<string, string>, variants: Record<string, (string | undefined)[]>): FormData[] {
  const combos: Record<string, string | undefined>[] = [base];
  for (const [name, options] of Object.entries(variants)) for (const option of options) combos.push({ ...base, [name]: option });
  return combos.map((combo) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(combo)) if (value !== undefined) form.append(name, value);
    return form;
  });
}
