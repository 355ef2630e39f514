import { describe, expect, it } from "vitest";
import { z } from "zod/mini";
import { parsableForm } from "./form-names";
import { parseWithZod } from "./parse-form";

const form = (fields: [string, string][]) => new URLSearchParams(fields);
const intent = (payload: unknown) => form([["__intent__", JSON.stringify({ type: "update", payload })]]);

describe("parsableForm", () => {
  it("takes the names and list actions of the portal's forms", () => {
    expect(parsableForm(form([["videoLinks[999]", "https://youtube.com/a"], ["campaignNldApplications[0].email", "a@b.nl"], ["qualifications[]", "3"]]))).toBe(true);
    expect(parsableForm(intent({ name: "videoLinks", index: 2, value: "x.y[12345]" }))).toBe(true);
    expect(parsableForm(form([["__state__", '{"validated":{"openHours.mo.from1":true}}']]))).toBe(true);
  });

  it("refuses a row past any list, a name deeper than any form's, and parser fields that are not JSON", () => {
    expect(parsableForm(form([["x[99999999]", "y"]]))).toBe(false);
    expect(parsableForm(form([["a.b.c.d.e.f.g.h.i", "y"]]))).toBe(false);
    expect(parsableForm(intent({ name: "videoLinks", index: 99999999 }))).toBe(false);
    expect(parsableForm(intent({ name: "videoLinks[99999999]" }))).toBe(false);
    expect(parsableForm(form([["__intent__", '{"type":"update","payload":{"name":"videoLinks\\u005b99999999]"}}']]))).toBe(false);
    expect(parsableForm(form([["__state__", '{"validated":{"x[5000]":true}}']]))).toBe(false);
    expect(parsableForm(form([["__intent__", "{geen json"]]))).toBe(false);
  });

  it("is asked by parseWithZod, which refuses such a post with 400 before parsing it", () => {
    const schema = z.object({ name: z.optional(z.string()) });
    expect(parseWithZod(form([["name", "De Vaart"]]), { schema }).status).toBe("success");
    expect(() => parseWithZod(form([["x[99999999]", "y"]]), { schema })).toThrow(expect.objectContaining({ init: { status: 400 }, data: "Het formulier kon niet worden gelezen." }));
  });
});
