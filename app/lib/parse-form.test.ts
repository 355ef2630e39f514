import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { parseWithZod } from "./parse-form";
import { checkbox, email, optionalText, requiredText } from "./validation";

function post(entries: [string, string | File][]): FormData {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

const schema = z.object({
  name: requiredText(),
  note: optionalText(),
  agree: checkbox(),
  address: z.object({ email: email(), town: optionalText() }),
  extra: z.optional(z.object({ town: optionalText() })),
  tags: z.array(z.string()),
  people: z.array(z.object({ email: email(), note: optionalText() })),
  upload: z.optional(z.file()),
});

describe("parseWithZod on zod/mini schemas", () => {
  it("reads empty fields as not given, a group that posted nothing as empty, a missing list as empty", () => {
    const submission = parseWithZod(post([["name", " Jan "], ["note", ""], ["upload", new File([], "")]]), { schema });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toEqual({ name: "Jan", agree: false, address: {}, tags: [], people: [] });
  });

  it("makes a list of a single value and keeps the place of a list item that posted nothing", () => {
    const submission = parseWithZod(
      post([["name", "Jan"], ["tags", "a"], ["people[1].email", "b@voorbeeld.nl"]]),
      { schema },
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.tags).toEqual(["a"]);
    expect(submission.value.people).toEqual([{}, { email: "b@voorbeeld.nl" }]);
  });

  it("puts each message on the field's name as Conform writes it, and keeps what was typed", () => {
    const submission = parseWithZod(
      post([["name", ""], ["address.email", "geen-adres"], ["people[0].email", "x"], ["people[0].note", "y"]]),
      { schema },
    );
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toEqual({
      name: ["Dit is een verplicht veld"],
      "address.email": ["U dient een geldig e-mailadres in te voeren"],
      "people[0].email": ["U dient een geldig e-mailadres in te voeren"],
    });
    expect(submission.reply().initialValue).toMatchObject({ address: { email: "geen-adres" }, people: [{ email: "x", note: "y" }] });
  });

  it("keeps a file that was chosen", () => {
    const file = new File(["%PDF"], "uittreksel.pdf", { type: "application/pdf" });
    const submission = parseWithZod(post([["name", "Jan"], ["upload", file]]), { schema });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value.upload?.name).toBe("uittreksel.pdf");
  });

  it("takes a forged field name that reaches for an object's prototype for nothing: no object changes, no value is added", () => {
    const forged = ["__proto__", "__proto__.polluted", "constructor", "constructor.prototype.polluted", "address.__proto__.polluted", "address[__proto__][polluted]", "people[0].constructor.prototype.polluted", "hasOwnProperty", "toString"];
    for (const name of forged) {
      const valid = parseWithZod(post([["name", "Jan"], ["address.town", "Zwolle"], [name, "ja"]]), { schema });
      expect(valid.status, name).toBe("success");
      if (valid.status === "success") expect(valid.value, name).toEqual({ name: "Jan", agree: false, address: { town: "Zwolle" }, tags: [], people: [] });
      const invalid = parseWithZod(post([["name", ""], ["address.town", "Zwolle"], [name, "ja"]]), { schema });
      expect(invalid.reply().error, name).toEqual({ name: ["Dit is een verplicht veld"] });
      expect(Object.getPrototypeOf(invalid.payload), name).toBe(Object.prototype);
      expect(Object.getPrototypeOf(invalid.reply().initialValue ?? {}), name).toBe(Object.prototype);
      expect(invalid.reply().initialValue?.address, name).toEqual({ town: "Zwolle" });
    }
    expect(Object.prototype).not.toHaveProperty("polluted");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
