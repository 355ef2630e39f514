import { describe, expect, it } from "vitest";
import { normalizeCampaignFormData } from "./campaign.server";

const slot = (index: number, values: Record<string, string>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [`campaignNldApplications[${index}].${k}`, v]));

function post(fields: Record<string, string>): FormData {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  normalizeCampaignFormData(formData);
  return formData;
}

const rendered = {
  email: "a@voorbeeld.nl",
  course: "fitnesstrainer-a",
  trainer: "fit-academie-nederland",
  dateLocation: "2021-11-15-amsterdam",
};
const previous = {
  previousEmail: rendered.email,
  previousCourse: rendered.course,
  previousTrainer: rendered.trainer,
  previousDateLocation: rendered.dateLocation,
};

describe("normalizeCampaignFormData (the cascade of a post without JavaScript)", () => {
  it("clears course, trainer and date of a slot whose e-mail changed", () => {
    const formData = post({ ...slot(0, { ...rendered, ...previous, email: "b@voorbeeld.nl" }) });
    expect(formData.get("campaignNldApplications[0].email")).toBe("b@voorbeeld.nl");
    expect(formData.get("campaignNldApplications[0].course")).toBe("");
    expect(formData.get("campaignNldApplications[0].trainer")).toBe("");
    expect(formData.get("campaignNldApplications[0].dateLocation")).toBe("");
  });

  it("clears trainer and date when the course changed, the date when the trainer changed", () => {
    const course = post(slot(1, { ...rendered, ...previous, course: "fitnesstrainer-b" }));
    expect(course.get("campaignNldApplications[1].course")).toBe("fitnesstrainer-b");
    expect(course.get("campaignNldApplications[1].trainer")).toBe("");
    expect(course.get("campaignNldApplications[1].dateLocation")).toBe("");
    const trainer = post(slot(1, { ...rendered, ...previous, trainer: "beweegcollege" }));
    expect(trainer.get("campaignNldApplications[1].trainer")).toBe("beweegcollege");
    expect(trainer.get("campaignNldApplications[1].dateLocation")).toBe("");
  });

  it("treats both slots separately and leaves an unchanged slot alone", () => {
    const formData = post({
      ...slot(0, { ...rendered, ...previous }),
      ...slot(1, { ...rendered, ...previous, email: "" }),
    });
    expect(formData.get("campaignNldApplications[0].dateLocation")).toBe(rendered.dateLocation);
    expect(formData.get("campaignNldApplications[1].course")).toBe("");
  });

  it("leaves a read-only slot (which posts nothing) and other fields alone", () => {
    const formData = post({ name: "Vestiging", ...slot(1, { ...rendered, ...previous }) });
    expect(formData.has("campaignNldApplications[0].course")).toBe(false);
    expect(formData.get("name")).toBe("Vestiging");
  });

  it("drops a forged trainer or date even without the hidden previous values", () => {
    const formData = post(slot(0, { ...rendered, trainer: "vitaal-vakopleidingen" }));
    expect(formData.get("campaignNldApplications[0].course")).toBe(rendered.course);
    expect(formData.get("campaignNldApplications[0].trainer")).toBe("");
    expect(formData.get("campaignNldApplications[0].dateLocation")).toBe("");
  });
});
