import { useForm, type SubmissionResult } from "@conform-to/react";
import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CheckboxField, Field, SelectField, type AnyMeta } from "./Field";
import { TextareaField } from "./TextareaField";

// The fields as the server draws them (the page without JavaScript). Conform's prop helpers and
// field metadata are patched for speed (patches/@conform-to+*.patch); these pin what they give.
type Values = { [name: string]: string | Values | Values[] };

function render(values: Values, draw: (fields: Record<string, AnyMeta>) => ReactNode, lastResult?: SubmissionResult<string[]>, required: string[] = []) {
  function Harness() {
    const [form, fields] = useForm<Values, Values, string[]>({
      id: "f",
      defaultValue: values,
      lastResult,
      constraint: Object.fromEntries(required.map((name) => [name, { required: true }])),
    });
    return createElement("form", { id: form.id }, draw(fields as unknown as Record<string, AnyMeta>));
  }
  return renderToString(createElement(Harness));
}

/** The attributes of the element with `id`, by name. */
function attributesOf(html: string, id: string): Record<string, string> {
  const tag = html.match(new RegExp(`<[a-z]+ id="${id.replace(/[[\].]/g, "\\$&")}"[^>]*>`))?.[0];
  if (!tag) throw new Error(`no element ${id}`);
  return Object.fromEntries([...tag.matchAll(/ ([a-zA-Z-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

const failed = (initialValue: Values, error: Record<string, string[]>): SubmissionResult<string[]> => ({ status: "error", initialValue: initialValue as never, error });

describe("Field", () => {
  it("draws the label and the input with its value, linked by id, without the browser's required attribute", () => {
    const html = render({ name: "Jan" }, (f) => createElement(Field, { meta: f.name, label: "Naam", autoComplete: "name" }), undefined, ["name"]);
    expect(html).toContain('<label for="f-name">Naam<span class="field__required" aria-hidden="true"> *</span></label>');
    expect(attributesOf(html, "f-name")).toEqual({ id: "f-name", form: "f", type: "text", autoComplete: "name", name: "name", value: "Jan", "aria-required": "true" });
  });

  it("marks an error: aria-invalid, described by the error (after the hint), the message beside the field", () => {
    const html = render(
      { email: "x" },
      (f) => createElement(Field, { meta: f.email, label: "E-mailadres", type: "email", hint: "Voor de inlogcode.", required: true }),
      failed({ email: "x" }, { email: ["Vul een geldig e-mailadres in."] }),
    );
    expect(html).toContain('<div class="field field--invalid">');
    expect(attributesOf(html, "f-email")).toEqual({
      id: "f-email",
      form: "f",
      type: "email",
      name: "email",
      value: "x",
      "aria-invalid": "true",
      "aria-describedby": "f-email-hint f-email-error",
      "aria-required": "true",
    });
    expect(html).toContain('<p class="field__hint" id="f-email-hint">Voor de inlogcode.</p>');
    expect(html).toContain('<p class="field__error" id="f-email-error">Vul een geldig e-mailadres in.</p>');
  });

  it("names nested fields by their path, and draws an empty value as no value", () => {
    const html = render({ address: { town: "Zwolle" }, rows: [{ name: "a" }, { name: "" }] }, (f) => {
      const address = (f.address as unknown as { getFieldset: () => Record<string, AnyMeta> }).getFieldset();
      const rows = (f.rows as unknown as { getFieldList: () => { getFieldset: () => Record<string, AnyMeta> }[] }).getFieldList();
      return [
        createElement(Field, { key: "town", meta: address.town, label: "Plaats" }),
        ...rows.map((row, i) => createElement(Field, { key: i, meta: row.getFieldset().name, label: `Naam ${i + 1}` })),
      ];
    });
    expect(attributesOf(html, "f-address.town")).toEqual({ id: "f-address.town", form: "f", type: "text", name: "address.town", value: "Zwolle" });
    expect(attributesOf(html, "f-rows[0].name")).toEqual({ id: "f-rows[0].name", form: "f", type: "text", name: "rows[0].name", value: "a" });
    expect(attributesOf(html, "f-rows[1].name")).toEqual({ id: "f-rows[1].name", form: "f", type: "text", name: "rows[1].name" });
  });
});

describe("SelectField, CheckboxField and TextareaField", () => {
  it("select the stored choice, tick a box posted as 'on', fill a multi-line text", () => {
    const html = render({ gender: "v", newsletter: "on", memo: "Eerste regel\nTweede" }, (f) => [
      createElement(SelectField, {
        key: "g",
        meta: f.gender,
        label: "Geslacht",
        options: [
          { value: "m", label: "Man" },
          { value: "v", label: "Vrouw" },
        ],
      }),
      createElement(CheckboxField, { key: "n", meta: f.newsletter, label: "Nieuwsbrief" }),
      createElement(TextareaField, { key: "m", meta: f.memo, label: "Memo" }),
    ]);
    expect(attributesOf(html, "f-gender")).toEqual({ id: "f-gender", form: "f", name: "gender" });
    expect(html).toMatch(/<option value="">Maak een keuze<\/option><option value="m">Man<\/option><option value="v" selected="">Vrouw<\/option><\/select>/);
    expect(attributesOf(html, "f-newsletter")).toEqual({ id: "f-newsletter", form: "f", type: "checkbox", name: "newsletter", value: "on", checked: "" });
    expect(attributesOf(html, "f-memo")).toEqual({ id: "f-memo", form: "f", name: "memo", rows: "4" });
    expect(html).toContain(">Eerste regel\nTweede</textarea>");
  });

  it("leave a box unticked and a select without a choice when nothing is stored; an error marks the select", () => {
    const html = render(
      {},
      (f) => [
        createElement(CheckboxField, { key: "n", meta: f.newsletter, label: "Nieuwsbrief" }),
        createElement(SelectField, { key: "g", meta: f.gender, label: "Geslacht", options: [{ value: "m", label: "Man" }], required: true }),
      ],
      failed({}, { gender: ["Maak een keuze."] }),
    );
    expect(attributesOf(html, "f-newsletter")).toEqual({ id: "f-newsletter", form: "f", type: "checkbox", name: "newsletter", value: "on" });
    expect(attributesOf(html, "f-gender")).toEqual({
      id: "f-gender",
      form: "f",
      name: "gender",
      "aria-invalid": "true",
      "aria-describedby": "f-gender-error",
      "aria-required": "true",
    });
    expect(html).not.toContain("selected");
    expect(html).toContain('<p class="field__error" id="f-gender-error">Maak een keuze.</p>');
  });
});
