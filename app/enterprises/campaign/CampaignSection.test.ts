import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "../../lib/parse-form";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { campaignShape, EMPTY_SLOT_VALUES, refineCampaign, type CampaignFormValues } from "./campaign";
import { CampaignSection, campaignLabels } from "./CampaignSection";
import type { CampaignData } from "./campaign.server";

// The section as the server renders it (the page without JavaScript), inside a form of its own.
const schema = z.object(campaignShape).check(z.superRefine((value, ctx) => refineCampaign(value, ctx, [false, false])));

function render(values: CampaignFormValues, campaign: Pick<CampaignData, "readOnlySlots" | "submittedSlots">, lastResult?: SubmissionResult<string[]>) {
  // The error summary's entries: the labelled fields that have errors, in the labels' order.
  let summary: { label: string; errors?: string[] }[] = [];
  function Harness() {
    const [form, fields] = useForm({
      id: "enterprise",
      defaultValue: values,
      lastResult,
      onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    });
    summary = Object.entries(campaignLabels(fields, campaign.readOnlySlots)).map(([name, label]) => ({ label, errors: form.allErrors[name] }));
    return createElement("form", { id: form.id }, createElement(CampaignSection, { form, fields, campaign }));
  }
  return { html: renderToString(createElement(Harness)), summary: () => summary };
}

const open = { readOnlySlots: [false, false], submittedSlots: [null, null] };
const emptyValues: CampaignFormValues = {
  campaignNldInfo: { email: "", firstName: "", lastNamePrefix: "", lastName: "" },
  campaignNldApplications: [{ ...EMPTY_SLOT_VALUES }, { ...EMPTY_SLOT_VALUES }],
};

const selectOf = (html: string, name: string) => {
  const match = html.match(new RegExp(`<select[^>]*name="${name.replace(/[[\].]/g, "\\$&")}"[^>]*>([\\s\\S]*?)</select>`));
  if (!match) throw new Error(`no select ${name}`);
  return {
    options: [...match[1].matchAll(/<option[^>]*value="([^"]*)"/g)].map((m) => m[1]),
    selected: match[1].match(/<option[^>]*value="([^"]*)"[^>]*selected/)?.[1] ?? "",
  };
};
const hiddenValue = (html: string, name: string) =>
  html.match(new RegExp(`<input type="hidden" name="${name.replace(/[[\].]/g, "\\$&")}" value="([^"]*)"`))?.[1];

describe("CampaignSection (server-rendered, without JavaScript)", () => {
  it("renders the interest box, the contact and two participant slots with the refresh button", () => {
    const { html } = render(emptyValues, open);
    expect(html).toContain('name="campaignNldInterest"');
    for (const name of ["email", "firstName", "lastNamePrefix", "lastName"]) expect(html).toContain(`name="campaignNldInfo.${name}"`);
    for (const index of [0, 1]) {
      expect(html).toContain(`name="campaignNldApplications[${index}].email"`);
      expect(selectOf(html, `campaignNldApplications[${index}].course`).options).toEqual(["", "fitnesstrainer-a", "fitnesstrainer-b"]);
      // No course yet: no trainers, no dates.
      expect(selectOf(html, `campaignNldApplications[${index}].trainer`).options).toEqual([""]);
      expect(selectOf(html, `campaignNldApplications[${index}].dateLocation`).options).toEqual([""]);
    }
    expect(html).toMatch(/<button type="submit" value="campaign-refresh"[^>]*name="intent">Keuzes bijwerken<\/button>/);
    // Without JavaScript the details are not hidden.
    expect(html).not.toMatch(/class="campaign__details" hidden/);
  });

  it("builds the trainer and date lists from the chosen course and trainer, and carries the choices in hidden fields", () => {
    const values: CampaignFormValues = {
      ...emptyValues,
      campaignNldInterest: "on",
      campaignNldApplications: [
        { ...EMPTY_SLOT_VALUES, email: "a@voorbeeld.nl", course: "fitnesstrainer-b", trainer: "vitaal-vakopleidingen", dateLocation: "2022-01-20-nijmegen" },
        { ...EMPTY_SLOT_VALUES },
      ],
    };
    const { html } = render(values, open);
    const trainer = selectOf(html, "campaignNldApplications[0].trainer");
    expect(trainer.options).toContain("vitaal-vakopleidingen");
    expect(trainer.options).not.toContain("sportopleidingen-holland");
    expect(trainer.selected).toBe("vitaal-vakopleidingen");
    expect(selectOf(html, "campaignNldApplications[0].dateLocation")).toEqual({
      options: ["", "2021-11-25-arnhem", "2022-01-20-nijmegen", "2022-02-24-apeldoorn"],
      selected: "2022-01-20-nijmegen",
    });
    expect(hiddenValue(html, "campaignNldApplications[0].previousEmail")).toBe("a@voorbeeld.nl");
    expect(hiddenValue(html, "campaignNldApplications[0].previousCourse")).toBe("fitnesstrainer-b");
    expect(hiddenValue(html, "campaignNldApplications[0].previousTrainer")).toBe("vitaal-vakopleidingen");
    expect(hiddenValue(html, "campaignNldApplications[0].previousDateLocation")).toBe("2022-01-20-nijmegen");
    expect(html).toMatch(/name="campaignNldInterest"[^>]*checked/);
  });

  it("shows a submitted slot read-only, without fields", () => {
    const { html } = render(emptyValues, {
      readOnlySlots: [true, false],
      submittedSlots: [
        { email: "klaar@voorbeeld.nl", course: "Fitnesstrainer A", trainer: "Fit Academie Nederland", dateLocation: "15-11-2021 Amsterdam", submitted: "01-11-2021" },
        null,
      ],
    });
    expect(html).not.toContain('name="campaignNldApplications[0].email"');
    expect(html).toContain('name="campaignNldApplications[1].email"');
    expect(html).toContain("<dd>klaar@voorbeeld.nl</dd>");
    expect(html).toContain("<dd>15-11-2021 Amsterdam</dd>");
    expect(html).toContain("Deze aanmelding is verstuurd en kan niet meer worden gewijzigd.");
  });

  it("shows the server's messages beside the fields and lists them for the error summary", () => {
    // As a browser posts the form: every field, empty ones included.
    const formData = new FormData();
    formData.set("campaignNldInterest", "on");
    for (const name of ["email", "firstName", "lastNamePrefix", "lastName"]) formData.set(`campaignNldInfo.${name}`, "");
    for (const index of [0, 1]) {
      for (const name of ["email", "course", "trainer", "dateLocation", "previousEmail", "previousCourse", "previousTrainer", "previousDateLocation"]) {
        formData.set(`campaignNldApplications[${index}].${name}`, "");
      }
    }
    const submission = parseWithZod(formData, { schema });
    const { html, summary } = render(emptyValues, open, submission.reply());
    expect(html.match(/class="field__error"[^>]*>Dit is een verplicht veld</g)).toHaveLength(7);
    const invalid = summary().filter((f) => f.errors?.length);
    expect(invalid.map((f) => f.label)).toEqual([
      "Contactpersoon voor de campagne: E-mailadres",
      "Contactpersoon voor de campagne: Voornaam",
      "Contactpersoon voor de campagne: Achternaam",
      "Deelnemer 1: E-mailadres deelnemer",
      "Deelnemer 1: Opleiding",
      "Deelnemer 1: Opleider",
      "Deelnemer 1: Datum en locatie",
    ]);
  });
});
