// @vitest-environment happy-dom
import { getFormProps, useForm, type FieldMetadata } from "@conform-to/react";
import { act, createElement } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod/mini";
import { parseWithZod } from "../lib/parse-form";

// A form in the browser: its errors must show after a submit however React spread the drawing of
// the form over time. Conform re-renders a form only for what its last render read (patched in
// patches/@conform-to+react+1.21.1.patch); a field drawn after the user typed read a newer state than
// the form's own, which the library left out, so a submit's errors went unshown on a slow machine.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const schema = z.object({ name: z.string({ error: "Dit is een verplicht veld" }), town: z.optional(z.string()) });

/** What happens while React draws the next field: the user types, as a slow machine lets them. */
let meanwhile: (() => void) | null = null;

function TextField({ meta }: { meta: FieldMetadata<string | undefined> }) {
  meanwhile?.();
  meanwhile = null;
  const errors = meta.errors;
  return createElement(
    "p",
    null,
    createElement("input", { id: meta.id, name: meta.name, "aria-invalid": errors ? true : undefined }),
    errors ? createElement("span", { id: meta.errorId }, errors.join(" ")) : null,
  );
}

function TestForm(_: { round: number }) {
  const [form, fields] = useForm({
    id: "test",
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return createElement(
    "form",
    { method: "post", ...getFormProps(form) },
    createElement(TextField, { meta: fields.town }),
    createElement(TextField, { meta: fields.name }),
    createElement("button", { type: "submit" }, "Opslaan"),
  );
}

let root: Root | null = null;
let host: HTMLElement | null = null;
afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  root = null;
});

function typeInto(input: HTMLInputElement, text: string) {
  input.value = text;
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

function submit(form: HTMLFormElement) {
  const button = form.querySelector("button")!;
  act(() => {
    form.dispatchEvent(new SubmitEvent("submit", { bubbles: true, cancelable: true, submitter: button }));
  });
}

describe("a form's errors after a submit", () => {
  it("show when the user typed while React drew the form again, between the form and its fields", () => {
    host = document.body.appendChild(document.createElement("div"));
    root = createRoot(host);
    act(() => root!.render(createElement(TestForm, { round: 1 })));
    const form = host.querySelector("form")!;
    const town = host.querySelector<HTMLInputElement>("#test-town")!;
    const name = host.querySelector<HTMLInputElement>("#test-name")!;

    // The form is drawn again for a reason of its own (the router's, say), and between the form
    // and its name field the user types a town.
    meanwhile = () => typeInto(town, "Zwolle");
    act(() => root!.render(createElement(TestForm, { round: 2 })));
    expect(meanwhile).toBeNull();

    submit(form);
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(host.querySelector("#test-name-error")?.textContent).toBe("Dit is een verplicht veld");
  });
});
